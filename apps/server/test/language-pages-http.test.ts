// Per-language pages: '/ja/', '/ar/coverage' get their own pre-rendered HTML, every other path the
// template in its URL's language; the build's PUBLIC_URL token becomes the server's PUBLIC_URL;
// destination pages are rendered from the SSR bundle on first request, kept per catalogue
// snapshot (an admin edit renders again), 404 for an unknown slug, the template when the bundle
// fails; and the sitemap lists every language's URL with its hreflang alternates.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationSlug } from '@esim/api/domain';
import { splitLanguagePrefix } from '../src/middleware/html-pages.ts';
import { publicUrlForHtml } from '../src/middleware/static.ts';
import { PUBLIC_ROUTES } from '../src/seo.ts';
import { ORIGIN } from './test-env.ts';
import { createCatalogApp, type CatalogApp } from './catalog-app.ts';

const LANGS = ['en', 'es', 'fr', 'de', 'zh', 'ar', 'pt', 'ru', 'ja', 'hi'];
const page = (name: string, lang: string) =>
  `<!doctype html><html lang="${lang}"><head><link rel="canonical" href="__PUBLIC_URL__/${lang}/"></head><body><h1>${name}</h1></body></html>`;
const app = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><meta name="public-url" content="__PUBLIC_URL__"></head><body><div id="root"></div></body></html>`;

/** A stand-in for the web build's SSR bundle: echoes what it was asked and the plans' prices. */
const SSR = `
let renders = 0;
export async function render(url, data) {
  renders += 1;
  const slug = url.split('/').pop();
  const regions = await data('catalog.regions', undefined);
  if (url.includes('boom')) throw new Error('render failed');
  const region = regions.find((r) => r.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') === slug);
  if (!region) return { notFound: true, body: 'Not found ' + url };
  const plans = await data('catalog.plans', { regionId: region.id });
  return { notFound: false, body: url + ' ' + region.name + ' ' + plans.map((p) => p.price).join(',') + ' #' + renders };
}
export function pageDocument(page, assets) {
  return assets.template.replace('<div id="root"></div>', '<div id="shell">' + page.body + '</div>' + assets.stylesheets.join(',') + (assets.bootScript ?? '') + '<a href="__PUBLIC_URL__/x">');
}
`;

let dir: string;
let t: CatalogApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-dist-langs-'));
  const pages: Record<string, string> = {};
  const fallbacks: Record<string, string> = {};
  for (const lang of LANGS) {
    const suffix = lang === 'en' ? '' : `.${lang}`;
    writeFileSync(join(dir, `index${suffix}.html`), page('Landing', lang));
    writeFileSync(join(dir, `coverage${suffix}.html`), page('Coverage', lang));
    writeFileSync(join(dir, `app${suffix}.html`), app(lang));
    pages[lang === 'en' ? '/' : `/${lang}/`] = `index${suffix}.html`;
    pages[lang === 'en' ? '/coverage' : `/${lang}/coverage`] = `coverage${suffix}.html`;
    fallbacks[lang] = `app${suffix}.html`;
  }
  writeFileSync(join(dir, 'pages.json'), JSON.stringify({ fallback: 'app.html', fallbacks, pages }));
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(join(dir, 'ssr', 'prerender.js'), SSR);
  writeFileSync(
    join(dir, 'ssr', 'shell.json'),
    JSON.stringify({ template: 'app.html', bootScript: '/assets/boot.js', stylesheets: { destination: ['/assets/d.css'] } }),
  );
  t = await createCatalogApp({ webDist: dir, env: { PUBLIC_URL: 'https://shop.example/' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (path: string) => {
  const res = await t.app.request(path);
  return { status: res.status, text: await res.text() };
};

describe('language prefixes', () => {
  it('splits the nine prefixes, leaves English and unknown ones', () => {
    expect(splitLanguagePrefix('/ja/coverage')).toEqual({ language: 'ja', path: '/coverage' });
    expect(splitLanguagePrefix('/ar')).toEqual({ language: 'ar', path: '/' });
    expect(splitLanguagePrefix('/coverage')).toEqual({ language: 'en', path: '/coverage' });
    expect(splitLanguagePrefix('/en/coverage')).toEqual({ language: 'en', path: '/en/coverage' });
    expect(splitLanguagePrefix('/xx/y')).toEqual({ language: 'en', path: '/xx/y' });
  });

  it('PUBLIC_URL goes into HTML without a quote or bracket', () => {
    expect(publicUrlForHtml('https://shop.example/')).toBe('https://shop.example');
    expect(publicUrlForHtml('https://shop.example/a"b<c')).toBe('https://shop.example/a%22b%3Cc');
  });
});

describe('per-language pages', () => {
  it.each(LANGS)('%s: the landing page and /coverage in that language, with absolute URLs', async (lang) => {
    const prefix = lang === 'en' ? '' : `/${lang}`;
    for (const [path, name] of [
      [`${prefix}/`, 'Landing'],
      [`${prefix}/coverage`, 'Coverage'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain(`<html lang="${lang}">`);
      expect(res.text, path).toContain(`<h1>${name}</h1>`);
      expect(res.text, path).toContain(`href="https://shop.example/${lang}/"`);
      expect(res.text, path).not.toContain('__PUBLIC_URL__');
    }
  });

  it('/ja without its slash is the Japanese landing page', async () => {
    expect((await get('/ja')).text).toContain('<html lang="ja">');
  });

  it.each([
    ['/ar/faq', 'ar'],
    ['/de/blog/3', 'de'],
    ['/zh/checkout/12', 'zh'],
    ['/faq', 'en'],
    ['/xx/faq', 'en'],
    ['/en/faq', 'en'],
  ])('%s → the template in %s', async (path, lang) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.text).toBe(app(lang).replace('__PUBLIC_URL__', 'https://shop.example'));
  });

  it('keeps the SSR bundle to itself', async () => {
    for (const p of ['/ssr/prerender.js', '/ssr/shell.json']) expect((await get(p)).status, p).toBe(404);
  });
});

describe('destination pages', () => {
  it('renders /ar/destinations/japan with the live plans, the template of its language and absolute URLs', async () => {
    const region = (await t.deps.services.catalog.listRegions()).find((r) => r.code === 'JP')!;
    const plans = await t.deps.services.catalog.listPlans(region.id);
    const res = await get('/ar/destinations/japan');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<div id="shell">/ar/destinations/japan Japan ${plans.map((p) => p.price).join(',')} #`);
    expect(res.text).toContain('/assets/d.css/assets/boot.js');
    expect(res.text).toContain('<a href="https://shop.example/x">');
  });

  it('renders each page once per catalogue snapshot, again after an invalidate()', async () => {
    const first = await get('/destinations/united-kingdom');
    expect((await get('/destinations/united-kingdom')).text).toBe(first.text);
    t.deps.services.catalog.invalidate();
    const again = await get('/destinations/united-kingdom');
    expect(again.status).toBe(200);
    expect(again.text).not.toBe(first.text);
    expect(again.text).toContain('/destinations/united-kingdom United Kingdom');
  });

  it('answers 404 with the rendered not-found page for an unknown slug', async () => {
    const res = await get('/de/destinations/atlantis');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Not found /de/destinations/atlantis');
  });

  it('serves the template when a render fails: never a 500', async () => {
    const res = await get('/destinations/boom');
    expect(res.status).toBe(200);
    expect(res.text).toBe(app('en').replace('__PUBLIC_URL__', 'https://shop.example'));
  });

  it('leaves paths that are not a destination page alone', async () => {
    for (const p of ['/destinations', '/destinations/', '/destinations/Japan', '/destinations/japan/plans']) {
      expect((await get(p)).text, p).not.toContain('<div id="shell">');
    }
  });
});

describe('sitemap.xml', () => {
  it('lists every language of every public page and destination, each with ten hreflang alternates and x-default', async () => {
    const res = await t.app.request('https://shop.example/sitemap.xml');
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    const regions = await t.deps.services.catalog.listRegions();
    expect(urls).toHaveLength((PUBLIC_ROUTES.length + 6 + regions.length) * 10);
    const locs = urls.map((u) => /<loc>([^<]+)<\/loc>/.exec(u)![1]);
    for (const loc of ['/', '/ja/', '/coverage', '/ar/coverage', '/destinations/japan', '/ar/destinations/japan', '/zh/blog/3']) {
      expect(locs).toContain(`https://shop.example${loc}`);
    }
    expect(locs).toContain(`https://shop.example/de/destinations/${destinationSlug('United Kingdom')}`);
    const japan = urls.find((u) => u.includes('<loc>https://shop.example/ja/destinations/japan</loc>'))!;
    const alternates = [...japan.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(alternates).toEqual([
      ...LANGS.map((l) => [l, `https://shop.example${l === 'en' ? '' : `/${l}`}/destinations/japan`]),
      ['x-default', 'https://shop.example/destinations/japan'],
    ]);
    expect(ORIGIN).not.toBe('https://shop.example');
  });
});

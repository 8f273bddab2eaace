// The shop's facts at run time: one web build serves any shop. The server's PRODUCT_NAME,
// SUPPORT_EMAIL, … reach every HTML page it serves (<meta name="shop-facts">, read by the web
// app) and replace the defaults the build rendered into the pre-rendered pages, the destination
// pages and the web app manifest, escaped for where they stand; the CSP still allows no inline
// script. The build here is a small stand-in shaped like apps/web/dist (pages.json, ssr/).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/env.ts';
import { htmlBrander, postalLines, shopFactsFromEnv, type ShopFacts } from '../src/shop-facts.ts';
import { SHOP_FACT_DEFAULTS } from '../../web/src/config-defaults.ts';
import { createCatalogApp, type CatalogApp } from './catalog-app.ts';

/**
 * What the web build renders with: the web's own defaults, imported (a build boundary keeps two
 * copies, env.ts's and config-defaults.ts; the test below holds them equal).
 */
const DEFAULTS: ShopFacts = SHOP_FACT_DEFAULTS;

const BRAND = {
  PRODUCT_NAME: 'Globetrotter Data',
  SUPPORT_EMAIL: 'help@globetrotter.example',
  SALES_EMAIL: 'partners@globetrotter.example',
  SUPPORT_PHONE: '+1 (555) 010-0100',
  WHATSAPP_PHONE: '+1 555 010 0199',
  POSTAL_ADDRESS: '42 Harbour Road, Unit 5|Lisbon 1100-001|Portugal',
  FACEBOOK_URL: 'https://facebook.example/globetrotter',
  INSTAGRAM_URL: 'https://instagram.example/globetrotter',
  LINKEDIN_URL: 'https://linkedin.example/company/globetrotter',
};

const EXPECTED: ShopFacts = {
  productName: 'Globetrotter Data',
  supportEmail: 'help@globetrotter.example',
  salesEmail: 'partners@globetrotter.example',
  phone: '+1 (555) 010-0100',
  whatsappPhone: '+1 555 010 0199',
  postalAddress: ['42 Harbour Road, Unit 5', 'Lisbon 1100-001', 'Portugal'],
  social: {
    facebook: 'https://facebook.example/globetrotter',
    instagram: 'https://instagram.example/globetrotter',
    linkedin: 'https://linkedin.example/company/globetrotter',
  },
};

/** Every trace of the defaults a page could carry. */
const DEFAULT_TRACES = [
  'eSIM Shop',
  'support@example.com',
  'sales@example.com',
  '+44 20 0000 0000',
  '+442000000000',
  '+44 7700 900000',
  '447700900000',
  'Example Street',
  'EC1A 1AA',
  'www.facebook.com',
  'www.instagram.com',
  'www.linkedin.com',
  '__SHOP_FACTS__',
];

const HEAD = `<meta charset="UTF-8"><meta name="public-url" content="__PUBLIC_URL__"><meta name="shop-facts" content="__SHOP_FACTS__"><script type="module" src="/assets/index.js"></script>`;
/** A pre-rendered landing page as scripts/prerender.mjs writes it: the name in the head, the header's logo and a JSON-LD block. */
const landing = (lang: string, home: string) =>
  `<!doctype html><html lang="${lang}"><head>${HEAD}<title data-prerendered>eSIM Shop – Travel eSIM data plans</title>` +
  `<meta data-prerendered property="og:site_name" content="eSIM Shop"/><meta data-prerendered property="og:image:alt" content="eSIM Shop"/>` +
  `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"eSIM Shop","email":"support@example.com","sameAs":["https://www.facebook.com/"]}</script>` +
  `</head><body><div id="shell" inert><a aria-label="${home}" href="/"><span>eSIM Shop</span></a><h1>Stay connected</h1></div><div id="root" hidden></div></body></html>`;
const template = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head>${HEAD}<title data-prerendered>eSIM Shop – eSIM</title></head><body><div id="root"></div></body></html>`;

/** The SSR bundle's stand-in: a destination page with the contact facts a footer shows and the Product JSON-LD. */
const SSR = `
export async function render(url) {
  const slug = url.split('/').pop();
  if (slug !== 'japan') return { notFound: true, body: 'Not found' };
  return {
    notFound: false,
    body: '<h1>Japan eSIM – eSIM Shop</h1>' +
      '<script type="application/ld+json">{"@type":"Product","brand":{"@type":"Brand","name":"eSIM Shop"}}</script>' +
      '<footer><a href="mailto:support@example.com">support@example.com</a> <a href="mailto:sales@example.com">sales@example.com</a>' +
      '<a href="tel:+442000000000"><span dir="ltr">+44 20 0000 0000</span></a>' +
      '<a href="https://wa.me/447700900000"><span dir="ltr">+44 7700 900000</span></a>' +
      '<a href="https://www.facebook.com/">f</a><a href="https://www.instagram.com/">i</a><a href="https://www.linkedin.com/">l</a></footer>',
  };
}
export function pageDocument(page, assets) {
  return assets.template.replace('<div id="root"></div>', '<div id="shell">' + page.body + '</div><div id="root" hidden></div>');
}
`;

function writeBuild(dir: string, facts: unknown = DEFAULTS): void {
  mkdirSync(join(dir, 'ssr'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), landing('en', 'eSIM Shop home'));
  writeFileSync(join(dir, 'index.ar.html'), landing('ar', 'الصفحة الرئيسية لـ eSIM Shop'));
  writeFileSync(join(dir, 'app.html'), template('en'));
  writeFileSync(join(dir, 'app.ar.html'), template('ar'));
  writeFileSync(
    join(dir, 'pages.json'),
    JSON.stringify({
      fallback: 'app.html',
      fallbacks: { en: 'app.html', ar: 'app.ar.html' },
      pages: { '/': 'index.html', '/ar/': 'index.ar.html' },
      facts,
    }),
  );
  writeFileSync(join(dir, 'ssr', 'prerender.js'), SSR);
  writeFileSync(
    join(dir, 'ssr', 'shell.json'),
    JSON.stringify({ template: 'app.html', bootScript: null, stylesheets: { destination: [] }, facts }),
  );
  writeFileSync(
    join(dir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'eSIM Shop', short_name: 'eSIM Shop', start_url: '/', display: 'standalone', icons: [] }),
  );
}

const unescapeAttr = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#x27);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" })[e]!);

/** The facts the page hands the web app. */
function metaFacts(html: string): unknown {
  const content = /<meta name="shop-facts" content="([^"]*)"/.exec(html)?.[1];
  if (content === undefined) throw new Error('no <meta name="shop-facts"> in the page');
  return JSON.parse(unescapeAttr(content));
}

const PAGES = ['/', '/ar/', '/destinations/japan', '/ar/destinations/japan', '/support', '/ar/support', '/account/esims'];

let dir: string;
let t: CatalogApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-dist-brand-'));
  writeBuild(dir);
  t = await createCatalogApp({ webDist: dir, env: BRAND });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('one build, the configured shop', () => {
  it.each(PAGES)('%s carries the configured facts for the app and no trace of the defaults', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(metaFacts(html)).toEqual(EXPECTED);
    for (const trace of DEFAULT_TRACES) expect(html, trace).not.toContain(trace);
    expect(html).toMatch(/<title data-prerendered>Globetrotter Data – /);
  });

  it('the pre-rendered pages carry the name in the head, the header and the JSON-LD', async () => {
    const en = await (await t.app.request('/')).text();
    expect(en).toContain('<meta data-prerendered property="og:site_name" content="Globetrotter Data"/>');
    expect(en).toContain('<meta data-prerendered property="og:image:alt" content="Globetrotter Data"/>');
    expect(en).toContain('aria-label="Globetrotter Data home"');
    expect(en).toContain(
      '"name":"Globetrotter Data","email":"help@globetrotter.example","sameAs":["https://facebook.example/globetrotter"]',
    );
    const ar = await (await t.app.request('/ar/')).text();
    expect(ar).toContain('aria-label="الصفحة الرئيسية لـ Globetrotter Data"');
  });

  it('a destination page carries the contact facts, links included', async () => {
    const html = await (await t.app.request('/destinations/japan')).text();
    expect(html).toContain('<h1>Japan eSIM – Globetrotter Data</h1>');
    expect(html).toContain('"brand":{"@type":"Brand","name":"Globetrotter Data"}');
    expect(html).toContain('<a href="mailto:help@globetrotter.example">help@globetrotter.example</a>');
    expect(html).toContain('<a href="mailto:partners@globetrotter.example">partners@globetrotter.example</a>');
    expect(html).toContain('<a href="tel:+15550100100"><span dir="ltr">+1 (555) 010-0100</span></a>');
    expect(html).toContain('<a href="https://wa.me/15550100199"><span dir="ltr">+1 555 010 0199</span></a>');
    expect(html).toContain('<a href="https://facebook.example/globetrotter">');
    expect(html).toContain('<a href="https://instagram.example/globetrotter">');
    expect(html).toContain('<a href="https://linkedin.example/company/globetrotter">');
  });

  it('an unknown destination is still a 404 page with the configured facts', async () => {
    const res = await t.app.request('/destinations/atlantis');
    expect(res.status).toBe(404);
    expect(metaFacts(await res.text())).toEqual(EXPECTED);
  });

  it('the web app manifest is named after the shop, cached for an hour, revalidated by ETag', async () => {
    const res = await t.app.request('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const manifest = (await res.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Globetrotter Data', short_name: 'Globetrotter Data', start_url: '/', display: 'standalone' });
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await t.app.request('/manifest.webmanifest', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('pages keep their ETag across requests (branded once, at start)', async () => {
    const a = await t.app.request('/');
    const b = await t.app.request('/');
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect((await t.app.request('/', { headers: { 'If-None-Match': a.headers.get('etag')! } })).status).toBe(304);
  });

  it('the CSP still allows no inline script, and the pages need none', async () => {
    for (const path of PAGES) {
      const res = await t.app.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).toBe("'self'");
      const html = await res.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)].filter(([, attrs]) => !/\bsrc=|type="application\/ld\+json"/.test(attrs!));
      expect(inline, path).toEqual([]);
    }
  });
});

describe('facts that need escaping', () => {
  const NAME = `Tom & "Jerry's" <b>Data</b>`;
  let other: CatalogApp;
  let otherDir: string;
  beforeAll(async () => {
    otherDir = mkdtempSync(join(tmpdir(), 'web-dist-brand-esc-'));
    writeBuild(otherDir);
    other = await createCatalogApp({ webDist: otherDir, env: { PRODUCT_NAME: NAME } });
  });
  afterAll(async () => {
    await other.close();
    rmSync(otherDir, { recursive: true, force: true });
  });

  it('HTML-escaped in text and attributes, JSON-escaped in JSON-LD, exact in the meta', async () => {
    for (const path of ['/', '/destinations/japan']) {
      const html = await (await other.app.request(path)).text();
      expect(html, path).not.toContain('<b>');
      expect(html, path).toContain('<title data-prerendered>Tom &amp; &quot;Jerry&#x27;s&quot; &lt;b&gt;Data&lt;/b&gt; – ');
      expect((metaFacts(html) as ShopFacts).productName, path).toBe(NAME);
      // The other facts keep their defaults, in the page and in the meta.
      expect((metaFacts(html) as ShopFacts).supportEmail, path).toBe('support@example.com');
    }
    const landingHtml = await (await other.app.request('/')).text();
    expect(landingHtml).toContain('"name":"Tom \\u0026 \\"Jerry\'s\\" \\u003cb\\u003eData\\u003c/b\\u003e"');
    const manifest = (await (await other.app.request('/manifest.webmanifest')).json()) as { name: string };
    expect(manifest.name).toBe(NAME);
  });
});

describe('the facts from the configuration', () => {
  it('splits the address on commas, or only on | when it has one', () => {
    expect(postalLines('1 Main St, Springfield , , USA')).toEqual(['1 Main St', 'Springfield', 'USA']);
    expect(postalLines('Unit 5, 42 Harbour Road|Lisbon')).toEqual(['Unit 5, 42 Harbour Road', 'Lisbon']);
  });

  it("the defaults are the web build's defaults, so a default server changes no text", () => {
    expect(shopFactsFromEnv(readEnv({}))).toEqual(DEFAULTS);
    const html = landing('en', 'eSIM Shop home');
    const out = htmlBrander(DEFAULTS, DEFAULTS)(html);
    expect(metaFacts(out)).toEqual(DEFAULTS);
    expect(out.replace(/(<meta name="shop-facts" content=")[^"]*"/, '$1__SHOP_FACTS__"')).toBe(html);
  });

  it('refuses facts a page could not show, naming the setting', () => {
    const bad: Record<string, string> = {
      PRODUCT_NAME: '   ',
      SUPPORT_EMAIL: 'support',
      SALES_EMAIL: 'sales at shop',
      SUPPORT_PHONE: 'call us',
      WHATSAPP_PHONE: '+44 <script>',
      POSTAL_ADDRESS: '',
      FACEBOOK_URL: 'javascript:alert(1)',
      INSTAGRAM_URL: 'instagram.com/shop',
      LINKEDIN_URL: 'https://linkedin.example/a b',
    };
    for (const [key, value] of Object.entries(bad)) {
      expect(() => readEnv({ [key]: value }), key).toThrow(new RegExp(`${key}: `));
    }
    expect(() => readEnv({ PRODUCT_NAME: 'Two\nlines' })).toThrow(/PRODUCT_NAME: one line/);
  });

  it('a build that recorded no facts still gets the meta, and its texts are left alone', async () => {
    const d = mkdtempSync(join(tmpdir(), 'web-dist-brand-old-'));
    writeBuild(d, null);
    const app = await createCatalogApp({ webDist: d, env: BRAND });
    try {
      const html = await (await app.app.request('/')).text();
      expect(metaFacts(html)).toEqual(EXPECTED);
      expect(html).toContain('<title data-prerendered>eSIM Shop – ');
    } finally {
      await app.close();
      rmSync(d, { recursive: true, force: true });
    }
  });
});

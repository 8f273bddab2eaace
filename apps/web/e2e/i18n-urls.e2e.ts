// Per-language URLs in Chromium: English at '/', the others under '/<lang>/'. The URL's language
// is the page's (and <html lang dir> is right in the HTML); each page names its canonical URL and
// its ten hreflang alternates; the language selector moves to the same page in the other
// language; a stored preference takes an English URL to its language's; a destination page
// carries its plans and USD prices in the HTML before any script runs; the sitemap lists the
// alternates.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser } from './audit.ts';
import { axeCheck, openPage, screenshot, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();
const LANGS = ['en', 'es', 'fr', 'de', 'zh', 'ar', 'pt', 'ru', 'ja', 'hi'];
const url = (path: string, lang = 'en') => new URL(`${lang === 'en' ? '' : `/${lang}`}${path}`, baseURL).href;

/** The app has taken over from the pre-rendered shell and shows the page's h1. */
async function appReady(page: Page) {
  await page.waitForFunction(() => !document.getElementById('shell') && !document.getElementById('root')!.hidden);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

async function headLinks(page: Page) {
  return page.evaluate(() => ({
    canonical: [...document.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
    alternates: [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
      l.getAttribute('hreflang'),
      l.getAttribute('href'),
    ]),
    title: document.title,
    ogUrl: document.head.querySelector('meta[property="og:url"]')?.getAttribute('content'),
  }));
}

function expectAlternates(links: Awaited<ReturnType<typeof headLinks>>, path: string, lang: string) {
  expect(links.canonical).toEqual([url(path, lang)]);
  expect(links.ogUrl).toBe(url(path, lang));
  expect(links.alternates).toEqual([...LANGS.map((l) => [l, url(path, l)]), ['x-default', url(path)]]);
}

describe('language URLs', () => {
  const browser = sharedBrowser();

  it('/ja/ is the landing page in Japanese, lang=ja in the HTML and in the app', async () => {
    const html = await (await fetch(url('/', 'ja'))).text();
    expect(html).toMatch(/<html lang="ja" dir="ltr"/);
    expect(html).toMatch(/<h1[^>]*>世界中で、かんたんにつながる<\/h1>/);
    const { page, errors } = await openPage(browser, baseURL, '/ja/', { width: 1280 });
    await appReady(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('世界中で、かんたんにつながる');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ja', 'ltr']);
    expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('ja');
    expectAlternates(await headLinks(page), '/', 'ja');
    // Links keep the language.
    expect(await page.getByRole('navigation').first().locator('a').first().getAttribute('href')).toMatch(/^\/ja\//);
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'i18n-urls-ja-1280', false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/ar/coverage is right to left before and after the scripts', async () => {
    const html = await (await fetch(url('/coverage', 'ar'))).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    const { page, errors } = await openPage(browser, baseURL, '/ar/coverage');
    await appReady(page);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('التغطية العالمية');
    expectAlternates(await headLinks(page), '/coverage', 'ar');
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['/', 'en'],
    ['/coverage', 'de'],
    ['/faq', 'en'],
    ['/faq', 'zh'],
    ['/about-us', 'hi'],
    ['/blog/2', 'fr'],
    ['/destinations/japan', 'es'],
  ])('%s in %s names its canonical URL and the ten alternates', async (path, lang) => {
    // The profile remembers the last language: an English URL would go there (tested below).
    const { page } = await openPage(browser, baseURL, new URL(url(path, lang)).pathname, { lang });
    await appReady(page);
    await page.waitForFunction(
      (href) => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') === href,
      url(path, lang),
    );
    expectAlternates(await headLinks(page), path, lang);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page.close();
  });

  it('the language selector moves /coverage to /de/coverage (a new history entry)', async () => {
    const { page } = await openPage(browser, baseURL, '/coverage', { lang: 'en' });
    await appReady(page);
    const entries = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: /Change language/ }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.waitForURL(url('/coverage', 'de'), { waitUntil: 'commit' });
    await appReady(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Weltweite Netzabdeckung');
    expect(await page.evaluate(() => [localStorage.getItem('preferredLanguage'), history.length])).toEqual(['de', entries + 1]);
    await page.close();
  });

  it('preferredLanguage=fr on / goes to /fr/ in place (no extra history entry)', async () => {
    const page = await browser.context.newPage();
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('preferredLanguage', 'fr');
        sessionStorage.setItem('seeded', '1');
      }
    });
    const { errors } = watchPage(page, baseURL);
    await page.goto(url('/'));
    await page.waitForURL(url('/', 'fr'));
    await appReady(page);
    // about:blank and /fr/: the English URL left no entry behind.
    expect(await page.evaluate(() => [document.documentElement.lang, history.length])).toEqual(['fr', 2]);
    // A page that is not pre-rendered: the app replaces the URL itself.
    await page.goto(url('/faq'));
    await page.waitForURL(url('/faq', 'fr'));
    await appReady(page);
    expect(await page.evaluate(() => [document.documentElement.lang, history.length])).toEqual(['fr', 3]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/ar/destinations/japan carries its plans and USD prices in the HTML, before any script', async () => {
    const regions = (await (await fetch(new URL('/api/regions', baseURL))).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(new URL(`/api/plans?regionId=${japan.id}`, baseURL))).json()) as { price: number }[];
    expect(plans.length).toBeGreaterThan(0);

    const res = await fetch(url('/destinations/japan', 'ar'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    const shell = html.slice(html.indexOf('<div id="shell"'));
    expect(shell).toMatch(/<h1[^>]*>[^<]*اليابان[^<]*<\/h1>/);
    expect(shell.match(/<article/g)).toHaveLength(plans.length);
    for (const plan of plans) expect(shell).toContain(plan.price.toFixed(2));
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const product = ld.find((d) => d['@type'] === 'Product');
    expect(product.offers.map((o: { price: string; priceCurrency: string }) => [o.price, o.priceCurrency])).toEqual(
      plans.map((p) => [p.price.toFixed(2), 'USD']),
    );
    expect(html).toContain(`<link data-prerendered rel="canonical" href="${url('/destinations/japan', 'ar')}"/>`);

    // Painted without JavaScript, then the app takes over.
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route(/\/assets\/(?!shell-boot).*\.js$/, (route) => route.abort());
    await page.goto(url('/destinations/japan', 'ar'));
    expect(await page.locator('#shell article').count()).toBe(plans.length);
    await page.unroute(/\/assets\/(?!shell-boot).*\.js$/);
    const { errors } = watchPage(page, baseURL);
    await page.goto(url('/destinations/japan', 'ar'));
    await appReady(page);
    await page.locator('article').first().waitFor();
    expect(await page.locator('article').count()).toBe(plans.length);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'i18n-urls-ar-destination-japan-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an unknown destination is a 404 page', async () => {
    const res = await fetch(url('/destinations/atlantis', 'de'));
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/<meta data-prerendered name="robots" content="noindex"/);
  });

  it('the coverage list links each country to its destination page', async () => {
    const { page } = await openPage(browser, baseURL, '/ja/coverage');
    await appReady(page);
    const link = page.locator('a[href="/ja/destinations/japan"]').first();
    await link.waitFor();
    await link.click();
    await page.waitForURL(url('/destinations/japan', 'ja'));
    await page.locator('article').first().waitFor();
    await page.close();
  });

  it('the sitemap lists every language of a page with its alternates', async () => {
    const xml = await (await fetch(new URL('/sitemap.xml', baseURL))).text();
    for (const lang of LANGS) {
      const entry = new RegExp(`<url>\\s*<loc>${url('/destinations/japan', lang).replace(/[/.?]/g, '\\$&')}</loc>([\\s\\S]*?)</url>`).exec(
        xml,
      );
      expect(entry, lang).not.toBeNull();
      const alternates = [...entry![1]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
      expect(alternates).toEqual([...LANGS.map((l) => [l, url('/destinations/japan', l)]), ['x-default', url('/destinations/japan')]]);
    }
    expect(xml).toContain(`<loc>${url('/coverage', 'ar')}</loc>`);
  });
});

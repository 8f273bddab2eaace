// The pre-rendered shells of / and /coverage (apps/web/scripts/prerender.mjs): painted from
// HTML and CSS alone, swapped for the app without a layout shift; a visitor who reads another
// language goes to that language's pre-rendered page before anything paints.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sharedBrowser } from './audit.ts';
import { watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();

const PAGES = [
  { path: '/', h1: 'Global Connectivity Made Simple', title: 'eSIM Shop – Travel eSIM data plans for 200+ countries' },
  { path: '/coverage', h1: 'Global Coverage', title: 'Global Coverage | eSIM Shop' },
];

describe('pre-rendered shell', () => {
  const browser = sharedBrowser({ viewport: { width: 375, height: 800 } });

  async function newPage(): Promise<Page> {
    const page = await browser.context.newPage();
    // Layout shifts from the very start, before any of the app's code runs.
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: number };
      w.__shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.__shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    return page;
  }

  it.each(PAGES)('$path is in its HTML, with its own title; other paths get the plain app', async ({ path, h1, title }) => {
    const html = await (await fetch(new URL(path, baseURL))).text();
    expect(html).toContain('<div id="shell" inert>');
    expect(html).toContain(`<title data-prerendered>${title}</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${h1}</h1>`));
    expect(html).not.toMatch(/<script>/);
    const other = await (await fetch(new URL('/faq', baseURL))).text();
    expect(other).not.toContain('id="shell"');
    expect(other).toContain('<div id="root"></div>');
  });

  it.each(PAGES)('$path paints without JavaScript, then the app takes over without a layout shift', async ({ path, h1 }) => {
    const page = await newPage();
    await page.route(/\/assets\/(?!shell-boot).*\.js$/, (route) => route.abort());
    await page.goto(new URL(path, baseURL).href);
    expect(await page.locator('#shell h1').innerText()).toBe(h1);
    expect(await page.locator('#root').isHidden()).toBe(true);
    await page.close();

    const live = await newPage();
    const { errors } = watchPage(live, baseURL);
    await live.goto(new URL(path, baseURL).href);
    await live.waitForFunction(() => !document.getElementById('shell') && !document.getElementById('root')!.hidden);
    await live.getByRole('heading', { level: 1, name: h1 }).waitFor();
    await live.waitForTimeout(300);
    expect(await live.evaluate(() => (window as unknown as { __shifts: number }).__shifts)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await live.close();
  });

  it('sends a visitor who reads another language to its pre-rendered page, <html lang dir> right in the HTML', async () => {
    const page = await newPage();
    await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'ar'));
    await page.route(/\/assets\/(?!shell-boot).*\.js$/, (route) => route.abort());
    await page.goto(new URL('/', baseURL).href);
    await page.waitForURL(new URL('/ar/', baseURL).href);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.locator('#shell h1').innerText()).toBe('اتصال عالمي بكل سهولة');
    await page.close();

    const live = await newPage();
    await live.addInitScript(() => localStorage.setItem('preferredLanguage', 'ar'));
    await live.goto(new URL('/', baseURL).href);
    await live.getByRole('heading', { level: 1, name: 'اتصال عالمي بكل سهولة' }).waitFor();
    await live.waitForFunction(() => !document.getElementById('shell'));
    expect(live.url()).toBe(new URL('/ar/', baseURL).href);
    await live.close();
  });
});

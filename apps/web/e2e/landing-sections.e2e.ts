// The landing page's sections around the picker: globe, coverage, how it works, devices,
// testimonials, FAQ and the call to action — in Chromium against the built server.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUDIT_LANGUAGES, auditPage, sharedBrowser } from './audit.ts';
import { openRoute, type OpenOptions } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();

describe('landing sections', () => {
  const browser = sharedBrowser();

  const open = (path: string, options: OpenOptions = {}) => openRoute(browser, baseURL, path, options);

  /** Scrolls the globe into view and waits until its map data is drawn. */
  async function globeReady(page: Page) {
    await page.getByTestId('landing-globe').scrollIntoViewIfNeeded();
    await page.locator('[data-testid="landing-globe"] [data-state="ready"]').waitFor({ timeout: 20_000 });
  }

  it('renders every section, in order, with the spec texts', async () => {
    const { page, errors } = await open('/');
    const h2 = await page.locator('main h2').allInnerTexts();
    const order = [
      'Worldwide eSIM Coverage',
      'Where are you traveling?',
      'How It Works',
      'Compatible Devices',
      'What Our Customers Say',
      'Frequently Asked Questions',
      'Ready to travel connected?',
    ];
    const at = order.map((t) => h2.indexOf(t));
    expect(
      at.every((i) => i >= 0),
      h2.join(' | '),
    ).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));

    const how = page.locator('#how-it-works');
    expect(await how.getByText('Get connected in minutes with our simple 3-step process').count()).toBe(1);
    expect(await how.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Purchase',
      'Install',
      'Connect',
      'Activate your eSIM in four steps',
    ]);
    expect(await page.getByRole('list', { name: 'Device families that support eSIM' }).getByRole('listitem').count()).toBe(6);
    expect(await page.getByRole('img', { name: 'Rated 4.5 out of 5' }).count()).toBe(1);

    // The FAQ accordion: one open at a time.
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await faq.getByRole('button', { name: 'What is an eSIM?' }).click();
    await faq.getByText(/digital SIM built into your phone/).waitFor();
    await faq.getByRole('button', { name: 'When does my plan start?' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button[aria-expanded="true"]')].some((b) => b.textContent === 'When does my plan start?'),
    );
    expect(await faq.getByRole('button', { name: 'What is an eSIM?' }).getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads the globe lazily; a click on a country selects it and scrolls to its plans after ~1.5 s', async () => {
    const { page, errors } = await open('/');
    // Not part of the first load: the entry HTML preloads no globe or map chunk.
    const html = await (await fetch(new URL('/', baseURL))).text();
    expect(html).not.toMatch(/Globe-|countries-110m/);
    await globeReady(page);

    const canvas = page.getByRole('img', { name: /Interactive globe/ });
    const box = (await canvas.boundingBox())!;
    // With reduced motion the globe rests facing 10°E 20°N (the Sahara / Sahel).
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL((url) => /^[A-Z]{2}$/.test(url.searchParams.get('region') ?? ''));
    const code = new URL(page.url()).searchParams.get('region')!;
    const plans = page.locator('#region-plans');
    await plans.getByRole('heading', { name: / eSIM Plans$/ }).waitFor();
    // The globe turned to the picked country and highlights it.
    expect(code).not.toBe('');
    const picked = Date.now();
    await page.waitForFunction(() => {
      const r = document.getElementById('region-plans')!.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight / 2;
    });
    expect(Date.now() - picked).toBeGreaterThan(600);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"See the full compatibility list" opens the device list', async () => {
    const { page } = await open('/');
    await page.getByRole('link', { name: /See the full compatibility list/ }).click();
    await page.waitForURL((url) => url.pathname === '/devices');
    await page.getByRole('heading', { level: 1, name: 'Compatible Devices' }).waitFor();
    await page.close();
  });

  for (const lang of AUDIT_LANGUAGES) {
    it(`has no serious axe violations and looks right at 375 and 1280 px (${lang})`, async () => {
      await auditPage(browser, baseURL, '/', 'landing-sections', { langs: [lang], prepare: globeReady, afterResize: globeReady });
    });
  }
});

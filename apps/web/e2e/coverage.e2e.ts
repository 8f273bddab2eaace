// /coverage in Chromium against the built server: search, groups, the map view, the regional
// packages, axe and screenshots.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUDIT_LANGUAGES, auditPage, sharedBrowser } from './audit.ts';
import { openRoute, screenshot, type OpenOptions } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();

describe('/coverage', () => {
  const browser = sharedBrowser();

  /** The list shows its first groups. */
  const listReady = (page: Page) => page.getByTestId('coverage-list').getByRole('heading', { level: 3 }).first().waitFor();

  async function open(path: string, options: OpenOptions = {}): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await openRoute(browser, baseURL, path, options);
    await listReady(page);
    return { page, errors };
  }

  const groups = (page: Page) =>
    page
      .getByTestId('coverage-list')
      .getByRole('heading', { level: 3 })
      .evaluateAll((hs) => hs.map((h) => h.firstElementChild!.textContent));

  it('lists the countries by continent and searches name or continent', async () => {
    const { page, errors } = await open('/coverage');
    expect(await page.title()).toContain('Global Coverage');
    // The list fills in steps after the first render (smaller tasks): wait for all of it.
    await expect.poll(() => groups(page), { timeout: 10_000 }).toEqual(['Europe', 'Asia', 'Americas', 'Africa', 'Oceania', 'Middle East']);
    const list = page.getByTestId('coverage-list');
    expect(await list.evaluate((el) => [getComputedStyle(el).height, getComputedStyle(el).overflowY])).toEqual(['500px', 'auto']);
    // Bundles are plans, not countries.
    expect(await list.getByRole('link', { name: 'Global', exact: true }).count()).toBe(0);

    const search = page.getByRole('searchbox', { name: 'Search by country or region' });
    await search.fill('JAPAN');
    expect(await groups(page)).toEqual(['Asia']);
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['Japan']);
    await search.fill('oceania');
    expect(await groups(page)).toEqual(['Oceania']);
    expect(await list.getByRole('link', { name: 'Australia' }).count()).toBe(1);
    await search.fill('caribbean');
    expect(await groups(page)).toEqual(['Americas']);
    await search.fill('Atlantis');
    await page.getByText('No countries found matching "Atlantis"').waitFor();

    await search.fill('japan');
    await list.getByRole('link', { name: 'Japan' }).click();
    await page.waitForURL((url) => url.pathname === '/destinations/japan');
    await page.getByRole('heading', { name: 'Japan eSIM Plans' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  const names = (page: Page) => page.getByTestId('coverage-list').getByRole('link').allInnerTexts();

  it('names and searches countries in Arabic: «اليابان», its English name, an alias', async () => {
    const { page, errors } = await open('/ar/coverage', { width: 390 });
    const list = page.getByTestId('coverage-list');
    await list.getByRole('link', { name: 'اليابان' }).waitFor();
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, 'coverage-list-ar-390', false);
    const search = page.getByRole('searchbox').first();
    await search.fill('اليابان');
    await expect.poll(() => names(page)).toEqual(['اليابان']);
    await search.fill('Japan');
    await expect.poll(() => names(page)).toEqual(['اليابان']);
    await search.fill('Holland');
    await expect.poll(() => names(page)).toEqual(['هولندا']);
    await page.setViewportSize({ width: 1280, height: 900 });
    await search.fill('');
    await list.getByRole('link', { name: 'اليابان' }).waitFor();
    await screenshot(page, 'coverage-list-ar-1280', false);
    expect(errors).toEqual([]);
    await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
    await page.close();
  });

  it('searches countries in Japanese: 日本', async () => {
    const { page, errors } = await open('/ja/coverage');
    await page.getByRole('searchbox').first().fill('日本');
    await expect.poll(() => names(page)).toEqual(['日本']);
    expect(errors).toEqual([]);
    await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
    await page.close();
  });

  it('Map View draws the globe in a 600 px area', async () => {
    const { page, errors } = await open('/coverage');
    await page.getByRole('tab', { name: 'Map View' }).click();
    const canvas = page.getByRole('img', { name: /Interactive globe/ });
    await canvas.waitFor();
    await page.locator('[data-state="ready"]').waitFor({ timeout: 20_000 });
    const area = await page.locator('[data-state="ready"]').boundingBox();
    expect(Math.round(area!.height)).toBe(600);
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page
      .getByRole('link', { name: /^View .+ plans$/ })
      .or(page.getByText(/There is no single-country plan/))
      .first()
      .waitFor();
    await screenshot(page, 'coverage-map-1280', false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Regional Packages open their bundle's destination page", async () => {
    const { page } = await open('/coverage');
    const packages = page.getByRole('region', { name: 'Regional Packages' });
    expect(await packages.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Europe',
      'Asia',
      'North America',
      'South America',
      'Middle East',
      'Africa',
    ]);
    await packages.getByRole('link', { name: 'View Europe plans' }).click();
    await page.waitForURL((url) => url.pathname === '/destinations/europe');
    await page.getByRole('heading', { name: 'Europe eSIM Plans' }).waitFor();
    await page.close();
  });

  for (const lang of AUDIT_LANGUAGES) {
    it(`has no serious axe violations and looks right at 375 and 1280 px (${lang})`, async () => {
      await auditPage(browser, baseURL, '/coverage', 'coverage', { langs: [lang], prepare: listReady });
    });
  }
});

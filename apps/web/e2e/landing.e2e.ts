// What a traveller does on the landing page, in Chromium against the built server.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkWidths, sharedBrowser } from './audit.ts';
import { axeCheck, openPage, openRoute, screenshot } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();

describe('landing page', () => {
  const browser = sharedBrowser();
  const open = (path: string, width = 1280) => openPage(browser, baseURL, path, { width });

  it('finds Japan, shows its plans in $ then £, and Buy Now opens its checkout', async () => {
    const { page, errors } = await open('/');
    await page.getByRole('heading', { level: 1, name: 'Global Connectivity Made Simple' }).waitFor();
    expect(await page.title()).toContain('eSIM');

    const search = page.getByRole('searchbox', { name: 'Search destinations' });
    await search.fill('Japan');
    await page.getByRole('heading', { name: 'Search Results' }).waitFor();
    await page
      .getByRole('button', { name: /^Japan/ })
      .first()
      .click();

    const plans = page.locator('#region-plans');
    await plans.getByRole('heading', { name: 'Japan eSIM Plans' }).waitFor();
    expect(new URL(page.url()).searchParams.get('region')).toBe('JP');
    await plans.getByRole('article').first().waitFor();
    const cards = plans.getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(5);
    const usd = await cards.first().innerText();
    expect(usd).toMatch(/\$\d+\.\d{2}/);
    expect(usd).toContain('Data');
    expect(await plans.getByText('Countries Covered').count()).toBe(1);

    // The page scrolled the plans into view (after ~0.3 s).
    await page.waitForFunction(() => {
      const r = document.getElementById('region-plans')!.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight / 2;
    });

    await page.getByRole('button', { name: /Change currency/ }).click();
    await page.getByRole('menuitem', { name: /GBP/ }).click();
    await page.waitForFunction(() => document.querySelector('#region-plans article')?.textContent?.includes('£'));
    const gbp = await cards.first().innerText();
    expect(gbp).toMatch(/£\d+\.\d{2}/);
    expect(gbp).not.toContain('$');
    expect(await page.evaluate(() => localStorage.getItem('preferredCurrency'))).toBe('GBP');

    // Subscription prices are 85% and say so.
    await plans.getByRole('tab', { name: 'Monthly Subscription' }).click();
    const monthly = await cards.first().innerText();
    expect(monthly).toContain('/ month');
    expect(monthly).toContain('Save 15%');

    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'landing-1280');

    await plans.getByRole('tab', { name: 'One-time Purchase' }).click();
    const firstCard = cards.first();
    const planName = (await firstCard.getByRole('heading').innerText()).trim();
    await firstCard.getByRole('link', { name: /^Buy Now – / }).click();
    await page.waitForURL(/\/checkout\/\d+$/);
    const summary = page.getByTestId('checkout-plan');
    await summary.waitFor();
    expect(await summary.getByTestId('checkout-plan-name').innerText()).toBe(planName);
    expect(await summary.innerText()).toContain('£');
    expect(await page.getByText('Demo payments: no real charge').count()).toBe(1);

    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches to EUR: € prices converted with the server rate, kept after a reload', async () => {
    const { page, errors } = await open('/?region=JP');
    const cards = page.locator('#region-plans article');
    await cards.first().waitFor();
    // Right after a load the header can re-mount while the page's texts arrive, closing a menu
    // that had just opened; press again if the menu is not there (noted in the issue).
    const eurItem = page.getByRole('menuitem', { name: /EUR/ });
    for (let attempt = 0; attempt < 3 && !(await eurItem.isVisible()); attempt++) {
      await page.getByRole('button', { name: /Change currency/ }).click();
      await eurItem.waitFor({ timeout: 3000 }).catch(() => undefined);
    }
    await eurItem.click();
    await page.waitForFunction(() => document.querySelector('#region-plans article')?.textContent?.includes('€'));

    // The first card's price is the plan's USD cents times the stored EUR rate, rounded to cents.
    // The card's heading id names the plan ('plan-<id>-<mode>-title'); its text is composed.
    const planId = Number((await cards.first().getByRole('heading').getAttribute('id'))?.split('-')[1]);
    const { plans, rates } = await page.evaluate(async () => {
      const regions = (await (await fetch('/api/regions')).json()) as { id: number; code: string }[];
      const jp = regions.find((r) => r.code === 'JP')!;
      return {
        plans: (await (await fetch(`/api/plans?regionId=${jp.id}`)).json()) as { id: number; price: number }[],
        rates: ((await (await fetch('/api/exchange-rates')).json()) as { rates: Record<string, number> }).rates,
      };
    });
    const plan = plans.find((p) => p.id === planId)!;
    const eur = (Math.round(Math.round(plan.price * 100) * rates.EUR!) / 100).toFixed(2);
    const text = await cards.first().innerText();
    expect(text).toContain(`€${eur}`);
    expect(text).not.toMatch(/[$£]/);

    await page.reload();
    await page.waitForFunction(() => document.querySelector('#region-plans article')?.textContent?.includes('€'));
    expect(await page.evaluate(() => localStorage.getItem('preferredCurrency'))).toBe('EUR');
    await page.evaluate(() => localStorage.removeItem('preferredCurrency'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no serious or critical axe violations on the landing page', async () => {
    const { page, errors } = await open('/?region=JP');
    await page.locator('#region-plans article').first().waitFor();
    const violations = await axeCheck(page);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works on a 375 px phone: burger menu, picker grid, screenshot', async () => {
    const { page, errors } = await open('/', 375);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByRole('button', { name: /^Japan|^United States/ })
      .first()
      .waitFor();
    await screenshot(page, 'landing-375');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    for (const name of ['Plans', 'Coverage', 'About Us', 'Blog', 'Rewards', 'Support', 'How It Works', 'Login', 'Sign Up']) {
      expect(await drawer.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    expect(await drawer.getByLabel('Language').count()).toBe(1);
    expect(await drawer.getByLabel('Currency').count()).toBe(1);
    const violations = await axeCheck(page);
    expect(violations).toEqual([]);
    await screenshot(page, 'landing-375-menu', false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('mirrors the layout for Arabic (RTL)', async () => {
    const { page } = await openRoute(browser, baseURL, '/', { lang: 'ar' });
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await checkWidths(page, 'landing-rtl');
    // The browser profile is shared: later tests expect English.
    await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
    await page.close();
  });

  /** The picker's search results (section 'Search Results' in any language), best match first. */
  const resultCodes = (page: Page) =>
    page
      .locator('section[aria-labelledby="picker-results"] > div > [data-region-code]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-region-code')));

  it('searches in Arabic on a 390 px phone: «اليابان» finds Japan, and every From badge shows its whole price', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/ar/', { width: 390 });
    const picker = page.locator('#plans');
    const badges = picker.getByTestId('from-badge');
    await badges.first().waitFor();
    // Nothing in a badge is clipped or runs out of its card, and each ends with a whole price.
    const cut = await badges.evaluateAll((els) =>
      els
        .filter((el) => {
          const label = el.firstElementChild instanceof HTMLElement ? el.firstElementChild : el;
          const card = el.closest('button')!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return label.scrollWidth > label.clientWidth + 1 || box.left < card.left - 1 || box.right > card.right + 1;
        })
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    for (const text of await badges.allInnerTexts()) expect(text).toMatch(/[\d٠-٩]+[.,٫][\d٠-٩]{2}/);
    await picker.scrollIntoViewIfNeeded();
    await screenshot(page, 'picker-ar-390', false);

    const search = picker.getByRole('searchbox');
    await search.fill('اليابان');
    await expect.poll(() => resultCodes(page)).toEqual(['JP']);
    expect(await picker.locator('[data-region-code="JP"]').first().innerText()).toContain('اليابان');
    // Also by its English name and its code, in an Arabic page.
    await search.fill('Japan');
    await expect.poll(async () => (await resultCodes(page))[0]).toBe('JP');
    await search.fill('jp');
    await expect.poll(async () => (await resultCodes(page))[0]).toBe('JP');
    await search.fill('UAE');
    await expect.poll(async () => (await resultCodes(page))[0]).toBe('AE');
    await screenshot(page, 'picker-ar-390-search', false);
    expect(await axeCheck(page)).toEqual([]);

    await search.fill('اليابان');
    await picker.locator('[data-region-code="JP"]').first().click();
    await page.locator('#region-plans h2').filter({ hasText: 'اليابان' }).waitFor();
    expect(errors).toEqual([]);
    await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
    await page.close();
  });

  it('searches in Japanese: 日本 finds Japan (and «japon» or «Japón» too)', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/ja/');
    const search = page.locator('#plans').getByRole('searchbox');
    for (const query of ['日本', 'japon', 'Japón']) {
      await search.fill(query);
      await expect.poll(async () => (await resultCodes(page))[0], { message: query }).toBe('JP');
    }
    expect(await page.locator('#plans [data-region-code="JP"]').first().innerText()).toContain('日本');
    expect(errors).toEqual([]);
    await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
    await page.close();
  });

  it("offers the bundles that cover a searched country: 'Portugal' → Portugal, then Europe and Global with their prices", async () => {
    const { page, errors } = await open('/');
    const picker = page.locator('#plans');
    await picker.getByRole('searchbox', { name: 'Search destinations' }).fill('Portugal');
    await expect.poll(() => resultCodes(page)).toEqual(['PT']);
    const covering = picker.getByRole('region', { name: 'Multi-country plans with Portugal' });
    await covering.waitFor();
    const bundles = covering.locator('[data-region-code]');
    expect(await bundles.evaluateAll((els) => els.map((el) => el.getAttribute('data-region-code')))).toEqual(['EU', 'GLOBAL']);
    const europe = await bundles.first().innerText();
    expect(europe).toMatch(/Covers Portugal \+ \d+ more countries/);
    expect(europe).toMatch(/From [$€£]\d+\.\d{2}/); // in whichever currency an earlier test left chosen
    await picker.scrollIntoViewIfNeeded();
    await screenshot(page, 'picker-en-1280-portugal', false);
    await bundles.first().click();
    await page.locator('#region-plans h2').filter({ hasText: 'Europe' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/plans lands on the landing page at #plans', async () => {
    const { page, errors } = await open('/plans');
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#plans');
    await page.waitForFunction(() => {
      const r = document.getElementById('plans')?.getBoundingClientRect();
      return !!r && r.top >= 0 && r.top < window.innerHeight / 2;
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/how-it-works lands at #how-it-works', async () => {
    const { page } = await open('/how-it-works');
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#how-it-works');
    await page.close();
  });

  it('an unknown path shows the not-found page', async () => {
    const { page } = await open('/this/does/not/exist');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(1);
    expect(await page.title()).toContain('Page not found');
    await page.close();
  });
});

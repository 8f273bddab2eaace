// 'Plan my trip' (issue 28) in Chromium against the built server, as a guest on a 390 px phone in
// English and Arabic: Japan, Korea and Thailand with a Taipei layover; the proposal names its plans
// with Buy links to the single-plan checkout, explains its choice in one sentence and covers every
// day; axe at 390 px (and 1280 px, with screenshots when E2E_SCREENSHOTS=1). Also the form's
// messages before anything is sent.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkWidths, sharedBrowser } from './audit.ts';
import { openRoute, repoRoot } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();

type Texts = { form: Record<string, string>; result: Record<string, string>; rules: Record<string, string> };
const texts = (lang: string) => JSON.parse(readFileSync(join(repoRoot, 'packages/i18n/locales', lang, 'trip.json'), 'utf8')) as Texts;

const TRIP = [
  { code: 'JP', start: '2027-03-01', end: '2027-03-05', layover: false },
  { code: 'KR', start: '2027-03-06', end: '2027-03-09', layover: false },
  { code: 'TW', start: '2027-03-10', end: '2027-03-10', layover: true },
  { code: 'TH', start: '2027-03-10', end: '2027-03-14', layover: false },
];

/** The country's name as the page shows it (CLDR in the browser; the catalogue's English name in English). */
async function countryName(page: Page, code: string, lang: string): Promise<string> {
  if (lang === 'en') return { JP: 'Japan', KR: 'South Korea', TW: 'Taiwan', TH: 'Thailand' }[code] as string;
  return page.evaluate(([c, l]) => new Intl.DisplayNames([l as string], { type: 'region' }).of(c as string) as string, [code, lang]);
}

async function planTrip(page: Page, lang: string): Promise<void> {
  const t = texts(lang);
  for (const [i, stop] of TRIP.entries()) {
    if (i > 0) await page.getByRole('button', { name: t.form.add }).click();
    const fieldset = page.getByTestId('trip-stop').nth(i);
    const country = fieldset.locator('input').first();
    await country.click();
    const name = await countryName(page, stop.code, lang);
    await country.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
    await fieldset.getByLabel(t.form.start as string).fill(stop.start);
    await fieldset.getByLabel(t.form.end as string).fill(stop.end);
    if (stop.layover) await fieldset.getByLabel(t.form.layover as string).check();
  }
  await page.getByRole('button', { name: t.form.submit }).click();
  await page.getByTestId('trip-proposal').waitFor();
}

async function checkProposal(page: Page, lang: string): Promise<void> {
  const t = texts(lang);
  const proposal = page.getByTestId('trip-proposal');
  expect((await proposal.getByTestId('trip-explanation').innerText()).trim().length).toBeGreaterThan(20);
  expect(await proposal.getByTestId('trip-total').innerText()).toMatch(/\d/);
  // Every day of the trip, 1–14 March, has a row; no day and no country is left uncovered.
  expect(await proposal.getByTestId('trip-days').locator('tbody tr').count()).toBe(14);
  expect(await proposal.getByText(t.result.notCovered as string).count()).toBe(0);
  expect(await proposal.getByTestId('trip-warning').count()).toBe(0);
  // Each plan is bought on its own, through the existing single-plan checkout.
  const plans = proposal.getByTestId('trip-plan');
  expect(await plans.count()).toBeGreaterThan(0);
  for (let i = 0; i < (await plans.count()); i++) {
    const buy = plans.nth(i).getByRole('link', { name: new RegExp(`^${(t.result.buyLabel as string).split('{{')[0]}`) });
    expect(await buy.getAttribute('href')).toMatch(/\/checkout\/\d+$/);
  }
  // The Taipei layover day: Korea, Taiwan and Thailand all covered.
  const tenth = proposal.getByTestId('trip-days').locator('tbody tr').nth(9);
  expect(await tenth.getByText(t.result.notCovered as string).count()).toBe(0);
  expect(await tenth.innerText()).toContain(t.result.layover);
}

describe('trip planner', () => {
  const browser = sharedBrowser();

  it('English, 390 px, as a guest: Japan, Korea, Thailand with a Taipei layover → a proposal; Buy opens the checkout', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/trip', { lang: 'en', width: 390, httpErrors: true });
    await page.getByRole('heading', { level: 1, name: 'Plan my trip' }).waitFor();
    await planTrip(page, 'en');
    await checkProposal(page, 'en');
    await checkWidths(page, 'trip', { widths: [390, 1280] });

    await page.setViewportSize({ width: 390, height: 900 });
    const first = page.getByTestId('trip-plan').first().getByRole('link');
    const href = (await first.getAttribute('href')) as string;
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Arabic, 390 px: right to left, the same trip planned, axe-clean', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/ar/trip', { lang: 'ar', width: 390, httpErrors: true });
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1, name: 'خطّط لرحلتي' }).waitFor();
    await planTrip(page, 'ar');
    await checkProposal(page, 'ar');
    await checkWidths(page, 'trip-rtl', { widths: [390, 1280] });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the form says what is missing before anything is sent, and that a last day is before the first', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/trip', { lang: 'en', width: 390, httpErrors: true });
    const t = texts('en');
    await page.getByRole('button', { name: t.form.submit }).click();
    await page.getByText(t.rules.country as string).waitFor();
    expect(await page.getByText(t.rules.date as string).count()).toBe(2);
    const stop = page.getByTestId('trip-stop').first();
    await stop.getByLabel(t.form.start as string).fill('2027-03-05');
    await stop.getByLabel(t.form.end as string).fill('2027-03-01');
    await page.getByText(t.rules.endBeforeStart as string).waitFor();
    expect(await page.getByTestId('trip-proposal').count()).toBe(0);
    await checkWidths(page, 'trip-errors', { widths: [320, 390] });
    expect(errors).toEqual([]);
    await page.close();
  });
});

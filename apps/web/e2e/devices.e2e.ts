// Device compatibility in Chromium against the built server: /devices lists eSIM devices by brand
// and its search narrows the list; the landing page and the FAQ link to it; at checkout a model
// not known to support eSIM gets a clear warning and the demo card still pays. Axe and
// screenshots at 1280 px (English) and 390 px (Arabic). English pages store English as the
// preferred language first: after an Arabic page, '/' would otherwise move to '/ar/'.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkWidths, sharedBrowser } from './audit.ts';
import { axeCheck, openPage, openRoute, screenshot } from './browser.ts';
import { scrollThrough } from './settle.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();
const stamp = Date.now().toString(36);

const modelNames = (page: Page) => page.getByTestId('device-model').locator('bdi').allInnerTexts();

describe('device compatibility', () => {
  const browser = sharedBrowser();
  let planId: number;
  beforeAll(async () => {
    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
    planId = plans[0]!.id;
  });

  it('/devices lists devices by brand; the search narrows the list, ignoring case and accents', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/devices', { lang: 'en', httpErrors: true });
    expect(await page.title()).toContain('Compatible Devices');
    await page.getByTestId('device-model').first().waitFor();
    const all = (await modelNames(page)).length;
    expect(all).toBeGreaterThan(150);
    for (const brand of ['Apple', 'Google', 'Samsung', 'Microsoft']) {
      await page.getByRole('heading', { level: 3, name: brand, exact: true }).waitFor();
    }
    await page.getByText(/mainland China, Hong Kong and Macao/).waitFor();

    const search = page.getByRole('searchbox', { name: 'Search by brand or model' });
    await search.fill('PIXEL 8');
    await expect.poll(() => modelNames(page)).toEqual(['Pixel 8', 'Pixel 8 Pro', 'Pixel 8a']);
    await page.getByText('3 models found').waitFor();
    await search.fill('xpéria 1 v');
    await expect.poll(() => modelNames(page)).toEqual(['Xperia 1 V', 'Xperia 1 VI', 'Xperia 1 VII']);
    await search.fill('Nokia 3310');
    await page.getByText('No devices found matching “Nokia 3310”.').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(async () => (await modelNames(page)).length).toBe(all);

    await page.getByRole('heading', { name: 'How to check your device' }).waitFor();
    await page.getByRole('heading', { name: 'Your device must be carrier-unlocked' }).waitFor();
    await checkWidths(page, 'devices', { widths: [1280] });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/ar/devices: right to left, in Arabic, searchable, at 390 px', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/ar/devices', { width: 390, httpErrors: true });
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('heading', { level: 1, name: 'الأجهزة المتوافقة' }).waitFor();
    await page.getByTestId('device-model').first().waitFor();
    await page.getByRole('searchbox', { name: 'ابحث حسب العلامة التجارية أو الطراز' }).fill('سامسونج S24');
    await expect.poll(() => modelNames(page)).toEqual(['Galaxy S24', 'Galaxy S24+', 'Galaxy S24 Ultra', 'Galaxy S24 FE']);
    await checkWidths(page, 'devices-rtl', { widths: [390] });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the landing page's and the FAQ's compatible-devices links open /devices", async () => {
    const { page } = await openRoute(browser, baseURL, '/', { lang: 'en' });
    // The sections below the fold render as they come near the viewport.
    await scrollThrough(page);
    await page.getByRole('link', { name: 'See the full compatibility list' }).click();
    await page.waitForURL((url) => url.pathname === '/devices');
    await page.getByRole('heading', { level: 1, name: 'Compatible Devices' }).waitFor();

    await page.goto(new URL('/faq', baseURL).href);
    await page.getByRole('button', { name: 'Installation Guide' }).click();
    const answers = page.locator('#faq-answers');
    await answers.getByRole('button', { name: 'What do I need before I install?' }).click();
    await answers.getByRole('link', { name: 'compatible devices' }).click();
    await page.waitForURL((url) => url.pathname === '/devices');
    await page.getByRole('heading', { level: 1, name: 'Compatible Devices' }).waitFor();
    await page.close();
  });

  it('at checkout, a model not known to support eSIM is warned about and the demo card still pays', async () => {
    const { page, errors } = await openPage(browser, baseURL, `/checkout/${planId}`, { lang: 'en' });
    const check = page.getByTestId('device-check');
    await check.getByText('Your device must be carrier-unlocked to use an eSIM from another provider.').waitFor();

    // A known model is confirmed as it is typed, or picked from the suggestions.
    const model = check.getByRole('combobox', { name: /Your phone or tablet model/ });
    await model.fill('iphone 15');
    await page.getByRole('option', { name: 'Apple iPhone 15 Pro', exact: true }).click();
    await check.getByText('Apple iPhone 15 Pro supports eSIM.').waitFor();
    expect(await check.getByTestId('device-verdict').getAttribute('data-tone')).toBe('ok');

    // One the list does not know: a warning once the traveller moves on, and Pay stays enabled.
    await model.fill('Nokia 3310');
    await model.press('Tab');
    const verdict = check.getByTestId('device-verdict');
    await verdict.getByText('Nokia 3310 is not on our list of eSIM devices.', { exact: false }).waitFor();
    expect(await verdict.getAttribute('data-tone')).toBe('warn');
    expect(await verdict.innerText()).toContain('You can still complete your purchase.');
    expect(await page.getByTestId('pay-button').isDisabled()).toBe(false);
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'checkout-device-warning-1280');

    await page.getByLabel(/^E-mail address/).fill(`device.${stamp}@example.com`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname === `/order-success/${planId}`);
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at checkout in Arabic on a 390 px phone, the warning reads right to left with the model isolated', async () => {
    const { page, errors } = await openPage(browser, baseURL, `/ar/checkout/${planId}`, { width: 390 });
    const check = page.getByTestId('device-check');
    const model = check.getByRole('combobox', { name: /طراز هاتفك أو جهازك اللوحي/ });
    await model.fill('Nokia 3310');
    await model.press('Tab');
    const verdict = check.getByTestId('device-verdict');
    await verdict.getByText('غير موجود في قائمتنا لأجهزة eSIM', { exact: false }).waitFor();
    expect(await verdict.locator('bdi').first().innerText()).toBe('Nokia 3310');
    expect(await page.getByTestId('pay-button').isDisabled()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeCheck(page)).toEqual([]);
    await check.scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-device-warning-rtl-390', false);
    expect(errors).toEqual([]);
    await page.close();
  });
});

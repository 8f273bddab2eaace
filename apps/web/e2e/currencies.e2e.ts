// Issue 28, ten currencies, in Chromium against the built server: the traveller picks JPY in the
// header, sees yen prices without decimals, pays with the demo card, and the order says the same
// yen total; the shop in Arabic with JPY at a 390 px phone is axe-clean.
import { afterEach, describe, expect, it } from 'vitest';
import { sharedBrowser } from './audit.ts';
import { axeCheck, screenshot, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();
const stamp = Date.now().toString(36);
/** ¥ and whole yen: '¥3,080', never '¥3,080.00'. */
const YEN = /[¥￥]\s?\d{1,3}(,\d{3})*(?![.,]\d)/;

describe('ten currencies', () => {
  const browser = sharedBrowser();
  afterEach(async () => {
    await browser.context.clearCookies();
  });

  it('JPY from the header: yen without decimals, paid with the demo card, the same total on the order', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const { errors } = watchPage(page, baseURL);
    await page.goto(new URL('/', baseURL).href);
    await page.getByRole('button', { name: /^\$ USD – / }).click();
    await page.getByRole('menuitem', { name: /JPY/ }).click();
    await page.getByRole('button', { name: /^¥ JPY – / }).waitFor();

    await page.getByRole('searchbox').first().fill('Japan');
    await page
      .getByRole('button', { name: /^Japan/ })
      .first()
      .click();
    const card = page.locator('#region-plans').getByRole('article').first();
    await card.getByRole('heading').waitFor();
    const cardText = await card.innerText();
    expect(cardText).toMatch(YEN);
    expect(cardText).not.toMatch(/[¥￥]\s?[\d,]+\.\d\d/);
    const shown = cardText.match(YEN)![0];

    await card.getByRole('link').last().click();
    await page.waitForURL(/\/checkout\/\d+$/);
    const total = page.getByTestId('checkout-total');
    await total.waitFor();
    expect((await total.innerText()).replace(/\s/g, '')).toContain(shown.replace(/\s/g, ''));

    await page.getByLabel(/^E-mail address/).fill(`yen.${stamp}@example.com`);
    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    await page.getByLabel(/^Expiry/).pressSequentially('1234');
    await page.getByLabel('CVC').fill('123');
    await page.getByTestId('pay-button').click();

    await page.waitForURL((url) => url.pathname.startsWith('/order-success/'), { timeout: 30_000 });
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    const details = await page.getByTestId('order-details').innerText();
    expect(details.replace(/\s/g, '')).toContain(shown.replace(/\s/g, ''));
    expect(details).not.toMatch(/[¥￥]\s?[\d,]+\.\d\d/);
    await screenshot(page, 'currencies-jpy-success');
    await page.close();
    expect(errors).toEqual([]);
  });

  it('Arabic with JPY at 390 px: the symbol from Intl, axe-clean', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const { errors } = watchPage(page, baseURL);
    await page.goto(new URL('/ar/', baseURL).href);
    await page.evaluate(() => localStorage.setItem('preferredCurrency', 'JPY'));
    await page.reload();
    await page.getByRole('searchbox').first().fill('اليابان');
    await page
      .getByRole('button', { name: /^اليابان/ })
      .first()
      .click();
    const card = page.locator('#region-plans').getByRole('article').first();
    await card.getByRole('heading').waitFor();
    const text = await card.innerText();
    expect(text).toMatch(/[¥￥]/);
    expect(text).not.toMatch(/[¥￥][^\n]*[.,٫]\d\d(?!\d)/);
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'currencies-ar-jpy-390');
    await page.close();
    expect(errors).toEqual([]);
  });
});

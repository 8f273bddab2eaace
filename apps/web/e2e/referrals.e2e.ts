// Referrals (issue 29) in Chromium against the built server: a referrer opens 'Refer a friend' on
// the rewards page in Arabic at 390 px (axe-clean), copies the link; a friend in another browser
// (its own profile: no session, no cookies of the referrer's) opens the link, goes to a plan's
// checkout, sees the friend's discount line with the server's figures, pays the discounted amount
// with the demo card; the referrer's section then shows one friend who bought.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import arCheckout from '../../../packages/i18n/locales/ar/checkout.json' with { type: 'json' };
import arReferrals from '../../../packages/i18n/locales/ar/referrals.json' with { type: 'json' };
import { sharedBrowser } from './audit.ts';
import { axeCheck, launchBrowser, openPage, screenshot, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL } = await fileServer();
const stamp = Date.now().toString(36);

async function api<T>(page: Page, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: b === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: b === undefined ? undefined : JSON.stringify(b),
        credentials: 'include',
        cache: 'no-store',
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as never };
    },
    [path, body] as const,
  );
}

/** The digits of a figure, Arabic-Indic ones as Latin: '‏١٨٫٠٠ US$' → '1800'. */
function digits(text: string): string {
  return text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/\D/g, '');
}

describe('referrals', () => {
  const browser = sharedBrowser();
  let plan = { id: 0, priceMinor: 0 };

  beforeAll(async () => {
    const page = await browser.context.newPage();
    await page.goto(new URL('/favicon.svg', baseURL).href);
    const regions = await api<{ id: number; code: string }[]>(page, '/api/regions');
    const japan = regions.body.find((r) => r.code === 'JP')!.id;
    const plans = await api<{ id: number; price: number }[]>(page, `/api/plans?regionId=${japan}`);
    const p = plans.body.find((x) => x.price >= 5) ?? plans.body[0]!;
    plan = { id: p.id, priceMinor: Math.round(p.price * 100) };
    await page.close();
  });

  it('ar, 390 px: the referrer copies the link; a friend in another browser buys with the discount', async () => {
    const username = `ref${stamp}`;
    const { page, errors } = await openPage(browser, baseURL, '/rewards', { lang: 'ar', width: 390 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(
      (
        await api(page, '/api/auth/register', {
          username,
          email: `${username}@example.com`,
          password: 'correct-horse-battery',
          fullName: 'رنا الحسن',
        })
      ).status,
    ).toBe(200);
    await page.reload();
    const section = page.getByTestId('refer-a-friend');
    await section.getByRole('heading', { name: arReferrals.section.title }).waitFor();
    const linkBox = section.getByTestId('referral-link');
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    const code = (await section.getByTestId('referral-code').innerText()).trim();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(link).toMatch(new RegExp(`/\\?ref=${code}$`));
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    // Copy: the button says so (the link itself is read from the field above).
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL).origin });
    await section.getByTestId('referral-copy-link').click();
    await section.getByText(arReferrals.section.copied).first().waitFor();
    await section.getByText(arReferrals.section.none).waitFor();
    await section.scrollIntoViewIfNeeded();
    expect(await axeCheck(page), "'Refer a friend' in Arabic at 390 px").toEqual([]);
    await screenshot(page, 'referrals-section-ar-390');

    // The friend: another browser, the link's path on this server.
    const friend = await launchBrowser({ viewport: { width: 390, height: 900 } });
    try {
      const fp = await friend.context.newPage();
      const watched = watchPage(fp, baseURL);
      const url = new URL(link);
      await fp.goto(new URL(`${url.pathname}${url.search}`, baseURL).href);
      await fp.evaluate(() => localStorage.setItem('preferredLanguage', 'ar'));
      expect((await friend.context.cookies()).find((c) => c.name === 'esim_ref')?.value).toBe(code);
      await fp.goto(new URL(`/ar/checkout/${plan.id}`, baseURL).href);
      await fp.getByTestId('checkout-plan').waitFor();
      await fp.getByTestId('referral-applied').waitFor();
      const discount = Math.floor((plan.priceMinor * 10) / 100);
      const toPay = plan.priceMinor - discount;
      expect(Number(digits(await fp.getByTestId('checkout-promo-discount').innerText()))).toBe(discount);
      expect(Number(digits(await fp.getByTestId('checkout-total').innerText()))).toBe(toPay);
      expect(Number(digits(await fp.getByTestId('pay-button').innerText()))).toBe(toPay);
      expect(await axeCheck(fp), 'the checkout with the referral discount (ar, 390 px)').toEqual([]);
      // Issue 29: a declined card, then a reload: the link is kept, the discount still shown and applied.
      await fp.getByLabel(new RegExp(`^${arCheckout.contact.email}`)).fill(`friend.${stamp}@example.com`);
      await fp.getByLabel(arCheckout.card.number).pressSequentially('4000000000000002');
      await fp.getByLabel(arCheckout.card.expiry).pressSequentially('1234');
      await fp.getByLabel(arCheckout.card.cvc).fill('123');
      await fp.getByTestId('pay-button').click();
      await fp.getByTestId('payment-error').waitFor({ timeout: 30_000 });
      expect((await friend.context.cookies()).find((c) => c.name === 'esim_ref')?.value).toBe(code);
      await fp.reload();
      await fp.getByTestId('referral-applied').waitFor();
      expect(Number(digits(await fp.getByTestId('checkout-total').innerText()))).toBe(toPay);
      await fp.getByLabel(new RegExp(`^${arCheckout.contact.email}`)).fill(`friend.${stamp}@example.com`);
      await fp.getByLabel(arCheckout.card.number).pressSequentially('5555555555554444');
      await fp.getByLabel(arCheckout.card.expiry).pressSequentially('1234');
      await fp.getByLabel(arCheckout.card.cvc).fill('123');
      await fp.getByTestId('pay-button').click();
      await fp.waitForURL((u) => u.pathname.startsWith('/ar/order-success/'), { timeout: 30_000 });
      await fp.getByTestId('order-ready').waitFor({ timeout: 30_000 });
      expect(digits(await fp.getByTestId('order-details').innerText())).toContain(String(toPay));
      await screenshot(fp, 'referrals-friend-success-ar-390');
      // Paid: the link is forgotten now.
      await expect.poll(async () => (await friend.context.cookies()).find((c) => c.name === 'esim_ref')).toBeUndefined();
      expect(watched.errors).toEqual([]);
    } finally {
      await friend.close();
    }

    // The referrer sees one friend who bought (waiting for the refund window), nothing about who.
    await page.reload();
    await section.getByText(arReferrals.section.progress.bought, { exact: false }).waitFor();
    expect(digits(await section.getByTestId('referral-bought').innerText())).toBe('1');
    expect(await section.innerText()).not.toContain(`friend.${stamp}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

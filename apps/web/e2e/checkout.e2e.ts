// Buying an eSIM with demo payments, in Chromium against the built server: a guest
// buys Japan from the landing page and gets a real activation code, QR image and e-mail; a
// declined card gives 'Payment Failed' and no paid order; a signed-in shopper finds the order and
// the eSIM in the account; the bank's extra step (3-D Secure card) is approved. Axe and
// screenshots (375 and 1280 px, English and Arabic) on the checkout and the order-success page.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { checkWidths, sharedBrowser } from './audit.ts';
import { axeCheck, openPage, screenshot, waitFor } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir } = await fileServer();
const stamp = Date.now().toString(36);

interface CreatedIntent {
  paymentIntentId: string;
  clientSecret: string;
  orderId: string;
}

/** The createIntent answer (superjson inside tRPC's envelope, batched or not). */
async function intentFrom(response: Response): Promise<CreatedIntent> {
  const body = (await response.json()) as unknown;
  const first = (Array.isArray(body) ? body[0] : body) as { result: { data: { json: CreatedIntent } } };
  return first.result.data.json;
}

/** Every .eml in the outbox, soft line breaks of quoted-printable undone. */
function outboxMessages(): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((f) =>
    readFileSync(join(outboxDir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=24/g, '$')
      .replace(/=3D/g, '='),
  );
}

describe('checkout', () => {
  const browser = sharedBrowser();
  let japanPlanId: number;
  beforeAll(async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
    japanPlanId = plans[0]!.id;
  });
  // Each test starts as a guest (the signed-in test's session must not leak).
  afterEach(async () => {
    await browser.context.clearCookies();
  });

  const open = (path: string, width = 1280) => openPage(browser, baseURL, path, { width });

  /** On the landing page: search Japan, pick it, and wait for its plans. */
  async function japanPlans(page: Page) {
    await page.getByRole('searchbox', { name: 'Search destinations' }).fill('Japan');
    await page.getByRole('heading', { name: 'Search Results' }).waitFor();
    await page
      .getByRole('button', { name: /^Japan/ })
      .first()
      .click();
    const plans = page.locator('#region-plans');
    await plans.getByRole('heading', { name: 'Japan eSIM Plans' }).waitFor();
    return plans;
  }

  const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });

  async function fillCard(page: Page, number: string, expiry = '12 / 34', cvc = '123') {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry date').fill(expiry);
    await page.getByLabel('CVC').fill(cvc);
  }

  async function payAndCapture(page: Page): Promise<CreatedIntent> {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('payments.createIntent') || r.url().includes('payments.createSubscription')),
      page.getByTestId('pay-button').click(),
    ]);
    return intentFrom(response);
  }

  it('a page opened from far down the landing page starts at its top, with no scroll animation', async () => {
    const { page, errors } = await open('/', 375);
    // The browser context reduces motion; a shopper's phone usually does not (smooth scrolling on).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const plans = await japanPlans(page);
    // Wait for the scrolls down to the plans to end (an instant one, then a smooth one 300 ms later):
    // the position the same over four looks 250 ms apart.
    const looks: number[] = [];
    await expect
      .poll(
        async () => {
          looks.push(await page.evaluate(() => window.scrollY));
          const last = looks.slice(-4);
          return last.length === 4 && last.every((y) => y === last[0]) && last[0]! > 0;
        },
        { interval: 250, timeout: 10_000 },
      )
      .toBe(true);
    // The click below must not scroll by itself: bring the card's Buy Now into view first.
    const buyNow = plans
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Buy Now – / });
    await buyNow.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    let landingY = -1;
    await expect
      .poll(
        async () => {
          const y = await page.evaluate(() => window.scrollY);
          const settled = y === landingY;
          landingY = y;
          return settled;
        },
        { interval: 300, timeout: 10_000 },
      )
      .toBe(true);
    expect(landingY).toBeGreaterThan(500);
    await page.evaluate(() => {
      // Each scroll event's position, and whether it was the page's bottom at that moment: a page
      // shorter than the one before clamps the position (not a scroll animation).
      const w = window as unknown as { seenY: { y: number; bottom: boolean }[] };
      w.seenY = [];
      window.addEventListener(
        'scroll',
        () => {
          const y = Math.round(window.scrollY);
          const bottom = Math.abs(document.documentElement.scrollHeight - window.innerHeight - window.scrollY) <= 1;
          w.seenY.push({ y, bottom });
        },
        { passive: true },
      );
    });
    await buyNow.click();
    await page.waitForURL(/\/checkout\/\d+$/);
    await page.getByTestId('checkout-plan').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
    const seen = await page.evaluate(() => (window as unknown as { seenY: { y: number; bottom: boolean }[] }).seenY);
    // A smooth scroll up passes through positions in between; a jump goes straight to the top.
    expect(seen.filter((s) => s.y !== 0 && s.y !== landingY && !s.bottom).map((s) => s.y)).toEqual([]);
    await page.close();
    expect(errors).toEqual([]);
  });

  it('names the plan in Japanese on the card and in the checkout summary, composed from its facts', async () => {
    const { page, errors } = await openPage(browser, baseURL, '/', { lang: 'ja' });
    try {
      await page.getByRole('searchbox').first().fill('Japan');
      await page
        .getByRole('button', { name: /^(日本|Japan)/ })
        .first()
        .click();
      const card = page.locator('#region-plans').getByRole('article').first();
      await card.getByRole('heading', { name: '日本 1 GB – 7日間' }).waitFor();
      expect(await card.innerText()).toContain('日本で使えるモバイルデータ1 GB。有効期間は7日間です。');
      await card.getByRole('link', { name: /日本 1 GB – 7日間$/ }).click();
      const summary = page.getByTestId('checkout-plan');
      await summary.waitFor();
      expect(await summary.getByTestId('checkout-plan-name').innerText()).toBe('日本 1 GB – 7日間');
      expect(await summary.innerText()).toContain('7日間');
    } finally {
      // The browser profile is shared by this file's tests: put English back whatever happens.
      await page.evaluate(() => localStorage.setItem('preferredLanguage', 'en'));
      await page.close();
    }
    expect(errors).toEqual([]);
  });

  it('a guest buys Japan: landing → Buy Now → e-mail → 4242 → activation code, QR, copy, e-mail', async () => {
    const { page, errors } = await open('/');
    const plans = await japanPlans(page);
    const card = plans.getByRole('article').first();
    const planName = (await card.getByRole('heading').innerText()).trim();
    // Composed from the plan's facts (destination, data, validity), not its stored English name.
    expect(planName).toBe('Japan 1 GB – 7 days');
    await card.getByRole('link', { name: /^Buy Now – / }).click();
    await page.waitForURL(/\/checkout\/\d+$/);
    const planId = Number(new URL(page.url()).pathname.split('/').pop());

    const summary = page.getByTestId('checkout-plan');
    await summary.waitFor();
    expect(await summary.getByTestId('checkout-plan-name').innerText()).toBe(planName);
    expect(await summary.innerText()).toMatch(/\$\d+\.\d{2}/);
    await page.getByText('Demo payments: no real charge').waitFor();
    expect(await page.title()).toContain('Checkout');

    // Validation: e-mail first, then the card.
    await page.getByTestId('pay-button').click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    const email = `guest.${stamp}@example.com`;
    await page.getByLabel(/^E-mail address/).fill(email);
    await page.getByTestId('pay-button').click();
    await page.getByText('Enter your card number').waitFor();

    // The card number is formatted in groups as it is typed.
    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').pressSequentially('1234');
    expect(await page.getByLabel('Expiry date').inputValue()).toBe('12 / 34');
    await page.getByLabel('CVC').fill('123');

    expect(await axeCheck(page)).toEqual([]);

    const intent = await payAndCapture(page);
    expect(intent.paymentIntentId).toMatch(/^pi_/);
    await toast(page, 'Payment Successful').waitFor();
    expect(await page.getByTestId('pay-button').innerText()).toContain('Payment Complete');
    expect(await page.getByTestId('pay-button').isDisabled()).toBe(true);

    await page.waitForURL((url) => url.pathname === `/order-success/${planId}`);
    const url = new URL(page.url());
    expect(url.searchParams.get('payment_intent')).toBe(intent.paymentIntentId);
    expect(url.searchParams.get('payment_intent_client_secret')).toBe(intent.clientSecret);

    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    const details = await page.getByTestId('order-details').innerText();
    for (const text of [planName, 'Card', intent.orderId, 'Payment method', 'Purchase date']) expect(details).toContain(text);

    const code = (await page.getByTestId('esim-code').innerText()).trim();
    expect(code).toMatch(/^LPA:1\$[a-z0-9.-]+\$[A-Z0-9-]+/);
    expect(await page.getByTestId('esim-smdp').innerText()).toBe(code.split('$')[1]);
    // Not an iPhone: no one-tap link.
    expect(await page.getByTestId('install-on-iphone').count()).toBe(0);

    // The QR image comes from this app and loads.
    const qr = page.getByTestId('esim-qr');
    expect(await qr.getAttribute('src')).toMatch(/^\/api\//);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="esim-qr"]');
      return !!img && img.complete && img.naturalWidth > 0;
    });

    // Copy the activation code.
    await page.getByRole('button', { name: 'Copy – Activation code', exact: true }).click();
    await toast(page, 'Code copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'order-success-1280');

    // A reload (the client secret is in the URL and in sessionStorage) still shows the order.
    await page.reload();
    await page.getByTestId('order-ready').waitFor();

    // The e-mail is in the outbox with the activation code.
    const mail = await waitFor(() => outboxMessages().find((m) => m.includes(email)));
    expect(mail).toContain(code);

    expect(errors).toEqual([]);
    await page.close();
  });

  it('a declined card shows Payment Failed, leaves no paid order, and another card then pays', async () => {
    const { page, errors } = await open(`/checkout/${japanPlanId}`);
    await page.getByLabel(/^E-mail address/).fill(`declined.${stamp}@example.com`);
    await fillCard(page, '4000 0000 0000 0002');
    const intent = await payAndCapture(page);
    await page.getByTestId('payment-error').getByText('Payment Failed').waitFor();
    expect(await page.getByTestId('payment-error').innerText()).toContain('Your card was declined.');
    await toast(page, 'Payment Failed').waitFor();
    // The banner has focus, so a screen reader reads it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('payment-error');

    const res = await fetch(`${baseURL}/api/orders/${intent.paymentIntentId}?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    expect(res.status).toBe(200);
    const order = (await res.json()) as { ready: boolean; orderStatus: string; status: string };
    expect(order.ready).toBe(false);
    expect(['payment_failed', 'pending_payment']).toContain(order.orderStatus);
    // Without the client secret a stranger learns nothing.
    expect((await fetch(`${baseURL}/api/orders/${intent.paymentIntentId}`)).status).toBe(404);

    // Insufficient funds says so.
    await fillCard(page, '4000 0000 0000 9995');
    await page.getByTestId('pay-button').click();
    await page.getByTestId('payment-error').getByText('Your card has insufficient funds.').waitFor();

    // The same checkout (same order and intent) pays with a good card.
    await fillCard(page, '4242 4242 4242 4242');
    const again = await payAndCapture(page);
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    await page.waitForURL((url) => url.pathname.startsWith('/order-success/'));
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the 3-D Secure card asks to confirm the payment; Approve completes it', async () => {
    const { page, errors } = await open(`/checkout/${japanPlanId}`);
    await page.getByLabel(/^E-mail address/).fill(`secure.${stamp}@example.com`);
    await fillCard(page, '4000 0027 6000 3184');
    await page.getByTestId('pay-button').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await dialog.waitFor();
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'checkout-3ds-1280', false);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Payment Successful').waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/order-success/'));
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a signed-in shopper buys and finds the order in /account and the eSIM in /account/esim', async () => {
    const { page, errors } = await open('/register');
    const username = `buyer${stamp}`;
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Email/).fill(`buyer.${stamp}@example.com`);
    await page.getByLabel(/^Password/).fill('correct horse battery staple');
    await page.getByLabel(/^Confirm password/).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(new URL(`/checkout/${japanPlanId}`, baseURL).href);
    await page.getByTestId('account-email').getByText(`buyer.${stamp}@example.com`).waitFor();
    expect(await page.getByLabel(/^E-mail address/).count()).toBe(0);
    await fillCard(page, '4242 4242 4242 4242');
    const intent = await payAndCapture(page);
    await page.waitForURL((url) => url.pathname.startsWith('/order-success/'));
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
    const code = (await page.getByTestId('esim-code').innerText()).trim();

    await page.getByRole('link', { name: 'Go to my account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    const row = page.getByRole('row').filter({ hasText: intent.orderId });
    await row.waitFor();
    // 'View QR code' opens the eSIM's page at its install section, with the same activation code.
    await row.getByRole('button', { name: `View QR code for order ${intent.orderId}` }).click();
    await page.waitForURL((url) => /^\/account\/esim\/89\d{17,18}$/.test(url.pathname) && url.hash === '#install');
    await page.getByTestId('esim-code').waitFor();
    expect((await page.getByTestId('esim-code').innerText()).trim()).toBe(code);
    const iccid = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'eSIM Management' }).click();
    await page.waitForURL((url) => url.pathname === '/account/esim');
    // The list's card of this eSIM (the page it came from has articles too: its top-up offers).
    const esim = page.getByRole('article').filter({ hasText: iccid });
    await esim.waitFor();
    expect(await esim.innerText()).toContain('Ready to install');
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'account-esim-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`looks right at 375 and 1280 px (${lang})`, async () => {
      const { page, errors } = await openPage(browser, baseURL, `/checkout/${japanPlanId}`, { lang });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      const suffix = lang === 'ar' ? '-rtl' : '';
      await page.getByTestId('demo-payment-form').waitFor();
      await checkWidths(page, `checkout${suffix}`);

      // Pay and screenshot the order-success page at both widths.
      await page
        .getByLabel(/^E-mail address|البريد/)
        .first()
        .fill(`look.${lang}.${stamp}@example.com`);
      await page.getByTestId('card-number').fill('4242 4242 4242 4242');
      await page.getByTestId('card-expiry').fill('12 / 34');
      await page.getByTestId('card-cvc').fill('123');
      await page.getByTestId('pay-button').click();
      // In Arabic the page lives under /ar/.
      await page.waitForURL((url) => url.pathname.replace(/^\/ar\//, '/').startsWith('/order-success/'));
      await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-testid="esim-qr"]')?.naturalWidth ?? 0) > 0);
      // The toasts (payment received, eSIM ready) have faded and left the page.
      await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0, undefined, {
        timeout: 15_000,
      });
      await checkWidths(page, `order-success${suffix}`, { widths: [375, 1280] });
      if (lang === 'ar') await page.evaluate(() => localStorage.removeItem('preferredLanguage'));
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('order-success without order information, and with an unknown payment intent', async () => {
    const { page, errors } = await open('/order-success');
    await page.getByRole('heading', { name: 'No order information found' }).waitFor();
    await page.goto(new URL('/order-success/1?payment_intent=pi_doesnotexist', baseURL).href);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText("We couldn't find your order details").waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor();
    // The unknown order's 404 is logged by the browser as a failed resource; nothing else.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.close();
  });
});

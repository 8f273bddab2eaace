// Gift an eSIM (issue 29), in Chromium against the built server, in Arabic at 390 px: a signed-in
// traveller buys an eSIM (demo card), gives it from its page (the lazy dialog: address, message,
// the e-mail's language) and then sees 'Gift sent', not the install details; in another browser
// with no cookies the recipient opens the claim link read from the outbox (.eml), claims it as a
// guest and sees the install details on the guest eSIM page; a second claim of the same link is
// refused; the buyer's page says 'Gift claimed'. axe on every page.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arGifts from '../../../packages/i18n/locales/ar/gifts.json' with { type: 'json' };
import { leaves, parseMime } from '../../../packages/api/test/providers/eml.ts';
import { sharedBrowser } from './audit.ts';
import { axeCheck, launchBrowser, openPage, screenshot, waitFor, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir } = await fileServer();
const stamp = Date.now().toString(36);
const buyerEmail = `giver.${stamp}@example.com`;
const friendEmail = `friend.${stamp}@example.com`;

/** The outbox's messages to `email`, oldest first: their whole text (every part, decoded). */
function mailsTo(email: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(join(outboxDir, f), 'utf8'))
    .filter((raw) => raw.includes(email))
    .map((raw) =>
      leaves(parseMime(raw))
        .map((p) => p.body.toString('utf8'))
        .join('\n'),
    );
}

function giftToken(email: string): string | undefined {
  for (const text of mailsTo(email)) {
    const m = /esim-link\?gift=([A-Za-z0-9_%-]+)/.exec(text);
    if (m) return decodeURIComponent(m[1]!);
  }
  return undefined;
}

async function post<T>(page: Page, path: string, body: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify(b),
        credentials: 'include',
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    [path, body] as const,
  );
}

async function esims(page: Page): Promise<{ iccid: string }[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/esims', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'include', cache: 'no-store' });
    return (await res.json()) as { iccid: string }[];
  });
}

describe('giving an eSIM and claiming it in another browser', () => {
  const browser = sharedBrowser();

  it('ar, 390 px: the buyer gives, the recipient claims as a guest; the buyer sees only the gift', async () => {
    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];

    // The buyer: an account, and an eSIM bought through the calls the checkout makes (demo card).
    const { page, errors } = await openPage(browser, baseURL, '/register');
    await page.getByLabel(/^Username/).fill(`giver${stamp}`);
    await page.getByLabel(/^Email/).fill(buyerEmail);
    await page.getByLabel(/^Password/).fill('correct horse battery staple');
    await page.getByLabel(/^Confirm password/).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const intent = await post<{ paymentIntentId: string; clientSecret: string }>(page, '/api/create-payment-intent', {
      planId: plans[0]!.id,
    });
    expect(intent.status).toBe(200);
    const paid = await post<{ status: string }>(page, '/api/demo-payments/confirm', {
      paymentIntentId: intent.body.paymentIntentId,
      clientSecret: intent.body.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(paid.body.status).toBe('succeeded');
    let iccid = '';
    await expect
      .poll(
        async () => {
          iccid = (await esims(page))[0]?.iccid ?? '';
          return iccid;
        },
        { timeout: 30_000, interval: 200 },
      )
      .not.toBe('');

    // Its page, in Arabic at 390 px: 'Give as a gift' opens the dialog.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(new URL(`/ar/account/esim/${iccid}`, baseURL).href);
    await page.getByTestId('esim-install-section').waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('esim-gift-open').click();
    const dialog = page.getByRole('dialog', { name: arGifts.give.title });
    await dialog.waitFor();
    expect(await axeCheck(page)).toEqual([]);
    // An address is needed.
    await dialog.getByTestId('gift-submit').click();
    await dialog.getByText(arGifts.give.invalidEmail).waitFor();
    await dialog.getByTestId('gift-recipient').fill(friendEmail);
    await dialog.getByTestId('gift-message').fill('رحلة سعيدة!');
    await dialog.getByTestId('gift-language').selectOption('ar');
    await screenshot(page, 'gift-dialog-ar-390');
    await dialog.getByTestId('gift-submit').click();

    // The buyer now sees the gift, and no install details.
    const card = page.getByTestId('given-gift');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('given-gift-status').innerText()).toBe(arGifts.status.sent);
    expect(await page.getByTestId('esim-install-section').count()).toBe(0);
    expect(await page.content()).not.toMatch(/LPA:1\$/);
    expect(await axeCheck(page)).toEqual([]);
    await screenshot(page, 'gift-sent-ar-390');

    // The recipient, in another browser with no cookies: the claim link from the gift e-mail (in Arabic).
    const token = await waitFor(() => giftToken(friendEmail));
    expect(mailsTo(friendEmail).join('\n')).toContain('رحلة سعيدة!');
    const other = await launchBrowser({ viewport: { width: 390, height: 900 } });
    try {
      const phone = await other.context.newPage();
      const watch = watchPage(phone, baseURL);
      const claimUrl = new URL(`/ar/esim-link?gift=${encodeURIComponent(token)}`, baseURL).href;
      await phone.goto(claimUrl);
      const claim = phone.getByTestId('gift-claim');
      await claim.waitFor({ timeout: 20_000 });
      expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await claim.innerText()).toContain('رحلة سعيدة!');
      expect(await axeCheck(phone)).toEqual([]);
      await screenshot(phone, 'gift-claim-ar-390');
      await phone.getByTestId('gift-claim-button').click();

      // The guest eSIM page with the recipient's own link: the install details.
      await phone.waitForURL((url) => url.pathname.endsWith('/esim-link') && url.searchParams.has('token'));
      const install = phone.getByTestId('esim-install-section');
      await install.waitFor({ timeout: 20_000 });
      expect(await install.innerText()).toMatch(/LPA:1\$/);
      expect(await axeCheck(phone)).toEqual([]);
      await screenshot(phone, 'gift-claimed-ar-390');

      // The claim link works once.
      await phone.goto(claimUrl);
      await phone.getByTestId('gift-claim-over').getByText(arGifts.claim.claimed).waitFor({ timeout: 20_000 });
      expect(await axeCheck(phone)).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await other.close();
    }

    // The buyer's page: 'Gift claimed', still no install details.
    await page.reload();
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('given-gift-status').innerText()).toBe(arGifts.status.claimed);
    expect(await page.getByTestId('esim-install-section').count()).toBe(0);
    expect(await axeCheck(page)).toEqual([]);
    // The buyer's esims.get answers 404 once the eSIM is given (by design: the page then shows the gift).
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await page.close();
  });
});

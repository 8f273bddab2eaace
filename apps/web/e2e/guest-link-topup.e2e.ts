// The guest's way back, part two (issue 26), in Chromium against the built server at 390 px, in
// English and Arabic: a guest buys two eSIMs with the demo card; then, in another browser with no
// cookies, opens the first one's 'Manage your eSIM' link read from the outbox (.eml), sees its
// install details, and tops it up through the link without an account (demo card; the top-up is
// fulfilled onto that eSIM and its e-mail goes to the order's address); then opens the second
// one's link and has it refunded with the one-time code the outbox holds. axe on every page.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arCheckout from '../../../packages/i18n/locales/ar/checkout.json' with { type: 'json' };
import enCheckout from '../../../packages/i18n/locales/en/checkout.json' with { type: 'json' };
import arEsim from '../../../packages/i18n/locales/ar/esim.json' with { type: 'json' };
import enEsim from '../../../packages/i18n/locales/en/esim.json' with { type: 'json' };
import { leaves, parseMime } from '../../../packages/api/test/providers/eml.ts';
import { sharedBrowser } from './audit.ts';
import { axeCheck, launchBrowser, screenshot, waitFor, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir } = await fileServer();
const stamp = Date.now().toString(36);

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

function linkToken(email: string): string | undefined {
  for (const text of mailsTo(email)) {
    const m = /esim-link\?token=([A-Za-z0-9_%-]+)/.exec(text);
    if (m) return decodeURIComponent(m[1]!);
  }
  return undefined;
}

const CASES = [
  { lang: 'en', prefix: '', dir: 'ltr', checkout: enCheckout, esim: enEsim },
  { lang: 'ar', prefix: '/ar', dir: 'rtl', checkout: arCheckout, esim: arEsim },
] as const;
type Case = (typeof CASES)[number];

async function buyAsGuest(page: Page, c: Case, planId: number, email: string): Promise<void> {
  await page.goto(new URL(`${c.prefix}/checkout/${planId}`, baseURL).href);
  await page.getByLabel(new RegExp(`^${c.checkout.contact.email}`)).fill(email);
  await payByCard(page, c);
  await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
}

async function payByCard(page: Page, c: Case): Promise<void> {
  await page.getByLabel(c.checkout.card.number).pressSequentially('4242424242424242');
  await page.getByLabel(c.checkout.card.expiry).pressSequentially('1234');
  await page.getByLabel(c.checkout.card.cvc).fill('123');
  await page.getByTestId('pay-button').click();
}

describe("a guest tops up and refunds through the 'Manage your eSIM' link", () => {
  const browser = sharedBrowser({ viewport: { width: 390, height: 900 } });

  for (const c of CASES) {
    it(`${c.lang}: tops up one eSIM through its link and refunds another with the e-mailed code, at 390 px`, async () => {
      const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
      const japan = regions.find((r) => r.code === 'JP')!;
      const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
      const first = `link.topup.${c.lang}.${stamp}@example.com`;
      const second = `link.refund.${c.lang}.${stamp}@example.com`;

      // Two eSIMs, bought as a guest.
      const page = await browser.context.newPage();
      const buyer = watchPage(page, baseURL);
      await buyAsGuest(page, c, plans[0]!.id, first);
      await buyAsGuest(page, c, plans[0]!.id, second);
      await page.close();
      expect(buyer.errors).toEqual([]);

      const other = await launchBrowser({ viewport: { width: 390, height: 900 } });
      try {
        const phone = await other.context.newPage();
        const watch = watchPage(phone, baseURL);

        // The first eSIM's link, from its delivery e-mail: install details, then its top-ups.
        const token = await waitFor(() => linkToken(first));
        const linkUrl = new URL(`${c.prefix}/esim-link?token=${encodeURIComponent(token)}`, baseURL).href;
        await phone.goto(linkUrl);
        const install = phone.getByTestId('esim-install-section');
        await install.waitFor({ timeout: 20_000 });
        expect(await phone.evaluate(() => document.documentElement.dir)).toBe(c.dir);
        expect(await install.innerText()).toMatch(/LPA:1\$/);
        const offers = phone.getByTestId('topup-options');
        await offers.waitFor({ timeout: 20_000 });
        // The install details come first, the top-ups after them.
        const installTop = (await install.boundingBox())!.y;
        expect((await offers.boundingBox())!.y).toBeGreaterThan(installTop);
        expect(await axeCheck(phone)).toEqual([]);
        await screenshot(phone, `esim-link-topups-${c.lang}-390`);
        await phone.setViewportSize({ width: 1280, height: 900 });
        await screenshot(phone, `esim-link-topups-${c.lang}-1280`);
        await phone.setViewportSize({ width: 390, height: 900 });
        const packagesBefore = await phone.getByTestId('esim-link').locator('[data-testid="packages"] li[data-order-id]').count();

        // Top up through the link: no sign-in, no address to type.
        const mailsBefore = mailsTo(first).length;
        await offers
          .getByRole('link', { name: new RegExp(`^${c.esim.life.topUp.buy}`) })
          .first()
          .click();
        await phone.getByRole('heading', { level: 1, name: c.checkout.topUp.title }).waitFor({ timeout: 20_000 });
        expect(await phone.getByTestId('link-email').innerText()).toContain(c.checkout.topUp.linkEmail);
        expect(await phone.getByLabel(new RegExp(`^${c.checkout.contact.email}`)).count()).toBe(0);
        expect(await phone.getByTestId('topup-sign-in').count()).toBe(0);
        expect(await axeCheck(phone)).toEqual([]);
        await screenshot(phone, `esim-link-topup-checkout-${c.lang}-390`);
        await payByCard(phone, c);
        const done = phone.getByTestId('topup-done');
        await done.waitFor({ timeout: 30_000 });
        expect(await axeCheck(phone)).toEqual([]);
        // The top-up's e-mail goes to the order's address.
        await waitFor(() => (mailsTo(first).length > mailsBefore ? true : undefined));

        // Back on the link's page, the new package is listed.
        await done.getByRole('link', { name: c.checkout.topUp.backToEsim }).click();
        await phone.waitForURL((url) => url.pathname.endsWith('/esim-link') && url.searchParams.get('token') === token);
        await phone.getByTestId('esim-link').waitFor({ timeout: 20_000 });
        await expect
          .poll(() => phone.getByTestId('esim-link').locator('[data-testid="packages"] li[data-order-id]').count(), {
            timeout: 20_000,
          })
          .toBeGreaterThan(packagesBefore);

        // The second eSIM: refunded through its link with the code the e-mail brings.
        const token2 = await waitFor(() => linkToken(second));
        await phone.goto(new URL(`${c.prefix}/esim-link?token=${encodeURIComponent(token2)}`, baseURL).href);
        const refund = phone.getByRole('region', { name: c.esim.life.refund.heading });
        await refund.waitFor({ timeout: 20_000 });
        const before = mailsTo(second).length;
        await refund.getByRole('button', { name: c.esim.link.refund.ask }).click();
        await refund.getByLabel(c.esim.link.refund.codeLabel).waitFor();
        const code = await waitFor(() => {
          const fresh = mailsTo(second).slice(before);
          for (const text of fresh) {
            const m = /letter-spacing:4px[^>]*>(\d{6})</.exec(text);
            if (m) return m[1]!;
          }
          return undefined;
        });
        expect(await axeCheck(phone)).toEqual([]);
        await refund.getByLabel(c.esim.link.refund.codeLabel).fill(code);
        await refund.getByRole('button', { name: c.esim.link.refund.confirm }).click();
        await phone.getByTestId('esim-link-refunded').waitFor({ timeout: 30_000 });
        expect(await axeCheck(phone)).toEqual([]);
        await screenshot(phone, `esim-link-refunded-${c.lang}-390`);
        expect(watch.errors).toEqual([]);
      } finally {
        await other.close();
      }
    });
  }
});

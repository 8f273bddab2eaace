// A guest's way back to their eSIM (issue 26), in Chromium against the built server at 390 px, in
// English and Arabic: a guest buys with the demo card, the success page offers 'Create an account
// with this e-mail' (the register page's address filled in); then, on another browser with no
// cookies (a lost tab, another phone), 'Find my order' on /support e-mails a link to the eSIM's
// page, and that link, read from the outbox, opens the install details without an account.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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

/** The 'Manage your eSIM' link tokens the outbox holds for `email`, oldest message first. */
function linkTokens(email: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  const tokens: string[] = [];
  for (const f of files) {
    const raw = readFileSync(join(outboxDir, f), 'utf8');
    if (!raw.includes(email)) continue;
    const text = leaves(parseMime(raw))
      .map((p) => p.body.toString('utf8'))
      .join('\n');
    for (const m of text.matchAll(/esim-link\?token=([A-Za-z0-9_%-]+)/g)) tokens.push(decodeURIComponent(m[1]!));
  }
  return [...new Set(tokens)];
}

const CASES = [
  { lang: 'en', prefix: '', dir: 'ltr', checkout: enCheckout, esim: enEsim },
  { lang: 'ar', prefix: '/ar', dir: 'rtl', checkout: arCheckout, esim: arEsim },
] as const;

describe("a guest's way back to their eSIM", () => {
  const browser = sharedBrowser({ viewport: { width: 390, height: 900 } });

  for (const c of CASES) {
    it(`${c.lang}: buys as a guest, is offered an account, and finds the order again from another browser`, async () => {
      const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
      const japan = regions.find((r) => r.code === 'JP')!;
      const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
      const email = `way.back.${c.lang}.${stamp}@example.com`;

      // The purchase, as a guest.
      const page = await browser.context.newPage();
      const { errors } = watchPage(page, baseURL);
      await page.goto(new URL(`${c.prefix}/checkout/${plans[0]!.id}`, baseURL).href);
      await page.getByLabel(new RegExp(`^${c.checkout.contact.email}`)).fill(email);
      await page.getByLabel(c.checkout.card.number).pressSequentially('4242424242424242');
      await page.getByLabel(c.checkout.card.expiry).pressSequentially('1234');
      await page.getByLabel(c.checkout.card.cvc).fill('123');
      await page.getByTestId('pay-button').click();
      await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
      const orderNumber = (await page.getByTestId('order-details').innerText()).match(/ORD-[A-Z0-9]+/)?.[0];
      expect(orderNumber).toBeDefined();

      // 'Create an account with this e-mail': the register page with the address filled in.
      const create = page.getByRole('link', { name: c.checkout.success.createAccount });
      await create.click();
      await page.waitForURL((url) => url.pathname === `${c.prefix}/register`);
      await expect
        .poll(() =>
          page
            .getByRole('textbox', { name: /e-?mail|البريد/i })
            .first()
            .inputValue(),
        )
        .toBe(email);
      await page.close();
      expect(errors).toEqual([]);

      // Another browser, no cookies: Find my order on /support.
      const other = await launchBrowser({ viewport: { width: 390, height: 900 } });
      try {
        const phone = await other.context.newPage();
        const phoneWatch = watchPage(phone, baseURL);
        await phone.goto(new URL(`${c.prefix}/support#find-order`, baseURL).href);
        const form = phone.getByRole('heading', { name: c.esim.findOrder.title });
        await form.waitFor();
        expect(await phone.evaluate(() => document.documentElement.dir)).toBe(c.dir);
        const before = linkTokens(email).length;
        await phone
          .getByTestId('find-order')
          .getByLabel(new RegExp(`^${c.esim.findOrder.email}`))
          .fill(email);
        await phone
          .getByTestId('find-order')
          .getByLabel(new RegExp(`^${c.esim.findOrder.orderNumber}`))
          .fill(orderNumber!);
        await phone.getByTestId('find-order').getByRole('button', { name: c.esim.findOrder.submit }).click();
        await phone.getByText(c.esim.findOrder.sent).waitFor();
        expect(await axeCheck(phone)).toEqual([]);
        await screenshot(phone, `find-order-sent-${c.lang}-390`);

        // The e-mail it sent carries a new link; the link opens the eSIM's install details.
        const tokens = await waitFor(() => {
          const now = linkTokens(email);
          return now.length > before ? now : undefined;
        });
        await phone.goto(new URL(`${c.prefix}/esim-link?token=${encodeURIComponent(tokens.at(-1)!)}`, baseURL).href);
        const install = phone.getByTestId('esim-install-section');
        await install.waitFor({ timeout: 20_000 });
        expect(await install.innerText()).toMatch(/LPA:1\$/);
        expect(await axeCheck(phone)).toEqual([]);
        await screenshot(phone, `esim-link-${c.lang}-390`);
        expect(phoneWatch.errors).toEqual([]);

        // An unknown order answers the same, and sends nothing.
        const count = linkTokens(email).length;
        await phone.goto(new URL(`${c.prefix}/support#find-order`, baseURL).href);
        await phone
          .getByTestId('find-order')
          .getByLabel(new RegExp(`^${c.esim.findOrder.email}`))
          .fill(email);
        await phone
          .getByTestId('find-order')
          .getByLabel(new RegExp(`^${c.esim.findOrder.orderNumber}`))
          .fill('ORD-NOSUCHORDR');
        await phone.getByTestId('find-order').getByRole('button', { name: c.esim.findOrder.submit }).click();
        await phone.getByText(c.esim.findOrder.sent).waitFor();
        expect(linkTokens(email)).toHaveLength(count);
      } finally {
        await other.close();
      }
    });
  }
});

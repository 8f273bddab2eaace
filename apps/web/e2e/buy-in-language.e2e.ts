// Buying a plan entirely in Arabic and in Japanese, in Chromium against the built server: the
// traveller opens the language's URL, finds Japan by typing its name in that script, buys the
// first plan with the demo card, reads the success page in that language, and gets the order
// e-mail in that language (Arabic right to left) with the same composed plan name.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import arCheckout from '../../../packages/i18n/locales/ar/checkout.json' with { type: 'json' };
import jaCheckout from '../../../packages/i18n/locales/ja/checkout.json' with { type: 'json' };
import { leaves, parseMime } from '../../../packages/api/test/providers/eml.ts';
import { sharedBrowser } from './audit.ts';
import { axeCheck, screenshot, waitFor, watchPage } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir } = await fileServer();
const stamp = Date.now().toString(36);

/** The outbox's messages as parsed MIME, with the raw text kept for address matching. */
function outbox(): { raw: string; html: string; text: string; subject: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((f) => {
    const raw = readFileSync(join(outboxDir, f), 'utf8');
    const parts = leaves(parseMime(raw));
    const of = (type: string) =>
      parts
        .filter((p) => (p.headers.get('content-type') ?? '').toLowerCase().startsWith(type))
        .map((p) => p.body.toString('utf8'))
        .join('\n');
    return { raw, html: of('text/html'), text: of('text/plain'), subject: parseMime(raw).headers.get('subject') ?? '' };
  });
}

const CASES = [
  { lang: 'ar', dir: 'rtl', query: 'اليابان', japan: 'اليابان', texts: arCheckout },
  { lang: 'ja', dir: 'ltr', query: '日本', japan: '日本', texts: jaCheckout },
] as const;

describe('buying entirely in one language', () => {
  const browser = sharedBrowser();
  afterEach(async () => {
    await browser.context.clearCookies();
  });

  for (const c of CASES) {
    it(`${c.lang}: search in its script, checkout, success page and the e-mail in ${c.lang}`, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 390, height: 900 });
      const { errors } = watchPage(page, baseURL);
      try {
        await page.goto(new URL(`/${c.lang}/`, baseURL).href);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([c.lang, c.dir]);

        // Search Japan in the language's own script and pick it.
        await page.getByRole('searchbox').first().fill(c.query);
        await page
          .getByRole('button', { name: new RegExp(`^${c.japan}`) })
          .first()
          .click();
        const card = page.locator('#region-plans').getByRole('article').first();
        const heading = card.getByRole('heading');
        await heading.waitFor();
        const planName = (await heading.innerText()).trim();
        expect(planName.startsWith(c.japan)).toBe(true);
        expect(planName).not.toMatch(/Japan|Days?\b/);

        // Buy Now → checkout, still under the language's URL.
        await card.getByRole('link', { name: new RegExp(`${planName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
        await page.waitForURL(new RegExp(`/${c.lang}/checkout/\\d+$`));
        const summary = page.getByTestId('checkout-plan');
        await summary.waitFor();
        expect(await summary.getByTestId('checkout-plan-name').innerText()).toBe(planName);

        const email = `buyer.${c.lang}.${stamp}@example.com`;
        await page.getByLabel(new RegExp(`^${c.texts.contact.email}`)).fill(email);
        await page.getByLabel(c.texts.card.number).pressSequentially('4242424242424242');
        await page.getByLabel(c.texts.card.expiry).pressSequentially('1234');
        await page.getByLabel(c.texts.card.cvc).fill('123');
        expect(await axeCheck(page)).toEqual([]);
        await page.getByTestId('pay-button').click();

        // The success page, in the language, under its URL.
        await page.waitForURL((url) => url.pathname.startsWith(`/${c.lang}/order-success/`), { timeout: 30_000 });
        await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });
        await page.getByRole('heading', { level: 1, name: c.texts.success.title }).waitFor();
        expect(await page.getByTestId('order-details').innerText()).toContain(planName);
        expect(await axeCheck(page)).toEqual([]);
        await screenshot(page, `buy-in-${c.lang}-success-390`);

        // The e-mail: in the language, the same plan name, right to left for Arabic.
        const mail = await waitFor(() => outbox().find((m) => m.raw.includes(email)));
        expect(mail.html).toMatch(new RegExp(`<html[^>]*lang="${c.lang}"`));
        expect(mail.html).toMatch(new RegExp(`<html[^>]*dir="${c.dir}"`));
        expect(mail.html).toContain(planName);
        expect(mail.text).toContain(planName);
        expect(mail.text).not.toMatch(/Thank you for your order/);
      } catch (error) {
        // The page stays open for the failure's screenshot (sharedBrowser), with what it logged.
        console.error(`${c.lang}: the page was at ${page.url()}; it logged: ${JSON.stringify(errors)}`);
        throw error;
      }
      await page.close();
      expect(errors).toEqual([]);
    });
  }
});

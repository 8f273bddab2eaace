// Issue 31 in Chromium against the built server: a guest at 390 px, in English and in Arabic,
// opens the checkout, adds company details with a VAT ID in 'Buying for a business?', pays with
// the demo card, opens the invoice from the order's 'Manage your eSIM' link and finds the company
// and the VAT ID (verified: the server asks a VIES stand-in on this machine, answering as the
// Commission's REST API documents `POST /check-vat-number`), then prints (window.print stubbed to
// count the calls). axe on the checkout with the section open and on the invoice.
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import arBusiness from '../../../packages/i18n/locales/ar/checkout-business.json' with { type: 'json' };
import enBusiness from '../../../packages/i18n/locales/en/checkout-business.json' with { type: 'json' };
import arCheckout from '../../../packages/i18n/locales/ar/checkout.json' with { type: 'json' };
import enCheckout from '../../../packages/i18n/locales/en/checkout.json' with { type: 'json' };
import arInvoice from '../../../packages/i18n/locales/ar/invoice.json' with { type: 'json' };
import enInvoice from '../../../packages/i18n/locales/en/invoice.json' with { type: 'json' };
import { leaves, parseMime } from '../../../packages/api/test/providers/eml.ts';
import { checkWidths, sharedBrowser } from './audit.ts';
import { openRoute, repoRoot, screenshot, waitFor } from './browser.ts';
import { fileServer, freePort } from './shop-server.ts';

// The VIES stand-in (providers/vat/vies.ts's contract): DE123456789 is known, anything else is not.
const asked: string[] = [];
const vies = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (c: Buffer) => {
    body += c.toString('utf8');
  });
  req.on('end', () => {
    const q = JSON.parse(body || '{}') as { countryCode?: string; vatNumber?: string };
    asked.push(`${q.countryCode}${q.vatNumber}`);
    res.writeHead(req.url === '/check-vat-number' && req.method === 'POST' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        countryCode: q.countryCode,
        vatNumber: q.vatNumber,
        requestDate: new Date().toISOString(),
        valid: q.countryCode === 'DE' && q.vatNumber === '123456789',
        name: '---',
        address: '---',
      }),
    );
  });
});
const viesPort = await freePort();
await new Promise<void>((r) => vies.listen(viesPort, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => vies.close(() => r())));

const { baseURL, outboxDir, databaseUrl } = await fileServer({ VIES_CHECK: '1', VIES_URL: `http://127.0.0.1:${viesPort}` });
const stamp = Date.now().toString(36);

/** The 'Manage your eSIM' link's token in the outbox's mail to `email`. */
function linkToken(email: string): string | undefined {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return undefined;
  }
  for (const f of files) {
    const raw = readFileSync(join(outboxDir, f), 'utf8');
    if (!raw.includes(email)) continue;
    const text = leaves(parseMime(raw))
      .map((p) => p.body.toString('utf8'))
      .join('\n');
    const m = /esim-link\?token=([A-Za-z0-9_%-]+)/.exec(text);
    if (m) return decodeURIComponent(m[1]!);
  }
  return undefined;
}

/** Rows of the shop's database (the server's SQLite file), read-only. */
function query<T>(sqlText: string, ...params: unknown[]): T[] {
  const Database = createRequire(join(repoRoot, 'packages/db/package.json'))('better-sqlite3') as new (
    file: string,
    opts: { readonly: boolean },
  ) => { prepare(s: string): { all(...p: unknown[]): T[] }; close(): void };
  const db = new Database(databaseUrl.replace(/^file:/, ''), { readonly: true });
  try {
    return db.prepare(sqlText).all(...params);
  } finally {
    db.close();
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CASES = [
  { lang: 'en', dir: 'ltr', prefix: '', business: enBusiness, checkout: enCheckout, invoice: enInvoice },
  { lang: 'ar', dir: 'rtl', prefix: '/ar', business: arBusiness, checkout: arCheckout, invoice: arInvoice },
] as const;

describe('issue 31: company details at checkout reach the VAT invoice', () => {
  const browser = sharedBrowser();

  for (const c of CASES) {
    it(`${c.lang} at 390 px: a guest adds the company and a VAT ID at checkout, pays, and prints the invoice that shows them`, async () => {
      const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
      const japan = regions.find((r) => r.code === 'JP')!;
      const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
      const email = `business.${c.lang}.${stamp}@example.com`;
      const { page, errors } = await openRoute(browser, baseURL, `${c.prefix}/checkout/${plans[0]!.id}`, { width: 390, lang: c.lang });
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([c.lang, c.dir]);

      // Collapsed until asked for.
      const toggle = page.getByTestId('business-toggle');
      expect(await toggle.innerText()).toBe(c.business.toggle);
      expect(await page.getByLabel(new RegExp(`^${escape(c.business.company)}`)).count()).toBe(0);
      await toggle.click();
      const form = page.getByTestId('business-form');
      await form.getByLabel(new RegExp(`^${escape(c.business.company)}`)).fill('Reise GmbH');
      await form.getByLabel(new RegExp(`^${escape(c.business.address)}`)).fill('Hauptstraße 1\n10115 Berlin');
      await form.getByLabel(new RegExp(`^${escape(c.business.country)}`)).selectOption('DE');
      // A German ID in the wrong format is refused by the form before anything is sent.
      await form.getByLabel(c.business.vatIdOptional).fill('DE 12345');
      await form.getByRole('button', { name: c.business.apply }).click();
      await form.getByText(c.business.errors.vatId).waitFor();
      await form.getByLabel(c.business.vatIdOptional).fill('DE 123 456 789');
      await form.getByRole('button', { name: c.business.apply }).click();
      const summary = page.getByTestId('business-summary');
      await summary.waitFor();
      expect(await summary.innerText()).toContain('Reise GmbH');

      await page.getByLabel(new RegExp(`^${escape(c.checkout.contact.email)}`)).fill(email);
      await page.getByLabel(c.checkout.card.number).pressSequentially('4242424242424242');
      await page.getByLabel(c.checkout.card.expiry).pressSequentially('1234');
      await page.getByLabel(c.checkout.card.cvc).fill('123');
      await checkWidths(page, `checkout-business-${c.lang}`, { widths: [390], label: `checkout with company details (${c.lang})` });
      await screenshot(page, `checkout-business-${c.lang}-390`);
      await page.getByTestId('pay-button').click();
      await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });

      // Stored with the order; VIES asked after it, off the sale's path: verified.
      const order = query<{ public_id: string; status: string }>('select public_id, status from orders where email = ?', email)[0]!;
      await expect
        .poll(
          () =>
            query<{ vat_status: string }>(
              'select b.vat_status from invoice_buyers b join orders o on o.id = b.order_id where o.email = ?',
              email,
            )[0]?.vat_status,
        )
        .toBe('valid');
      expect(asked).toContain('DE123456789');

      // The invoice, from the order's link: the company and its VAT ID, in the order's language.
      const token = await waitFor(() => linkToken(email), 20_000);
      await page.goto(new URL(`${c.prefix}/esim-link?token=${encodeURIComponent(token)}&view=invoice`, baseURL).href);
      await page.getByTestId('invoice').waitFor();
      expect(await page.getByTestId('invoice').getAttribute('lang')).toBe(c.lang);
      expect(await page.getByTestId('invoice').innerText()).toContain(order.public_id);
      const buyer = await page.getByTestId('invoice-buyer').innerText();
      expect(buyer).toContain('Reise GmbH');
      expect(buyer).toContain('Hauptstraße 1');
      expect(await page.getByTestId('invoice-vat-id').innerText()).toBe(`${c.invoice.vatId}: DE123456789 (${c.invoice.vatStatus.valid})`);

      // Print: the browser's dialog, stubbed to count the calls.
      await page.evaluate(() => {
        const w = window as unknown as { printed: number; print: () => void };
        w.printed = 0;
        w.print = () => {
          w.printed++;
        };
      });
      await page.getByTestId('print-invoice').click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await checkWidths(page, `checkout-business-invoice-${c.lang}`, { widths: [390], label: `invoice with company details (${c.lang})` });
      await screenshot(page, `checkout-business-invoice-${c.lang}-390`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

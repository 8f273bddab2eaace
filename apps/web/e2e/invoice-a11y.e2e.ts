// Issue 31 in Chromium against the built server: the accessibility statement in English and Arabic
// (axe, no sideways scrolling, at 1280 and 390 px), reached from the footer; a barrier reported
// through its form arrives as a support message; and a guest's VAT invoice, reached from the
// order's 'Manage your eSIM' link, gets the traveller's company and VAT ID and prints (print CSS:
// the documents alone; Chromium's own PDF of the printed page) and downloads as the server's PDF
// (read back: the invoice number and the VAT ID), audited in English and Arabic.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import arA11y from '../../../packages/i18n/locales/ar/accessibility.json' with { type: 'json' };
import enA11y from '../../../packages/i18n/locales/en/accessibility.json' with { type: 'json' };
import enCheckout from '../../../packages/i18n/locales/en/checkout.json' with { type: 'json' };
import enInvoice from '../../../packages/i18n/locales/en/invoice.json' with { type: 'json' };
import arInvoice from '../../../packages/i18n/locales/ar/invoice.json' with { type: 'json' };
import { leaves, parseMime } from '../../../packages/api/test/providers/eml.ts';
import { pdfText } from '../../../packages/api/test/pdf-text.ts';
import { auditPage, checkWidths, sharedBrowser } from './audit.ts';
import { openRoute, screenshot, waitFor } from './browser.ts';
import { fileServer } from './shop-server.ts';

const { baseURL, outboxDir, databaseUrl } = await fileServer();
const stamp = Date.now().toString(36);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

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

describe('issue 31: the accessibility statement and the VAT invoice', () => {
  const browser = sharedBrowser();

  it('/accessibility in English and Arabic: from the footer, the standard, the testing, the review date; axe at 1280 and 390 px', async () => {
    const { page } = await openRoute(browser, baseURL, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
    await page.waitForURL((u) => u.pathname === '/accessibility');
    await page.getByRole('heading', { level: 1, name: enA11y.title }).waitFor();
    const text = await page.locator('main').innerText();
    for (const part of ['WCAG) 2.2 at level AA', 'Chromium', 'no checks with a screen reader', 'Last reviewed November 28, 2026', 'globe'])
      expect(text).toContain(part);
    expect(text).toMatch(/runs \d+ page audits in \d+ browser test files with axe-core/);
    await page.close();

    await auditPage(browser, baseURL, '/accessibility', 'accessibility', { widths: [1280, 390] });
    const ar = await openRoute(browser, baseURL, '/ar/accessibility');
    await ar.page.getByRole('heading', { level: 1, name: arA11y.title }).waitFor();
    expect(await ar.page.locator('main').innerText()).toContain(arA11y.report.heading);
    await ar.page.close();
  });

  it('reporting a barrier: required fields first, then the report reaches support as a message', async () => {
    const { page, errors } = await openRoute(browser, baseURL, '/accessibility');
    const form = page.getByTestId('barrier-form');
    await form.getByRole('button', { name: enA11y.report.submit }).click();
    await expect.poll(() => form.getByText(enA11y.report.errors.required).count()).toBe(4);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    const email = `barrier.${stamp}@example.com`;
    await form.getByLabel(enA11y.report.name).fill('Ada Reporter');
    await form.getByLabel(enA11y.report.email).fill(email);
    await form.getByLabel(enA11y.report.page).fill('Coverage globe');
    await form.getByLabel(enA11y.report.problem).fill('The globe cannot be reached with the keyboard.');
    await form.getByLabel(enA11y.report.assistive).fill('NVDA 2025 on Firefox');
    await form.getByRole('button', { name: enA11y.report.submit }).click();
    await page.getByTestId('barrier-sent').waitFor();
    const rows = query<{ subject: string; message: string }>('select subject, message from contact_messages where email = ?', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Accessibility barrier: Coverage globe');
    expect(rows[0]!.message).toContain('Assistive technology: NVDA 2025 on Firefox');
    expect(rows[0]!.message).toContain('The globe cannot be reached with the keyboard.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a guest’s VAT invoice: from the order link, company and VAT ID added, printed; English and Arabic at 1280 and 390 px', async () => {
    const regions = (await (await fetch(`${baseURL}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${baseURL}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
    const email = `invoice.${stamp}@example.com`;
    const { page, errors } = await openRoute(browser, baseURL, `/checkout/${plans[0]!.id}`);
    await page.getByLabel(new RegExp(`^${enCheckout.contact.email}`)).fill(email);
    await page.getByLabel(enCheckout.card.number).pressSequentially('4242424242424242');
    await page.getByLabel(enCheckout.card.expiry).pressSequentially('1234');
    await page.getByLabel(enCheckout.card.cvc).fill('123');
    await page.getByTestId('pay-button').click();
    await page.getByTestId('order-ready').waitFor({ timeout: 30_000 });

    const token = await waitFor(() => linkToken(email), 20_000);
    await page.goto(new URL(`/esim-link?token=${encodeURIComponent(token)}`, baseURL).href);
    await page.getByTestId('esim-link-invoice').click();
    await page.getByTestId('invoice').waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('invoice');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(enInvoice.title);
    expect(await page.getByTestId('invoice-number').innerText()).toMatch(/^INV-\d{6}$/);
    const totals = await page.getByTestId('invoice-totals').innerText();
    expect(totals).toContain('20%');

    // Business details: a German VAT ID in the wrong format is refused; the right one is saved,
    // and with VIES not configured the invoice says it was not verified.
    await page.getByTestId('business-open').click();
    const form = page.getByTestId('business-form');
    await form.getByLabel(enInvoice.business.company).fill('Reise GmbH');
    await form.getByLabel(enInvoice.business.address).fill('Hauptstraße 1\n10115 Berlin');
    await form.getByLabel(enInvoice.business.country).selectOption('DE');
    await form.getByLabel(enInvoice.business.vatIdOptional).fill('DE 12345');
    await form.getByRole('button', { name: enInvoice.business.save }).click();
    await form.getByText(enInvoice.business.errors.vatId).waitFor();
    await form.getByLabel(enInvoice.business.vatIdOptional).fill('DE 123 456 789');
    await form.getByRole('button', { name: enInvoice.business.save }).click();
    await page.getByTestId('business-saved').waitFor();
    expect(await page.getByTestId('invoice-vat-id').innerText()).toBe(
      `${enInvoice.vatId}: DE123456789 (${enInvoice.vatStatus.not_checked})`,
    );
    expect(await page.getByTestId('invoice-buyer').innerText()).toContain('Reise GmbH');

    // Printed: the documents alone (the button, the business form and the site's frame hidden).
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print-invoice').isVisible()).toBe(false);
    expect(await page.getByTestId('download-invoice-pdf').isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: enInvoice.business.heading }).isVisible()).toBe(false);
    expect(await page.getByTestId('invoice').isVisible()).toBe(true);
    await screenshot(page, 'invoice-print');
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });
    await page.getByTestId('download-invoice-pdf').waitFor();

    // 'Download PDF': the server's PDF of the invoice, in the order's language, with the VAT ID.
    const number = await page.getByTestId('invoice-number').innerText();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-invoice-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const read = await pdfText(new Uint8Array(file));
    expect(read.text).toContain(number);
    expect(read.text).toContain('DE123456789');
    // A server that cannot make the PDF: a message on the page, no error saved as a '.pdf' file.
    await page.route('**/api/invoices/*/pdf*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"PDF_UNAVAILABLE","message":"x"}}' }),
    );
    await page.getByTestId('download-invoice-pdf').click();
    expect(await page.getByTestId('pdf-failed').innerText()).toBe(enInvoice.pdf.failed);
    await page.unroute('**/api/invoices/*/pdf*');
    // The browser logs the refused fetch on the console: that one is expected.
    const unexpected = errors.filter((e) => !/^console: Failed to load resource: .*503/.test(e));
    errors.splice(0, errors.length, ...unexpected);
    await checkWidths(page, 'invoice', { widths: [1280, 390], label: '/invoice (en)' });
    expect(errors).toEqual([]);

    // Arabic: the page's frame in Arabic, right to left; the document stays in the order's language.
    await page.evaluate(() => localStorage.setItem('preferredLanguage', 'ar'));
    await page.goto(new URL(`/ar/esim-link?token=${encodeURIComponent(token)}&view=invoice`, baseURL).href);
    await page.getByTestId('invoice').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: arInvoice.print }).waitFor();
    expect(await page.getByTestId('invoice').getAttribute('lang')).toBe('en');
    await checkWidths(page, 'invoice-rtl', { widths: [1280, 390], label: '/ar/esim-link?view=invoice' });
    await page.close();
  });
});

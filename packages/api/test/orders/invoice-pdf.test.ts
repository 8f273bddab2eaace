// The invoice and credit-note PDFs (issue 31): rendered from getInvoice's frozen facts in the
// order's language, read back with pdf.js as a reader's copy or search would: the invoice number,
// the VAT total (the shop's money formatter), the buyer's VAT ID with 'not verified' in the
// document's language, the seller's VAT number; Arabic words in logical order after the bidi
// reordering and shaping; Japanese and Chinese glyphs as text (no missing-glyph boxes: the
// characters come back). Also the pure line layout (domain/pdf-lines.ts) as a table.
import { describe, expect, it } from 'vitest';
import arInvoice from '@esim/i18n/locales/ar/invoice.json';
import enInvoice from '@esim/i18n/locales/en/invoice.json';
import jaInvoice from '@esim/i18n/locales/ja/invoice.json';
import zhInvoice from '@esim/i18n/locales/zh/invoice.json';
import { fakeViesChecker } from '../../src/providers/vat/vies.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { visualRuns } from '../../src/domain/pdf-lines.ts';
import { invoicePdf, loadedPdfFonts, renderInvoicePdf } from '../../src/services/orders/invoice-pdf.ts';
import { getInvoice } from '../../src/services/orders/invoice-views.ts';
import { issueEsimLink } from '../../src/services/esims/esim-links.ts';
import { makeAdmin } from '../rig.ts';
import { account, createOrdersRig } from './rig.ts';
import { buy, signedIn } from '../rewards/rig.ts';
import { pdfText } from '../pdf-text.ts';

/** What an extractor gives for a formatted string: no bidi marks, ordinary spaces. */
const plain = (s: string) => s.replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '').replace(/[\u00a0\u202f]/g, ' ');
/**
 * Lines joined, brackets left out: pdf.js does not mirror brackets back after reversing a
 * right-to-left line (the page shows '(…)' correctly; a copy reads ')…(').
 */
const squash = (s: string) =>
  plain(s)
    .replace(/[|()（）]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('visualRuns: one line in visual order, per font', () => {
  const font = (cp: number) => (cp >= 0x600 && cp <= 0x6ff ? 'A' : cp === 0x2603 ? null : 'L');
  it.each([
    ['plain left to right', 'Total 12', 'ltr', [['Total 12', 'L', false]]],
    // The Arabic run goes to the shaper in logical order (fontkit reverses Arabic itself); the
    // number, a left-to-right run, is placed first (leftmost) in a right-to-left line.
    [
      'Arabic label then a number, right to left',
      'رقم 42',
      'rtl',
      [
        ['42', 'L', false],
        ['رقم ', 'A', true],
      ],
    ],
    [
      'an isolate keeps an ID whole',
      'رقم \u2066INV-000001\u2069',
      'rtl',
      [
        ['INV-000001', 'L', false],
        ['رقم ', 'A', true],
      ],
    ],
    // Neutral characters at a right-to-left level are reversed and mirrored here: '(' and ')' trade places.
    [
      'brackets at a right-to-left level',
      'أ (ب)',
      'rtl',
      [
        ['(', 'L', true],
        ['ب', 'A', true],
        [')', 'L', true],
        ['أ ', 'A', true],
      ],
    ],
    [
      'a label, a colon, brackets and a Latin word',
      'الرقم: (ب) x',
      'rtl',
      [
        ['x', 'L', false],
        [' (', 'L', true],
        ['ب', 'A', true],
        [') :', 'L', true],
        ['الرقم', 'A', true],
      ],
    ],
    ['bidi marks dropped, a character no font has left out', 'a\u200f \u2603b', 'ltr', [['a b', 'L', false]]],
    [
      'Arabic inside an English line',
      'Paid: دفع',
      'ltr',
      [
        ['Paid: ', 'L', false],
        ['دفع', 'A', true],
      ],
    ],
  ] as const)('%s', (_name, text, base, expected) => {
    expect(visualRuns(text, base, font).map((r) => [r.text, r.font, r.rtl])).toEqual(expected);
  });
});

async function paidInvoice(language: 'en' | 'ar' | 'ja' | 'zh', viesDown = true) {
  const rig = await createOrdersRig();
  rig.services.vatIds = fakeViesChecker({ valid: [] });
  (rig.services.vatIds as ReturnType<typeof fakeViesChecker>).down = viesDown;
  const { browser, userId } = await signedIn(rig);
  const intent = await buy(rig, browser, rig.plans.japan5.id);
  await rig.db.updateTable('orders').set({ locale: language }).where('public_id', '=', intent.orderId).execute();
  const api = await browser.caller();
  await api.invoices.saveBuyer({
    ref: { orderId: intent.orderId },
    buyer: { companyName: 'Reise GmbH', address: 'Hauptstr. 1\n10115 Berlin', country: 'DE', vatId: 'DE123456789' },
  });
  return { rig, browser, userId, intent, access: { userId, orderId: intent.orderId } };
}

describe('the invoice PDF, read back', () => {
  it.each([
    ['en', enInvoice, ['VAT invoice', 'Invoice number', 'VAT number', 'Customer'.toUpperCase()]],
    ['ar', arInvoice, ['رقم الفاتورة', 'الرقم الضريبي', 'البائع', 'العميل', 'تاريخ الإصدار']],
    ['ja', jaInvoice, ['請求書番号', '販売者', 'お客様', '発行日']],
    ['zh', zhInvoice, ['发票编号', '销售方', '客户', '开具日期', '增值税号']],
  ] as const)(
    '%s: number, VAT total, buyer VAT ID (not verified), seller VAT number, the labels as text',
    async (lang, t, words) => {
      const { rig, access } = await paidInvoice(lang);
      try {
        const inv = await getInvoice(rig.db, access);
        const started = performance.now();
        const pdf = await invoicePdf(rig.db, access, { kind: 'invoice' });
        const ms = performance.now() - started;
        const again = performance.now();
        await invoicePdf(rig.db, access, { kind: 'invoice' });
        const msWarm = performance.now() - again;
        console.info(
          `[invoice-pdf] ${lang}: ${pdf.bytes.byteLength} bytes, first ${ms.toFixed(0)} ms (fonts: ${loadedPdfFonts().join(', ')}), then ${msWarm.toFixed(0)} ms`,
        );

        expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
        expect(pdf.filename).toBe(`invoice-${inv.number}.pdf`);
        const read = await pdfText(pdf.bytes);
        expect(read.pages).toBe(1);
        expect(read.title).toBe(`${t.title} ${inv.number}`);
        const text = plain(read.text);
        expect(text).toContain(inv.number);
        expect(text).toContain(inv.orderId);
        expect(inv.totals.vatMinor).toBe(333);
        expect(text).toContain(plain(formatMoney(inv.totals.vatMinor, 'USD', lang)));
        expect(text).toContain(plain(formatMoney(inv.totals.grossMinor, 'USD', lang)));
        expect(text).toContain('DE123456789');
        expect(inv.seller.vatNumber).not.toBe('');
        expect(text).toContain(inv.seller.vatNumber);
        for (const w of words) expect(text).toContain(w);
        // 'not verified' (VIES could not be reached), in the document's language (may wrap: compare without line breaks).
        expect(squash(read.text)).toContain(squash(t.vatStatus.unverified));
        // No replacement or control characters: every glyph maps back to text.
        expect(read.text).not.toMatch(/[\u0000-\u0008\u000e-\u001f\ufffd]/);
      } finally {
        await rig.close();
      }
    },
    60_000,
  );

  it('a credit note after a refund: its own number, the invoice it credits, the amounts as negatives', async () => {
    const { rig, access, intent } = await paidInvoice('en', false);
    try {
      const admin = rig.browser();
      await (await admin.caller()).auth.register(account({ username: 'owner_admin', email: 'owner@shop.example' }));
      await makeAdmin(rig.db, 'owner_admin', rig.clock.now);
      await (await admin.caller()).admin.orders.refund({ orderId: intent.orderId, amountMinor: 500, reason: 'Slow data' });
      const inv = await getInvoice(rig.db, access);
      expect(inv.creditNotes.map((n) => n.number)).toEqual(['CN-000001']);
      const pdf = await invoicePdf(rig.db, access, { kind: 'credit-note', number: 'CN-000001' });
      expect(pdf.filename).toBe('credit-note-CN-000001.pdf');
      const text = plain((await pdfText(pdf.bytes)).text);
      expect(text).toContain('Credit note');
      expect(text).toContain('CN-000001');
      expect(text).toContain(`Credits invoice ${inv.number}`);
      expect(text).toContain(`−${formatMoney(500, 'USD', 'en')}`);
      expect(text).toContain(`−${formatMoney(83, 'USD', 'en')}`);
      // The invoice itself now lists the credit note.
      expect(plain((await pdfText((await invoicePdf(rig.db, access, { kind: 'invoice' })).bytes)).text)).toContain('CN-000001');
      await expect(invoicePdf(rig.db, access, { kind: 'credit-note', number: 'CN-000099' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await rig.close();
    }
  }, 60_000);

  it("access follows the invoice page: a link holder, but only for the link's order; an unpaid order is a 409", async () => {
    const { rig, browser, intent } = await paidInvoice('en');
    try {
      const order = await rig.db.selectFrom('orders').select('id').where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
      const token = await issueEsimLink(rig.db, order.id, rig.clock.now);
      expect((await invoicePdf(rig.db, { token }, { kind: 'invoice' }, intent.orderId)).orderId).toBe(intent.orderId);
      await expect(invoicePdf(rig.db, { token }, { kind: 'invoice' }, 'ORD-OTHER')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const other = await signedIn(rig);
      await expect(invoicePdf(rig.db, { userId: other.userId, orderId: intent.orderId }, { kind: 'invoice' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      const unpaid = await (await browser.caller()).payments.createIntent({ planId: rig.plans.japan5.id });
      const me = await rig.db.selectFrom('orders').select('user_id').where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
      await expect(invoicePdf(rig.db, { userId: me.user_id!, orderId: unpaid.orderId }, { kind: 'invoice' })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
    } finally {
      await rig.close();
    }
  }, 60_000);
});

describe('scripts in free text', () => {
  it('a Hindi invoice for a Japanese company with an Arabic address: every script drawn (the characters come back)', async () => {
    const { rig, access } = await paidInvoice('en');
    try {
      const inv = await getInvoice(rig.db, access);
      const mixed = {
        ...inv,
        language: 'hi',
        buyer: { ...inv.buyer, business: { ...inv.buyer.business!, companyName: '東京トラベル株式会社', address: 'شارع الملك فهد' } },
      };
      const text = plain((await pdfText(await renderInvoicePdf(mixed, { kind: 'invoice' }))).text);
      expect(text).toContain('東京トラベル株式会社');
      expect(text).toContain('شارع الملك فهد');
      expect(text).toContain('इनवॉइस');
    } finally {
      await rig.close();
    }
  }, 60_000);
});

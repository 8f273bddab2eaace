// Invoices and credit notes as steps of the order's life (issue 31): an invoice is issued in the
// write transaction that marks the order paid (claim.ts, and a renewal inserted already paid), a
// credit note in the transaction that completes a refund (refunds.ts finishRefund). Neither writes
// orders.status: transition() stays its one writer.
//
// Numbers are gap-free per series: takeNumber() is `UPDATE document_counters SET next_number =
// next_number + 1 WHERE series = ? RETURNING next_number`, inside the caller's transaction. The
// UPDATE locks the counter row until that transaction ends (SQLite: the write lock BEGIN IMMEDIATE
// took; PostgreSQL: the row lock, so a second instance's paid transaction waits for the first one's
// commit or rollback), so two orders never get one number, and a transaction that rolls back takes
// its number back with it: the numbers that exist are exactly 1…n.
//
// What an invoice says is frozen at issue: the customer's country and the VAT rate from the table
// of that moment, the seller's facts, the amounts. A later change of the table or the configuration
// never alters an issued invoice (invoice-views.ts only reads these columns).
import type { Db } from '@esim/db';
import { chooseVatRate } from '../../domain/invoices.ts';
import type { InvoiceConfig, ShopConfig } from '../types.ts';

/** Brand-neutral defaults (env.ts INVOICE_*, VAT_RATES): a UK company registered for VAT in the UK only. */
export const DEFAULT_INVOICE_CONFIG: InvoiceConfig = {
  seller: {
    companyName: 'eSIM Shop Ltd',
    companyNumber: '00000000',
    vatNumber: 'GB000000000',
    address: ['1 Example Street', 'London', 'EC1A 1AA', 'United Kingdom'],
  },
  vatRates: { GB: 2000 },
  defaultCountry: 'GB',
};

export function invoiceConfig(config: ShopConfig): InvoiceConfig {
  return config.invoice ?? DEFAULT_INVOICE_CONFIG;
}

/** The next number of a series, in the caller's write transaction (see the top of the file). */
export async function takeNumber(trx: Db, series: 'INV' | 'CN'): Promise<number> {
  const row = await trx
    .updateTable('document_counters')
    .set((eb) => ({ next_number: eb('next_number', '+', 1) }))
    .where('series', '=', series)
    .returning('next_number')
    .executeTakeFirstOrThrow();
  return row.next_number - 1;
}

/**
 * The order's invoice, issued once: call it in the transaction that has just moved the order to
 * 'paid'. An order that has one already keeps it (no number is taken).
 */
export async function issueInvoice(trx: Db, config: ShopConfig, orderId: number, at: string): Promise<number | null> {
  const existing = await trx.selectFrom('invoices').select('number').where('order_id', '=', orderId).executeTakeFirst();
  if (existing) return existing.number;
  const order = await trx
    .selectFrom('orders as o')
    .leftJoin('invoice_buyers as b', 'b.order_id', 'o.id')
    .select(['o.currency', 'o.total_amount_minor', 'o.points_discount_minor', 'b.country'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const cfg = invoiceConfig(config);
  const rate = chooseVatRate(cfg.vatRates, cfg.seller, order.country ?? null, cfg.defaultCountry);
  const number = await takeNumber(trx, 'INV');
  await trx
    .insertInto('invoices')
    .values({
      order_id: orderId,
      number,
      issued_at: at,
      currency: order.currency,
      total_minor: order.total_amount_minor,
      points_discount_minor: Math.min(order.points_discount_minor, order.total_amount_minor),
      vat_country: rate.country,
      vat_rate_bp: rate.rateBp,
      vat_basis: rate.basis,
      seller_json: JSON.stringify(cfg.seller),
    })
    .execute();
  return number;
}

/**
 * The credit note of a completed refund, referencing the order's invoice: call it in the
 * transaction that marks the refund done. None for an order invoiced before invoices existed.
 */
export async function issueCreditNote(trx: Db, refundId: number, orderId: number, grossMinor: number, at: string): Promise<number | null> {
  const invoice = await trx.selectFrom('invoices').select('id').where('order_id', '=', orderId).executeTakeFirst();
  if (!invoice) return null;
  const existing = await trx.selectFrom('credit_notes').select('number').where('refund_id', '=', refundId).executeTakeFirst();
  if (existing) return existing.number;
  const number = await takeNumber(trx, 'CN');
  await trx
    .insertInto('credit_notes')
    .values({ refund_id: refundId, invoice_id: invoice.id, number, issued_at: at, gross_minor: grossMinor })
    .execute();
  return number;
}

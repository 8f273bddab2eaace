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
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@esim/db';
import { isSqlite } from '../shared/db-tx.ts';
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
 * The customer's country for VAT (their business details' country, else the default), the rate the
 * table gives it and on what basis, as SQL over `b` (invoice_buyers, left-joined): chooseVatRate's
 * rule (domain/invoices.ts), written once more in SQL so the invoice is one INSERT … SELECT.
 */
function vatColumns(cfg: InvoiceConfig) {
  const country = sql<string>`coalesce("b"."country", cast(${cfg.defaultCountry} as varchar(2)))`;
  const registered = cfg.seller.vatNumber.trim() === '' ? [] : Object.entries(cfg.vatRates);
  if (registered.length === 0) return { country, rate: sql<number>`0`, basis: sql<string>`'not_registered'` };
  const whens = sql.join(
    registered.map(([c, bp]) => sql`when cast(${c} as varchar(2)) then cast(${bp} as integer)`),
    sql` `,
  );
  const listed = sql.join(registered.map(([c]) => sql`cast(${c} as varchar(2))`));
  return {
    country,
    rate: sql<number>`case ${country} ${whens} else 0 end`,
    basis: sql<string>`case when ${country} in (${listed}) then 'registered' else 'not_registered' end`,
  };
}

/**
 * The order's invoice: call it in the transaction that has just moved the order to 'paid' (a move
 * made once per order; a second invoice would break invoices.order_id's uniqueness and roll the
 * transaction back, never leave a gap). Few statements, as it runs on every paid claim (issue 23's
 * round trips): PostgreSQL one (`WITH n AS (UPDATE document_counters … RETURNING) INSERT INTO
 * invoices SELECT … FROM orders, n`), SQLite two (the counter, then the INSERT … SELECT).
 */
export async function issueInvoice(trx: Db, config: ShopConfig, orderId: number, at: string): Promise<number> {
  const cfg = invoiceConfig(config);
  const vat = vatColumns(cfg);
  const seller = JSON.stringify(cfg.seller);
  const columns = sql`("order_id", "number", "issued_at", "currency", "total_minor", "points_discount_minor", "vat_country", "vat_rate_bp", "vat_basis", "seller_json")`;
  const values = (number: RawBuilder<number>, least: RawBuilder<number>) =>
    sql`select "o"."id", ${number}, cast(${at} as varchar(32)), "o"."currency", "o"."total_amount_minor", ${least},
      ${vat.country}, ${vat.rate}, ${vat.basis}, cast(${seller} as text)`;
  const discount = (fn: 'least' | 'min') => sql<number>`${sql.raw(fn)}("o"."points_discount_minor", "o"."total_amount_minor")`;
  if (!isSqlite(trx)) {
    const r = await sql<{
      number: number;
    }>`with "n" as (update "document_counters" set "next_number" = "next_number" + 1 where "series" = 'INV' returning "next_number" - 1 as "number")
      insert into "invoices" ${columns} ${values(sql`"n"."number"`, discount('least'))}
      from "orders" as "o" cross join "n" left join "invoice_buyers" as "b" on "b"."order_id" = "o"."id" where "o"."id" = ${orderId}
      returning "number"`.execute(trx);
    return r.rows[0]!.number;
  }
  const number = await takeNumber(trx, 'INV');
  await sql`insert into "invoices" ${columns} ${values(sql`${number}`, discount('min'))}
    from "orders" as "o" left join "invoice_buyers" as "b" on "b"."order_id" = "o"."id" where "o"."id" = ${orderId}`.execute(trx);
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

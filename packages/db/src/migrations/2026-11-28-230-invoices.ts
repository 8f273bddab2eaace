// Issue 31, "Receipts that are invoices": gap-free invoice and credit-note numbers, the VAT facts
// frozen when a document is issued, and the buyer's business details.
//   - document_counters: one row per series ('INV', 'CN'); the next number. Taken inside the write
//     transaction that marks the order paid (or the refund done) by an UPDATE … RETURNING, which
//     locks the row until commit, so numbers follow commits with no gap and no duplicate, with any
//     number of server instances on one database. A rolled-back payment rolls its number back too.
//   - invoices: one per paid order (order_id unique), its number, and what the document says that
//     must never change afterwards: the seller's facts, the customer's country, the VAT rate (basis
//     points) and basis, the currency and the gross amounts.
//   - credit_notes: one per completed refund (refund_id unique), referencing the invoice.
//   - invoice_buyers: a business traveller's company name, address, country and VAT ID, with what
//     the VIES check said.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('next_number', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('document_counters')
    .values([
      { series: 'INV', next_number: 1 },
      { series: 'CN', next_number: 1 },
    ])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // The plan's price and what rewards points paid of it (a discount line), minor units.
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('points_discount_minor', 'integer', (c) => c.notNull())
    .addColumn('vat_country', 'varchar(2)', (c) => c.notNull())
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    // 'registered' | 'not_registered' (0% with a note).
    .addColumn('vat_basis', 'varchar(16)', (c) => c.notNull())
    // JSON of the seller's facts (company name, number, VAT number, address) at issue.
    .addColumn('seller_json', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('credit_notes')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('refund_id', 'integer', (c) => c.notNull().unique().references('refunds.id'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id'))
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    // What went back to the customer, gross (tax-inclusive), in the invoice's currency.
    .addColumn('gross_minor', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_notes_invoice_idx').on('credit_notes').column('invoice_id').execute();

  await db.schema
    .createTable('invoice_buyers')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
    .addColumn('company_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('vat_id', 'varchar(24)')
    // 'valid' | 'invalid' | 'not_checked' | 'unverified' (VIES unreachable).
    .addColumn('vat_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('vat_checked_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_buyers').execute();
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('document_counters').execute();
}

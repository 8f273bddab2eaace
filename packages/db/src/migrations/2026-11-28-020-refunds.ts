// Refunds as rows (issue 23): one row per refund of an order — full or partial, by the traveller,
// the shop's owner or the system (an order that could not be delivered) — with what went back to the
// card, the points it took back and the cash it kept for points already spent. The row is written
// when the refund is claimed ('requested'), settled in points before the payment is refunded
// ('settled'), and finished once the payment service answered ('done'); a crash in between is
// resumed from the row (same amount, same idempotency key 'order:<id>:refund:<seq>').
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { type Kysely, sql } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // 1, 2, … per order: the payment's idempotency key is 'order:<public id>:refund:<seq>'.
    .addColumn('seq', 'integer', (c) => c.notNull())
    // 1: the whole order (it becomes 'refunded', its eSIM canceled); 0: a part of it (goodwill).
    .addColumn('full', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // The language of the person who caused it: the refund e-mail is written in it.
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    // The share of the card payment this refund settles: amount_minor + cash_deducted_minor.
    .addColumn('gross_minor', 'integer', (c) => c.notNull())
    // What goes back to the card.
    .addColumn('amount_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // Points taken back from the balance (purchase points and revoked achievements).
    .addColumn('points_taken', 'integer', (c) => c.notNull().defaultTo(0))
    // Points already spent, settled in cash instead: cash_deducted_minor kept for them.
    .addColumn('points_settled_in_cash', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cash_deducted_minor', 'integer', (c) => c.notNull().defaultTo(0))
    // Points that could be neither taken nor settled (a refund made at the payment provider, the
    // money gone already): recorded, never silently dropped.
    .addColumn('points_unsettled', 'integer', (c) => c.notNull().defaultTo(0))
    // Points spent on the order given back (a full refund).
    .addColumn('points_returned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_refund_id', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .addUniqueConstraint('refunds_order_seq_unique', ['order_id', 'seq'])
    .addCheckConstraint('refunds_actor_valid', sql`actor in ('traveller', 'owner', 'system')`)
    .addCheckConstraint('refunds_state_valid', sql`state in ('requested', 'settled', 'done')`)
    .addCheckConstraint('refunds_amounts_valid', sql`amount_minor >= 0 and cash_deducted_minor >= 0 and gross_minor >= 0`)
    .execute();
  // The dashboard's sums by day.
  await db.schema.createIndex('refunds_completed_idx').on('refunds').columns(['completed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
}

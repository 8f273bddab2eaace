// Issue 31: disputes and fraud with Stripe, and the renewal reminder.
//   orders.payment_hold  why provisioning waits although the order is paid: 'review' (a Radar
//                        manual review still open), 'refused' (the review closed without approval,
//                        or an early fraud warning: the order is never delivered). Null: no hold.
//                        Provisioning and the worker's due-work query skip held orders.
//   payment_risks        one row per Radar review, early fraud warning or dispute of an order's
//                        payment (unique on the Stripe object's id): its status and reason as last
//                        re-read, what the shop did (outcome), and for a dispute the points frozen
//                        and the eSIM suspended, so a redelivered event and a settlement act once.
//   subscription_reminders  the renewal reminder of one period of a subscription (unique on the
//                        subscription and the period's end), and the single-use cancel token's hash.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql, type Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_hold', 'varchar(16)').execute();
  await db.schema
    .createTable('payment_risks')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('kind', 'varchar(24)', (c) => c.notNull().check(sql`kind in ('review', 'early_fraud_warning', 'dispute')`))
    .addColumn('provider_ref', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('charge_id', 'varchar(255)')
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(64)')
    .addColumn('amount_minor', 'integer')
    .addColumn('currency', 'varchar(3)')
    .addColumn('outcome', 'varchar(32)')
    .addColumn('esim_action', 'varchar(32)')
    .addColumn('points_frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_short', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('payment_risks_order_idx').on('payment_risks').column('order_id').execute();
  await db.schema
    .createTable('subscription_reminders')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id'))
    .addColumn('period_end', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addUniqueConstraint('subscription_reminders_period_uq', ['subscription_id', 'period_end'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscription_reminders').execute();
  await db.schema.dropIndex('payment_risks_order_idx').execute();
  await db.schema.dropTable('payment_risks').execute();
  await db.schema.alterTable('orders').dropColumn('payment_hold').execute();
}

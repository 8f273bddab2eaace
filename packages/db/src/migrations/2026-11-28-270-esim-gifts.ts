// Issue 29 'Gift an eSIM': an uninstalled eSIM of an account given to someone by e-mail, once.
// One row per eSIM (unique esim_id: given once, ever). The claim link is 32 random bytes; only
// their SHA-256 is kept. status: 'scheduled' (waits for its delivery date) → 'sent' → 'claimed',
// or 'scheduled'/'sent' → 'refunded' (the buyer's refund before any claim). Moved only by
// services/gifts/gift-life.ts moveGift.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('esim_gifts')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('public_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('esim_id', 'integer', (c) => c.notNull().references('esims.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('giver_user_id', 'integer', (c) => c.notNull())
    .addColumn('recipient_email', 'varchar(320)', (c) => c.notNull())
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('locale', 'varchar(16)', (c) => c.notNull())
    .addColumn('deliver_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient_user_id', 'integer')
    .addColumn('recipient_link_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('claimed_at', 'varchar(32)')
    .addColumn('refunded_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('esim_gifts_esim_idx').on('esim_gifts').column('esim_id').unique().execute();
  await db.schema.createIndex('esim_gifts_public_idx').on('esim_gifts').column('public_id').unique().execute();
  await db.schema.createIndex('esim_gifts_token_idx').on('esim_gifts').column('token_hash').unique().execute();
  await db.schema.createIndex('esim_gifts_order_idx').on('esim_gifts').column('order_id').execute();
  await db.schema.createIndex('esim_gifts_due_idx').on('esim_gifts').columns(['status', 'deliver_at']).execute();
  await db.schema.createIndex('esim_gifts_recipient_idx').on('esim_gifts').column('recipient_user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('esim_gifts').execute();
}

// Issue 26: a refund asked for through a 'Manage your eSIM' link needs a one-time code e-mailed to
// the order's address. Only an HMAC of the code is stored; a code is single use, short-lived, and
// dies after a few wrong tries.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('refund_codes')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    // Set when the code was used, or replaced by a newer one, or tried wrongly too often.
    .addColumn('used_at', 'varchar(32)')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('refund_codes_order_idx').on('refund_codes').columns(['order_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refund_codes').execute();
}

// Issue 26: the 'Manage your eSIM' link. Every e-mail about an order carries a signed link to that
// order's eSIM page that works without an account: 32 random bytes in the link, only their SHA-256
// stored (like sessions). A link works until it is revoked (by the holder, who is sent a new one, or
// by the owner); the eSIM's own life bounds what the page can do.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('esim_links')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // Lowercase hex SHA-256 of the token in the link; the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    // Set when the link was revoked; a revoked link answers like an unknown one.
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('esim_links_token_unique').on('esim_links').column('token_hash').unique().execute();
  await db.schema.createIndex('esim_links_order_idx').on('esim_links').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('esim_links').execute();
}

// Issue 31: data rights. An account's deletion is confirmed by a link e-mailed to its address
// (one use, short-lived; only the newest works); every export and erasure is logged without the
// person's data (the account's id only), so the shop can show it answered a request.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_deletions')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('superseded_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('account_deletions_token_idx').on('account_deletions').column('token_hash').unique().execute();
  await db.schema.createIndex('account_deletions_user_idx').on('account_deletions').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('data_requests')
    .addColumn('id', 'integer', idColumn(db))
    // 'export' | 'erasure'
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // The account's id at the time (no foreign key: it outlives the account).
    .addColumn('subject_user_id', 'integer', (c) => c.notNull())
    // 'traveller' | 'owner'
    .addColumn('actor', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_requests').execute();
  await db.schema.dropTable('account_deletions').execute();
}

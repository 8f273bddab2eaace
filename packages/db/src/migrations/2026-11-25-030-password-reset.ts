// Password reset links; e-mail verification links that move an account to a new address; and a
// log of the account e-mails a request can trigger (reset links, "someone tried to use your
// address" notices, address-change links) so they can be limited per address and per client.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // 'verify' proves the account's current address; 'change' proves a new address the account
  // asked to move to (the account's address changes only when that link is opened).
  await db.schema
    .alterTable('email_verifications')
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull().defaultTo('verify'))
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The address the link was sent to (trimmed, lowercased): a link sent before the account's
    // address changed does not work.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // Lowercase hex SHA-256 of the token in the link; the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    // Set when the link was used to set a password.
    .addColumn('used_at', 'varchar(32)')
    // Set when a newer link was requested (only the latest link works).
    .addColumn('superseded_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('password_resets_token_unique').on('password_resets').column('token_hash').unique().execute();
  // The per-account cap and "end the older links" look at a user's recent links.
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('account_email_log')
    .addColumn('id', 'integer', idColumn(db))
    // 'password_reset' (a reset was requested), 'account_exists' (the owner was told that someone
    // tried to register with, or switch an account to, their address) or 'email_change' (an
    // account asked to move to another address).
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    // What the limit is per: the typed e-mail or username (folded), the owner's address, or
    // 'user:<id>' for an account's own requests.
    .addColumn('address_key', 'varchar(320)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_email_log_address_idx')
    .on('account_email_log')
    .columns(['kind', 'address_key', 'created_at'])
    .execute();
  await db.schema.createIndex('account_email_log_ip_idx').on('account_email_log').columns(['kind', 'ip', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_email_log').ifExists().execute();
  await db.schema.dropTable('password_resets').ifExists().execute();
  await db.schema.alterTable('email_verifications').dropColumn('purpose').execute();
}

// Accounts: users, their sessions (Lucia's guide: only the token's SHA-256 is stored),
// the DB-backed login throttle, and the login audit trail.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', idColumn(db))
    // As typed at registration (trimmed); shown in the header.
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    // username NFKC-folded and lowercased: uniqueness and sign-in are case-insensitive ("Alice" = "alice").
    // text, because NFKC may lengthen a name.
    .addColumn('username_key', 'text', (c) => c.notNull())
    // Stored trimmed and lowercased.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // argon2id PHC string ($argon2id$v=19$m=19456,t=2,p=1$…). Never leaves the server.
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(120)')
    // The content's other reading of registration: optional profile fields.
    .addColumn('first_name', 'varchar(80)')
    .addColumn('last_name', 'varchar(80)')
    .addColumn('mobile', 'varchar(32)')
    .addColumn('photo_url', 'varchar(2048)')
    .addColumn('travel_preferences', 'text')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('customer'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('users_role_valid', sql`role in ('customer', 'admin')`)
    .execute();
  await db.schema.createIndex('users_username_unique').on('users').column('username').unique().execute();
  await db.schema.createIndex('users_username_key_unique').on('users').column('username_key').unique().execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();

  await db.schema
    .createTable('sessions')
    // Lowercase hex SHA-256 of the cookie token; the token itself is never stored.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    // Start of the session, for the absolute maximum lifetime however often it slides.
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_throttle')
    // 'user:<username lowercased>' or 'ip:<address>'.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('login_throttle_failures_non_negative', sql`failures >= 0`)
    .execute();

  await db.schema
    .createTable('login_audit')
    .addColumn('id', 'integer', idColumn(db))
    // What was typed as the username (truncated); never the password.
    .addColumn('username_tried', 'varchar(200)', (c) => c.notNull())
    // No foreign key: the audit trail outlives deleted accounts.
    .addColumn('user_id', 'integer')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('outcome', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('login_audit_outcome_valid', sql`outcome in ('success', 'bad_credentials', 'throttled', 'invalid')`)
    .execute();
  await db.schema.createIndex('login_audit_created_at_idx').on('login_audit').column('created_at').execute();
  await db.schema.createIndex('login_audit_user_id_idx').on('login_audit').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_audit').ifExists().execute();
  await db.schema.dropTable('login_throttle').ifExists().execute();
  await db.schema.dropTable('sessions').ifExists().execute();
  await db.schema.dropTable('users').ifExists().execute();
}

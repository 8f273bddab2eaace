// Second factors and visible sessions (issue 27): TOTP secrets (RFC 6238, the last step used kept so
// a code cannot be replayed), passkeys (WebAuthn credentials: id, COSE public key, signature
// counter), one-use recovery codes (SHA-256 of each, the used ones marked), WebAuthn challenges
// (one use, short-lived), and per-session facts: when the second factor was last given (step-up,
// admin enforcement), last seen (idle expiry, the Sessions page), the address and the browser.
// Devices and addresses an account has signed in from are remembered so a new one is told by e-mail.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('second_factor_at', 'varchar(32)').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .execute();

  // When the admin behind an audit row last gave their second factor (a step-up before a sensitive change).
  await db.schema.alterTable('audit_log').addColumn('step_up_at', 'varchar(32)').execute();

  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The shared key, hex (20 random bytes).
    .addColumn('secret_hex', 'varchar(128)', (c) => c.notNull())
    // Set once a code from the authenticator app confirmed the enrolment; until then the row is a pending enrolment.
    .addColumn('confirmed_at', 'varchar(32)')
    // The last 30-second step a code was accepted for: that step and earlier ones are refused.
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_passkeys')
    // The credential id, base64url.
    .addColumn('id', 'varchar(1024)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The COSE public key, hex.
    .addColumn('public_key_hex', 'text', (c) => c.notNull())
    // COSE algorithm: -7 (ES256) or -257 (RS256).
    .addColumn('algorithm', 'integer', (c) => c.notNull())
    .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('user_passkeys_user_idx').on('user_passkeys').columns(['user_id']).execute();

  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 hex of the code (80 random bits each, so a fast hash is enough).
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('user_recovery_codes_unique', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('webauthn_challenges')
    // SHA-256 hex of the challenge.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // null: a sign-in with a passkey alone (the user is not known yet).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // 'register' | 'authenticate'
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'ip' or 'agent', and SHA-256 hex of the value.
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('value_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_seen_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('known_devices_unique', ['user_id', 'kind', 'value_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_passkeys').execute();
  await db.schema.dropTable('user_totp').execute();
  await db.schema.alterTable('audit_log').dropColumn('step_up_at').execute();
  for (const c of ['user_agent', 'ip', 'last_seen_at', 'second_factor_at']) {
    await db.schema.alterTable('sessions').dropColumn(c).execute();
  }
}

// E-mail verification: guest orders join an account only once its owner proves the address is
// theirs (a link sent to it), so registering with someone else's address shows nothing of theirs.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(32)').execute();
  // Accounts made before this migration already had their guest orders joined at registration:
  // they keep that standing.
  await sql`update users set email_verified_at = created_at`.execute(db);

  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The address the link proves (trimmed, lowercased): a link sent before an address change
    // does not verify the new address.
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // Lowercase hex SHA-256 of the token in the link; the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('email_verifications_token_unique').on('email_verifications').column('token_hash').unique().execute();
  // The resend limit looks at a user's latest link.
  await db.schema.createIndex('email_verifications_user_idx').on('email_verifications').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_verifications').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}

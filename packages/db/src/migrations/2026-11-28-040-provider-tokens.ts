// A wholesale provider's access token, shared by every process of the shop (server, workers, CLI):
// Airalo allows 3 token requests a minute and asks partners to cache the token until it expires.
// One row per provider; the process that refreshes it first takes the row's lease (lease_owner,
// lease_until), so only one asks at a time and the others wait for its answer.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('provider_tokens')
    .addColumn('provider', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_tokens').ifExists().execute();
}

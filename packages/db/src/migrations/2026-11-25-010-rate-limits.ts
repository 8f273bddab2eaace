// Request limits shared by every server process: fixed-window counters (one upsert per check,
// see packages/api/src/services/rate-limit.ts), pruned in the background by expiry; and an index
// so old login-throttle rows can be pruned the same way.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    // '<limit name>:<subject>', e.g. 'checkout:ip:203.0.113.7' or 'confirm:order:pi_demo_…'.
    .addColumn('key', 'text', (c) => c.notNull())
    // Start of the counter's window, in milliseconds since 1970 (UTC).
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    // When the row no longer matters (end of its window), in milliseconds since 1970; the pruner deletes past it.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['key', 'window_start'])
    .addCheckConstraint('rate_limit_counters_hits_non_negative', sql`hits >= 0`)
    .execute();
  await db.schema.createIndex('rate_limit_counters_expires_idx').on('rate_limit_counters').column('expires_at').execute();
  await db.schema.createIndex('login_throttle_updated_at_idx').on('login_throttle').column('updated_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_throttle_updated_at_idx').ifExists().execute();
  await db.schema.dropTable('rate_limit_counters').ifExists().execute();
}

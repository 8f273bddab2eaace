// login_audit: failed sign-ins are aggregated. Past a few rows per address, outcome and minute,
// the latest row counts further attempts in `attempts` instead of a row each
// (packages/api/src/services/login-audit.ts), so a flood of failed sign-ins cannot grow the table
// without bound. The index serves that per-address lookup.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('login_audit')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('login_audit_ip_created_at_idx').on('login_audit').columns(['ip', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_audit_ip_created_at_idx').ifExists().execute();
  await db.schema.alterTable('login_audit').dropColumn('attempts').execute();
}

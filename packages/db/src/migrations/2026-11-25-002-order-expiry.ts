// Orders left unpaid expire: 'expired' joins the orders_status_valid CHECK (an order not paid
// within PENDING_ORDER_TTL_HOURS; packages/api/src/services/order-expiry.ts). No index is added:
// the expiry sweep walks the primary key from a cursor, so an order's insert costs what it did.
// PostgreSQL drops and adds the constraint; SQLite cannot alter a CHECK, so the table is rebuilt
// (rebuildSqliteTable: rows, indexes, the id counter and foreign keys kept).
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres, rebuildSqliteTable } from './util.ts';

const STATUSES = ['pending_payment', 'payment_failed', 'paid', 'provisioning', 'fulfilled', 'refunded', 'canceled'];

function statusCheck(statuses: string[]): string {
  return `status in (${statuses.map((s) => `'${s}'`).join(', ')})`;
}

async function setStatusCheck(db: Kysely<any>, statuses: string[]): Promise<void> {
  const check = statusCheck(statuses);
  if (isPostgres(db)) {
    await sql`alter table orders drop constraint orders_status_valid`.execute(db);
    await sql`alter table orders add constraint orders_status_valid check (${sql.raw(check)})`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'orders', (create) => {
    const constraint = /constraint\s+"?orders_status_valid"?\s+check\s*\(\s*status\s+in\s*\([^)]*\)\s*\)/i;
    if (!constraint.test(create)) throw new Error('orders_status_valid not found in the orders table');
    return create.replace(constraint, `constraint "orders_status_valid" check (${check})`);
  });
}

export async function up(db: Kysely<any>): Promise<void> {
  await setStatusCheck(db, [...STATUSES, 'expired']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('orders').set({ status: 'canceled' }).where('status', '=', 'expired').execute();
  await setStatusCheck(db, STATUSES);
}

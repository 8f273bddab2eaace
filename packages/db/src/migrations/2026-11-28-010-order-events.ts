// The order's life as events (issue 23): every move of orders.status writes one row here, in the
// same transaction, through the one writer (packages/api/src/services/order-life/transition.ts).
// The admin timeline and the account's order history read it.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { type Kysely, sql } from 'kysely';
import { idColumn } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // Null only for the backfilled rows below: the state an order had before events were kept.
    .addColumn('from_status', 'varchar(24)')
    .addColumn('to_status', 'varchar(24)', (c) => c.notNull())
    // Who moved it: the traveller, the shop's owner (admin area), the system (worker, expiry), the
    // payment or eSIM provider (webhooks and their polled states).
    .addColumn('actor', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('order_events_actor_valid', sql`actor in ('traveller', 'owner', 'system', 'provider')`)
    .execute();
  // The timeline of one order, in order.
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

  // One row per order that has left 'pending_payment' already: where it stands, from an unknown
  // state, so every order's timeline ends in its current status. Its time is the order's last change.
  await sql`
    insert into order_events (order_id, from_status, to_status, actor, reason, created_at)
    select id, null, status, 'system', 'recorded when order events began', updated_at
    from orders where status <> 'pending_payment' order by id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_events').execute();
}

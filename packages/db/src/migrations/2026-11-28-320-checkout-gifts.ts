// Issue 29 'Gift an eSIM' at checkout: the buyer ticks 'This is a gift' before paying. The gift is
// kept with the pending order (checkout_gifts, one per order, written in the order's insert
// transaction); when the order is fulfilled, the eSIM's gift (esim_gifts, the give-later flow's
// row) is made from it in the fulfilment's transaction, so the buyer never holds the install details.
// A guest may buy a gift too: esim_gifts.giver_user_id becomes nullable (null: the order's guest).
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres, rebuildSqliteTable } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('checkout_gifts')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('recipient_email', 'varchar(320)', (c) => c.notNull())
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('locale', 'varchar(16)', (c) => c.notNull())
    // Null: as soon as the eSIM is delivered.
    .addColumn('deliver_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkout_gifts_order_idx').on('checkout_gifts').column('order_id').unique().execute();
  if (isPostgres(db)) {
    await sql`alter table esim_gifts alter column giver_user_id drop not null`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'esim_gifts', (create) => create.replace(/"giver_user_id" integer not null/, '"giver_user_id" integer'));
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('checkout_gifts').execute();
}

// The order's event written by the database with the move (issue 23): orders gains status_actor and
// status_reason, which the one writer (packages/api/src/services/order-life/transition.ts) sets in
// the same UPDATE as status. On SQLite a trigger on that UPDATE inserts the order_events row (from
// OLD.status, to NEW.status, the actor, the reason, NEW.updated_at), so a move is ONE statement (a
// conditional UPDATE … RETURNING, atomic on its own, or part of the caller's transaction) instead of
// BEGIN IMMEDIATE + INSERT … SELECT + UPDATE + COMMIT. It is a BEFORE trigger so that the UPDATE's
// RETURNING can read the event it wrote (RETURNING is computed before AFTER triggers run); it only
// inserts into order_events, never touches the orders row. PostgreSQL keeps its one statement
// (UPDATE and INSERT in CTEs), so it gets the columns (set by the same writer) but no trigger.
// An UPDATE of status that sets no actor (nothing in packages/api/src: test/order-status-writers)
// still gets its event, as 'system' with the reason below, rather than none.
// Frozen once landed: change the schema with a new migration, never by editing this file.
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './util.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('status_actor', 'varchar(16)').execute();
  await db.schema.alterTable('orders').addColumn('status_reason', 'text').execute();
  if (isPostgres(db)) return;
  await sql`
    create trigger orders_status_event before update of status on orders
    for each row begin
      insert into order_events (order_id, from_status, to_status, actor, reason, created_at)
      values (
        new.id, old.status, new.status,
        coalesce(new.status_actor, 'system'),
        coalesce(new.status_reason, 'status written without an actor'),
        new.updated_at
      );
    end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await sql`drop trigger if exists orders_status_event`.execute(db);
  await db.schema.alterTable('orders').dropColumn('status_reason').execute();
  await db.schema.alterTable('orders').dropColumn('status_actor').execute();
}

// A signed-in checkout that spends points first gives back the points of the user's orders that are
// over (canceled, expired or refunded) and have no release row yet (rewards-ledger.ts
// releaseStaleReservations). That lookup read every order of the user; this partial index holds only
// the orders it can find (points used, over), so it reads those alone. A checkout's insert of an
// order (pending, no points yet) writes no entry.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_points_to_release_idx')
    .on('orders')
    .column('user_id')
    // The same terms as the lookup's WHERE, so both databases can prove the index covers it.
    .where(sql<boolean>`points_used > 0 and status in ('canceled', 'expired', 'refunded')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_points_to_release_idx').execute();
}

// The points balance and lifetime points are sums over one user's ledger rows, read when a
// signed-in checkout spends points and when a paid order's purchase points are credited. The
// user's index gains the two columns those sums read (source, amount), so they come from the index
// alone instead of one table row per ledger row. It replaces the (user_id, created_at) index, whose
// leading columns it keeps (the history's newest-first listing uses them as before), so an insert
// still writes one index for the user.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('points_ledger_user_idx').execute();
  await db.schema
    .createIndex('points_ledger_user_idx')
    .on('points_ledger')
    .columns(['user_id', 'created_at', 'source', 'amount'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('points_ledger_user_idx').execute();
  await db.schema.createIndex('points_ledger_user_idx').on('points_ledger').columns(['user_id', 'created_at']).execute();
}

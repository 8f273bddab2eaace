// Indexes for the money side after the purchase, both partial (a checkout's insert of an ordinary
// order writes neither): refunds claimed and not finished (the fulfilment worker's scan), and the
// top-up and renewal orders of an eSIM.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_refund_claims_idx')
    .on('orders')
    .column('refund_requested_at')
    .where(sql.ref('refund_requested_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_topup_esim_idx')
    .on('orders')
    .column('topup_esim_id')
    .where(sql.ref('topup_esim_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_topup_esim_idx').execute();
  await db.schema.dropIndex('orders_refund_claims_idx').execute();
}

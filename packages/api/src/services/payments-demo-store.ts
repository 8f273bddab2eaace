// The demo payment provider's state in the database (DemoPaymentStore), so demo payments survive
// a restart like Stripe's do: the startup reconciliation asks the provider about pending orders
// and gets the same answers after a crash. Documents are stored as JSON.
import type { Db } from '@esim/db';
import type { DemoPaymentStore } from '../providers/payments/index.ts';
import type { DemoIntent, DemoSubscription } from '../domain/payments-demo.ts';

export function dbDemoStore(db: Db, now: () => Date = () => new Date()): DemoPaymentStore {
  return {
    async getIntent(id) {
      const row = await db.selectFrom('demo_payment_intents').select('data').where('id', '=', id).executeTakeFirst();
      return row ? (JSON.parse(row.data) as DemoIntent) : undefined;
    },
    async saveIntent(intent) {
      const data = JSON.stringify(intent);
      const updated_at = now().toISOString();
      await db
        .insertInto('demo_payment_intents')
        .values({ id: intent.id, data, updated_at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ data, updated_at }))
        .execute();
    },
    async getSubscription(id) {
      const row = await db.selectFrom('demo_subscriptions').select('data').where('id', '=', id).executeTakeFirst();
      return row ? (JSON.parse(row.data) as DemoSubscription) : undefined;
    },
    async saveSubscription(sub) {
      const data = JSON.stringify(sub);
      const updated_at = now().toISOString();
      await db
        .insertInto('demo_subscriptions')
        .values({ id: sub.id, data, updated_at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ data, updated_at }))
        .execute();
    },
    async getIdempotent(key) {
      const row = await db.selectFrom('demo_idempotency_keys').select('object_id').where('key', '=', key).executeTakeFirst();
      return row?.object_id;
    },
    async saveIdempotent(key, id) {
      await db
        .insertInto('demo_idempotency_keys')
        .values({ key, object_id: id, created_at: now().toISOString() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  };
}

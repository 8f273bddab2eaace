// The demo payment provider's state in the database (DemoPaymentStore), so demo payments survive
// a restart like Stripe's do: the startup reconciliation asks the provider about pending orders
// and gets the same answers after a crash. Documents are stored as JSON.
import { Statement, postgresFor, type Db } from '@esim/db';
import type { DemoPaymentStore } from '../../providers/payments/index.ts';
import type { DemoIntent, DemoSubscription } from '../../domain/payments-demo.ts';
import { writeTransaction } from '../shared/db-tx.ts';

// Every checkout runs these (bench/orders.mjs): SQL text kept once instead of built per call.
const GET_INTENT = new Statement<{ data: string }>('select "data" from "demo_payment_intents" where "id" = ?');
const SAVE_INTENT = new Statement(
  'insert into "demo_payment_intents" ("id", "data", "updated_at") values (?, ?, ?) ' +
    'on conflict ("id") do update set "data" = excluded."data", "updated_at" = excluded."updated_at"',
);
const GET_IDEMPOTENT = new Statement<{ object_id: string }>('select "object_id" from "demo_idempotency_keys" where "key" = ?');
const SAVE_IDEMPOTENT = new Statement(
  'insert into "demo_idempotency_keys" ("key", "object_id", "created_at") values (?, ?, ?) on conflict ("key") do nothing',
);

// PostgreSQL: the key and the intent in one statement. The intent is written only when this
// statement took the key; the answer is the id the key names (this intent's, or the earlier one's
// as this statement's snapshot sees it; null when a concurrent first use committed meanwhile).
const CREATE_ONCE_PG = new Statement<{ object_id: string | null }>(
  'with "k" as (insert into "demo_idempotency_keys" ("key", "object_id", "created_at") values (?, ?, ?) ' +
    'on conflict ("key") do nothing returning "object_id"), ' +
    '"i" as (insert into "demo_payment_intents" ("id", "data", "updated_at") select ?, ?, ? where exists (select 1 from "k")) ' +
    'select coalesce((select "object_id" from "k"), (select "object_id" from "demo_idempotency_keys" where "key" = ?)) as "object_id"',
);

export function dbDemoStore(db: Db, now: () => Date = () => new Date()): DemoPaymentStore {
  return {
    async getIntent(id) {
      const row = await GET_INTENT.first(db, [id]);
      return row ? (JSON.parse(row.data) as DemoIntent) : undefined;
    },
    async saveIntent(intent) {
      await SAVE_INTENT.execute(db, [intent.id, JSON.stringify(intent), now().toISOString()]);
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
      return (await GET_IDEMPOTENT.first(db, [key]))?.object_id;
    },
    async saveIdempotent(key, id) {
      await SAVE_IDEMPOTENT.execute(db, [key, id, now().toISOString()]);
    },
    async createIntentOnce(key, intent) {
      const at = now().toISOString();
      if (postgresFor(db)) {
        const row = await CREATE_ONCE_PG.first(db, [key, intent.id, at, intent.id, JSON.stringify(intent), at, key]);
        return row?.object_id ?? undefined;
      }
      // SQLite (in-process, no round trips): the key and its intent in one write transaction, so a
      // crash can never leave a key naming no intent (the crash-kill test found that window when
      // they were two statements: the retried checkout got 'No such payment_intent'); a second use
      // of the key writes nothing and answers the first intent's id.
      return writeTransaction(db, async (trx) => {
        if ((await SAVE_IDEMPOTENT.changes(trx, [key, intent.id, at])) === 0) return (await GET_IDEMPOTENT.first(trx, [key]))?.object_id;
        await SAVE_INTENT.execute(trx, [intent.id, JSON.stringify(intent), at]);
        return intent.id;
      });
    },
  };
}

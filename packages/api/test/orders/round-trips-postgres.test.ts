// PostgreSQL round trips of a demo checkout (issue 23: 'creating and confirming a demo order costs
// at most 4 round trips'): every query a pg client sends is counted (BEGIN and COMMIT included),
// while a guest creates the order and its intent and confirms the demo payment, after a first
// checkout has loaded what a running server keeps in memory. The fulfilment that follows runs on the
// worker (FULFILMENT_INLINE=0 in the benchmark), so it is not counted here.
//   createIntent: the per-client checkout limit, the order (with its first event), the demo intent
//     and its idempotency key (one statement), the intent id on the order: 4.
//   demoConfirm: the intent read, the intent written, then one transaction: BEGIN, the order paid
//     (one statement with its event), its invoice (one statement: the gap-free number from the
//     counter row and the invoice, issue 31), COMMIT: 6 — after the card-testing guards, each one statement: the per-client attempt count,
//     the order's decline lock and attempt count, and the distinct-cards count (2) — 5, of which an
//     allowlisted client (RATE_LIMIT_ALLOWLIST, the benchmark's) skips the per-client 3.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from '@esim/db';
import { dbDemoStore } from '../../src/services/payments/payments-demo-store.ts';
import type { DemoIntent } from '../../src/domain/payments-demo.ts';
import { CARDS, createOrdersRig } from './rig.ts';
import { memoryDb } from '../rig.ts';
import { pgAvailableFor, useMigratedPg } from '../pg.ts';

const intent = (id: string): DemoIntent => ({
  id,
  clientSecret: `${id}_secret_x`,
  amountMinor: 450,
  currency: 'USD',
  status: 'requires_payment_method',
  created: 1,
  email: 'k@traveller.example',
  metadata: {},
  refunds: [],
});

/** The demo store's one-statement create: the key names the first intent, a second use writes nothing. */
async function createsOnce(db: Parameters<typeof dbDemoStore>[0]) {
  const store = dbDemoStore(db);
  expect(await store.createIntentOnce!('order:1', intent('pi_demo_a'))).toBe('pi_demo_a');
  expect(await store.createIntentOnce!('order:1', intent('pi_demo_b'))).toBe('pi_demo_a');
  expect(await store.getIdempotent('order:1')).toBe('pi_demo_a');
  expect((await store.getIntent('pi_demo_a'))?.amountMinor).toBe(450);
  expect(await store.getIntent('pi_demo_b')).toBeUndefined();
}

it('SQLite: an idempotency key names its first intent; a second use writes nothing', async () => {
  const handle = await memoryDb();
  try {
    await createsOnce(handle.db);
  } finally {
    await handle.close();
  }
});

const available = pgAvailableFor('round-trip');

describe.skipIf(!available)('a demo checkout on PostgreSQL', () => {
  const pgDb = useMigratedPg();

  it('an idempotency key names its first intent; a second use writes nothing', async () => {
    await createsOnce(pgDb());
  });

  it('creating the order and its intent: 4 round trips; confirming: 6 (the claim and its invoice in one transaction) after the card-testing guards', async () => {
    const rig = await createOrdersRig({ handle: { db: pgDb(), kind: 'postgres', close: async () => undefined } as DbHandle });
    const pg = createRequire(new URL('../../../db/package.json', import.meta.url))('pg') as { Client: { prototype: unknown } };
    const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
    const original = proto.query;
    const sent: string[] = [];
    proto.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0];
      sent.push(typeof q === 'string' ? q : String((q as { text?: string }).text));
      return original.apply(this, args);
    };
    try {
      const api = await rig.browser({ ip: '203.0.113.77' }).caller();
      // A first checkout loads what a running server keeps in memory (the catalogue snapshot and
      // the plans' data allowances).
      await api.payments.createIntent({ planId: rig.plans.japan1.id, email: 'warm@traveller.example' });
      sent.length = 0;
      const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, email: 'rt@traveller.example' });
      const created = [...sent];
      sent.length = 0;
      await api.payments.demoConfirm({
        paymentIntentId: intent.paymentIntentId!,
        clientSecret: intent.clientSecret!,
        card: CARDS.ok,
      });
      const confirmed = [...sent];
      const guard = (q: string) => /"rate_limit_counters"|"login_throttle"/.test(q);
      expect(created, created.map((q) => q.slice(0, 90)).join(' | ')).toHaveLength(4);
      expect(created.filter(guard)).toHaveLength(1);
      expect(
        confirmed.filter((q) => !guard(q)),
        confirmed.join('\n'),
      ).toHaveLength(6);
      expect(confirmed.filter(guard)).toHaveLength(5);
      expect(created.filter((q) => /^\s*(begin|commit)/i.test(q))).toEqual([]);
      expect(confirmed.filter((q) => /^\s*(begin|commit)/i.test(q))).toEqual(['begin', 'commit']);
      expect(confirmed.filter((q) => /"invoices"/.test(q))).toHaveLength(1);
    } finally {
      proto.query = original;
      await rig.settle();
    }
    const order = await rig.db
      .selectFrom('orders')
      .select(['status'])
      .where('email', '=', 'rt@traveller.example')
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('fulfilled');
  });
});

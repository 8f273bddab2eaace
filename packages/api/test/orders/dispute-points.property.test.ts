// Disputes and points (issue 31), a property test: fast-check runs random sequences of purchases
// (by card, or with points), disputes opened, won and lost (charge.dispute.created / .closed with
// Stripe's Dispute object, docs.stripe.com/api/disputes/object, each delivered twice), the owner's
// full refunds and webhook redeliveries, through the webhook handler and the Stripe fake, and after
// every step checks that no sequence creates value:
//
//   purchase and take-back rows of the ledger (sources 'purchase' and 'refund', which hold the
//   disputes' freezes and give-backs)
//     ≤ Σ points earned by orders neither refunded nor under an open dispute
//       + Σ points an open dispute could not freeze because they were spent (recorded, points_short)
//       + Σ points refunds settled in cash or recorded as unsettled
//
// and: no balance below zero; one freeze and at most one give-back per dispute, the give-back equal
// to the freeze and only once the dispute is closed; a lost dispute leaves its order refunded
// without the shop refunding the card itself.
//
// PROPERTY_RUNS (default 12), PROPERTY_SEED to replay.
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from '../../src/providers/payments/index.ts';
import { refundOrder } from '../../src/services/order-life/refunds.ts';
import { receiveWebhook } from '../../src/services/payments/payment-events.ts';
import { disputeKeys } from '../../src/services/payments/payment-risk.ts';
import { pointsTotals } from '../../src/services/rewards/rewards-ledger.ts';
import { AppError } from '../../src/errors.ts';
import { T0, account, createOrdersRig, type OrdersRig } from './rig.ts';
import { WHSEC, createStripeFake, type StripeFake } from './stripe-fake.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? '') || 12;
const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;
const nowS = Math.floor(T0.getTime() / 1000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Op =
  | { kind: 'buy'; usePoints: boolean }
  | { kind: 'dispute'; pick: number }
  | { kind: 'close'; pick: number; status: 'won' | 'lost' }
  | { kind: 'refund'; pick: number }
  | { kind: 'redeliver'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('buy' as const), usePoints: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('dispute' as const), pick: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      pick: fc.nat(20),
      status: fc.constantFrom('won' as const, 'lost' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('redeliver' as const), pick: fc.nat(20) }) },
);

interface World {
  rig: OrdersRig;
  fake: StripeFake;
  userId: number;
  api: Awaited<ReturnType<ReturnType<OrdersRig['browser']>['caller']>>;
  /** Card-paid orders' payment intents. */
  paid: string[];
  /** Open disputes by payment intent. */
  open: Map<string, string>;
  deliveries: (() => Promise<unknown>)[];
}

async function deliverTwice(w: World, type: string, object: unknown) {
  const payload = JSON.stringify(w.fake.event(type, structuredClone(object), nowS));
  const d = () => receiveWebhook(w.rig.db, w.rig.services, payload, w.fake.sign(payload, nowS));
  await d();
  await d();
  w.deliveries.push(d);
  // A later redelivery under a new event id (Stripe retries a failed one as the same id; a new id is the harsher case).
  w.deliveries.push(() => {
    const again = JSON.stringify(w.fake.event(type, structuredClone(object), nowS));
    return receiveWebhook(w.rig.db, w.rig.services, again, w.fake.sign(again, nowS));
  });
  await w.rig.settle();
}

async function step(w: World, op: Op): Promise<void> {
  const pick = <T>(xs: readonly T[], n: number) => (xs.length ? xs[n % xs.length] : undefined);
  switch (op.kind) {
    case 'buy': {
      const intent = await w.api.payments.createIntent({
        planId: w.rig.plans.japan5.id,
        amount: 0.01,
        email: 'prop@traveller.example',
        ...(op.usePoints ? { usePoints: true } : {}),
      });
      if (intent.paymentIntentId && !intent.paidWithPoints) {
        await deliverTwice(w, 'payment_intent.succeeded', w.fake.pay(intent.paymentIntentId));
        w.paid.push(intent.paymentIntentId);
      }
      await w.rig.settle();
      return;
    }
    case 'dispute': {
      const pi = pick(
        w.paid.filter((p) => !w.open.has(p) && !w.fake.charges.get(w.fake.intents.get(p)!.latest_charge!)!.disputed),
        op.pick,
      );
      if (!pi) return;
      const d = w.fake.dispute(pi);
      w.open.set(pi, d.id);
      await deliverTwice(w, 'charge.dispute.created', d);
      return;
    }
    case 'close': {
      const pi = pick([...w.open.keys()], op.pick);
      if (!pi) return;
      const id = w.open.get(pi)!;
      w.open.delete(pi);
      await deliverTwice(w, 'charge.dispute.closed', w.fake.closeDispute(id, op.status));
      return;
    }
    case 'refund': {
      const pi = pick(w.paid, op.pick);
      if (!pi) return;
      const o = await w.rig.db.selectFrom('orders').select('id').where('payment_intent_id', '=', pi).executeTakeFirstOrThrow();
      try {
        await refundOrder(w.rig.db, w.rig.services, { orderId: o.id, actor: 'owner', reason: 'property test' });
      } catch (e) {
        if (!(e instanceof AppError && e.code === 'CONFLICT')) throw e;
      }
      await w.rig.settle();
      return;
    }
    case 'redeliver': {
      const d = pick(w.deliveries, op.pick);
      if (d) await d();
      await w.rig.settle();
      return;
    }
  }
}

async function check(w: World): Promise<void> {
  const db = w.rig.db;
  const { balance } = await pointsTotals(db, w.userId);
  expect(balance).toBeGreaterThanOrEqual(0);
  const orders = await db.selectFrom('orders').select(['id', 'status']).where('user_id', '=', w.userId).execute();
  const risks = await db.selectFrom('payment_risks').selectAll().where('kind', '=', 'dispute').execute();
  const ledger = await db.selectFrom('points_ledger').selectAll().where('user_id', '=', w.userId).execute();
  const refunds = await db.selectFrom('refunds').selectAll().execute();
  const openDispute = new Set(risks.filter((r) => r.outcome === 'open').map((r) => r.order_id));
  const earned = new Map(ledger.filter((r) => r.source === 'purchase').map((r) => [r.order_id!, r.amount]));
  const held = ledger.filter((r) => r.source === 'purchase' || r.source === 'refund').reduce((n, r) => n + r.amount, 0);
  const bound =
    orders.filter((o) => o.status !== 'refunded' && !openDispute.has(o.id)).reduce((n, o) => n + (earned.get(o.id) ?? 0), 0) +
    risks.filter((r) => r.outcome === 'open').reduce((n, r) => n + r.points_short, 0) +
    refunds.reduce((n, r) => n + r.points_settled_in_cash + r.points_unsettled, 0);
  expect(held).toBeLessThanOrEqual(bound);
  for (const r of risks) {
    const freeze = ledger.filter((l) => l.unique_key === disputeKeys.freeze(r.provider_ref));
    const restore = ledger.filter((l) => l.unique_key === disputeKeys.restore(r.provider_ref));
    expect(freeze.length).toBeLessThanOrEqual(1);
    expect(restore.length).toBeLessThanOrEqual(1);
    if (restore[0]) {
      expect(r.outcome === 'won' || r.outcome === 'lost').toBe(true);
      expect(restore[0].amount).toBe(-(freeze[0]?.amount ?? 0));
      expect(restore[0].amount).toBe(r.points_frozen);
    }
    if (r.outcome === 'lost') expect(orders.find((o) => o.id === r.order_id)?.status).toBe('refunded');
  }
  // The shop refunds the card only for its own (owner) refunds, never for a dispute.
  const ownerRefunds = refunds.filter((r) => r.reason === 'property test' && r.state === 'done').length;
  expect(w.fake.refunds.length).toBeLessThanOrEqual(ownerRefunds);
}

describe('disputes never create points', () => {
  it('random sequences of buy / spend / dispute / win / lose / refund / redelivery', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
        const fake = createStripeFake();
        server.resetHandlers(...fake.handlers);
        const rig = await createOrdersRig({
          payments: () =>
            new StripePaymentProvider({
              secretKey: 'sk_test_orders',
              publishableKey: 'pk_test_orders',
              webhookSecret: WHSEC,
              clientConfig: { maxNetworkRetries: 0, telemetry: false },
            }),
        });
        try {
          const b = rig.browser();
          await (await b.caller()).auth.register(account());
          const api = await b.caller();
          const userId = (await rig.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
          const w: World = { rig, fake, userId, api, paid: [], open: new Map(), deliveries: [] };
          for (const op of ops) {
            await step(w, op);
            await check(w);
          }
        } finally {
          await rig.settle();
          await rig.close();
        }
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  }, 240_000);
});

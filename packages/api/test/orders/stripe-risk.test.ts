// Radar reviews, early fraud warnings and disputes (issue 31) through receiveWebhook (what
// POST /api/webhooks/stripe calls) and the Stripe fake (msw). The event payloads carry Stripe's
// documented objects: Review (docs.stripe.com/api/radar/reviews/object), Radar EarlyFraudWarning
// (docs.stripe.com/api/radar/early_fraud_warnings/object), Dispute (docs.stripe.com/api/disputes/object)
// and Charge (docs.stripe.com/api/charges/object) for charge.refunded; the event types as listed in
// docs.stripe.com/api/events/types. Every event is delivered twice, and in more than one order.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemorySimulatorStore } from '../../src/providers/esim/simulator-store.ts';
import { StripePaymentProvider } from '../../src/providers/payments/index.ts';
import { receiveWebhook } from '../../src/services/payments/payment-events.ts';
import { pointsTotals } from '../../src/services/rewards/rewards-ledger.ts';
import { getAdminOrder } from '../../src/services/admin/orders.ts';
import { maskPersonalData } from '../../src/domain/admin-roles.ts';
import { PURCHASE_EVIDENCE_DAYS } from '../../src/domain/data-rights.ts';
import { clearOldPurchaseEvidence } from '../../src/services/orders/purchase-evidence.ts';
import { T0, account, counts, createOrdersRig, type OrdersRig } from './rig.ts';
import { WHSEC, createStripeFake, type StripeFake } from './stripe-fake.ts';

let fake: StripeFake;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let rig: OrdersRig;
let simStore: MemorySimulatorStore;
const nowS = Math.floor(T0.getTime() / 1000);

beforeEach(async () => {
  fake = createStripeFake();
  server.resetHandlers(...fake.handlers);
  simStore = new MemorySimulatorStore();
  rig = await createOrdersRig({
    simulator: { store: simStore },
    payments: () =>
      new StripePaymentProvider({
        secretKey: 'sk_test_orders',
        publishableKey: 'pk_test_orders',
        webhookSecret: WHSEC,
        clientConfig: { maxNetworkRetries: 0, telemetry: false },
      }),
  });
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function checkout(opts: { signedIn?: boolean } = {}) {
  const b = rig.browser();
  if (opts.signedIn) await (await b.caller()).auth.register(account());
  const api = await b.caller();
  const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, amount: 0.01, email: 'risk@traveller.example' });
  return { api, id: intent.paymentIntentId!, orderRef: intent.orderId };
}

/** One signed delivery of `type` with Stripe's object; the same event id when delivered again. */
function event(type: string, object: unknown) {
  const payload = JSON.stringify(fake.event(type, structuredClone(object), nowS));
  return () => receiveWebhook(rig.db, rig.services, payload, fake.sign(payload, nowS));
}

/** Delivered twice: processed, then a duplicate. */
async function twice(deliver: () => Promise<{ outcome: string }>) {
  expect((await deliver()).outcome).toBe('processed');
  expect((await deliver()).outcome).toBe('duplicate');
  await rig.settle();
}

async function order(id: string) {
  return rig.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', id).executeTakeFirstOrThrow();
}
async function risks() {
  return rig.db.selectFrom('payment_risks').selectAll().orderBy('id').execute();
}
async function refundRows() {
  return rig.db.selectFrom('refunds').selectAll().orderBy('id').execute();
}

/** A paid and delivered order (payment_intent.succeeded delivered). */
async function delivered(opts: { signedIn?: boolean } = {}) {
  const c = await checkout(opts);
  await twice(event('payment_intent.succeeded', fake.pay(c.id)));
  expect((await order(c.id)).status).toBe('fulfilled');
  return c;
}

describe('review.opened / review.closed (Radar manual review)', () => {
  it.each([
    ['review.opened before payment_intent.succeeded', true],
    ['payment_intent.succeeded first (the review seen on the re-read charge, expanded)', false],
  ])('%s: the paid order waits; approved → delivered once', async (_name, openedFirst) => {
    const { id } = await checkout();
    const pi = fake.pay(id);
    const review = fake.openReview(id);
    const opened = event('review.opened', review);
    const succeeded = event('payment_intent.succeeded', pi);
    if (openedFirst) await twice(opened);
    await twice(succeeded);
    if (!openedFirst) await twice(opened);
    await rig.settle();
    expect(await order(id)).toMatchObject({ status: 'paid', payment_hold: 'review' });
    expect((await counts(rig.db)).esims).toBe(0);
    // The worker passes it by while held.
    await rig.services.jobs.idle();
    expect((await counts(rig.db)).esims).toBe(0);
    // The same retrieve call carried the review: no extra round trip on that path.
    const reads = fake.calls.filter((c) => c.path === `/v1/payment_intents/${id}`);
    expect(reads.length).toBeLessThanOrEqual(2);

    await twice(event('review.closed', fake.closeReview(review.id, 'approved')));
    expect(await order(id)).toMatchObject({ status: 'fulfilled', payment_hold: null });
    expect(await counts(rig.db)).toMatchObject({ esims: 1, emails: 1 });
    expect(rig.esim.orderCalls).toBe(1);
    expect(await risks()).toEqual([expect.objectContaining({ kind: 'review', status: 'closed', outcome: 'released', reason: 'approved' })]);
  });

  it('review.closed (approved) before review.opened and before payment_intent.succeeded: delivered, never held', async () => {
    const { id } = await checkout();
    const pi = fake.pay(id);
    const review = fake.openReview(id);
    const opened = event('review.opened', structuredClone(review));
    const closed = event('review.closed', fake.closeReview(review.id, 'approved'));
    await twice(closed);
    await twice(opened); // re-read: closed, so it holds nothing
    await twice(event('payment_intent.succeeded', pi));
    expect(await order(id)).toMatchObject({ status: 'fulfilled', payment_hold: null });
    expect(rig.esim.orderCalls).toBe(1);
  });

  it.each([
    ['review.closed, then charge.refunded', ['closed', 'refunded', 'succeeded']],
    ['charge.refunded, then review.closed', ['refunded', 'closed', 'succeeded']],
    ['both before payment_intent.succeeded', ['succeeded', 'closed', 'refunded']],
  ] as const)('refused (refunded_as_fraud), %s: never delivered, the refund recorded once', async (_name, orderOfEvents) => {
    const { id } = await checkout();
    const pi = fake.pay(id);
    const review = fake.openReview(id);
    await twice(event('review.opened', review));
    const closedReview = fake.closeReview(review.id, 'refunded_as_fraud');
    const deliveries = {
      succeeded: event('payment_intent.succeeded', pi),
      closed: event('review.closed', closedReview),
      refunded: event('charge.refunded', fake.chargeOf(id)),
    };
    // 'both before succeeded' means: the succeeded event arrives last.
    const sequence = orderOfEvents[0] === 'succeeded' ? (['closed', 'refunded', 'succeeded'] as const) : orderOfEvents;
    for (const k of sequence) await twice(deliveries[k]);
    const o = await order(id);
    expect(o.status).toBe('refunded');
    expect((await counts(rig.db)).esims).toBe(0);
    expect(rig.esim.orderCalls).toBe(0);
    const rows = await refundRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'done', full: 1, amount_minor: 1999 });
    // Stripe refunded it itself: the shop asked for no refund.
    expect(fake.calls.filter((c) => c.path === '/v1/refunds')).toHaveLength(0);
  });
});

describe('radar.early_fraud_warning.created', () => {
  it('a delivered eSIM not installed: cancelled at the provider, the payment refunded once (actor system)', async () => {
    const { id } = await delivered();
    const warning = event('radar.early_fraud_warning.created', fake.earlyFraudWarning(id));
    await twice(warning);
    expect((await order(id)).status).toBe('refunded');
    const esim = await rig.db.selectFrom('esims').selectAll().executeTakeFirstOrThrow();
    expect(esim.status).toBe('canceled');
    expect(await rig.esim.cancel(esim.iccid)).toMatchObject({ canceled: false, reason: 'already_canceled' });
    expect(await refundRows()).toEqual([expect.objectContaining({ actor: 'system', full: 1, state: 'done' })]);
    expect(fake.refunds).toHaveLength(1);
    expect(await risks()).toEqual([expect.objectContaining({ kind: 'early_fraud_warning', outcome: 'refunded', esim_action: 'canceled' })]);
    // Its own refund's echo changes nothing.
    await twice(event('charge.refunded', fake.chargeOf(id)));
    expect(await refundRows()).toHaveLength(1);
    // The refund e-mail does not say the eSIM could not be delivered: it was.
    await rig.settle();
    const refundMails = rig.mailer.sent.filter((m) => /refund/i.test(m.subject));
    expect(refundMails.length).toBeGreaterThan(0);
    for (const m of refundMails) expect(m.text).not.toContain('so we refunded it');
  });

  it('an installed eSIM: flagged for the owner, nothing refunded', async () => {
    const { id } = await delivered();
    const esim = await rig.db.selectFrom('esims').selectAll().executeTakeFirstOrThrow();
    await rig.esim.simulateInstall(esim.iccid, { connect: false });
    await twice(event('radar.early_fraud_warning.created', fake.earlyFraudWarning(id)));
    expect((await order(id)).status).toBe('fulfilled');
    expect(await refundRows()).toHaveLength(0);
    expect(fake.refunds).toHaveLength(0);
    expect(await risks()).toEqual([expect.objectContaining({ kind: 'early_fraud_warning', outcome: 'flagged', esim_action: 'installed' })]);
  });

  it('before payment_intent.succeeded: never delivered, refunded', async () => {
    const { id } = await checkout();
    const pi = fake.pay(id);
    await twice(event('radar.early_fraud_warning.created', fake.earlyFraudWarning(id)));
    await twice(event('payment_intent.succeeded', pi));
    expect((await order(id)).status).toBe('refunded');
    expect(rig.esim.orderCalls).toBe(0);
    expect(fake.refunds).toHaveLength(1);
  });
});

describe('charge.dispute.created / charge.dispute.closed', () => {
  async function userId() {
    return (await rig.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  }

  it('created (twice): marked, eSIM suspended, points frozen; closed won (twice): points back, eSIM resumed', async () => {
    const { id } = await delivered({ signedIn: true });
    const uid = await userId();
    const before = (await pointsTotals(rig.db, uid)).balance;
    expect(before).toBeGreaterThan(0);
    const dispute = fake.dispute(id);
    await twice(event('charge.dispute.created', dispute));
    expect(await risks()).toEqual([
      expect.objectContaining({
        kind: 'dispute',
        provider_ref: dispute.id,
        status: 'needs_response',
        reason: 'fraudulent',
        amount_minor: 1999,
        currency: 'USD',
        outcome: 'open',
        esim_action: 'suspended',
        points_frozen: before,
        points_short: 0,
      }),
    ]);
    expect((await pointsTotals(rig.db, uid)).balance).toBe(0);
    const esim = await rig.db.selectFrom('esims').selectAll().executeTakeFirstOrThrow();
    expect((await simStore.byIccid(esim.iccid))?.suspended).toBe(true);

    // The owner's order page: the dispute, and the evidence the shop holds in one text.
    await rig.esim.simulateInstall(esim.iccid);
    const page = await getAdminOrder(rig.db, rig.services, (await order(id)).public_id);
    expect(page.risk?.items).toEqual([
      expect.objectContaining({
        kind: 'dispute',
        ref: dispute.id,
        status: 'needs_response',
        reason: 'fraudulent',
        amountMinor: 1999,
        outcome: 'open',
        esimAction: 'suspended',
      }),
    ]);
    const evidence = page.risk!.evidence!;
    expect(evidence).toContain(`ORDER ${(await order(id)).public_id}`);
    expect(evidence).toMatch(/esim_delivery to risk@traveller\.example — Message-ID /);
    expect(evidence).toContain(`ICCID ${esim.iccid}`);
    expect(evidence).toContain('pending_payment → paid');
    // The purchase's client as the checkout request had it (the orders rig's browser: 203.0.113.9, 'vitest').
    expect(evidence).toContain('Purchase IP address: 203.0.113.9; browser (User-Agent): vitest');
    // Support's masked view masks the addresses in it too, and the IP address down to its network.
    const masked = maskPersonalData(page).risk!.evidence!;
    expect(masked).not.toContain('risk@traveller.example');
    expect(masked).toContain('Purchase IP address: 203.0.•••; browser (User-Agent): vitest');
    // After PURCHASE_EVIDENCE_DAYS the worker clears them, and the evidence says they are not held.
    const placed = (await order(id)).created_at;
    const back = rig.clock.now;
    rig.clock.now = new Date(Date.parse(placed) + (PURCHASE_EVIDENCE_DAYS + 1) * 86_400_000);
    expect(await clearOldPurchaseEvidence(rig.db, rig.services, { force: true })).toBe(1);
    expect(await order(id)).toMatchObject({ purchase_ip: null, purchase_agent: null });
    expect((await getAdminOrder(rig.db, rig.services, (await order(id)).public_id)).risk!.evidence).toContain(
      `Purchase IP address and device: not held (orders before 28 Nov 2026, erased ones, and after ${PURCHASE_EVIDENCE_DAYS} days)`,
    );
    rig.clock.now = back;

    await twice(event('charge.dispute.closed', fake.closeDispute(dispute.id, 'won')));
    expect((await pointsTotals(rig.db, uid)).balance).toBe(before);
    expect((await simStore.byIccid(esim.iccid))?.suspended).toBe(false);
    expect(await risks()).toEqual([expect.objectContaining({ outcome: 'won', esim_action: 'resumed', status: 'won' })]);
    expect((await order(id)).status).toBe('fulfilled');
    // A late redelivery of 'created' (a new event id) changes nothing.
    await twice(event('charge.dispute.created', { ...dispute, status: 'needs_response' }));
    expect((await pointsTotals(rig.db, uid)).balance).toBe(before);
  });

  it.each([
    ['created, then closed', false],
    ['closed before created', true],
  ])('lost (%s): recorded as refunded at the payment service, once; no points left from it', async (_name, closedFirst) => {
    const { id } = await delivered({ signedIn: true });
    const uid = await userId();
    const dispute = fake.dispute(id);
    const created = event('charge.dispute.created', structuredClone(dispute));
    const closed = event('charge.dispute.closed', fake.closeDispute(dispute.id, 'lost'));
    if (closedFirst) {
      await twice(closed);
      await twice(created);
    } else {
      await twice(created);
      await twice(closed);
    }
    expect((await order(id)).status).toBe('refunded');
    expect(await refundRows()).toEqual([expect.objectContaining({ state: 'done', full: 1 })]);
    expect(fake.refunds).toHaveLength(0);
    expect((await pointsTotals(rig.db, uid)).balance).toBe(0);
    expect(await risks()).toEqual([expect.objectContaining({ outcome: 'lost' })]);
  });
});

// Pending orders that are never paid expire (services/orders/order-expiry.ts): old unpaid orders only,
// the payment canceled at the provider first, never both expired and paid, a late success still
// fulfils, and the sweep walks a cursor over ids in bounded batches. Demo payments, plus the
// Stripe path through msw (the PaymentIntent canceled as abandoned).
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, StripePaymentProvider } from '../../src/providers/payments/index.ts';
import type { PaymentIntentInfo } from '../../src/providers/payments/index.ts';
import { reconcileOrders } from '../../src/services/order-life/due-work.ts';
import { expireOrder, expireStaleOrders, newExpiryCursor } from '../../src/services/orders/order-expiry.ts';
import { receiveWebhook } from '../../src/services/payments/payment-events.ts';
import type { Services } from '../../src/services/types.ts';
import { CARDS, account, counts, createOrdersRig, demo, type OrdersRig } from './rig.ts';
import { WHSEC, createStripeFake } from './stripe-fake.ts';

const HOUR = 3600_000;
const TTL = 24 * HOUR;

let rig: OrdersRig;
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

let shopper = 0;
async function checkout(r: OrdersRig = rig, email = 'expiry@traveller.example') {
  // Each from its own address (the per-client checkout limit is not what these tests are about).
  const client: Record<string, string> = { ip: `198.51.100.${++shopper % 250}` };
  const api = await r.browser(client).caller();
  const intent = await api.payments.createIntent({ planId: r.plans.japan1.id, email });
  return { api, intent, id: intent.paymentIntentId! };
}

const pay = (c: Awaited<ReturnType<typeof checkout>>, card = CARDS.ok) =>
  c.api.payments.demoConfirm({ paymentIntentId: c.id, clientSecret: c.intent.clientSecret, card });

async function statusOf(paymentIntentId: string): Promise<string> {
  return (await rig.db.selectFrom('orders').select('status').where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow())
    .status;
}

async function intentStatus(paymentIntentId: string): Promise<PaymentIntentInfo> {
  return rig.services.payments.retrievePaymentIntent(paymentIntentId);
}

/** Collects the service log's messages. */
function logged(services: Services): { msg: string; extra?: Record<string, unknown> }[] {
  const lines: { msg: string; extra?: Record<string, unknown> }[] = [];
  const keep = (msg: string, extra?: Record<string, unknown>) => void lines.push({ msg, ...(extra ? { extra } : {}) });
  services.log = { info: keep, warn: keep, error: keep };
  return lines;
}

/** A full sweep: passes until a round ends. */
async function sweepRound(services: Services = rig.services, cursor = newExpiryCursor()) {
  for (let i = 0; i < 100; i++) {
    const r = await expireStaleOrders(rig.db, services, cursor);
    if (r.roundDone) return r;
  }
  throw new Error('the round never ended');
}

describe('expiring unpaid orders (demo payments)', () => {
  it('expires unpaid orders older than the TTL, cancels their payment as abandoned, and leaves paid and young ones alone', async () => {
    rig = await createOrdersRig();
    const lines = logged(rig.services);
    const old = await checkout();
    const declined = await checkout();
    expect((await pay(declined, CARDS.declined)).status).toBe('failed');
    const paid = await checkout();
    await pay(paid);
    await rig.settle();
    rig.clock.advance(TTL - 1000);
    const young = await checkout();
    rig.clock.advance(2000);

    const r = await sweepRound();
    expect(r).toMatchObject({ expired: 2, fulfilled: 0, canceled: 0, waiting: 0, roundDone: true });
    expect(await statusOf(old.id)).toBe('expired');
    expect(await statusOf(declined.id)).toBe('expired');
    expect(await statusOf(paid.id)).toBe('fulfilled');
    expect(await statusOf(young.id)).toBe('pending_payment');
    expect(await intentStatus(old.id)).toMatchObject({ status: 'canceled', cancellationReason: 'abandoned' });
    expect((await intentStatus(young.id)).status).toBe('requires_payment_method');
    // The one place an order becomes expired ran once per order.
    expect(lines.filter((l) => l.msg === 'order expired')).toHaveLength(2);

    // The shopper comes back to pay the expired checkout: a clear 409, nothing charged.
    await expect(pay(old)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/expired/) });
    expect(await statusOf(old.id)).toBe('expired');
    // Another round changes nothing; the young order expires once it is old.
    expect(await sweepRound()).toMatchObject({ expired: 0 });
    rig.clock.advance(TTL);
    expect(await sweepRound()).toMatchObject({ expired: 1 });
    expect(await counts(rig.db)).toMatchObject({ orders: 4, fulfilled: 1, esims: 1, emails: 1 });
  });

  it('the order-success answer for an expired order says expired; a retried checkout makes a new order', async () => {
    rig = await createOrdersRig();
    const api = await rig.browser().caller();
    const first = await api.payments.createIntent({
      planId: rig.plans.japan1.id,
      email: 'expiry@traveller.example',
      checkoutToken: 'token-expiry-000001',
    });
    rig.clock.advance(TTL + 1000);
    await sweepRound();
    const view = await api.orders.byPaymentIntent({ paymentIntentId: first.paymentIntentId!, clientSecret: first.clientSecret });
    expect(view).toMatchObject({ status: 'expired', orderStatus: 'expired', ready: false, activationCode: null });
    const again = await api.payments.createIntent({
      planId: rig.plans.japan1.id,
      email: 'expiry@traveller.example',
      checkoutToken: 'token-expiry-000001',
    });
    expect(again.orderId).not.toBe(first.orderId);
    expect(again.reused).toBe(false);
  });

  it('a payment that succeeds while the sweep runs: the cancel finds it succeeded and the order is fulfilled, not expired', async () => {
    rig = await createOrdersRig();
    const c = await checkout();
    rig.clock.advance(TTL + 1000);
    // The shopper pays in the instant between the sweep reading the order and canceling its payment.
    const payments = rig.services.payments;
    const cancel = payments.cancelPaymentIntent.bind(payments);
    payments.cancelPaymentIntent = async (id, reason) => {
      await pay(c);
      return cancel(id, reason);
    };
    const r = await sweepRound();
    await rig.settle();
    expect(r).toMatchObject({ expired: 0 });
    expect(await statusOf(c.id)).toBe('fulfilled');
    expect((await intentStatus(c.id)).status).toBe('succeeded');
    expect(await counts(rig.db)).toMatchObject({ fulfilled: 1, esims: 1, emails: 1 });
  });

  it('payments and sweeps at once, many times: every order ends either paid and fulfilled, or expired with its payment canceled', async () => {
    rig = await createOrdersRig();
    const orders = [];
    for (let i = 0; i < 24; i++) orders.push(await checkout(rig, `race${i}@traveller.example`));
    rig.clock.advance(TTL + 1000);
    const outcomes = await Promise.all([
      ...orders.map((c) =>
        pay(c).then(
          () => 'paid' as const,
          () => 'refused' as const,
        ),
      ),
      sweepRound(rig.services, newExpiryCursor()),
      sweepRound(rig.services, newExpiryCursor()),
    ]);
    await rig.settle();
    const paidSeen = outcomes.slice(0, orders.length);
    for (const [i, c] of orders.entries()) {
      const order = await statusOf(c.id);
      const intent = await intentStatus(c.id);
      if (paidSeen[i] === 'paid') {
        expect([order, intent.status]).toEqual(['fulfilled', 'succeeded']);
      } else {
        expect([order, intent.status, intent.cancellationReason]).toEqual(['expired', 'canceled', 'abandoned']);
      }
    }
    const all = await counts(rig.db);
    expect(all.fulfilled + (await rig.db.selectFrom('orders').select('id').where('status', '=', 'expired').execute()).length).toBe(
      orders.length,
    );
    expect(all.esims).toBe(all.fulfilled);
  });

  it('a success reported after the expiry still fulfils the order (expired → paid → fulfilled), once', async () => {
    rig = await createOrdersRig();
    const c = await checkout();
    // Expired while its payment could still be taken (e.g. the provider's cancel never arrived).
    expect(
      await expireOrder(rig.db, rig.services, { orderId: (await rig.db.selectFrom('orders').select('id').executeTakeFirstOrThrow()).id }),
    ).toBe(true);
    expect(await statusOf(c.id)).toBe('expired');
    expect((await pay(c)).status).toBe('succeeded');
    await rig.settle();
    expect(await statusOf(c.id)).toBe('fulfilled');
    // The return page (its read and its settle mutation) and a restart's reconciliation find nothing more to do.
    expect(await c.api.orders.byPaymentIntent({ paymentIntentId: c.id, clientSecret: c.intent.clientSecret })).toMatchObject({
      orderStatus: 'fulfilled',
      ready: true,
    });
    const view = await c.api.orders.settle({ paymentIntentId: c.id, clientSecret: c.intent.clientSecret });
    expect(view).toMatchObject({ orderStatus: 'fulfilled', ready: true });
    await reconcileOrders(rig.db, rig.services);
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1 });
  });

  it('an expired order whose payment went through unseen is fulfilled when the shopper opens its page', async () => {
    rig = await createOrdersRig();
    const c = await checkout();
    await expireOrder(rig.db, rig.services, { paymentIntentId: c.id });
    // The payment succeeds and its event is lost.
    (rig.services as Services).testHooks = {
      beforePaymentEvent: () => {
        throw new Error('event lost');
      },
    };
    expect((await pay(c)).status).toBe('succeeded');
    expect(await statusOf(c.id)).toBe('expired');
    (rig.services as Services).testHooks = undefined;
    // The page's poll reads; its settle mutation finds the payment succeeded.
    expect(await c.api.orders.byPaymentIntent({ paymentIntentId: c.id, clientSecret: c.intent.clientSecret })).toMatchObject({
      orderStatus: 'expired',
    });
    const view = await c.api.orders.settle({ paymentIntentId: c.id, clientSecret: c.intent.clientSecret });
    expect(view).toMatchObject({ orderStatus: 'fulfilled', ready: true });
  });

  it('a cancellation for another reason leaves an expired order expired, and cancels a pending one', async () => {
    rig = await createOrdersRig();
    const expired = await checkout();
    const pending = await checkout();
    await expireOrder(rig.db, rig.services, { paymentIntentId: expired.id });
    await demo(rig).cancelPaymentIntent(expired.id, 'requested_by_customer');
    await demo(rig).cancelPaymentIntent(pending.id, 'requested_by_customer');
    expect(await statusOf(expired.id)).toBe('expired');
    expect(await statusOf(pending.id)).toBe('canceled');
    // A sweep later leaves both as they are.
    rig.clock.advance(TTL + 1000);
    expect(await sweepRound()).toMatchObject({ expired: 0, canceled: 0 });
  });

  it('expireOrder moves only unpaid orders: paid, fulfilled, canceled and expired ones stay as they are', async () => {
    rig = await createOrdersRig();
    const paid = await checkout();
    await pay(paid);
    await rig.settle();
    const pending = await checkout();
    expect(await expireOrder(rig.db, rig.services, { paymentIntentId: paid.id })).toBe(false);
    expect(await expireOrder(rig.db, rig.services, { paymentIntentId: pending.id })).toBe(true);
    expect(await expireOrder(rig.db, rig.services, { paymentIntentId: pending.id })).toBe(false);
    expect([await statusOf(paid.id), await statusOf(pending.id)]).toEqual(['fulfilled', 'expired']);
  });

  it('a subscription order paid between the sweep reading its payment and expiring it stays paid', async () => {
    rig = await createOrdersRig();
    const b = rig.browser({ ip: '198.51.100.251' } as Record<string, string>);
    await (await b.caller()).auth.register({ ...account(), confirmPassword: 'correct horse battery' });
    const api = await b.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
    rig.clock.advance(TTL + 1000);
    const payments = rig.services.payments;
    const retrieve = payments.retrievePaymentIntent.bind(payments);
    let raced = false;
    payments.retrievePaymentIntent = async (id) => {
      const before = await retrieve(id);
      if (!raced) {
        raced = true;
        await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok });
      }
      return before;
    };
    expect(await sweepRound()).toMatchObject({ expired: 0 });
    await rig.settle();
    expect(await statusOf(sub.paymentIntentId!)).toBe('fulfilled');
  });

  it('a subscription’s first order expires without canceling the invoice payment; paying it later still activates and delivers', async () => {
    rig = await createOrdersRig();
    const b = rig.browser({ ip: '198.51.100.252' } as Record<string, string>);
    await (await b.caller()).auth.register({ ...account(), confirmPassword: 'correct horse battery' });
    const api = await b.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
    rig.clock.advance(TTL + 1000);
    expect(await sweepRound()).toMatchObject({ expired: 1 });
    expect(await statusOf(sub.paymentIntentId!)).toBe('expired');
    expect((await intentStatus(sub.paymentIntentId!)).status).toBe('requires_payment_method');
    await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok });
    await rig.settle();
    expect(await statusOf(sub.paymentIntentId!)).toBe('fulfilled');
  });
});

describe('the sweep: a cursor over ids, bounded batches', () => {
  it('reads at most batchSize × maxBatches rows a pass, moves on from where it stopped, and ends the round at the first young order', async () => {
    rig = await createOrdersRig();
    for (let i = 0; i < 23; i++) await checkout(rig, `batch${i}@traveller.example`);
    const paid = await checkout(rig, 'paid@traveller.example');
    await pay(paid);
    await rig.settle();
    rig.clock.advance(TTL + 1000);
    const young = await checkout(rig, 'young@traveller.example');
    const rows = await rig.db.selectFrom('orders').select(['id', 'payment_intent_id']).orderBy('id').execute();

    const cursor = newExpiryCursor();
    const first = await expireStaleOrders(rig.db, rig.services, cursor, { batchSize: 5, maxBatches: 2 });
    expect(first).toMatchObject({ scanned: 10, expired: 10, roundDone: false });
    expect(cursor.afterId).toBe(rows[9]!.id);
    const second = await expireStaleOrders(rig.db, rig.services, cursor, { batchSize: 5, maxBatches: 2 });
    expect(second).toMatchObject({ scanned: 10, expired: 10, roundDone: false });
    expect(cursor.afterId).toBe(rows[19]!.id);
    // 3 unpaid, the paid one, then the young order ends the round: the cursor stays before it.
    const third = await expireStaleOrders(rig.db, rig.services, cursor, { batchSize: 5, maxBatches: 2 });
    expect(third).toMatchObject({ scanned: 5, expired: 3, roundDone: true });
    expect(cursor.afterId).toBe(rows[23]!.id);
    expect(await statusOf(young.id)).toBe('pending_payment');
    expect(await statusOf(paid.id)).toBe('fulfilled');
    // Until the young order is old, a pass reads one row and stops.
    expect(await expireStaleOrders(rig.db, rig.services, cursor, { batchSize: 5, maxBatches: 2 })).toMatchObject({
      scanned: 1,
      expired: 0,
      roundDone: true,
    });
    rig.clock.advance(TTL);
    expect(await expireStaleOrders(rig.db, rig.services, cursor, { batchSize: 5, maxBatches: 2 })).toMatchObject({
      scanned: 1,
      expired: 1,
      roundDone: true,
    });
    expect(cursor.afterId).toBe(rows[24]!.id);
  });

  it('an order whose payment cannot be canceled now waits: the next round starts again at it', async () => {
    rig = await createOrdersRig();
    const a = await checkout(rig, 'a@traveller.example');
    const b = await checkout(rig, 'b@traveller.example');
    const c = await checkout(rig, 'c@traveller.example');
    rig.clock.advance(TTL + 1000);
    const payments = rig.services.payments;
    const cancel = payments.cancelPaymentIntent.bind(payments);
    let down = true;
    payments.cancelPaymentIntent = async (id, reason) => {
      if (down && id === b.id) throw new PaymentProviderError('api_error', 'the provider is down', { retryable: true });
      return cancel(id, reason);
    };
    const cursor = newExpiryCursor();
    expect(await expireStaleOrders(rig.db, rig.services, cursor)).toMatchObject({ expired: 2, waiting: 1, roundDone: true });
    expect(await statusOf(b.id)).toBe('pending_payment');
    const bId = (await rig.db.selectFrom('orders').select('id').where('payment_intent_id', '=', b.id).executeTakeFirstOrThrow()).id;
    expect(cursor.afterId).toBe(bId - 1);
    down = false;
    expect(await expireStaleOrders(rig.db, rig.services, cursor)).toMatchObject({ expired: 1, waiting: 0, roundDone: true });
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual(['expired', 'expired', 'expired']);
  });
});

describe('expiry with Stripe', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  async function stripeRig() {
    const fake = createStripeFake();
    server.resetHandlers(...fake.handlers);
    rig = await createOrdersRig({
      payments: () =>
        new StripePaymentProvider({
          secretKey: 'sk_test_orders',
          publishableKey: 'pk_test_orders',
          webhookSecret: WHSEC,
          clientConfig: { maxNetworkRetries: 0, telemetry: false },
        }),
    });
    return fake;
  }
  const nowS = () => Math.floor(rig.clock.now.getTime() / 1000);
  const deliver = (fake: ReturnType<typeof createStripeFake>, type: string, object: unknown) => {
    const payload = JSON.stringify(fake.event(type, object, nowS()));
    return receiveWebhook(rig.db, rig.services, payload, fake.sign(payload, nowS()));
  };

  it('cancels the PaymentIntent as abandoned, then expires the order; the canceled webhook changes nothing', async () => {
    const fake = await stripeRig();
    const c = await checkout();
    rig.clock.advance(TTL + 1000);
    expect(await sweepRound()).toMatchObject({ expired: 1 });
    expect(fake.calls.some((x) => x.path === `/v1/payment_intents/${c.id}/cancel`)).toBe(true);
    expect(fake.intents.get(c.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await statusOf(c.id)).toBe('expired');
    expect((await deliver(fake, 'payment_intent.canceled', fake.intents.get(c.id))).outcome).toBe('processed');
    expect(await statusOf(c.id)).toBe('expired');
  });

  it('a PaymentIntent that succeeded just before the cancel: fulfilled instead; a late succeeded webhook fulfils an expired order', async () => {
    const fake = await stripeRig();
    const raced = await checkout();
    const late = await checkout();
    rig.clock.advance(TTL + 1000);
    fake.pay(raced.id);
    expect(await sweepRound()).toMatchObject({ expired: 1, fulfilled: 1 });
    await rig.settle();
    expect(await statusOf(raced.id)).toBe('fulfilled');
    expect(await statusOf(late.id)).toBe('expired');
    // Stripe took the money after all (say the cancel was lost in flight): the webhook fulfils it.
    fake.pay(late.id);
    expect((await deliver(fake, 'payment_intent.succeeded', fake.intents.get(late.id))).outcome).toBe('processed');
    await rig.settle();
    expect(await statusOf(late.id)).toBe('fulfilled');
    expect(await counts(rig.db)).toMatchObject({ fulfilled: 2, esims: 2, emails: 2 });
  });

  it('a payment still processing is not expired; the next round expires it once it failed', async () => {
    const fake = await stripeRig();
    const c = await checkout();
    rig.clock.advance(TTL + 1000);
    fake.intents.get(c.id)!.status = 'processing';
    expect(await sweepRound()).toMatchObject({ expired: 0, waiting: 1 });
    expect(await statusOf(c.id)).toBe('pending_payment');
    fake.pay(c.id, 'declined');
    expect(await sweepRound()).toMatchObject({ expired: 1 });
    expect(await statusOf(c.id)).toBe('expired');
  });
});

// The Stripe paths end to end at the service layer: the SDK's calls answered by msw (a small
// stateful Stripe), webhooks signed with stripe.webhooks.generateTestHeaderString and fed to the
// same receiveWebhook the HTTP route calls.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripePaymentProvider, WebhookVerificationError } from '../../src/providers/payments/index.ts';
import { runDueWork } from '../../src/services/order-life/due-work.ts';
import { receiveWebhook } from '../../src/services/payments/payment-events.ts';
import { T0, account, counts, createOrdersRig, type OrdersRig } from './rig.ts';
import { WHSEC, createStripeFake, type StripeFake } from './stripe-fake.ts';

let fake: StripeFake;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let rig: OrdersRig;
const nowS = Math.floor(T0.getTime() / 1000);

beforeEach(async () => {
  fake = createStripeFake();
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
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function checkout(amount: unknown = 0.01) {
  const api = await rig.browser().caller();
  const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, amount, email: 'stripe@traveller.example' });
  return { api, intent, id: intent.paymentIntentId! };
}

function delivery(type: string, object: unknown, opts: { id?: string; t?: number } = {}) {
  const payload = JSON.stringify(fake.event(type, object, nowS, opts.id));
  return { payload, header: fake.sign(payload, opts.t ?? nowS) };
}

const deliver = (d: { payload: string; header: string }) => receiveWebhook(rig.db, rig.services, d.payload, d.header);

describe('Stripe: create-payment-intent', () => {
  it('creates the intent with the order idempotency key and the server total; returns the publishable key', async () => {
    const { intent } = await checkout(0.01);
    expect(intent).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_orders', amountMinor: 1999, currency: 'USD' });
    const create = fake.calls.find((c) => c.path === '/v1/payment_intents' && c.method === 'POST')!;
    expect(create.key).toBe(`order:${intent.orderId}:pi`);
    expect(fake.intents.get(intent.paymentIntentId!)).toMatchObject({
      amount: 1999,
      currency: 'usd',
      metadata: { orderId: intent.orderId },
    });
  });
});

describe('Stripe: webhooks', () => {
  it('a valid payment_intent.succeeded fulfils the order: one eSIM, one e-mail', async () => {
    const { id } = await checkout();
    const pi = fake.pay(id);
    expect(await deliver(delivery('payment_intent.succeeded', pi))).toMatchObject({
      outcome: 'processed',
      type: 'payment_intent.succeeded',
    });
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
  });

  it.each([
    [
      'a tampered body',
      (d: { payload: string; header: string }) => ({ ...d, payload: d.payload.replace('"amount":1999', '"amount":1') }),
      'bad_signature',
    ],
    ['a stale timestamp (−301 s)', () => delivery('payment_intent.succeeded', {}, { t: nowS - 301 }), 'timestamp_out_of_tolerance'],
    ['a future timestamp (+301 s)', () => delivery('payment_intent.succeeded', {}, { t: nowS + 301 }), 'timestamp_out_of_tolerance'],
    ['no signature', (d: { payload: string; header: string }) => ({ ...d, header: '' }), 'missing_header'],
  ])('rejects %s and changes nothing', async (_name, make, reason) => {
    const { id } = await checkout();
    const pi = fake.pay(id);
    const d = make(delivery('payment_intent.succeeded', pi));
    const err = await deliver(d as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebhookVerificationError);
    expect((err as WebhookVerificationError).reason).toBe(reason);
    expect(await counts(rig.db)).toMatchObject({ paid: 0, esims: 0, emails: 0 });
    expect(await rig.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
  });

  it('accepts timestamps exactly 300 s away either way', async () => {
    const { id } = await checkout();
    const pi = fake.pay(id);
    expect((await deliver(delivery('payment_intent.succeeded', pi, { t: nowS - 300 }))).outcome).toBe('processed');
    expect((await deliver(delivery('payment_intent.succeeded', pi, { t: nowS + 300 }))).outcome).toBe('processed');
    await rig.settle();
    expect((await counts(rig.db)).esims).toBe(1);
  });

  it('five duplicate deliveries at once: one processed, four duplicates; one order, one eSIM, one e-mail', async () => {
    const { id } = await checkout();
    const d = delivery('payment_intent.succeeded', fake.pay(id), { id: 'evt_dup' });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(d)));
    expect(results.map((r) => r.outcome).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'processed']);
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
    expect(rig.esim.orderCalls).toBe(1);
  });

  it('five different events for one payment at once (and an out-of-order failure) still fulfil once', async () => {
    const { id } = await checkout();
    const pi = fake.pay(id);
    await Promise.all([
      ...[1, 2, 3, 4, 5].map(() => deliver(delivery('payment_intent.succeeded', pi))),
      deliver(delivery('payment_intent.payment_failed', { ...pi, status: 'requires_payment_method' })),
    ]);
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
  });

  it('a webhook racing the return page: one paid order, one eSIM, one e-mail', async () => {
    const { api, intent, id } = await checkout();
    const pi = fake.pay(id);
    const [, view] = await Promise.all([
      deliver(delivery('payment_intent.succeeded', pi)),
      api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret }),
      api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret }),
    ]);
    expect(view.paymentIntentId).toBe(id);
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
    const after = await api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret });
    expect(after).toMatchObject({ ready: true, orderStatus: 'fulfilled' });
  });

  it('the return page alone (webhook lost): the polled query only reads; the settle mutation re-reads the intent and fulfils', async () => {
    const { api, intent, id } = await checkout();
    fake.pay(id);
    const order = () => rig.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', id).executeTakeFirstOrThrow();
    const before = await order();
    const events = async () => rig.db.selectFrom('order_events').selectAll().where('order_id', '=', before.id).execute();
    // Paid at the provider, not claimed here: polling the query changes nothing, however often.
    for (let i = 0; i < 3; i++) {
      expect(await api.orders.byPaymentIntent({ paymentIntentId: id, clientSecret: intent.clientSecret })).toMatchObject({
        orderStatus: 'pending_payment',
        ready: false,
      });
    }
    await rig.settle();
    expect(await order()).toEqual(before);
    expect(await events()).toEqual([]);
    expect(await counts(rig.db)).toMatchObject({ paid: 0, esims: 0 });
    const view = await api.orders.settle({ paymentIntentId: id, clientSecret: intent.clientSecret });
    expect(view).toMatchObject({ ready: true, status: 'completed', activationCode: expect.stringMatching(/^LPA:1\$/) });
    expect((await events()).map((e) => [e.from_status, e.to_status, e.actor])).toEqual([
      ['pending_payment', 'paid', 'provider'],
      ['paid', 'fulfilled', 'system'],
    ]);
    // Someone else (no session, no secret) cannot settle it either: the same 404 as the query.
    const stranger = await rig.browser().caller();
    await expect(stranger.orders.settle({ paymentIntentId: id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ fulfilled: 1, esims: 1, sent: 1 });
  });

  it('acts on the re-read status, not the event: a "succeeded" event for an unpaid intent changes nothing', async () => {
    const { id } = await checkout();
    const forged = { ...fake.intents.get(id)!, status: 'succeeded' };
    expect((await deliver(delivery('payment_intent.succeeded', forged))).outcome).toBe('processed');
    expect(await counts(rig.db)).toMatchObject({ paid: 0, esims: 0 });
  });

  it('payment_intent.payment_failed marks the order failed; a later success still fulfils it', async () => {
    const { id } = await checkout();
    await deliver(delivery('payment_intent.payment_failed', fake.pay(id, 'declined')));
    expect(await rig.db.selectFrom('orders').select(['status', 'last_error']).executeTakeFirstOrThrow()).toEqual({
      status: 'payment_failed',
      last_error: 'Your card was declined.',
    });
    await deliver(delivery('payment_intent.succeeded', fake.pay(id)));
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ fulfilled: 1, esims: 1 });
  });

  it('charge.refunded (e.g. from the Dashboard) marks the order refunded, cancels its eSIM, e-mails once', async () => {
    const { id } = await checkout();
    await deliver(delivery('payment_intent.succeeded', fake.pay(id)));
    await rig.settle();
    const charge = {
      id: `ch_${id.slice(3)}`,
      object: 'charge',
      amount: 1999,
      amount_refunded: 1999,
      refunded: true,
      currency: 'usd',
      payment_intent: id,
    };
    await Promise.all([deliver(delivery('charge.refunded', charge)), deliver(delivery('charge.refunded', charge))]);
    await rig.settle();
    const order = await rig.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'refunded', amount_refunded_minor: 1999 });
    expect((await rig.db.selectFrom('esims').select('status').executeTakeFirstOrThrow()).status).toBe('canceled');
    const kinds = (await rig.db.selectFrom('email_outbox').select(['kind', 'status']).orderBy('id').execute()).map(
      (r) => `${r.kind}:${r.status}`,
    );
    expect(kinds).toEqual(['esim_delivery:sent', 'refund_notice:sent']);
  });

  it('a partial refund only records the amount', async () => {
    const { id } = await checkout();
    await deliver(delivery('payment_intent.succeeded', fake.pay(id)));
    await rig.settle();
    await deliver(
      delivery('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        amount: 1999,
        amount_refunded: 500,
        refunded: false,
        currency: 'usd',
        payment_intent: id,
      }),
    );
    expect(await rig.db.selectFrom('orders').select(['status', 'amount_refunded_minor']).executeTakeFirstOrThrow()).toEqual({
      status: 'fulfilled',
      amount_refunded_minor: 500,
    });
  });

  it('event types the shop does not handle are acknowledged and ignored', async () => {
    expect((await deliver(delivery('customer.created', { id: 'cus_1', object: 'customer' }))).outcome).toBe('ignored');
  });

  it('a handler failure un-records the event so Stripe’s redelivery is processed', async () => {
    const { id } = await checkout();
    const d = delivery('payment_intent.succeeded', { ...fake.pay(id), id: 'pi_unknown_to_stripe' });
    await expect(deliver(d)).rejects.toBeTruthy(); // the re-read 404s
    expect(await rig.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
  });
});

describe('Stripe: undeliverable eSIM', () => {
  it('retries with back-off, then refunds with the order refund key and tells the shopper', async () => {
    rig.esim.failNext(100);
    const { id, intent } = await checkout();
    await deliver(delivery('payment_intent.succeeded', fake.pay(id)));
    await rig.settle();
    let order = await rig.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'provisioning', provision_attempts: 1 });
    fake.failNextRefunds(1);
    for (let i = 0; i < 10 && order.status !== 'refunded'; i++) {
      rig.clock.advance(10_000);
      await runDueWork(rig.db, rig.services);
      await rig.settle();
      order = await rig.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    }
    expect(order).toMatchObject({ status: 'refunded', provision_attempts: 4, amount_refunded_minor: 1999 });
    expect(fake.refunds).toEqual([{ id: expect.any(String), payment_intent: id, amount: 1999, key: `order:${intent.orderId}:refund:1` }]);
    expect((await counts(rig.db)).esims).toBe(0);
    expect(rig.mailer.sent.map((m) => m.subject)).toEqual([expect.stringContaining('was refunded')]);
  });
});

describe('Stripe: subscriptions', () => {
  it('first invoice paid → active + first eSIM; a renewal invoice → a second order whose data tops up the same eSIM; cancel at period end; deleted → ended', async () => {
    const b = rig.browser();
    await (await b.caller()).auth.register(account());
    const api = await b.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
    expect(sub).toMatchObject({
      kind: 'subscription',
      amountMinor: 1699,
      provider: 'stripe',
      subscriptionId: expect.stringMatching(/^SUB-/),
    });
    const stripeSub = [...fake.subscriptions.values()][0]!;
    expect(sub.paymentIntentId).toBe(sub.clientSecret.split('_secret_')[0]);

    // The shopper pays the first invoice; Stripe activates the subscription and sends events in any order.
    const pi = fake.pay(sub.paymentIntentId!);
    stripeSub.status = 'active';
    stripeSub.items.data[0]!.current_period_end = nowS + 30 * 86400;
    const invoice = (reason: string, invoiceId: string, piId: string) => ({
      id: invoiceId,
      object: 'invoice',
      status: 'paid',
      amount_paid: 1699,
      currency: 'usd',
      billing_reason: reason,
      parent: { type: 'subscription_details', subscription_details: { subscription: stripeSub.id, metadata: stripeSub.metadata } },
      payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: piId } }] },
      lines: { object: 'list', data: [{ period: { start: nowS, end: nowS + 30 * 86400 } }] },
    });
    await deliver(delivery('invoice.paid', invoice('subscription_create', stripeSub.latest_invoice, pi.id)));
    await deliver(delivery('payment_intent.succeeded', pi));
    await rig.settle();
    let [row] = await api.subscriptions.list();
    expect(row).toMatchObject({ id: sub.subscriptionId, status: 'active', cancelAtPeriodEnd: false, amountMinor: 1699 });
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1 });

    // A month later.
    const renewalPi = fake.pay(fake.intents.set('pi_renewal_1', { ...pi, id: 'pi_renewal_1' }).get('pi_renewal_1')!.id);
    const renewal = delivery('invoice.paid', invoice('subscription_cycle', 'in_renewal_1', renewalPi.id));
    await Promise.all([
      deliver(renewal),
      deliver(renewal),
      deliver(delivery('invoice.paid', invoice('subscription_cycle', 'in_renewal_1', renewalPi.id))),
    ]);
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 2, fulfilled: 2, esims: 1, sent: 2 });
    // The renewal is the eSIM's second package (once, however often the invoice was delivered).
    const packages = await rig.db.selectFrom('esim_packages').select(['kind', 'position']).orderBy('position').execute();
    expect(packages).toEqual([
      { kind: 'initial', position: 1 },
      { kind: 'renewal', position: 2 },
    ]);
    const orders = await api.orders.list();
    expect(orders.map((o) => o.kind)).toEqual(['subscription', 'subscription']);

    [row] = await api.subscriptions.cancel({ subscriptionId: sub.subscriptionId! }).then((r) => [r]);
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(stripeSub.cancel_at_period_end).toBe(true);

    stripeSub.status = 'canceled';
    await deliver(delivery('customer.subscription.deleted', stripeSub));
    [row] = await api.subscriptions.list();
    expect(row).toMatchObject({ status: 'canceled', endedAt: expect.any(String) });
  });

  it('guests cannot subscribe', async () => {
    const api = await rig.browser().caller();
    await expect(api.payments.createSubscription({ planId: rig.plans.japan5.id, email: 'g@x.example' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'g@x.example', kind: 'subscription' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  DemoPaymentProvider,
  PaymentProviderError,
  WebhookVerificationError,
  memoryDemoStore,
  summarizeEvent,
} from '../../src/providers/payments/index.ts';
import type { PaymentEvent } from '../../src/providers/payments/index.ts';

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });

function setup(opts: { failOnEvent?: boolean } = {}) {
  let t = Date.UTC(2026, 4, 17, 12);
  const events: PaymentEvent[] = [];
  const errors: unknown[] = [];
  let n = 0;
  const store = memoryDemoStore();
  const demo = new DemoPaymentProvider({
    store,
    now: () => new Date(t),
    randomHex: (bytes) => (++n).toString(16).padStart(bytes * 2, '0'),
    webhookSecret: 'whsec_demo_test',
    onEvent: async (e) => {
      events.push(e);
      if (opts.failOnEvent) throw new Error('handler down');
    },
    onEventError: (err) => errors.push(err),
  });
  return { demo, events, errors, store, advance: (ms: number) => void (t += ms), nowSeconds: () => Math.floor(t / 1000) };
}

async function newIntent(demo: DemoPaymentProvider, orderId = 'ord_1', amountMinor = 1999) {
  return demo.createPaymentIntent({ orderId, amountMinor, currency: 'usd', email: 'g@traveller.example', metadata: { planId: '7' } });
}

describe('DemoPaymentProvider: payment intents', () => {
  it('creates an intent with a pi_demo_…_secret_… client secret', async () => {
    const { demo } = setup();
    const pi = await newIntent(demo);
    expect(pi.id).toMatch(/^pi_demo_[0-9a-f]+$/);
    expect(pi.clientSecret.startsWith(`${pi.id}_secret_`)).toBe(true);
    expect(pi.status).toBe('requires_payment_method');
    expect(await demo.retrievePaymentIntent(pi.id)).toEqual({
      id: pi.id,
      status: 'requires_payment_method',
      amountMinor: 1999,
      currency: 'USD',
      metadata: { planId: '7', orderId: 'ord_1' },
    });
    expect(demo.name).toBe('demo');
    expect(demo.publishableKey).toBeNull();
  });

  it('is idempotent per order (the same key returns the same intent, even concurrently)', async () => {
    const { demo, store } = setup();
    const all = await Promise.all([1, 2, 3, 4, 5].map(() => newIntent(demo)));
    expect(new Set(all.map((p) => p.id)).size).toBe(1);
    expect(store.intents.size).toBe(1);
    await expect(newIntent(demo, 'ord_1', 2500)).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    expect((await newIntent(demo, 'ord_2')).id).not.toBe(all[0]?.id);
  });

  it.each([0, -1, 19.99])('rejects amount %s', async (amountMinor) => {
    const { demo } = setup();
    await expect(demo.createPaymentIntent({ orderId: 'o', amountMinor, currency: 'usd' })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('4242… succeeds and emits payment_intent.succeeded once', async () => {
    const { demo, events } = setup();
    const pi = await newIntent(demo);
    const r = await demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card('4242 4242 4242 4242') });
    expect(r).toEqual({ paymentIntentId: pi.id, status: 'succeeded', nextAction: null });
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    expect(summarizeEvent(events[0]!)).toMatchObject({ kind: 'payment_intent', paymentIntentId: pi.id, metadata: { orderId: 'ord_1' } });
    expect(events[0]?.data.object).toMatchObject({ object: 'payment_intent', amount: 1999, currency: 'usd', status: 'succeeded' });
    await expect(
      demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card('4242424242424242') }),
    ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect(events).toHaveLength(1);
  });

  it('five concurrent confirms charge once', async () => {
    const { demo, events } = setup();
    const pi = await newIntent(demo);
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map(() => demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card('4242424242424242') })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', 'incorrect_number', 'Your card number is invalid.'],
  ])('%s fails (%s) and the intent can be retried with another card', async (number, code, message) => {
    const { demo, events } = setup();
    const pi = await newIntent(demo);
    const r = await demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card(number) });
    expect(r.status).toBe('requires_payment_method');
    expect(r.lastError).toMatchObject({ code, message });
    expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
    expect((await demo.retrievePaymentIntent(pi.id)).lastError?.message).toBe(message);
    const ok = await demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card('4242424242424242') });
    expect(ok.status).toBe('succeeded');
  });

  it('4000 0027 6000 3184 needs the extra step: approve → succeeded', async () => {
    const { demo, events } = setup();
    const pi = await newIntent(demo);
    const r = await demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card('4000 0027 6000 3184') });
    expect(r).toEqual({ paymentIntentId: pi.id, status: 'requires_action', nextAction: 'demo_confirm' });
    expect(events).toHaveLength(0);
    const done = await demo.confirmAction({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, approve: true });
    expect(done.status).toBe('succeeded');
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
  });

  it('4000 0027 6000 3184 denied → payment_failed', async () => {
    const { demo, events } = setup();
    const pi = await newIntent(demo);
    await demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card('4000002760003184') });
    const r = await demo.confirmAction({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, approve: false });
    expect(r.status).toBe('requires_payment_method');
    expect(r.lastError?.code).toBe('payment_intent_authentication_failure');
    expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
  });

  it('refuses a wrong client secret the same way as an unknown intent', async () => {
    const { demo } = setup();
    const pi = await newIntent(demo);
    const wrong = await demo
      .confirm({ paymentIntentId: pi.id, clientSecret: `${pi.id}_secret_guess`, card: card('4242424242424242') })
      .catch((e: unknown) => e);
    const unknown = await demo
      .confirm({ paymentIntentId: 'pi_demo_nope', clientSecret: 'x', card: card('4242424242424242') })
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'resource_missing', status: 404 });
    expect(unknown).toMatchObject({ code: 'resource_missing', status: 404 });
    expect(await demo.checkClientSecret(pi.id, pi.clientSecret)).toBe(true);
    expect(await demo.checkClientSecret(pi.id, 'nope')).toBe(false);
  });

  it('a failing event handler does not undo the payment', async () => {
    const { demo, errors } = setup({ failOnEvent: true });
    const pi = await newIntent(demo);
    const r = await demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card('4242424242424242') });
    expect(r.status).toBe('succeeded');
    expect(errors).toHaveLength(1);
    expect((await demo.retrievePaymentIntent(pi.id)).status).toBe('succeeded');
    expect(demo.events.map((e) => e.type)).toEqual(['payment_intent.succeeded']); // kept for re-delivery
  });
});

describe('DemoPaymentProvider: refunds', () => {
  it('refunds once per key and emits charge.refunded', async () => {
    const { demo, events } = setup();
    const pi = await newIntent(demo);
    await demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card('4242424242424242') });
    const [a, b] = await Promise.all([
      demo.refund({ paymentIntentId: pi.id, idempotencyKey: 'order:ord_1:refund' }),
      demo.refund({ paymentIntentId: pi.id, idempotencyKey: 'order:ord_1:refund' }),
    ]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: 'succeeded', amountMinor: 1999 });
    const refunds = events.filter((e) => e.type === 'charge.refunded');
    expect(refunds).toHaveLength(1);
    expect(summarizeEvent(refunds[0]!)).toMatchObject({
      kind: 'refund',
      paymentIntentId: pi.id,
      amountRefundedMinor: 1999,
      refunded: true,
      currency: 'USD',
    });
  });

  it('cannot refund an unpaid intent', async () => {
    const { demo } = setup();
    const pi = await newIntent(demo);
    await expect(demo.refund({ paymentIntentId: pi.id, idempotencyKey: 'k' })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });
});

describe('DemoPaymentProvider: webhooks in Stripe’s format', () => {
  it('signs its events so the one webhook route can verify them', async () => {
    const { demo, events, nowSeconds } = setup();
    const pi = await newIntent(demo);
    await demo.confirm({ paymentIntentId: pi.id, clientSecret: pi.clientSecret, card: card('4242424242424242') });
    const event = events[0]!;
    const now = nowSeconds();
    const { payload, header } = demo.signEvent(event, now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(demo.verifyWebhook(payload, header, now)).toEqual(event);
    const reason = (body: string, h: string | undefined, at: number) => {
      try {
        demo.verifyWebhook(body, h, at);
        return 'ok';
      } catch (e) {
        return e instanceof WebhookVerificationError ? e.reason : 'other';
      }
    };
    expect(reason(payload.replace('1999', '1'), header, now)).toBe('bad_signature');
    expect(reason(payload, header, now + 301)).toBe('timestamp_out_of_tolerance'); // stale
    expect(reason(payload, header, now - 301)).toBe('timestamp_out_of_tolerance'); // from the future
    expect(reason(payload, header, now + 300)).toBe('ok');
    expect(reason(payload, undefined, now)).toBe('missing_header');
    const junk = demo.signEvent({ id: 'x' } as unknown as PaymentEvent, now);
    expect(reason(junk.payload, junk.header, now)).toBe('bad_payload');
  });
});

describe('DemoPaymentProvider: subscriptions', () => {
  it('first invoice paid → active, renewals via advanceRenewal, cancel at period end → deleted', async () => {
    const { demo, events } = setup();
    const sub = await demo.createSubscription({
      customerEmail: 'sub@traveller.example',
      productName: 'Japan 5GB monthly',
      priceMinor: 1699,
      currency: 'USD',
      interval: 'month',
      idempotencyKey: 'subscription:s1',
      metadata: { planId: 'p1', userId: 'u1' },
    });
    expect(sub.status).toBe('incomplete');
    expect(sub.paymentIntentId).toBeTruthy();
    expect(sub.clientSecret.startsWith(`${sub.paymentIntentId}_secret_`)).toBe(true);
    // The same key returns the same subscription.
    const again = await demo.createSubscription({
      customerEmail: 'sub@traveller.example',
      productName: 'Japan 5GB monthly',
      priceMinor: 1699,
      currency: 'USD',
      interval: 'month',
      idempotencyKey: 'subscription:s1',
    });
    expect(again.id).toBe(sub.id);

    await demo.confirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: card('4242424242424242') });
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid', 'customer.subscription.updated']);
    const firstInvoice = summarizeEvent(events[1]!);
    expect(firstInvoice).toMatchObject({
      kind: 'invoice',
      subscriptionId: sub.id,
      amountPaidMinor: 1699,
      billingReason: 'subscription_create',
      metadata: { planId: 'p1', userId: 'u1' },
    });
    const active = await demo.retrieveSubscription(sub.id);
    expect(active.status).toBe('active');
    expect(firstInvoice.kind === 'invoice' && firstInvoice.periodEnd).toBe(active.currentPeriodEnd);

    events.length = 0;
    const renewed = await demo.advanceRenewal(sub.id);
    expect(renewed.outcome).toBe('renewed');
    expect(renewed.subscription.currentPeriodEnd).toBeGreaterThan(active.currentPeriodEnd);
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid']);
    expect(summarizeEvent(events[1]!)).toMatchObject({
      billingReason: 'subscription_cycle',
      periodEnd: renewed.subscription.currentPeriodEnd,
    });

    events.length = 0;
    const failed = await demo.advanceRenewal(sub.id, { fail: true });
    expect(failed.outcome).toBe('payment_failed');
    expect(failed.subscription.status).toBe('past_due');
    expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed', 'customer.subscription.updated']);

    events.length = 0;
    const canceling = await demo.cancelSubscriptionAtPeriodEnd(sub.id);
    expect(canceling.cancelAtPeriodEnd).toBe(true);
    expect(canceling.status).toBe('past_due'); // still running until the period ends
    const ended = await demo.advanceRenewal(sub.id);
    expect(ended.outcome).toBe('ended');
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    expect(summarizeEvent(events[1]!)).toMatchObject({ kind: 'subscription', subscriptionId: sub.id, status: 'canceled' });
    await expect(demo.advanceRenewal(sub.id)).rejects.toMatchObject({ code: 'subscription_not_renewable' });
  });

  it('a declined first payment leaves the subscription incomplete', async () => {
    const { demo, events } = setup();
    const sub = await demo.createSubscription({
      customerEmail: 'a@b.example',
      productName: 'x',
      priceMinor: 500,
      currency: 'EUR',
      interval: 'month',
      idempotencyKey: 'subscription:s2',
    });
    await demo.confirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: card('4000000000000002') });
    expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed']);
    expect((await demo.retrieveSubscription(sub.id)).status).toBe('incomplete');
    await expect(demo.advanceRenewal(sub.id)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

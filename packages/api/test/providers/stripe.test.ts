// The Stripe provider against msw standing in for api.stripe.com (nothing leaves the machine:
// onUnhandledRequest 'error'), and webhooks signed with the SDK's own test-header helper.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentConfigError,
  PaymentProviderError,
  StripePaymentProvider,
  WebhookVerificationError,
  assertProvidersCompatible,
  createPaymentProvider,
  summarizeEvent,
} from '../../src/providers/payments/index.ts';

const API = 'https://api.stripe.com';
const WHSEC = 'whsec_test_secret';

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  form: URLSearchParams;
}
const seen: Seen[] = [];

async function record(request: Request): Promise<URLSearchParams> {
  const form = new URLSearchParams(request.method === 'GET' ? new URL(request.url).search : await request.text());
  seen.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, form });
  return form;
}

const pi = (over: Record<string, unknown> = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  amount: 1999,
  currency: 'gbp',
  status: 'requires_payment_method',
  client_secret: 'pi_123_secret_abc',
  metadata: { orderId: 'ord_1' },
  last_payment_error: null,
  ...over,
});

const server = setupServer(
  http.post(`${API}/v1/payment_intents`, async ({ request }) => {
    const form = await record(request);
    return HttpResponse.json(pi({ amount: Number(form.get('amount')), currency: form.get('currency') }));
  }),
  http.get(`${API}/v1/payment_intents/:id`, async ({ request, params }) => {
    await record(request);
    if (params.id === 'pi_missing') {
      return HttpResponse.json(
        { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such payment_intent: 'pi_missing'" } },
        { status: 404 },
      );
    }
    if (params.id === 'pi_boom') return HttpResponse.json({ error: { type: 'api_error', message: 'boom' } }, { status: 500 });
    if (params.id === 'pi_declined') {
      return HttpResponse.json(
        pi({
          id: 'pi_declined',
          last_payment_error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          },
        }),
      );
    }
    return HttpResponse.json(pi({ id: params.id, status: 'succeeded', metadata: { orderId: 'ord_1', source: 'test' } }));
  }),
  http.post(`${API}/v1/refunds`, async ({ request }) => {
    const form = await record(request);
    return HttpResponse.json({
      id: 're_1',
      object: 'refund',
      amount: Number(form.get('amount') ?? 1999),
      status: 'succeeded',
      payment_intent: form.get('payment_intent'),
    });
  }),
  http.post(`${API}/v1/customers`, async ({ request }) => {
    const form = await record(request);
    return HttpResponse.json({ id: 'cus_1', object: 'customer', email: form.get('email') });
  }),
  http.post(`${API}/v1/products`, async ({ request }) => {
    const form = await record(request);
    return HttpResponse.json({ id: 'prod_1', object: 'product', name: form.get('name') });
  }),
  http.post(`${API}/v1/subscriptions`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      id: 'sub_1',
      object: 'subscription',
      status: 'incomplete',
      cancel_at_period_end: false,
      metadata: { planId: 'p1' },
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: 1_790_000_000 }] },
      latest_invoice: {
        id: 'in_1',
        object: 'invoice',
        confirmation_secret: { client_secret: 'pi_sub1_secret_xyz', type: 'payment_intent' },
      },
    });
  }),
  http.post(`${API}/v1/subscriptions/:id`, async ({ request, params }) => {
    const form = await record(request);
    return HttpResponse.json({
      id: params.id,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: form.get('cancel_at_period_end') === 'true',
      metadata: {},
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: 1_790_000_000 }] },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const provider = () =>
  new StripePaymentProvider({
    secretKey: 'sk_test_123',
    publishableKey: 'pk_test_123',
    webhookSecret: WHSEC,
    clientConfig: { maxNetworkRetries: 0, telemetry: false },
  });

describe('StripePaymentProvider: API calls', () => {
  it('creates a PaymentIntent with the order idempotency key, integer amount, lower-case currency', async () => {
    const p = provider();
    const created = await p.createPaymentIntent({
      orderId: 'ord_1',
      amountMinor: 1999,
      currency: 'GBP',
      email: 'guest@traveller.example',
      metadata: { planId: '7' },
    });
    expect(created).toEqual({ id: 'pi_123', clientSecret: 'pi_123_secret_abc', status: 'requires_payment_method' });
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/payment_intents');
    expect(req.headers.get('idempotency-key')).toBe('order:ord_1:pi');
    expect(req.headers.get('authorization')).toBe('Bearer sk_test_123');
    expect(req.form.get('amount')).toBe('1999');
    expect(req.form.get('currency')).toBe('gbp');
    expect(req.form.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(req.form.get('receipt_email')).toBe('guest@traveller.example');
    expect(req.form.get('metadata[orderId]')).toBe('ord_1');
    expect(req.form.get('metadata[planId]')).toBe('7');
  });

  it('passes an explicit idempotency key through', async () => {
    await provider().createPaymentIntent({ orderId: 'ord_2', amountMinor: 50, currency: 'usd', idempotencyKey: 'custom-key' });
    expect(seen[0]?.headers.get('idempotency-key')).toBe('custom-key');
  });

  it.each([19.99, 0, -5, Number.NaN])('refuses amount %s before calling Stripe', async (amountMinor) => {
    await expect(provider().createPaymentIntent({ orderId: 'o', amountMinor, currency: 'usd' })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    expect(seen).toHaveLength(0);
  });

  it('retrieves a PaymentIntent with upper-case currency and metadata', async () => {
    expect(await provider().retrievePaymentIntent('pi_ok')).toEqual({
      id: 'pi_ok',
      status: 'succeeded',
      amountMinor: 1999,
      currency: 'GBP',
      metadata: { orderId: 'ord_1', source: 'test' },
    });
  });

  it('maps last_payment_error', async () => {
    const info = await provider().retrievePaymentIntent('pi_declined');
    expect(info.lastError).toEqual({
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('maps API errors to PaymentProviderError (retryable only for outages)', async () => {
    const missing = await provider()
      .retrievePaymentIntent('pi_missing')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PaymentProviderError);
    expect(missing).toMatchObject({ code: 'resource_missing', retryable: false, status: 404 });
    const boom = await provider()
      .retrievePaymentIntent('pi_boom')
      .catch((e: unknown) => e);
    expect(boom).toMatchObject({ retryable: true, status: 500 });
  });

  it('refunds with the refund idempotency key, whole or partial', async () => {
    const p = provider();
    expect(await p.refund({ paymentIntentId: 'pi_123', idempotencyKey: 'order:ord_1:refund' })).toEqual({
      id: 're_1',
      status: 'succeeded',
      amountMinor: 1999,
    });
    expect(seen[0]?.headers.get('idempotency-key')).toBe('order:ord_1:refund');
    expect(seen[0]?.form.get('payment_intent')).toBe('pi_123');
    expect(seen[0]?.form.has('amount')).toBe(false);
    await p.refund({ paymentIntentId: 'pi_123', amountMinor: 500, idempotencyKey: 'order:ord_1:refund' });
    expect(seen[1]?.form.get('amount')).toBe('500');
  });

  it('creates a monthly subscription: customer, product, inline monthly price, default_incomplete', async () => {
    const sub = await provider().createSubscription({
      customerEmail: 'sub@traveller.example',
      productName: 'Japan 5GB monthly',
      priceMinor: 1699,
      currency: 'USD',
      interval: 'month',
      idempotencyKey: 'subscription:s1',
      metadata: { planId: 'p1' },
    });
    expect(sub).toEqual({
      id: 'sub_1',
      clientSecret: 'pi_sub1_secret_xyz',
      paymentIntentId: 'pi_sub1',
      status: 'incomplete',
      currentPeriodEnd: 1_790_000_000,
    });
    expect(seen.map((s) => s.path)).toEqual(['/v1/customers', '/v1/products', '/v1/subscriptions']);
    expect(seen.map((s) => s.headers.get('idempotency-key'))).toEqual([
      'subscription:s1:customer',
      'subscription:s1:product',
      'subscription:s1:subscription',
    ]);
    const f = seen[2]!.form;
    expect(f.get('customer')).toBe('cus_1');
    expect(f.get('items[0][price_data][product]')).toBe('prod_1');
    expect(f.get('items[0][price_data][unit_amount]')).toBe('1699');
    expect(f.get('items[0][price_data][currency]')).toBe('usd');
    expect(f.get('items[0][price_data][recurring][interval]')).toBe('month');
    expect(f.get('payment_behavior')).toBe('default_incomplete');
    expect(f.get('expand[0]')).toBe('latest_invoice.confirmation_secret');
  });

  it('reuses a given product', async () => {
    await provider().createSubscription({
      customerEmail: 'a@b.example',
      productName: 'x',
      productId: 'prod_existing',
      priceMinor: 100,
      currency: 'usd',
      interval: 'month',
      idempotencyKey: 'k',
    });
    expect(seen.map((s) => s.path)).toEqual(['/v1/customers', '/v1/subscriptions']);
    expect(seen[1]?.form.get('items[0][price_data][product]')).toBe('prod_existing');
  });

  it('cancels at period end', async () => {
    const info = await provider().cancelSubscriptionAtPeriodEnd('sub_1');
    expect(seen[0]?.path).toBe('/v1/subscriptions/sub_1');
    expect(seen[0]?.form.get('cancel_at_period_end')).toBe('true');
    expect(info).toMatchObject({ id: 'sub_1', cancelAtPeriodEnd: true, currentPeriodEnd: 1_790_000_000 });
  });
});

describe('StripePaymentProvider.verifyWebhook', () => {
  const now = 1_800_000_000;
  const event = {
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    created: now - 2,
    api_version: Stripe.API_VERSION,
    data: { object: pi({ status: 'succeeded' }) },
  };
  const payload = JSON.stringify(event);
  const sign = (timestamp: number, body = payload, secret = WHSEC) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });

  it('accepts a valid event and returns {id, type, data}', () => {
    const e = provider().verifyWebhook(payload, sign(now), now);
    expect(e.id).toBe('evt_1');
    expect(e.type).toBe('payment_intent.succeeded');
    expect(e.data.object.id).toBe('pi_123');
    expect(summarizeEvent(e)).toMatchObject({ kind: 'payment_intent', paymentIntentId: 'pi_123', metadata: { orderId: 'ord_1' } });
  });

  it.each([-300, 300])('accepts a timestamp exactly %i s away', (skew) => {
    expect(provider().verifyWebhook(payload, sign(now + skew), now).id).toBe('evt_1');
  });

  const cases: [string, string, string | undefined, string][] = [
    ['a tampered body', payload.replace('1999', '1'), sign(now), 'bad_signature'],
    ['a stale timestamp (−301 s)', payload, sign(now - 301), 'timestamp_out_of_tolerance'],
    ['a future timestamp (+301 s)', payload, sign(now + 301), 'timestamp_out_of_tolerance'],
    ['the wrong secret', payload, sign(now, payload, 'whsec_other'), 'bad_signature'],
    ['no header', payload, undefined, 'missing_header'],
    ['an empty header', payload, '', 'missing_header'],
    ['a header without t=', payload, 'v1=abc', 'malformed_header'],
    ['a header without v1=', payload, `t=${now}`, 'malformed_header'],
  ];
  it.each(cases)('rejects %s', (_name, body, header, reason) => {
    const err = (() => {
      try {
        provider().verifyWebhook(body, header, now);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(WebhookVerificationError);
    expect((err as WebhookVerificationError).reason).toBe(reason);
  });

  it('does not accept a re-signed future timestamp that the SDK alone would accept', () => {
    // The SDK's own check passes for a future timestamp; ours must not.
    const header = sign(now + 3600);
    expect(() => Stripe.webhooks.constructEvent(payload, header, WHSEC, 300, undefined, now * 1000)).not.toThrow();
    expect(() => provider().verifyWebhook(payload, header, now)).toThrow(WebhookVerificationError);
  });
});

describe('createPaymentProvider', () => {
  it('is Stripe only with all three keys, demo with none', () => {
    const s = createPaymentProvider({ stripeSecretKey: 'sk_test_1', stripePublishableKey: 'pk_test_1', stripeWebhookSecret: 'whsec_1' });
    expect(s.name).toBe('stripe');
    expect(s.publishableKey).toBe('pk_test_1');
    const d = createPaymentProvider({});
    expect(d.name).toBe('demo');
    expect(d.publishableKey).toBeNull();
    expect(createPaymentProvider({ stripeSecretKey: ' ', stripePublishableKey: '', stripeWebhookSecret: undefined }).name).toBe('demo');
  });

  it('refuses a partial Stripe configuration', () => {
    expect(() => createPaymentProvider({ stripeSecretKey: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses demo payments with a real eSIM provider', () => {
    expect(() => assertProvidersCompatible({ name: 'demo' }, { name: 'wholesaler', isReal: true })).toThrow(PaymentConfigError);
    expect(() => assertProvidersCompatible({ name: 'stripe' }, { name: 'wholesaler', isReal: true })).not.toThrow();
    expect(() => assertProvidersCompatible({ name: 'demo' }, { name: 'simulator', isReal: false })).not.toThrow();
  });
});

// Stripe configured, over HTTP: the SDK's HTTP calls go to an in-test Stripe through the SDK's own
// fetch http-client seam (this package has no msw; packages/api's Stripe tests use msw), webhooks
// are signed with stripe.webhooks.generateTestHeaderString.
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from '../../../packages/api/src/providers/payments/index.ts';
import { T0, counts, createOrdersApp, post, type OrdersApp } from './orders-app.ts';

const WHSEC = 'whsec_http_test';
const nowS = Math.floor(T0.getTime() / 1000);

/** Just enough of Stripe: payment intents (idempotent on Idempotency-Key) and refunds. */
function fakeStripe() {
  const intents = new Map<string, Record<string, unknown>>();
  /** docs.stripe.com/api/disputes/object */
  const disputes = new Map<string, Record<string, unknown>>();
  const keys = new Map<string, string>();
  let n = 0;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Request-Id': `req_${++n}` } });
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    if (url.hostname !== 'api.stripe.com') throw new Error(`unexpected host ${url.hostname}`);
    if (method === 'POST' && url.pathname === '/v1/payment_intents') {
      const form = new URLSearchParams(String(init?.body ?? ''));
      const key = headers.get('idempotency-key') ?? '';
      const existing = keys.get(key);
      if (existing) return json(intents.get(existing));
      const id = `pi_http_${++n}`;
      const pi = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_abc${n}`,
        metadata: { orderId: form.get('metadata[orderId]') },
        last_payment_error: null,
      };
      intents.set(id, pi);
      keys.set(key, id);
      return json(pi);
    }
    const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && m) {
      const pi = intents.get(m[1]!);
      return pi
        ? json(pi)
        : json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } }, 404);
    }
    const du = /^\/v1\/disputes\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && du) {
      const d = disputes.get(du[1]!);
      return d ? json(d) : json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such dispute' } }, 404);
    }
    return json({ error: { type: 'invalid_request_error', message: `no fake for ${method} ${url.pathname}` } }, 404);
  };
  return { intents, disputes, fetchImpl };
}

let t: OrdersApp;
let stripe: ReturnType<typeof fakeStripe>;
beforeEach(async () => {
  stripe = fakeStripe();
  const payments = new StripePaymentProvider({
    secretKey: 'sk_test_http',
    publishableKey: 'pk_test_http',
    webhookSecret: WHSEC,
    clientConfig: { maxNetworkRetries: 0, telemetry: false, httpClient: Stripe.createFetchHttpClient(stripe.fetchImpl as typeof fetch) },
  });
  t = await createOrdersApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_http', STRIPE_PUBLISHABLE_KEY: 'pk_test_http', STRIPE_WEBHOOK_SECRET: WHSEC },
    overrides: { payments },
  });
});
afterEach(async () => {
  await t.settle();
  await t.close();
});

async function checkout() {
  const res = await post(t.app, '/api/create-payment-intent', { planId: t.plans.japan1.id, amount: 1, email: 'card@traveller.example' });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    clientSecret: string;
    paymentIntentId: string;
    provider: string;
    publishableKey: string;
    amountMinor: number;
  };
}

function delivery(pi: Record<string, unknown>, opts: { t?: number; id?: string; type?: string } = {}) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: opts.type ?? 'payment_intent.succeeded',
    created: nowS,
    api_version: Stripe.API_VERSION,
    data: { object: pi },
  });
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WHSEC, timestamp: opts.t ?? nowS }) };
}

const hook = (d: { payload: string; header: string }) =>
  t.app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': d.header },
    body: d.payload,
  });

describe('Stripe over HTTP', () => {
  it('create-payment-intent returns the publishable key and the server amount; the CSP allows exactly Stripe’s hosts', async () => {
    const intent = await checkout();
    expect(intent).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_http', amountMinor: 450 });
    const res = await t.app.request('/api/payments/config');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('the demo endpoints are 404 with Stripe configured', async () => {
    const intent = await checkout();
    const res = await post(t.app, '/api/demo-payments/confirm', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(res.status).toBe(404);
  });

  it('valid, tampered, stale and future webhooks', async () => {
    const intent = await checkout();
    const pi = stripe.intents.get(intent.paymentIntentId)!;
    pi.status = 'succeeded';
    const good = delivery(pi);
    for (const bad of [
      { ...good, payload: good.payload.replace('"amount":450', '"amount":1') },
      delivery(pi, { t: nowS - 301 }),
      delivery(pi, { t: nowS + 301 }),
    ]) {
      expect((await hook(bad)).status).toBe(400);
    }
    expect((await counts(t.db)).fulfilled).toBe(0);
    const res = await hook(good);
    expect(await res.json()).toEqual({ received: true, outcome: 'processed' });
    await t.settle();
    expect(await counts(t.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
  });

  it('five duplicates at once racing the return page (Stripe’s redirect parameters) → exactly once', async () => {
    const intent = await checkout();
    const pi = stripe.intents.get(intent.paymentIntentId)!;
    pi.status = 'succeeded';
    const d = delivery(pi, { id: 'evt_same' });
    const returnPage = `/api/orders/${intent.paymentIntentId}?payment_intent=${intent.paymentIntentId}&payment_intent_client_secret=${encodeURIComponent(intent.clientSecret)}&redirect_status=succeeded`;
    const all = await Promise.all([...[1, 2, 3, 4, 5].map(() => hook(d)), t.app.request(returnPage), t.app.request(returnPage)]);
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    await t.settle();
    expect(await counts(t.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
    const view = (await (await t.app.request(returnPage)).json()) as { ready: boolean; activationCode: string };
    expect(view).toMatchObject({ ready: true, activationCode: expect.stringMatching(/^LPA:1\$/) });
  });

  it('charge.dispute.created and .closed over the webhook route: each twice, closed first too; acted on once', async () => {
    const intent = await checkout();
    const pi = stripe.intents.get(intent.paymentIntentId)!;
    pi.status = 'succeeded';
    pi.latest_charge = 'ch_http_1';
    expect((await hook(delivery(pi))).status).toBe(200);
    await t.settle();
    // docs.stripe.com/api/disputes/object (payment_intent as an id; the charge too).
    const dispute = {
      id: 'du_http_1',
      object: 'dispute',
      amount: 450,
      balance_transactions: [],
      charge: 'ch_http_1',
      created: nowS,
      currency: 'usd',
      evidence_details: { due_by: nowS + 7 * 86400, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: intent.paymentIntentId,
      reason: 'product_not_received',
      status: 'needs_response',
    };
    stripe.disputes.set(dispute.id, { ...dispute, status: 'won' });
    const closed = delivery({ ...dispute, status: 'won' }, { type: 'charge.dispute.closed', id: 'evt_du_closed' });
    const created = delivery(dispute, { type: 'charge.dispute.created', id: 'evt_du_created' });
    const outcomes = [];
    for (const d of [closed, closed, created, created]) {
      const res = await hook(d);
      expect(res.status).toBe(200);
      outcomes.push(((await res.json()) as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(['processed', 'duplicate', 'processed', 'duplicate']);
    const rows = await t.db.selectFrom('payment_risks').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        provider_ref: 'du_http_1',
        kind: 'dispute',
        status: 'won',
        outcome: 'won',
        reason: 'product_not_received',
      }),
    ]);
    expect((await counts(t.db)).fulfilled).toBe(1);
  });
});

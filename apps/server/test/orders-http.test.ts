// Checkout, orders, eSIM QR images, subscriptions and demo webhooks over HTTP (app.request):
// REST shapes, status codes, the CSRF guard, the client-secret rule, the webhook route's raw-body
// verification and exactly-once under concurrent deliveries, and the worker's tick.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DemoPaymentProvider } from '../../../packages/api/src/providers/payments/index.ts';
import { createFulfilmentWorker } from '../src/workers/fulfilment.ts';
import { silentLogger } from '../src/logger.ts';
import { CARD_DECLINED, CARD_OK, ORIGIN, T0, counts, createOrdersApp, post, sameSite, type OrdersApp } from './orders-app.ts';

let t: OrdersApp;
beforeEach(async () => {
  t = await createOrdersApp();
});
afterEach(async () => {
  await t.settle();
  await t.close();
});

interface Intent {
  clientSecret: string;
  orderId: string;
  paymentIntentId: string;
  provider: string;
  publishableKey: string | null;
  amount: number;
  amountMinor: number;
  currency: string;
}

async function createIntent(body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Intent> {
  const res = await post(
    t.app,
    '/api/create-payment-intent',
    { planId: t.plans.japan5.id, amount: 0.5, email: 'http@traveller.example', ...body },
    headers,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Intent;
}

async function confirm(intent: Intent, card = CARD_OK) {
  const res = await post(t.app, '/api/demo-payments/confirm', {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    card,
  });
  return { status: res.status, body: (await res.json()) as { status: string; error?: { code: string; message: string } } };
}

async function register(username: string, email: string): Promise<string> {
  const res = await post(t.app, '/api/auth/register', {
    username,
    email,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  });
  expect(res.status).toBe(200);
  const line = res.headers.getSetCookie().find((l) => l.startsWith('session='))!;
  return line.split(';')[0]!;
}

describe('POST /api/create-payment-intent', () => {
  it('answers the spec’s clientSecret plus order, provider and server-computed amount', async () => {
    const intent = await createIntent({}, { 'X-Currency': 'GBP' });
    expect(intent).toMatchObject({
      clientSecret: expect.stringMatching(/^pi_demo_\w+_secret_\w+$/),
      orderId: expect.stringMatching(/^ORD-/),
      paymentIntentId: expect.stringMatching(/^pi_demo_/),
      provider: 'demo',
      publishableKey: null,
      amount: 15.79,
      amountMinor: 1579,
      currency: 'GBP',
      kind: 'one_time',
      paymentStatus: 'requires_payment_method',
    });
  });

  it.each([
    ['no e-mail (guest)', { planId: 1 }, 400, 'BAD_INPUT'],
    ['a non-numeric plan id', { planId: 'abc', email: 'a@b.example' }, 400, 'BAD_INPUT'],
    ['an unknown plan', { planId: 99999, email: 'a@b.example' }, 404, 'PLAN_NOT_FOUND'],
    ['an unsupported currency', { planId: 1, email: 'a@b.example', currency: 'KRW' }, 400, 'BAD_INPUT'],
  ])('refuses %s', async (_n, body, status, code) => {
    const planId = body.planId === 1 ? t.plans.japan5.id : body.planId;
    const res = await post(t.app, '/api/create-payment-intent', { ...body, planId });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  it('refuses malformed JSON (400), below-minimum plans (400) and cross-site posts (403)', async () => {
    expect((await post(t.app, '/api/create-payment-intent', '{oops')).status).toBe(400);
    const tiny = await post(t.app, '/api/create-payment-intent', { planId: t.plans.tiny.id, email: 'a@b.example' });
    expect(tiny.status).toBe(400);
    expect(((await tiny.json()) as { error: { code: string } }).error.code).toBe('AMOUNT_BELOW_MINIMUM');
    const noHeader = await t.app.request('/api/create-payment-intent', {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ planId: t.plans.japan5.id, email: 'a@b.example' }),
    });
    expect(noHeader.status).toBe(403);
    const evil = await post(
      t.app,
      '/api/create-payment-intent',
      { planId: t.plans.japan5.id, email: 'a@b.example' },
      { Origin: 'https://evil.example' },
    );
    expect(evil.status).toBe(403);
    expect((await counts(t.db)).orders).toBe(0);
  });

  it('GET /api/payments/config', async () => {
    const res = await t.app.request('/api/payments/config');
    expect(await res.json()).toEqual({ provider: 'demo', publishableKey: null });
  });
});

describe('demo payments over HTTP → order success', () => {
  it('pay with 4242 → GET /api/orders/:pi with the client secret (query, Stripe’s param, or header); 404 without', async () => {
    const intent = await createIntent();
    expect(await confirm(intent)).toEqual({ status: 200, body: { paymentIntentId: intent.paymentIntentId, status: 'succeeded' } });
    await t.settle();
    const pi = intent.paymentIntentId;
    const secret = encodeURIComponent(intent.clientSecret);
    for (const req of [
      t.app.request(`/api/orders/${pi}?client_secret=${secret}`),
      t.app.request(`/api/orders/${pi}?payment_intent=${pi}&payment_intent_client_secret=${secret}`),
      t.app.request(`/api/orders/${pi}`, { headers: { 'X-Client-Secret': intent.clientSecret } }),
    ]) {
      const res = await req;
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const view = (await res.json()) as Record<string, unknown>;
      expect(view).toMatchObject({
        id: intent.orderId,
        planName: 'Japan 5GB 30 Days',
        planData: '5GB',
        planValidity: '30 days',
        totalAmount: 19.99,
        paymentMethod: 'Card',
        status: 'completed',
        activationCode: expect.stringMatching(/^LPA:1\$smdp\.sim\.example\$[A-Z0-9-]+$/),
        qrCode: expect.stringMatching(/^\/api\/esims\/ESIM-/),
      });
    }
    const anon = await t.app.request(`/api/orders/${pi}`);
    expect(anon.status).toBe(404);
    expect(await anon.json()).toEqual({ error: { code: 'NOT_FOUND', message: "We couldn't find your order details." } });
    expect((await t.app.request(`/api/orders/${pi}?client_secret=${pi}_secret_guess`)).status).toBe(404);
  });

  it('GET /api/orders/:pi only reads; POST /api/orders/:pi/settle (the return page) claims a payment whose event was lost', async () => {
    t.services.testHooks = {
      beforePaymentEvent: () => {
        throw new Error('lost');
      },
    };
    const intent = await createIntent();
    await confirm(intent);
    t.services.testHooks = undefined;
    const pi = intent.paymentIntentId;
    const secret = encodeURIComponent(intent.clientSecret);
    const status = async () =>
      (await t.db.selectFrom('orders').select('status').where('payment_intent_id', '=', pi).executeTakeFirstOrThrow()).status;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.request(`/api/orders/${pi}?client_secret=${secret}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ orderStatus: 'pending_payment' });
    }
    await t.settle();
    expect(await status()).toBe('pending_payment');
    // A mutation: the CSRF guard applies, and the same access rule as the read.
    expect((await t.app.request(`/api/orders/${pi}/settle?client_secret=${secret}`, { method: 'POST' })).status).toBe(403);
    expect((await post(t.app, `/api/orders/${pi}/settle`, {})).status).toBe(404);
    const res = await post(t.app, `/api/orders/${pi}/settle?client_secret=${secret}`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: intent.orderId, orderStatus: 'fulfilled', ready: true });
    await t.settle();
    expect(await counts(t.db)).toMatchObject({ fulfilled: 1, esims: 1, sent: 1 });
  });

  it('the QR image is served by the app: PNG and SVG with the token; 404 without', async () => {
    const intent = await createIntent();
    await confirm(intent);
    await t.settle();
    const view = (await (
      await t.app.request(`/api/orders/${intent.paymentIntentId}?client_secret=${encodeURIComponent(intent.clientSecret)}`)
    ).json()) as {
      qrCode: string;
    };
    const png = await t.app.request(view.qrCode);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await png.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const svg = await t.app.request(view.qrCode.replace('qr.png', 'qr.svg'));
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg/);
    expect((await t.app.request(view.qrCode.split('?')[0]!)).status).toBe(404);
    expect((await t.app.request(`${view.qrCode}x`)).status).toBe(404);
  });

  it('a declined card: 200 { status: failed, error } and no paid order; confirm-action for 3-D Secure', async () => {
    const intent = await createIntent();
    expect(await confirm(intent, CARD_DECLINED)).toEqual({
      status: 200,
      body: {
        paymentIntentId: intent.paymentIntentId,
        status: 'failed',
        error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
      },
    });
    expect((await confirm(intent, { ...CARD_OK, number: '4000002760003184' })).body.status).toBe('requires_action');
    const action = await post(t.app, '/api/demo-payments/confirm-action', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      approve: true,
    });
    expect(await action.json()).toEqual({ paymentIntentId: intent.paymentIntentId, status: 'succeeded' });
    await t.settle();
    expect(await counts(t.db)).toMatchObject({ fulfilled: 1, esims: 1, sent: 1 });
  });

  it('bad confirm input → 400; wrong secret → 404', async () => {
    const intent = await createIntent();
    expect(
      (await post(t.app, '/api/demo-payments/confirm', { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret }))
        .status,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/demo-payments/confirm', { paymentIntentId: intent.paymentIntentId, clientSecret: 'nope', card: CARD_OK }))
        .status,
    ).toBe(404);
  });
});

describe('account over HTTP', () => {
  it('GET /api/orders and /api/esims for the signed-in user; 401 signed out; guest orders join once the address is verified', async () => {
    const guest = await createIntent({ email: 'joiner@traveller.example' });
    await confirm(guest);
    await t.settle();
    expect((await t.app.request('/api/orders')).status).toBe(401);
    const cookie = await register('joiner', 'joiner@traveller.example');
    await t.settle();
    expect(await (await t.app.request('/api/orders', { headers: { Cookie: cookie } })).json()).toEqual([]);
    const link = t.mailer.sent
      .map((m) => (m.to === 'joiner@traveller.example' ? m.text.match(/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1] : undefined))
      .find(Boolean);
    expect(link).toBeDefined();
    expect((await post(t.app, '/api/auth/verify-email', { token: 'not-a-real-token-at-all' })).status).toBe(400);
    const verified = await post(t.app, '/api/auth/verify-email', { token: link });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ email: 'joiner@traveller.example', attachedOrders: 1, alreadyConfirmed: false });
    expect((await post(t.app, '/api/auth/resend-verification', {}, { Cookie: cookie })).status).toBe(200);
    const mine = await createIntent({ email: undefined, planId: t.plans.japan1.id }, { Cookie: cookie });
    await confirm(mine);
    await t.settle();
    const orders = (await (await t.app.request('/api/orders', { headers: { Cookie: cookie } })).json()) as {
      id: string;
      status: string;
      esimQrCode: string | null;
    }[];
    expect(orders.map((o) => o.id).sort()).toEqual([guest.orderId, mine.orderId].sort());
    expect(orders.every((o) => o.status === 'completed' && o.esimQrCode !== null)).toBe(true);
    const esims = (await (await t.app.request('/api/esims', { headers: { Cookie: cookie } })).json()) as {
      iccid: string;
      status: string;
    }[];
    expect(esims).toHaveLength(2);
    expect(esims[0]).toMatchObject({ iccid: expect.stringMatching(/^89/), status: 'ready', usage: { usedMb: 0 } });
    // The owner needs no secret.
    expect((await t.app.request(`/api/orders/${guest.paymentIntentId}`, { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it('subscriptions: guests 401; create → confirm → list → cancel at period end', async () => {
    expect((await post(t.app, '/api/create-subscription', { planId: t.plans.japan5.id, email: 'g@x.example' })).status).toBe(401);
    const cookie = await register('subscriber', 'subscriber@traveller.example');
    const res = await post(t.app, '/api/create-subscription', { planId: t.plans.japan5.id }, { Cookie: cookie });
    expect(res.status).toBe(200);
    const sub = (await res.json()) as Intent & { subscriptionId: string; kind: string };
    expect(sub).toMatchObject({ kind: 'subscription', amountMinor: 1699, subscriptionId: expect.stringMatching(/^SUB-/) });
    expect((await confirm(sub)).body.status).toBe('succeeded');
    await t.settle();
    const list = (await (await t.app.request('/api/subscriptions', { headers: { Cookie: cookie } })).json()) as {
      id: string;
      status: string;
    }[];
    expect(list).toMatchObject([{ id: sub.subscriptionId, status: 'active', cancelAtPeriodEnd: false }]);
    const canceled = await post(t.app, `/api/subscriptions/${sub.subscriptionId}/cancel`, {}, { Cookie: cookie });
    expect(await canceled.json()).toMatchObject({ id: sub.subscriptionId, status: 'active', cancelAtPeriodEnd: true });
  });
});

describe('POST /api/webhooks/stripe with demo events', () => {
  const nowS = Math.floor(T0.getTime() / 1000);
  const demo = () => t.services.payments as DemoPaymentProvider;
  const hook = (payload: string, header: string | undefined) =>
    t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(header !== undefined ? { 'Stripe-Signature': header } : {}) },
      body: payload,
    });

  /** A paid intent whose in-process event was lost (so the webhook deliveries do the work). */
  async function paidButUnhandled() {
    t.services.testHooks = {
      beforePaymentEvent: () => {
        throw new Error('lost');
      },
    };
    const intent = await createIntent();
    await confirm(intent);
    t.services.testHooks = undefined;
    const event = demo().events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === intent.paymentIntentId)!;
    return { intent, event };
  }

  it('valid → 200 processed; needs no Origin or X-Requested-With (the signature authenticates)', async () => {
    const { event } = await paidButUnhandled();
    const d = demo().signEvent(event, nowS);
    const res = await hook(d.payload, d.header);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'processed' });
    await t.settle();
    expect(await counts(t.db)).toMatchObject({ fulfilled: 1, esims: 1, sent: 1 });
  });

  it.each([
    ['a tampered body', (p: string, h: string) => [p.replace('"succeeded"', '"canceled"'), h], 'bad_signature'],
    ['a stale timestamp', 'stale', 'timestamp_out_of_tolerance'],
    ['a future timestamp', 'future', 'timestamp_out_of_tolerance'],
    ['no signature', (p: string) => [p, undefined], 'missing_header'],
  ] as const)('%s → 400 and nothing changes', async (_n, how, reason) => {
    const { event } = await paidButUnhandled();
    let payload: string;
    let header: string | undefined;
    if (how === 'stale' || how === 'future') ({ payload, header } = demo().signEvent(event, nowS + (how === 'stale' ? -301 : 301)));
    else {
      const d = demo().signEvent(event, nowS);
      [payload, header] = how(d.payload, d.header) as [string, string | undefined];
    }
    const res = await hook(payload, header);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE', reason } });
    expect(await counts(t.db)).toMatchObject({ fulfilled: 0, esims: 0, emails: 0 });
  });

  it('five duplicate deliveries at once racing the return page → one paid order, one eSIM, one e-mail', async () => {
    const { intent, event } = await paidButUnhandled();
    const d = demo().signEvent(event, nowS);
    const responses = await Promise.all([
      ...[1, 2, 3, 4, 5].map(() => hook(d.payload, d.header)),
      t.app.request(`/api/orders/${intent.paymentIntentId}?client_secret=${encodeURIComponent(intent.clientSecret)}`),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(responses.slice(0, 5).map(async (r) => ((await r.json()) as { outcome: string }).outcome));
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'processed']);
    await t.settle();
    expect(await counts(t.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1, sent: 1 });
    expect(t.mailer.sent).toHaveLength(1);
  });
});

describe('the fulfilment worker', () => {
  it('tick() retries provisioning after its back-off and delivers', async () => {
    t.esim.failNext(1);
    const intent = await createIntent();
    await confirm(intent);
    await t.settle();
    const worker = createFulfilmentWorker({ db: t.db, services: t.services, log: silentLogger }, { intervalMs: 60_000 });
    expect((await worker.tick())?.provisioned.retry).toBe(0); // not due yet
    t.clock.advance(1000);
    expect((await worker.tick())?.provisioned.fulfilled).toBe(1);
    await t.settle();
    expect(await counts(t.db)).toMatchObject({ fulfilled: 1, esims: 1, sent: 1 });
    await worker.stop();
    expect(await worker.tick()).toBeNull();
  });

  it('the worker’s sweep expires a checkout left unpaid past PENDING_ORDER_TTL_HOURS; GET /api/orders/:pi then says expired', async () => {
    await t.close();
    t = await createOrdersApp({ env: { PENDING_ORDER_TTL_HOURS: '2' } });
    const intent = await createIntent();
    const worker = createFulfilmentWorker({ db: t.db, services: t.services, log: silentLogger }, { intervalMs: 60_000 });
    t.clock.advance(2 * 3600_000 - 1000);
    expect(await worker.sweep()).toMatchObject({ expired: 0, roundDone: true });
    t.clock.advance(2000);
    expect(await worker.sweep()).toMatchObject({ expired: 1, roundDone: true });
    const res = await t.app.request(`/api/orders/${intent.paymentIntentId}?client_secret=${encodeURIComponent(intent.clientSecret)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: intent.orderId, status: 'expired', orderStatus: 'expired', activationCode: null });
    // Paying the expired checkout: a 409 that says so, nothing charged.
    const paid = await confirm(intent);
    expect(paid.status).toBe(409);
    expect(JSON.stringify(paid.body)).toMatch(/expired/);
    await worker.stop();
    expect(await worker.sweep()).toBeNull();
  });
});

describe('security headers', () => {
  it('no Stripe hosts in the CSP with demo payments', async () => {
    const res = await t.app.request('/api/payments/config', { headers: sameSite() });
    expect(res.headers.get('content-security-policy')).not.toContain('stripe');
  });
});

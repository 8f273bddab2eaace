// Request limits over HTTP (app.request): every limited REST path answers 429 with Retry-After and
// { error: { code: 'TOO_MANY_REQUESTS', message, details: { retryAfterSeconds } } }; tRPC answers
// TOO_MANY_REQUESTS with the same message; the allowance comes from the environment.
// Client addresses come from X-Forwarded-For (TRUST_PROXY=1), as behind a proxy.
import { afterEach, describe, expect, it } from 'vitest';
import { readEnv } from '../src/env.ts';
import { silentLogger } from '../src/logger.ts';
import { createFulfilmentWorker } from '../src/workers/fulfilment.ts';
import { CARD_DECLINED, CARD_OK, T0, createOrdersApp, post, type OrdersApp } from './orders-app.ts';

let t: OrdersApp;
afterEach(async () => {
  await t.settle();
  await t.close();
});

const MIN = 60_000;

interface ErrorJson {
  error: { code: string; message: string; details?: { retryAfterSeconds?: number; reason?: string } };
}
interface Intent {
  clientSecret: string;
  paymentIntentId: string;
}

async function app(env: Record<string, string> = {}) {
  t = await createOrdersApp({ env: { TRUST_PROXY: '1', ...env } });
  t.clock.now = new Date(T0); // 12:00:00, the start of every window
  return t;
}

const from = (ip: string, extra: Record<string, string> = {}) => ({ 'X-Forwarded-For': ip, ...extra });

async function createIntent(ip: string, email = 'http@traveller.example') {
  return post(t.app, '/api/create-payment-intent', { planId: t.plans.japan5.id, email }, from(ip));
}

async function expect429(res: Response, retryAfter: string, message: string, reason: string) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(retryAfter);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const body = (await res.json()) as ErrorJson;
  expect(body.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message, details: { retryAfterSeconds: Number(retryAfter), reason } });
}

describe('429 + Retry-After on every limited REST path', () => {
  it('POST /api/create-payment-intent: the 21st checkout in 10 minutes from one client', async () => {
    await app();
    for (let i = 0; i < 20; i++) expect((await createIntent('203.0.113.1')).status).toBe(200);
    t.clock.advance(MIN);
    await expect429(
      await createIntent('203.0.113.1'),
      '540',
      'Too many checkouts from your network in a short time. Please wait 9 minutes and try again.',
      'checkouts_per_client',
    );
    expect((await createIntent('203.0.113.2')).status).toBe(200);
  });

  it('POST /api/demo-payments/confirm: an order after 5 declines', async () => {
    await app();
    const intent = (await (await createIntent('203.0.113.1')).json()) as Intent;
    const confirm = (card: typeof CARD_OK) =>
      post(
        t.app,
        '/api/demo-payments/confirm',
        { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card },
        from('203.0.113.1'),
      );
    for (let i = 0; i < 5; i++) expect(await (await confirm(CARD_DECLINED)).json()).toMatchObject({ status: 'failed' });
    await expect429(
      await confirm(CARD_OK),
      '1800',
      'Too many declined attempts for this order. Please wait 30 minutes, then try again or use another card. Your bank can tell you why the card was declined.',
      'declines_per_order',
    );
  });

  it('POST /api/demo-payments/confirm-action: the 31st card attempt in 10 minutes from one client', async () => {
    await app();
    const intents: Intent[] = [];
    for (let i = 0; i < 4; i++) intents.push((await (await createIntent('203.0.113.1')).json()) as Intent);
    for (let i = 0; i < 30; i++) {
      const it = intents[i % 4]!;
      const res = await post(
        t.app,
        '/api/demo-payments/confirm',
        { paymentIntentId: it.paymentIntentId, clientSecret: it.clientSecret, card: CARD_OK },
        from('203.0.113.1'),
      );
      expect(res.status).toBe(200);
    }
    const res = await post(
      t.app,
      '/api/demo-payments/confirm-action',
      { paymentIntentId: intents[0]!.paymentIntentId, clientSecret: intents[0]!.clientSecret, approve: true },
      from('203.0.113.1'),
    );
    await expect429(
      res,
      '600',
      'Too many payment attempts from your network in a short time. Please wait 10 minutes and try again.',
      'payment_attempts_per_client',
    );
  });

  it('POST /api/create-subscription: counted with the checkouts', async () => {
    await app();
    const reg = await post(
      t.app,
      '/api/auth/register',
      { username: 'subber', email: 'subber@traveller.example', password: 'correct horse battery' },
      from('203.0.113.9'),
    );
    const cookie = reg.headers
      .getSetCookie()
      .find((l) => l.startsWith('session='))!
      .split(';')[0]!;
    for (let i = 0; i < 20; i++) expect((await createIntent('203.0.113.1')).status).toBe(200);
    const res = await post(t.app, '/api/create-subscription', { planId: t.plans.japan5.id }, from('203.0.113.1', { Cookie: cookie }));
    await expect429(
      res,
      '600',
      'Too many checkouts from your network in a short time. Please wait 10 minutes and try again.',
      'checkouts_per_client',
    );
  });

  it('POST /api/auth/register: the 6th account in an hour from one client; nothing written', async () => {
    await app();
    const register = (n: number) =>
      post(
        t.app,
        '/api/auth/register',
        { username: `traveller${n}`, email: `traveller${n}@example.com`, password: 'correct horse battery' },
        from('203.0.113.1'),
      );
    for (let n = 0; n < 5; n++) expect((await register(n)).status).toBe(200);
    const res = await register(5);
    expect(res.headers.getSetCookie()).toEqual([]);
    await expect429(
      res,
      '3600',
      'Too many accounts have been created from your network. Please wait 60 minutes and try again, or sign in to the account you already have.',
      'registrations_per_client',
    );
    expect(await t.db.selectFrom('users').select('username').where('username', '=', 'traveller5').execute()).toEqual([]);
  });

  it('POST /api/auth/resend-verification: the 11th verification e-mail in an hour from one client', async () => {
    await app();
    const cookies: string[] = [];
    for (let n = 0; n < 5; n++) {
      const res = await post(
        t.app,
        '/api/auth/register',
        { username: `walker${n}`, email: `walker${n}@example.com`, password: 'correct horse battery' },
        from('203.0.113.1'),
      );
      cookies.push(
        res.headers
          .getSetCookie()
          .find((l) => l.startsWith('session='))!
          .split(';')[0]!,
      );
    }
    t.clock.advance(2 * MIN);
    for (const cookie of cookies)
      expect((await post(t.app, '/api/auth/resend-verification', {}, from('203.0.113.1', { Cookie: cookie }))).status).toBe(200);
    const res = await post(t.app, '/api/auth/resend-verification', {}, from('203.0.113.1', { Cookie: cookies[0]! }));
    await expect429(
      res,
      '3480',
      'Too many e-mails have been requested from your network. Please wait 58 minutes and try again.',
      'verification_emails_per_client',
    );
  });

  it('tRPC answers TOO_MANY_REQUESTS (429) with the same message', async () => {
    await app();
    for (let i = 0; i < 20; i++) expect((await createIntent('203.0.113.1')).status).toBe(200);
    const res = await post(
      t.app,
      '/api/trpc/payments.createIntent',
      { json: { planId: t.plans.japan5.id, email: 'a@b.example' } },
      from('203.0.113.1'),
    );
    expect(res.status).toBe(429);
    const body = (await res.json()) as {
      error: { json: { message: string; data: { code: string; appError: { code: string; details: unknown } } } };
    };
    expect(body.error.json.message).toBe('Too many checkouts from your network in a short time. Please wait 10 minutes and try again.');
    expect(body.error.json.data).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      appError: { code: 'TOO_MANY_REQUESTS', details: { retryAfterSeconds: 600, reason: 'checkouts_per_client' } },
    });
  });
});

describe('who the client is', () => {
  it('behind a proxy, the last X-Forwarded-For entry (what the proxy saw): entries a client adds before it change nothing', async () => {
    await app();
    for (let i = 0; i < 20; i++) expect((await createIntent(`10.0.0.${i}, 203.0.113.1`)).status).toBe(200);
    expect((await createIntent('198.51.100.7, 203.0.113.1')).status).toBe(429);
    expect((await createIntent('203.0.113.1, 203.0.113.2')).status).toBe(200);
  });
});

describe('the allowance from the environment', () => {
  it('RATE_LIMIT_ALLOWLIST exempts its clients from the per-client limits', async () => {
    await app({ RATE_LIMIT_ALLOWLIST: '127.0.0.1, 203.0.113.0/28' });
    for (let i = 0; i < 30; i++) expect((await createIntent('203.0.113.5')).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await createIntent('203.0.113.16')).status).toBe(200);
    expect((await createIntent('203.0.113.16')).status).toBe(429);
  });

  it('RATE_LIMIT_MULTIPLIER scales them', async () => {
    await app({ RATE_LIMIT_MULTIPLIER: '1.5' });
    for (let i = 0; i < 30; i++) expect((await createIntent('203.0.113.5')).status).toBe(200);
    expect((await createIntent('203.0.113.5')).status).toBe(429);
  });

  it('a bad allowlist entry stops the server at start with a message naming it', () => {
    expect(() => readEnv({ RATE_LIMIT_ALLOWLIST: '127.0.0.1, office' })).toThrow(
      'RATE_LIMIT_ALLOWLIST: "office" is not an IP address or CIDR block',
    );
    expect(() => readEnv({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow('RATE_LIMIT_MULTIPLIER');
    expect(readEnv({}).RATE_LIMIT_ALLOWLIST).toBe('');
  });
});

describe('pruning', () => {
  it('the worker deletes counters of past windows (the request path never does)', async () => {
    await app();
    for (let i = 0; i < 3; i++) expect((await createIntent(`203.0.113.${i}`)).status).toBe(200);
    const worker = createFulfilmentWorker({ db: t.db, services: t.services, log: silentLogger }, { intervalMs: 60_000 });
    expect(await worker.prune()).toEqual({ counters: 0, throttles: 0 });
    t.clock.advance(10 * MIN);
    expect((await createIntent('203.0.113.0')).status).toBe(200);
    expect(await worker.prune()).toEqual({ counters: 3, throttles: 0 });
    expect(await t.db.selectFrom('rate_limit_counters').select(['key', 'hits']).execute()).toEqual([
      { key: 'checkouts_per_client:ip:203.0.113.0', hits: 1 },
    ]);
    await worker.stop();
  });
});

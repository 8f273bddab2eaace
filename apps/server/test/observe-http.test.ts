// What an operator sees of requests: the request id on every answer and in every line written
// while handling it, one access line per request, /api/health and /api/ready, and the Prometheus
// metrics (by route pattern, never by raw path). Over a real Node listener, as serve.ts runs it.
import { afterEach, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../src/metrics.ts';
import { countingFailures } from '../src/deps.ts';
import { createLogger } from '../src/logger.ts';
import { CARD_OK, accessLine, sameSite, startObserveApp, type ObserveApp } from './observe-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: ObserveApp;
afterEach(async () => {
  await t.settle();
  await t.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${t.base}${path}`, { headers });
}

describe('the request id', () => {
  it('every answer carries X-Request-Id: API, 404, tRPC, REST, static files, SPA fallback, webhooks, refusals, onError', async () => {
    t = await startObserveApp();
    const answers = await Promise.all([
      get('/api/health'),
      get('/api/ready'),
      get('/api/nope'),
      get('/api/trpc/catalog.regions'),
      get('/api/trpc/catalog.regions?batch=1&input=%7B%7D'),
      fetch(`${t.base}/api/trpc/auth.login`, { method: 'POST', headers: sameSite(), body: '{}' }),
      get('/api/regions'),
      get('/'),
      get('/assets/app-1234.js'),
      get('/random/xyz123'),
      fetch(`${t.base}/api/webhooks/stripe`, { method: 'POST', headers: { 'Stripe-Signature': 't=1,v1=00' }, body: '{}' }),
      fetch(`${t.base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }),
      fetch(`${t.base}/api/regions`, { method: 'HEAD' }),
    ]);
    const ids = answers.map((r) => r.headers.get('x-request-id'));
    for (const [i, id] of ids.entries()) expect(id, `answer ${i} (${answers[i]!.url})`).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 404, 200, 200, 400, 200, 200, 200, 200, 400, 403, 200]);
  });

  it('an error answered by app.onError carries it too, and the error line has the same id', async () => {
    t = await startObserveApp();
    // The session lookup fails on a closed database: an unexpected error, answered by onError.
    await t.closeDb();
    const res = await get('/api/auth/me', { Cookie: `session=${'a'.repeat(32)}` });
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    const error = t.lines().find((l) => l.msg === 'unhandled error');
    expect(error).toMatchObject({ level: 'error', requestId: id });
    expect(await accessLine(t, id)).toMatchObject({ status: 500 });
  });

  it('takes the client’s X-Request-Id when it looks like an id; anything else gets a new one', async () => {
    t = await startObserveApp();
    const keep = ['abcd1234', 'trace-7f3a.9:b_c', 'x'.repeat(128)];
    for (const id of keep) expect((await get('/api/health', { 'X-Request-Id': id })).headers.get('x-request-id')).toBe(id);
    const refuse = ['short', 'has space inside', 'x'.repeat(129), 'semi;colon1', '4242424242424242', 'card-4242-4242-4242-4242'];
    for (const id of refuse) {
      const got = (await get('/api/health', { 'X-Request-Id': id })).headers.get('x-request-id');
      expect(got, id).toMatch(UUID);
    }
  });

  it('lines a service writes while handling the request carry its id', async () => {
    t = await startObserveApp();
    const res = await fetch(`${t.base}/api/auth/register`, {
      method: 'POST',
      headers: sameSite(),
      body: JSON.stringify({
        username: 'ida',
        email: 'ida@example.com',
        password: 'a long pass phrase',
        confirmPassword: 'a long pass phrase',
      }),
    });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id')!;
    await t.settle();
    const sent = t.lines().find((l) => l.msg === 'verification e-mail sent');
    expect(sent?.requestId).toBe(id);
    // Lines written outside any request have none.
    t.deps.log.info('outside');
    expect(t.lines().find((l) => l.msg === 'outside')).not.toHaveProperty('requestId');
  });
});

describe('the access log', () => {
  it('one line per request: id, method, path without the query, route pattern, status, duration, bytes, ip, user', async () => {
    t = await startObserveApp();
    const res = await get('/api/plans/999999?token=secret-in-query&x=1');
    expect(res.status).toBe(404);
    const id = res.headers.get('x-request-id')!;
    const line = await accessLine(t, id);
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId: id,
      method: 'GET',
      path: '/api/plans/999999',
      route: '/api/plans/:planId',
      status: 404,
      bytes: expect.any(Number),
      ip: '127.0.0.1',
    });
    // Headers and body as sent.
    expect(line.bytes).toBeGreaterThan((await res.arrayBuffer()).byteLength + 100);
    expect(typeof line.ms).toBe('number');
    expect(line).not.toHaveProperty('userId');
    expect(JSON.stringify(t.lines())).not.toContain('secret-in-query');
    expect(t.lines().filter((l) => l.msg === 'request')).toHaveLength(1);

    // Signed in: the user's id.
    const reg = await fetch(`${t.base}/api/auth/register`, {
      method: 'POST',
      headers: sameSite(),
      body: JSON.stringify({
        username: 'ola',
        email: 'ola@example.com',
        password: 'a long pass phrase',
        confirmPassword: 'a long pass phrase',
      }),
    });
    const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
    const me = await get('/api/auth/me', { Cookie: cookie });
    const meLine = await accessLine(t, me.headers.get('x-request-id')!);
    expect(meLine).toMatchObject({ route: '/api/auth/me', status: 200, userId: expect.any(Number) });
  });

  it('routes are labels of bounded cardinality: patterns, tRPC procedures, static, never a raw path', async () => {
    t = await startObserveApp();
    const cases: [string, string][] = [
      ['/random/xyz123', 'static'],
      ['/assets/app-1234.js', '/assets/*'],
      ['/api/nope/xyz123', '/api/*'],
      ['/api/trpc/catalog.regions', '/api/trpc/catalog.regions'],
      ['/api/trpc/catalog.regions,catalog.plans?batch=1&input=%7B%7D', '/api/trpc/(batch)'],
      ['/api/trpc/no.such.xyz123', '/api/trpc/*'],
      ['/api/orders/pi_xyz123', '/api/orders/:paymentIntentId'],
    ];
    for (const [path, route] of cases) {
      const res = await get(path);
      expect((await accessLine(t, res.headers.get('x-request-id')!)).route, path).toBe(route);
    }
  });

  it('ACCESS_LOG=0 writes none (the id is still returned); LOG_LEVEL=warn writes none either', async () => {
    t = await startObserveApp({ env: { ACCESS_LOG: '0' } });
    const res = await get('/api/health');
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    await get('/api/regions');
    await new Promise((r) => setTimeout(r, 50));
    expect(t.lines().filter((l) => l.msg === 'request')).toEqual([]);
    await t.close();

    t = await startObserveApp({ level: 'warn' });
    await get('/api/health');
    await new Promise((r) => setTimeout(r, 50));
    expect(t.raw).toEqual([]);
  });
});

describe('/api/health and /api/ready', () => {
  it('health answers ok without the database, no-store; ready answers 503 when the database is gone', async () => {
    t = await startObserveApp();
    await t.closeDb();
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const ready = await get('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(t.lines().find((l) => l.msg === 'readiness: the database did not answer')).toMatchObject({ level: 'warn' });
  });

  it('ready reports the database and the backlogs; 503 while draining', async () => {
    t = await startObserveApp();
    const ready = await get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({
      status: 'ready',
      database: 'ok',
      fulfilment: { waiting: 0, due: 0, retrying: 0, oldestAgeSeconds: null },
      email: { pending: 0, failed: 0, oldestAgeSeconds: null },
    });
    t.lifecycle.draining = true;
    const draining = await get('/api/ready');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    expect(draining.headers.get('connection')).toBe('close');
    // Liveness is unaffected.
    expect((await get('/api/health')).status).toBe(200);
  });

  it('a paid order waiting for its eSIM shows in the backlog with its age', async () => {
    t = await startObserveApp();
    await t.db
      .insertInto('orders')
      .values({
        public_id: 'ORD-WAIT',
        email: 'w@example.com',
        plan_id: t.plans.japan5.id,
        plan_name: 'Japan 5 GB',
        plan_data_amount: '5 GB',
        plan_data_mb: 5120,
        plan_validity_days: 30,
        currency: 'USD',
        unit_amount_minor: 500,
        total_amount_minor: 500,
        usd_amount_minor: 500,
        rate_micros: 1_000_000,
        status: 'provisioning',
        payment_provider: 'demo',
        provision_attempts: 1,
        paid_at: new Date(t.clock.now.getTime() - 90_000).toISOString(),
        next_attempt_at: new Date(t.clock.now.getTime() - 1000).toISOString(),
        created_at: new Date(t.clock.now.getTime() - 120_000).toISOString(),
        updated_at: t.clock.now.toISOString(),
      } as never)
      .execute();
    const body = (await (await get('/api/ready')).json()) as { fulfilment: unknown };
    expect(body.fulfilment).toEqual({ waiting: 1, due: 1, retrying: 1, oldestAgeSeconds: 90 });
  });
});

describe('metrics', () => {
  async function scrape(): Promise<string> {
    return t.metrics.registry.metrics();
  }

  it('requests by route and status, durations, orders by status, backlogs, event-loop lag; labels stay bounded', async () => {
    t = await startObserveApp();
    await get('/api/health');
    await get('/api/health');
    await get('/random/xyz123');
    await get('/api/nope/xyz123');
    // An order, paid with the demo card, delivered.
    const intent = (await (
      await fetch(`${t.base}/api/create-payment-intent`, {
        method: 'POST',
        headers: sameSite(),
        body: JSON.stringify({ planId: t.plans.japan5.id, email: 'm@example.com' }),
      })
    ).json()) as { paymentIntentId: string; clientSecret: string };
    const paid = await fetch(`${t.base}/api/demo-payments/confirm`, {
      method: 'POST',
      headers: sameSite(),
      body: JSON.stringify({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: CARD_OK }),
    });
    expect(paid.status).toBe(200);
    await t.settle();
    await new Promise((r) => setTimeout(r, 20));

    const text = await scrape();
    expect(text).toContain('http_requests_total{method="GET",route="/api/health",status="200"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="static",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/*",status="404"} 1');
    expect(text).toContain('http_requests_total{method="POST",route="/api/demo-payments/confirm",status="200"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health"\} \d/);
    expect(text).toContain('esim_orders{status="fulfilled"} 1');
    expect(text).toContain('esim_orders{status="expired"} 0');
    expect(text).toContain('esim_fulfilment_backlog 0');
    expect(text).toContain('esim_email_backlog 0');
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
    expect(text).not.toContain('xyz123');
  });

  it('failed provider calls are counted by provider and operation (and still fail)', async () => {
    const count: string[] = [];
    // A class with a private field: the wrapper must call its methods on the instance itself.
    class Fake {
      readonly name = 'fake';
      #calls = 0;
      async order(n: number) {
        this.#calls += 1;
        if (n < 0) throw new Error('refused');
        return n;
      }
      calls() {
        return this.#calls;
      }
      parseWebhook(): never {
        throw new Error('bad signature');
      }
    }
    const provider = new Fake();
    const wrapped = countingFailures(provider, ['order'], (op) => count.push(op));
    expect(await wrapped.order(2)).toBe(2);
    await expect(wrapped.order(-1)).rejects.toThrow('refused');
    expect(() => wrapped.parseWebhook()).toThrow('bad signature');
    expect(wrapped.name).toBe('fake');
    expect(wrapped.calls()).toBe(2);
    expect(wrapped).toBeInstanceOf(Fake);
    expect(count).toEqual(['order']);

    t = await startObserveApp({
      overrides: {
        esim: Object.assign(Object.create(null), {
          name: 'simulator',
          isReal: false,
          order: async () => {
            throw new Error('provider down');
          },
        }) as never,
      },
    });
    await expect(t.services.esim.order({} as never)).rejects.toThrow('provider down');
    expect(await t.metrics.registry.metrics()).toContain('esim_provider_errors_total{provider="simulator",operation="order"} 1');
  });

  it('the metrics listener: /metrics in Prometheus text, 404 elsewhere; a taken port is a warning, not a failure', async () => {
    t = await startObserveApp();
    const lines: string[] = [];
    const log = createLogger('info', (l) => void lines.push(l));
    const server = await startMetricsServer(t.metrics.registry, { host: '127.0.0.1', port: 0, log });
    expect(server).not.toBeNull();
    try {
      const res = await fetch(`http://127.0.0.1:${server!.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain('# TYPE http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${server!.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server!.port}/metrics/x`)).status).toBe(404);

      const second = await startMetricsServer(t.metrics.registry, { host: '127.0.0.1', port: server!.port, log });
      expect(second).toBeNull();
      expect(lines.map((l) => JSON.parse(l) as { msg: string; error?: string }).at(-1)).toMatchObject({
        msg: 'metrics: cannot listen; going on without metrics',
        error: 'EADDRINUSE',
      });
    } finally {
      await server!.close();
    }
  });
});

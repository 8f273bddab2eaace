// Request limits on /api/trpc/* (app.request): the body size the REST paths allow, enforced
// before the body is read (by Content-Length, and while a chunked body streams in), and at most
// MAX_TRPC_BATCH_CALLS calls per request, for GET (the fast path) and POST. Every refusal is a
// 413 in the REST error shape that says `Connection: close`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BODY } from '../src/rest/body.ts';
import { MAX_TRPC_BATCH_CALLS, trpcCallCount } from '../src/middleware/trpc-limits.ts';
import { createCatalogApp, type CatalogApp } from './catalog-app.ts';

const ORIGIN = 'http://localhost:3000';
const sameSite = { Origin: ORIGIN, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };

let t: CatalogApp;
beforeAll(async () => {
  t = await createCatalogApp();
});
afterAll(() => t.close());

interface ErrorJson {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

/** A body of `total` bytes in `chunk`-byte pieces (no Content-Length: it is sent chunked), counting the pieces read. */
function countingStream(total: number, chunk = 16 * 1024) {
  const counter = { pulled: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      sent += n;
      counter.pulled += 1;
      // A JSON string that never ends: whoever reads it all still cannot parse it.
      controller.enqueue(
        new TextEncoder().encode((counter.pulled === 1 ? '{"json":"' : '') + 'x'.repeat(n - (counter.pulled === 1 ? 9 : 0))),
      );
    },
  });
  return { stream, counter };
}

function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  expect(res.headers.get('connection')).toBe('close');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
}

describe('tRPC body size', () => {
  it(`a Content-Length over ${MAX_JSON_BODY} bytes → 413 before one byte is read`, async () => {
    const { stream, counter } = countingStream(50 * 1024 * 1024);
    const res = await t.app.request(`${ORIGIN}/api/trpc/auth.login`, {
      method: 'POST',
      headers: { ...sameSite, 'Content-Length': String(50 * 1024 * 1024) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectTooLarge(res);
    const body = (await res.json()) as ErrorJson;
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.error.message).toBe('The request body is too large (at most 64 KiB).');
    expect(body.error.details).toEqual({ maxBytes: MAX_JSON_BODY });
    expect(counter.pulled).toBeLessThanOrEqual(1); // a stream may prefetch its first piece
  });

  it('a chunked body (no Content-Length) is read only up to the limit, then 413', async () => {
    const { stream, counter } = countingStream(10 * 1024 * 1024);
    const res = await t.app.request(`${ORIGIN}/api/trpc/auth.login`, {
      method: 'POST',
      headers: sameSite,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectTooLarge(res);
    expect(((await res.json()) as ErrorJson).error.code).toBe('PAYLOAD_TOO_LARGE');
    // 64 KiB in 16 KiB pieces: the fifth piece crosses the limit (a stream may run a piece or two ahead).
    expect(counter.pulled).toBeLessThanOrEqual(MAX_JSON_BODY / (16 * 1024) + 3);
  });

  it('a chunked body under the limit reaches tRPC whole (what bodyLimit read is handed on)', async () => {
    const input = JSON.stringify({ json: { username: 'nobody_here', password: 'p'.repeat(40_000) } });
    const bytes = new TextEncoder().encode(input);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
        controller.close();
      },
    });
    const res = await t.app.request(`${ORIGIN}/api/trpc/auth.login`, {
      method: 'POST',
      headers: sameSite,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    // Parsed and validated by the procedure: the password is over its length limit → 400, not 413 and not a parse error.
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { json: { data: { code: string; zodError: unknown } } } };
    expect(body.error.json.data.code).toBe('BAD_REQUEST');
    expect(body.error.json.data.zodError).not.toBeNull();
  });

  it('a body just under the limit with Content-Length is read and answered by the procedure', async () => {
    const input = JSON.stringify({ json: { username: 'nobody_here', password: 'p'.repeat(MAX_JSON_BODY - 100) } });
    expect(input.length).toBeLessThanOrEqual(MAX_JSON_BODY);
    const res = await t.app.request(`${ORIGIN}/api/trpc/auth.login`, {
      method: 'POST',
      headers: { ...sameSite, 'Content-Length': String(input.length) },
      body: input,
    });
    expect(res.status).toBe(400);
  });
});

describe('tRPC calls per request', () => {
  const regions = (n: number, sep = ',') => Array.from({ length: n }, () => 'catalog.regions').join(sep);

  it(`GET (the fast path): ${MAX_TRPC_BATCH_CALLS} calls are answered; one more → 413 in the REST error shape`, async () => {
    const ok = await t.app.request(`/api/trpc/${regions(MAX_TRPC_BATCH_CALLS)}?batch=1`);
    expect(ok.status).toBe(200);
    expect((await ok.json()) as unknown[]).toHaveLength(MAX_TRPC_BATCH_CALLS);

    const res = await t.app.request(`/api/trpc/${regions(MAX_TRPC_BATCH_CALLS + 1)}?batch=1`);
    expectTooLarge(res);
    expect(await res.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: `Too many calls in one request: ${MAX_TRPC_BATCH_CALLS + 1}; at most ${MAX_TRPC_BATCH_CALLS} per batch.`,
        details: { maxCalls: MAX_TRPC_BATCH_CALLS, calls: MAX_TRPC_BATCH_CALLS + 1 },
      },
    });
  });

  it('the probe: 700 calls in one GET → 413', async () => {
    expectTooLarge(await t.app.request(`/api/trpc/${regions(700)}?batch=1`));
  });

  it('commas sent percent-encoded count too (tRPC decodes them)', async () => {
    expectTooLarge(await t.app.request(`/api/trpc/${regions(MAX_TRPC_BATCH_CALLS + 1, '%2C')}?batch=1`));
    expectTooLarge(await t.app.request(`/api/trpc/${regions(MAX_TRPC_BATCH_CALLS + 1, '%2c')}?batch=1`));
  });

  it('the adapter path (streaming GET) and POST batches are capped the same way', async () => {
    expectTooLarge(
      await t.app.request(`/api/trpc/${regions(MAX_TRPC_BATCH_CALLS + 1)}?batch=1`, { headers: { 'trpc-accept': 'application/jsonl' } }),
    );
    const logouts = (n: number) => Array.from({ length: n }, () => 'auth.logout').join(',');
    const post = (n: number) =>
      t.app.request(`${ORIGIN}/api/trpc/${logouts(n)}?batch=1`, { method: 'POST', headers: sameSite, body: '{}' });
    expect((await post(MAX_TRPC_BATCH_CALLS)).status).toBe(200);
    const res = await post(MAX_TRPC_BATCH_CALLS + 1);
    expectTooLarge(res);
    expect(((await res.json()) as ErrorJson).error.details).toEqual({ maxCalls: MAX_TRPC_BATCH_CALLS, calls: MAX_TRPC_BATCH_CALLS + 1 });
  });

  it('counts calls as tRPC splits them', () => {
    expect(trpcCallCount('catalog.regions')).toBe(1);
    expect(trpcCallCount('a,b,c')).toBe(3);
    expect(trpcCallCount('a%2Cb%2cc,d')).toBe(4);
    expect(trpcCallCount('a%252Cb')).toBe(1); // an encoded '%' followed by '2C' is not a comma
  });

  it("the web client's httpBatchLink splits batches at the same number (maxItems)", () => {
    const web = readFileSync(fileURLToPath(new URL('../../web/src/lib/trpc.ts', import.meta.url)), 'utf8');
    expect(web).toMatch(/maxItems: TRPC_MAX_BATCH_CALLS/);
    expect(Number(/export const TRPC_MAX_BATCH_CALLS = (\d+);/.exec(web)?.[1])).toBe(MAX_TRPC_BATCH_CALLS);
  });
});

describe('REST 413s', () => {
  it.each(['/api/auth/login', '/api/contact', '/api/create-payment-intent', '/api/webhooks/stripe'])(
    '%s: 413 says Connection: close',
    async (path) => {
      const body = JSON.stringify({ x: 'y'.repeat(600 * 1024) });
      const res = await t.app.request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { ...sameSite, 'Content-Length': String(body.length) },
        body,
      });
      expectTooLarge(res);
      expect(((await res.json()) as ErrorJson).error.code).toBe('PAYLOAD_TOO_LARGE');
    },
  );
});

describe('every other /api path', () => {
  it('a large body to an unknown /api path is refused by its Content-Length (413, connection closed), not read', async () => {
    const { stream, counter } = countingStream(10 * 1024 * 1024);
    const res = await t.app.request(`${ORIGIN}/api/no-such-path`, {
      method: 'POST',
      headers: { ...sameSite, 'Content-Length': String(10 * 1024 * 1024) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectTooLarge(res);
    expect(counter.pulled).toBeLessThanOrEqual(1); // a stream may prefetch its first piece
  });

  it('a large body without the CSRF headers is 413 before the guard (not read either)', async () => {
    const { stream, counter } = countingStream(10 * 1024 * 1024);
    const res = await t.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(10 * 1024 * 1024) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectTooLarge(res);
    expect(counter.pulled).toBeLessThanOrEqual(1); // a stream may prefetch its first piece
  });
});

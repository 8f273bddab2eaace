// Properties of the two guards in front of the handlers:
// - CSRF: a state-changing request to any /api path (every REST route, every tRPC procedure,
//   unknown paths; not the webhooks) without the same-origin pair (Origin of this site AND
//   X-Requested-With) is refused with 403 (or 413/429 by a limit that runs first) and changes no
//   row, whatever its body, type or cookie.
// - Webhooks: a delivery to /api/webhooks/stripe whose signature is missing, malformed, stale or
//   wrong is refused with 400 BAD_SIGNATURE and changes no row, whatever its body.
//
// Runs: FUZZ_RUNS × 5 requests per property (default 40 × 5). A larger run:
//   cd apps/server && FUZZ_RUNS=1000 npx vitest run test/property
// fast-check prints the seed and path of a failure; replay it with
//   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/property/<file> -t '<test name>'
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { appRouter } from '@esim/api';
import { anyValue, bodyArb, callerArb, contentType, naughtyString, pathSegment } from './arbitraries.ts';
import { ORIGIN, T0, createFuzzApp, fuzzParams, fuzzRuns, sendAndCheck, statusSummary } from './rig.ts';

const f = await createFuzzApp();
afterAll(async () => {
  console.info(`[fuzz] answers:\n${statusSummary()}`);
  await f.close();
});

const RUNS = fuzzRuns(40) * 5;
const TIMEOUT = Math.max(60_000, RUNS * 200);

const restPaths = [
  ...new Set(
    f.app.routes
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*') && r.path.startsWith('/api/') && !csrfExempt(r.path))
      .map((r) => r.path),
  ),
];
/**
 * Paths the CSRF guard lets through by design: the webhooks (their signatures) and the newsletter's
 * RFC 8058 one-click unsubscribe (a mail provider's POST without Origin; its signed token is the
 * authority, tested in admin-csv.test.ts).
 */
function csrfExempt(path: string): boolean {
  return path.startsWith('/api/webhooks/') || /^\/api\/newsletter\/unsubscribe\/[^/]+$/.test(path);
}
const trpcPaths = Object.keys(appRouter._def.procedures).map((p) => `/api/trpc/${p}`);

describe('CSRF guard', () => {
  const origin = fc.constantFrom(
    undefined,
    'null',
    '',
    'https://evil.example',
    'http://localhost:3000.evil.example',
    'http://localhost:3001',
    'https://localhost:3000',
    'localhost:3000',
    'http://user@evil.example',
  );
  const referer = fc.constantFrom(undefined, 'https://evil.example/page', 'http://localhost:3000.evil.example/', 'not a url');
  const path = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...restPaths, ...trpcPaths) },
    { weight: 1, arbitrary: fc.array(pathSegment(f.known), { minLength: 1, maxLength: 3 }).map((s) => `/api/${s.join('/')}`) },
  );
  const headersArb = fc
    .record({ origin, referer, xrw: fc.constantFrom(undefined, 'XMLHttpRequest', ''), sameOriginNoXrw: fc.boolean() })
    .map(({ origin: o, referer: r, xrw, sameOriginNoXrw }) => {
      // Either a foreign (or absent) origin with anything else, or this site's origin without X-Requested-With.
      const h: Record<string, string> = {};
      if (sameOriginNoXrw) h.Origin = ORIGIN;
      else {
        if (o !== undefined) h.Origin = o;
        if (r !== undefined && o === undefined) h.Referer = r;
        if (xrw !== undefined) h['X-Requested-With'] = xrw;
      }
      return h;
    });

  it(
    'refuses every state-changing /api request without the same-origin pair: 403, no row changed',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          path,
          fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'patch', 'PROPFIND'),
          headersArb,
          callerArb,
          contentType,
          bodyArb(anyValue([])),
          async (p, method, csrf, caller, type, body) => {
            const url = `${ORIGIN}${p.replace(/:[^/]+/g, '1')}`;
            const pathname = safeDecode(new URL(url).pathname);
            fc.pre(pathname.startsWith('/api/') && !csrfExempt(pathname));
            const headers: Record<string, string> = { ...(await f.headersFor(caller)), ...csrf };
            if (type !== undefined) headers['Content-Type'] = type;
            const { status, body: answer } = await sendAndCheck(f, { method, url, headers, body }, 'rest', 'csrf');
            // 413/429: a size or rate limit that runs before the CSRF guard refused it first.
            if (status === 413 || status === 429) return;
            expect(status).toBe(403);
            expect((answer as { error: { code: string } }).error.code).toBe('FORBIDDEN');
          },
        ),
        fuzzParams(RUNS),
      );
    },
    TIMEOUT,
  );
});

describe('webhook signature', () => {
  const now = Math.floor(T0.getTime() / 1000);
  const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
  const signature = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      '',
      't=',
      'v1=',
      't=abc,v1=00',
      `t=${now}`,
      `t=${now},v1=`,
      `t=${now},v1=zz`,
      't=99999999999999,v1=00',
      `t=${now},t=${now},v1=00`,
    ),
    naughtyString.filter((s) => s.length < 500 && /^[\x20-\x7e]*$/.test(s)),
    // Well formed, current, but signed with a wrong secret or not at all.
    hex.map((h) => `t=${now},v1=${h}`),
    fc
      .tuple(fc.integer({ min: 301, max: 10_000_000 }), fc.boolean(), hex)
      .map(([skew, future, h]) => `t=${now + (future ? skew : -skew)},v1=${h}`),
  );
  const event = fc.record({
    id: fc.oneof(fc.constantFrom('evt_1', '', '__proto__'), naughtyString),
    type: fc.constantFrom('payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded', 'invoice.paid', 'x'),
    created: fc.integer(),
    data: fc.record({
      object: fc.record({
        id: fc.constantFrom(...f.known.paymentIntentIds, 'pi_x'),
        object: fc.constant('payment_intent'),
        status: fc.constant('succeeded'),
      }),
    }),
  });

  it(
    'refuses a delivery with a missing, malformed, stale or wrong signature: 400 BAD_SIGNATURE, no row changed',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            event.map((e) => JSON.stringify(e)),
            bodyArb(anyValue([])),
          ),
          signature,
          fc.boolean(),
          fc.constantFrom(undefined, 'application/json', 'text/plain'),
          async (body, sig, signWithWrongSecret, type) => {
            const headers: Record<string, string> = {};
            // A correct HMAC of this body under a secret that is not the server's.
            if (signWithWrongSecret)
              headers['Stripe-Signature'] =
                `t=${now},v1=${createHmac('sha256', 'whsec_not_the_one').update(`${now}.${body}`).digest('hex')}`;
            else if (sig !== undefined) headers['Stripe-Signature'] = sig;
            if (type !== undefined) headers['Content-Type'] = type;
            const { status, body: answer } = await sendAndCheck(
              f,
              { method: 'POST', url: `${ORIGIN}/api/webhooks/stripe`, headers, body },
              'rest',
              'webhook',
            );
            if (status === 413) return; // a body over the webhook limit is refused before the signature is read
            expect(status).toBe(400);
            expect((answer as { error: { code: string } }).error.code).toBe('BAD_SIGNATURE');
          },
        ),
        fuzzParams(RUNS),
      );
    },
    TIMEOUT,
  );
});

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

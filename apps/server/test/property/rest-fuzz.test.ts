// Property: every REST path of the real app (enumerated from app.routes, so routes added later are
// fuzzed too) answers malformed requests with a 4xx and a readable JSON error, never a 5xx, and
// a 4xx changes no row (rig.ts: WriteWatch, EXCLUDED_TABLES).
//
// Each request: a caller (guest, customer, admin, stale or garbage cookie) from a fresh client
// address, the same-origin CSRF headers, the route's method (sometimes another), path params that
// are real ids or naughty segments, odd query strings, a body that is JSON of wrong types and
// naughty strings, JSON with raw tokens (NaN, 1e400), plain non-JSON text, or 10,000 levels of
// nesting, under assorted content types.
//
// Runs: FUZZ_RUNS requests per route (default 40). A larger run:
//   cd apps/server && FUZZ_RUNS=1000 npx vitest run test/property
// fast-check prints the seed and path of a failure; replay it with
//   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/property/<file> -t '<test name>'
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { appRouter } from '@esim/api';
import {
  anyValue,
  bodyArb,
  callerArb,
  contentType,
  extraHeaders,
  kitchenSink,
  naughtyString,
  pathSegment,
  queryString,
  schemaKeys,
} from './arbitraries.ts';
import { ORIGIN, createFuzzApp, csrfHeaders, fuzzParams, fuzzRuns, recordProcedureCalls, sendAndCheck, statusSummary } from './rig.ts';

const f = await createFuzzApp();
const calls = recordProcedureCalls();
afterAll(async () => {
  console.info(`[fuzz] answers:\n${statusSummary()}`);
  if (process.env.FUZZ_RUNS !== undefined) {
    const lines = [...reached].map(([route, m]) => `  ${route} → ${[...m].map(([p, n]) => `${p}×${n}`).join(' ')}`);
    console.info(`[fuzz] procedures reached (input validation ran):\n${lines.join('\n')}`);
  }
  await f.close();
});

const RUNS = fuzzRuns(40);
const TIMEOUT = Math.max(60_000, RUNS * 500);

/** Every handler route (method + path); not the middlewares (ALL, '*'), not the webhooks (own property). */
const routes = [
  ...new Set(
    f.app.routes
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*') && !r.path.startsWith('/api/webhooks/'))
      .map((r) => `${r.method} ${r.path}`),
  ),
];
console.info(`[fuzz] REST: ${routes.length} routes, ${RUNS} runs each`);

interface ZodParser {
  safeParseAsync(input: unknown): Promise<{ success: boolean }>;
}
const parsersOf = new Map(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: ZodParser[] } }>).map(([path, p]) => [
    path,
    p._def.inputs,
  ]),
);
const parsers = [...parsersOf.values()].flat();

/** Which procedures each route reached, and how often (printed with FUZZ_RUNS). */
const reached = new Map<string, Map<string, number>>();
const allKeys = [...new Set(parsers.flatMap((p) => [...schemaKeys(p)]))];
const body = bodyArb(
  fc.oneof({ weight: 3, arbitrary: kitchenSink(parsers, f.known, allKeys) }, { weight: 2, arbitrary: anyValue(allKeys) }),
  allKeys,
);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'patch', 'PROPFIND'];

describe('REST routes, enumerated', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(0);
  });

  it.each(routes)(
    '%s: < 500, 4xx with a readable JSON error and no row changed',
    async (route) => {
      const [method, path] = route.split(' ') as [string, string];
      const params = path.match(/:[^/]+/g) ?? [];
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            caller: callerArb,
            method: fc.oneof({ weight: 6, arbitrary: fc.constant(method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
            params: fc.tuple(...params.map(() => pathSegment(f.known))),
            query: queryString(f.known),
            body,
            contentType,
            extra: fc.option(extraHeaders, { freq: 4 }),
          }),
          async (r) => {
            let i = 0;
            const url = `${ORIGIN}${path.replace(/:[^/]+/g, () => r.params[i++] ?? '')}${r.query}`;
            const headers: Record<string, string> = { ...(r.extra ?? {}), ...(await f.headersFor(r.caller)), ...csrfHeaders() };
            if (r.contentType !== undefined) headers['Content-Type'] = r.contentType;
            const withBody = r.method.toUpperCase() !== 'GET' && r.method.toUpperCase() !== 'HEAD';
            calls.length = 0;
            const sent = { method: r.method, url, headers, body: withBody ? r.body : undefined };
            const { status } = await sendAndCheck(f, sent, path.startsWith('/api/') ? 'rest' : 'other', route);
            // The oracle: a procedure the route called with input its own parser refuses → a 4xx.
            for (const call of calls) {
              const byRoute = reached.get(route) ?? new Map<string, number>();
              reached.set(route, byRoute.set(call.path, (byRoute.get(call.path) ?? 0) + 1));
              for (const p of parsersOf.get(call.path) ?? []) {
                if (!(await p.safeParseAsync(call.input)).success) {
                  expect(
                    status,
                    `${r.method} ${url.slice(0, 300)} ${sent.body?.slice(0, 300) ?? ''}: ${call.path} got invalid input, answered ${status}`,
                  ).toBeGreaterThanOrEqual(400);
                }
              }
            }
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

function routePattern(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}/?$`);
}

describe('unknown /api paths', () => {
  it(
    'answer a 4xx JSON error (404 for a path no route has)',
    async () => {
      const segment = fc.oneof(
        pathSegment(f.known),
        naughtyString.filter((s) => s.length < 200).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'))),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 4 }),
          fc.constantFrom(...METHODS),
          callerArb,
          async (segments, method, caller) => {
            const url = `${ORIGIN}/api/${segments.join('/')}`;
            const raw = new URL(url).pathname;
            // Hono matches the decoded path: a segment like %61uth may name a real route.
            const paths = [raw, safeDecode(raw)];
            const routed = f.app.routes.some((r) => r.method !== 'ALL' && paths.some((p) => routePattern(r.path).test(p)));
            fc.pre(!routed && paths.every((p) => p.startsWith('/api/') && !p.startsWith('/api/trpc') && !p.startsWith('/api/webhooks')));
            const headers = { ...(await f.headersFor(caller)), ...csrfHeaders(), 'Content-Type': 'application/json' };
            const withBody = method.toUpperCase() !== 'GET' && method.toUpperCase() !== 'HEAD';
            const { status } = await sendAndCheck(
              f,
              { method, url, headers, body: withBody ? '{}' : undefined },
              'rest',
              'unknown /api paths',
            );
            expect(status).toBeGreaterThanOrEqual(400);
          },
        ),
        fuzzParams(RUNS * 3),
      );
    },
    TIMEOUT,
  );
});

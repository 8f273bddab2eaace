// Property: every tRPC procedure (enumerated from appRouter._def.procedures, so procedures added
// later are fuzzed too) answers malformed calls over HTTP with a 4xx and tRPC's error envelope
// with a readable message, never a 5xx, and a 4xx changes no row (rig.ts: WriteWatch).
//
// Each call: a caller (guest, customer, admin, stale or garbage cookie) from a fresh client
// address, the same-origin CSRF headers, GET with ?input= or POST with a body (the procedure's own
// kind mostly, the other sometimes), single or ?batch=1, an input shaped like the procedure's zod
// input (its fields, plausible or garbage values, some missing, extra keys), any value, raw
// non-JSON text, superjson envelopes with garbage `meta`, or deep nesting.
// Oracle: when the input the server will see fails the procedure's own zod parser, the answer
// must be a 4xx (a 2xx is only acceptable for an input that happens to be valid).
// Unknown procedure names (near misses, __proto__, constructor…) → a 4xx.
//
// Runs: FUZZ_RUNS calls per procedure (default 40). A larger run:
//   cd apps/server && FUZZ_RUNS=1000 npx vitest run test/property
// fast-check prints the seed and path of a failure; replay it with
//   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/property/<file> -t '<test name>'
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { appRouter } from '@esim/api';
import {
  RAW_BODIES,
  anyValue,
  callerArb,
  contentType,
  deepBody,
  extraHeaders,
  inputFor,
  keyArb,
  longString,
  naughtyString,
  schemaKeys,
  toJsonText,
} from './arbitraries.ts';
import { ORIGIN, createFuzzApp, csrfHeaders, fuzzParams, fuzzRuns, isStreamed, sendAndCheck, statusSummary } from './rig.ts';

const f = await createFuzzApp();
afterAll(async () => {
  console.info(`[fuzz] answers:\n${statusSummary()}`);
  await f.close();
});

const RUNS = fuzzRuns(40);
const TIMEOUT = Math.max(60_000, RUNS * 500);

interface ZodParser {
  safeParseAsync(input: unknown): Promise<{ success: boolean }>;
}
interface Proc {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: ZodParser[] };
}
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Proc>).map(([name, p]) => ({
  name,
  type: p._def.type,
  parsers: p._def.inputs,
}));
console.info(`[fuzz] tRPC: ${procedures.length} procedures, ${RUNS} runs each`);

const allKeys = [...new Set(procedures.flatMap((p) => p.parsers.flatMap((s) => [...schemaKeys(s)])))];
const transformer = appRouter._def._config.transformer;

/**
 * 'invalid' when the input the server sees (the text → JSON.parse → superjson) cannot get past the
 * procedure's parsers; else 'unknown' (valid input may still be refused: not found, throttled…).
 */
async function verdict(parsers: readonly ZodParser[], inputText: string | undefined): Promise<'invalid' | 'unknown'> {
  if (parsers.length === 0) return 'unknown';
  let input: unknown;
  // An empty ?input= or body is no input, as tRPC reads it.
  if (inputText !== undefined && inputText !== '') {
    try {
      input = transformer.input.deserialize(JSON.parse(inputText));
    } catch {
      return 'invalid';
    }
  }
  for (const p of parsers) if (!(await p.safeParseAsync(input)).success) return 'invalid';
  return 'unknown';
}

/** superjson's `meta`, garbled: annotations of unknown or wrong types, referential equalities that are not. */
const metaArb: fc.Arbitrary<unknown> = fc.record(
  {
    values: fc.oneof(
      anyValue(allKeys),
      fc.dictionary(
        fc.oneof(keyArb(allKeys), fc.constantFrom('__proto__.polluted', 'constructor.prototype.x', 'a.b.c', '')),
        fc.oneof(
          fc.constantFrom(
            ['undefined'],
            ['Date'],
            ['bigint'],
            ['set'],
            ['map'],
            ['regexp'],
            ['number'],
            ['Error'],
            ['URL'],
            ['custom', 'x'],
            ['class', 'X'],
            ['symbol', 's'],
            [['custom', 'x']],
            [],
          ),
          anyValue(allKeys),
        ),
        { maxKeys: 3 },
      ),
    ),
    referentialEqualities: anyValue(allKeys),
    v: fc.constantFrom(1, 2, 'x', null),
  },
  { requiredKeys: [] },
);

/** The text of one call's input, before URL-encoding: a superjson envelope (maybe with meta), or raw text. */
function inputTextArb(parsers: readonly unknown[]): fc.Arbitrary<string | undefined> {
  const value = inputFor(parsers, f.known, allKeys);
  return fc.oneof(
    { weight: 12, arbitrary: value.map((v) => (v === undefined ? undefined : `{"json":${toJsonText(v)}}`)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(value, metaArb)
        .map(([v, meta]) => `{"json":${v === undefined ? 'null' : toJsonText(v)},"meta":${toJsonText(meta)}}`),
    },
    { weight: 2, arbitrary: value.map(toJsonText) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, keyArb(allKeys), longString)
        .map(
          ([v, key, long]) =>
            `{"json":{${JSON.stringify(key)}:${JSON.stringify(long)}${v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 ? `,${toJsonText(v).slice(1)}` : '}'}}`,
        ),
    },
    { weight: 1, arbitrary: deepBody.map((d) => `{"json":${d}}`) },
    { weight: 1, arbitrary: deepBody },
  );
}

interface Call {
  method: string;
  url: string;
  body: string | undefined;
  /** The input text of a single (non-batch) call, for the oracle; null for a batch. */
  single: { text: string | undefined } | null;
}

/** GET ?input= or POST body, single or batched, URL-encoded or (sometimes) not. */
function callArb(name: string, type: string, parsers: readonly unknown[]): fc.Arbitrary<Call> {
  const own = type === 'query' ? 'GET' : 'POST';
  return fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(own) },
        { weight: 2, arbitrary: fc.constantFrom('GET', 'POST') },
        { weight: 1, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
      ),
      batch: fc.oneof(
        { weight: 5, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.constant(1) },
        { weight: 1, arbitrary: fc.constant(2) },
      ),
      text: inputTextArb(parsers),
      second: inputTextArb(parsers),
      encode: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      extraQuery: fc.constantFrom('', '', '', '&batch=0', '&batch=true', '&input=1', '&x=%ZZ'),
    })
    .map((r) => {
      const enc = (s: string) => (r.encode ? encodeURIComponent(s) : s);
      const path = `${ORIGIN}/api/trpc/${r.batch === 2 ? `${name},${name}` : name}`;
      let inputText: string | undefined;
      if (r.batch === 0) inputText = r.text;
      else {
        const parts: string[] = [];
        if (r.text !== undefined) parts.push(`"0":${r.text}`);
        if (r.batch === 2 && r.second !== undefined) parts.push(`"1":${r.second}`);
        inputText = `{${parts.join(',')}}`;
      }
      const batchQuery = r.batch > 0 ? 'batch=1' : '';
      const withBody = r.method !== 'GET' && r.method !== 'HEAD';
      const query = [batchQuery, !withBody && inputText !== undefined ? `input=${enc(inputText)}` : ''].filter(Boolean).join('&');
      return {
        method: r.method,
        url: `${path}${query ? `?${query}` : ''}${r.extraQuery && query ? r.extraQuery : ''}`,
        body: withBody ? (inputText ?? '') : undefined,
        single: r.batch === 0 && r.method === own && r.encode && !r.extraQuery ? { text: r.text } : null,
      };
    });
}

describe('tRPC procedures, enumerated', () => {
  it('finds the procedures', () => {
    expect(procedures.length).toBeGreaterThan(0);
  });

  it.each(procedures.map((p) => [`${p.type} ${p.name}`, p] as const))(
    '%s: < 500, 4xx with a readable envelope, invalid input → 4xx, no row changed on a 4xx',
    async (_label, proc) => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            caller: callerArb,
            call: callArb(proc.name, proc.type, proc.parsers),
            contentType,
            extra: fc.option(extraHeaders, { freq: 4 }),
          }),
          async ({ caller, call, contentType: type, extra }) => {
            const headers: Record<string, string> = { ...(extra ?? {}), ...(await f.headersFor(caller)), ...csrfHeaders() };
            if (type !== undefined) headers['Content-Type'] = type;
            const { status } = await sendAndCheck(f, { method: call.method, url: call.url, headers, body: call.body }, 'trpc', proc.name);
            // The oracle, where the input the server parses is known: JSON, single call, own method, plain JSON answer.
            const plain = (call.method === 'GET' || type === 'application/json') && !isStreamed(headers);
            if (call.single && plain && (await verdict(proc.parsers, call.single.text)) === 'invalid') {
              expect(
                status,
                `${call.method} ${call.url.slice(0, 300)} ${call.body?.slice(0, 300) ?? ''}: invalid input answered ${status}`,
              ).toBeGreaterThanOrEqual(400);
            }
          },
        ),
        fuzzParams(RUNS),
      );
    },
    TIMEOUT,
  );
});

describe('unknown procedure names', () => {
  const known = new Set(procedures.map((p) => p.name));
  const near = fc
    .constantFrom(...procedures.map((p) => p.name))
    .chain((n) =>
      fc.constantFrom(
        `${n}x`,
        n.toUpperCase(),
        `${n}.`,
        `.${n}`,
        `${n}.x`,
        n.split('.')[0]!,
        `${n.split('.')[0]}.__proto__`,
        `${n.split('.')[0]}.constructor`,
        `${n.split('.')[0]}.toString`,
        `nope,${n}x`,
        ` ${n}`,
        n.replace('.', '/'),
        n.replace('.', '..'),
      ),
    );
  const name = fc.oneof(
    near,
    naughtyString.filter((s) => s.length < 300),
    fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      '.',
      ',',
      'a,b',
      '_def',
      'createCaller',
      '__proto__.polluted',
    ),
  );

  it(
    'answer a 4xx with tRPC’s envelope',
    async () => {
      await fc.assert(
        fc.asyncProperty(name, fc.constantFrom('GET', 'POST'), fc.boolean(), callerArb, async (n, method, batch, caller) => {
          fc.pre(!n.split(',').some((part) => known.has(part)));
          const headers = { ...(await f.headersFor(caller)), ...csrfHeaders(), 'Content-Type': 'application/json' };
          const input = batch ? '{"0":{"json":{}}}' : '{"json":{}}';
          const path = encodeURIComponent(n.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%2C/g, ',');
          const url = `${ORIGIN}/api/trpc/${path}${batch ? '?batch=1' : ''}${method === 'GET' ? `${batch ? '&' : '?'}input=${encodeURIComponent(input)}` : ''}`;
          const { status } = await sendAndCheck(
            f,
            { method, url, headers, body: method === 'POST' ? input : undefined },
            'trpc',
            'unknown procedures',
          );
          expect(status, url).toBeGreaterThanOrEqual(400);
        }),
        fuzzParams(RUNS * 3),
      );
    },
    TIMEOUT,
  );
});

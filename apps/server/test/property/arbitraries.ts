// fast-check arbitraries for the HTTP property tests: naughty strings and numbers, JSON-ish values
// with raw number tokens (NaN, 1e400…), bodies that are not JSON at all, deep nesting, content
// types, query strings and path segments, and inputs shaped like a procedure's zod input (its
// keys, with plausible or garbage values) so validation is exercised beyond "not an object".
import fc from 'fast-check';
import type { Known } from './rig.ts';

// ── strings ─────────────────────────────────────────────────────────────────────────────────

export const NAUGHTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '0',
  '-1',
  '1e400',
  '0x1f',
  '1.5',
  '9007199254740993',
  '99999999999999999999999',
  '١٢٣',
  '１２３',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u007f\u0085',
  '\u200b\u200c\u200d\ufeff',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'Ω≈ç√∫˜µ≤≥÷',
  'ÅÍÎÏ˝ÓÔ\uF8FFÒÚÆ☃',
  '田中さんにあげて下さい',
  'مرحبا بالعالم',
  'Z̮̞̠͙͔ͅḀ̗̞͈̻̗Ḷ͙͎̯̹̞͓G̻O̭̗̮',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '%00',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '../../../../etc/passwd',
  '..%2f..%2f',
  '${7*7}',
  '{{7*7}}',
  '$ne',
  '[object Object]',
  'a@b',
  'fuzz@example.com',
  'FUZZ@EXAMPLE.COM ',
  'pi_',
  'pi_123_secret_456',
  'USD',
  'usd',
  'XTS',
  'en',
  'en-',
  'one_time',
  'subscription',
  'https://example.com/a.png',
  'javascript:alert(1)',
  '+44 20 7946 0000',
];

/** A long run of one character (up to past the 64 KiB JSON body limit). */
export const longString: fc.Arbitrary<string> = fc
  .record({ ch: fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '"', '\\', '<'), n: fc.integer({ min: 256, max: 70_000 }) })
  .map(({ ch, n }) => ch.repeat(n));

/** Short naughty strings; long ones come from longString, one per body (bodyArb), so most bodies stay under the limit. */
export const naughtyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAUGHTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u200b', '\u202e', '\ufeff', '\r', '\n', '\t', '\ud800'),
      maxLength: 20,
    }),
  },
);

// ── numbers ─────────────────────────────────────────────────────────────────────────────────

/** Includes NaN, ±Infinity and -0: JSON.stringify turns the first three into null. */
export const naughtyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    1.5,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    Number.NaN,
    Infinity,
    -Infinity,
  ),
);

/**
 * A number token as it can appear in a request's text but not in JSON.stringify's output:
 * kept as a sentinel string in the value and spliced in raw by toJsonText().
 */
const RAW_TOKENS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '0x10',
  '01',
  '.5',
  '+1',
  '1_000',
  'undefined',
  '123456789012345678901234567890',
];
const RAW_MARK = '@@raw:';
const rawToken: fc.Arbitrary<string> = fc.constantFrom(...RAW_TOKENS).map((t) => `${RAW_MARK}${t}@@`);

/** JSON text of a generated value, with its raw number tokens spliced in (so not always valid JSON). */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return '';
  return text.includes(RAW_MARK) ? text.replace(/"@@raw:([^"@]*)@@"/g, '$1') : text;
}

// ── values ──────────────────────────────────────────────────────────────────────────────────

const NAUGHTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  '',
  ' ',
  'json',
  'meta',
  '0',
  'id ',
  'ID',
  '\u0000',
  'role',
  'isAdmin',
  'userId',
  'user_id',
  'status',
];

export function keyArb(knownKeys: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: knownKeys.length > 0 ? 3 : 0, arbitrary: fc.constantFrom(...(knownKeys.length > 0 ? knownKeys : ['id'])) },
    { weight: 2, arbitrary: fc.constantFrom(...NAUGHTY_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: naughtyString },
  { weight: 3, arbitrary: naughtyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: rawToken },
);

/** Any JSON-ish value: wrong types, nested arrays and objects with naughty keys. */
export function anyValue(knownKeys: readonly string[]): fc.Arbitrary<unknown> {
  const keys = keyArb(knownKeys);
  return fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 5 }),
    object: fc.dictionary(keys, tie('value'), { maxKeys: 6 }),
  })).value;
}

// ── inputs shaped like a procedure's zod input ──────────────────────────────────────────────

/** The little of a zod 4 schema the walker reads. */
interface ZodLike {
  _zod: { def: { type: string; [k: string]: unknown } };
}

function isZod(x: unknown): x is ZodLike {
  return typeof x === 'object' && x !== null && '_zod' in x;
}

/** Every object key in a schema (nested too). */
export function schemaKeys(schema: unknown, into = new Set<string>()): Set<string> {
  if (!isZod(schema)) return into;
  const def = schema._zod.def;
  if (def.type === 'object') {
    for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
      into.add(k);
      schemaKeys(v, into);
    }
  }
  for (const inner of [def.innerType, def.in, def.out, def.element]) schemaKeys(inner, into);
  if (Array.isArray(def.options)) for (const o of def.options) schemaKeys(o, into);
  return into;
}

const byKeyMemo = new WeakMap<Known, Record<string, fc.Arbitrary<unknown>>>();

/** Values worth trying per field name: real ids and secrets, near misses, the shapes each rule wants. */
function plausibleByKey(known: Known): Record<string, fc.Arbitrary<unknown>> {
  let memo = byKeyMemo.get(known);
  if (!memo) byKeyMemo.set(known, (memo = makePlausibleByKey(known)));
  return memo;
}

function makePlausibleByKey(known: Known): Record<string, fc.Arbitrary<unknown>> {
  const id = fc.oneof(
    fc.constantFrom(...known.planIds, ...known.regionIds),
    fc.constantFrom(0, -1, 2 ** 53, 999_999),
    fc.integer({ min: 1, max: 3000 }),
  );
  const secret = fc.oneof(
    fc.constantFrom(...known.clientSecrets),
    fc.constantFrom(...known.clientSecrets).map((s) => `${s.slice(0, -1)}x`),
    naughtyString,
  );
  const email = fc.oneof(
    fc.emailAddress(),
    fc.constantFrom('fuzz.customer@example.com', ' FUZZ.Admin@Example.com ', 'a@b', 'a@b.c', `${'a'.repeat(250)}@example.com`),
    naughtyString,
  );
  const password = fc.oneof(
    fc.constantFrom('a long enough password', 'short', '12345678', ' '.repeat(8)),
    fc.string({ minLength: 6, maxLength: 40 }),
    naughtyString,
  );
  const text = fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), naughtyString);
  return {
    id,
    regionId: fc.oneof(fc.constantFrom(...known.regionIds), id),
    planId: fc.oneof(
      fc.constantFrom(...known.planIds),
      fc.constantFrom(...known.planIds).map(String),
      id,
      fc.constantFrom('1', '01', '1.0', ' 1', '9999999999999999'),
    ),
    limit: fc.oneof(fc.integer({ min: -5, max: 300 }), naughtyNumber),
    paymentIntentId: fc.oneof(fc.constantFrom(...known.paymentIntentIds), naughtyString),
    clientSecret: secret,
    esimId: fc.oneof(fc.constantFrom(...known.esimIds), naughtyString),
    token: fc.oneof(
      fc.constantFrom(...known.esimTokens, ...known.verificationTokens),
      fc.base64String({ minLength: 20, maxLength: 60 }),
      naughtyString,
    ),
    subscriptionId: fc.oneof(fc.constantFrom(...known.subscriptionIds), naughtyString),
    iccid: fc.oneof(fc.constantFrom(...known.iccids), fc.stringMatching(/^89\d{17,18}$/), naughtyString),
    topUpIccid: fc.oneof(fc.constantFrom(...known.iccids), fc.stringMatching(/^89\d{17,18}$/), naughtyString),
    orderId: fc.oneof(fc.constantFrom(...known.orderIds), fc.constantFrom('ORD-0000000000', 'ord-x'), naughtyString),
    checkoutToken: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/), naughtyString),
    email,
    username: fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9_]{2,20}$/),
      fc.constantFrom('fuzz_customer', 'FUZZ_ADMIN', 'ab', 'a\u200bb\u200bc'),
      naughtyString,
    ),
    password,
    newPassword: password,
    currentPassword: fc.oneof(fc.constant('a long enough password'), password),
    confirmPassword: password,
    currency: fc.constantFrom('USD', 'eur', ' gbp ', 'XTS', 'JPY', ''),
    locale: fc.constantFrom('en', 'de', 'pt-BR', 'zh-Hans', 'e', 'en-', 'x'.repeat(40)),
    source: fc.constantFrom('blog', 'footer', 'Blog', '-x', 'a'.repeat(33)),
    number: fc.constantFrom(
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '4000000000000069',
      '4000000000000127',
      '4000002760003184',
      '4242 4242-4242 4242',
      '1234',
    ),
    expMonth: fc.oneof(fc.integer({ min: -1, max: 13 }), fc.constantFrom('12', '1e1', 'x')),
    expYear: fc.oneof(fc.integer({ min: 2020, max: 2040 }), fc.constantFrom('2030', '99999999999999999999')),
    cvc: fc.constantFrom('123', '1234', '', '12345678', 'abc'),
    mobile: fc.constantFrom('+44 20 7946 0000', '0', '+', '(0) 123-45', ''),
    photoUrl: fc.constantFrom('https://example.com/a.png', 'javascript:alert(1)', 'http://', '', `https://example.com/${'a'.repeat(2100)}`),
    name: text,
    subject: text,
    message: text,
    fullName: text,
    firstName: text,
    lastName: text,
    travelPreferences: text,
  };
}

/** Plausible values for one schema: the walker follows zod 4's def (object, optional, pipe, union, enum…). */
function plausible(
  schema: unknown,
  key: string | undefined,
  known: Known,
  garbage: fc.Arbitrary<unknown>,
  depth = 0,
): fc.Arbitrary<unknown> {
  const byKey = plausibleByKey(known);
  if (!isZod(schema) || depth > 6) return garbage;
  const def = schema._zod.def;
  const fromKey = key !== undefined && Object.hasOwn(byKey, key) ? byKey[key] : undefined;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(shape)) fields[k] = plausible(v, k, known, garbage, depth + 1);
      return fc.record(fields);
    }
    case 'optional':
    case 'default':
      return fc.oneof(fc.constant(undefined), plausible(def.innerType, key, known, garbage, depth + 1));
    case 'nullable':
      return fc.oneof(fc.constant(null), plausible(def.innerType, key, known, garbage, depth + 1));
    case 'pipe':
      return plausible(def.in, key, known, garbage, depth + 1);
    case 'union':
      return fromKey ?? fc.oneof(...(def.options as unknown[]).map((o) => plausible(o, key, known, garbage, depth + 1)));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
    case 'number':
      return fromKey ?? fc.oneof(fc.integer({ min: 1, max: 3000 }), naughtyNumber);
    case 'string':
      return fromKey ?? fc.oneof(fc.string({ maxLength: 40 }), naughtyString);
    case 'array':
      return fc.array(plausible(def.element, undefined, known, garbage, depth + 1), { maxLength: 3 });
    default:
      return fromKey ?? garbage;
  }
}

const ABSENT = Symbol('absent');

/** A plausible object, mutated: some fields dropped, some given garbage, extra keys added. */
function mutatedObject(
  fields: Record<string, fc.Arbitrary<unknown>>,
  garbage: fc.Arbitrary<unknown>,
  extraKeys: fc.Arbitrary<string>,
): fc.Arbitrary<unknown> {
  const mutated: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, arb] of Object.entries(fields)) {
    mutated[k] = fc.oneof({ weight: 8, arbitrary: arb }, { weight: 1, arbitrary: garbage }, { weight: 1, arbitrary: fc.constant(ABSENT) });
  }
  return fc.tuple(fc.record(mutated), fc.dictionary(extraKeys, garbage, { maxKeys: 2 })).map(([obj, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(extra))
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    for (const [k, v] of Object.entries(obj))
      if (v !== ABSENT) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/**
 * Inputs for a procedure with these input parsers (tRPC merges several): mostly its own fields
 * with plausible values, mutated; sometimes any value at all.
 */
export function inputFor(parsers: readonly unknown[], known: Known, allKeys: readonly string[]): fc.Arbitrary<unknown> {
  const garbage = anyValue(allKeys);
  if (parsers.length === 0) return fc.oneof(fc.constant(undefined), garbage);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  let objectShaped = true;
  for (const p of parsers) {
    const def = isZod(p) ? p._zod.def : undefined;
    const obj = def?.type === 'default' && isZod(def.innerType) ? def.innerType._zod.def : def;
    if (obj?.type !== 'object') {
      objectShaped = false;
      continue;
    }
    for (const [k, v] of Object.entries(obj.shape as Record<string, unknown>)) fields[k] = plausible(v, k, known, garbage);
  }
  const own = [...new Set(parsers.flatMap((p) => [...schemaKeys(p)]))];
  return fc.oneof(
    { weight: objectShaped ? 6 : 0, arbitrary: mutatedObject(fields, garbage, keyArb(own.length > 0 ? own : allKeys)) },
    { weight: 2, arbitrary: garbage },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/**
 * One object with the fields of every procedure (zod strips the keys a schema does not know, so
 * this is a plausible input for whichever procedure a REST path calls), mutated.
 */
export function kitchenSink(parsers: readonly unknown[], known: Known, allKeys: readonly string[]): fc.Arbitrary<unknown> {
  const garbage = anyValue(allKeys);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of parsers) {
    const def = isZod(p) ? p._zod.def : undefined;
    const obj = def?.type === 'default' && isZod(def.innerType) ? def.innerType._zod.def : def;
    if (obj?.type !== 'object') continue;
    for (const [k, v] of Object.entries(obj.shape as Record<string, unknown>)) {
      const arb = plausible(v, k, known, garbage);
      fields[k] = fields[k] ? fc.oneof(fields[k], arb) : arb;
    }
  }
  return mutatedObject(fields, garbage, keyArb(allKeys));
}

// ── request texts ──────────────────────────────────────────────────────────────────────────

/** Bodies that are not JSON, or JSON that JSON.stringify would never write. */
export const RAW_BODIES: readonly string[] = [
  '',
  ' ',
  '{',
  '}',
  '[',
  '{"',
  '{"a":}',
  '{"a":1,}',
  '[1,]',
  'null',
  'true',
  '0',
  '-0',
  '""',
  '[]',
  '{}',
  '[{}]',
  'NaN',
  'Infinity',
  '1e400',
  '{"id":NaN}',
  '{"id":1e400}',
  '{"id":-1e400}',
  '{"planId":Infinity}',
  '{"planId":1e400,"email":"fuzz@example.com"}',
  '{"regionId":0x10}',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":1,"a":2}',
  '{"planId":1,"planId":"x"}',
  '\ufeff{}',
  '{}garbage',
  '{} {}',
  "{'a':1}",
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x00"}',
  '\u0000',
  '{"a":1}\u0000',
  'undefined',
  'a=1&b=2',
  'username=x&password=yyyyyy',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  '<?xml version="1.0"?><a/>',
  '{"json":',
  '{"json":null}',
  '{"json":{},"meta":5}',
  '{"json":{"id":1},"meta":{"values":{"id":["custom","x"]}}}',
  '{"json":{"id":1},"meta":{"values":{"id":[["custom","x"]]}}}',
  '{"json":{"a":1},"meta":{"referentialEqualities":{"a":5}}}',
  '{"json":{"a":1},"meta":{"referentialEqualities":["a"]}}',
  '{"json":{"a":1},"meta":{"values":{"__proto__.polluted":["undefined"]}}}',
  '{"json":{"a":1},"meta":{"values":{"a":["Date"]}}}',
  '{"json":{"a":"x"},"meta":{"values":{"a":["bigint"]}}}',
  '{"json":{"a":"x"},"meta":{"values":{"a":["class","Nope"]}}}',
  '{"json":{"a":[1]},"meta":{"values":{"a":["set"]}}}',
  '{"0":{"json":{}}}',
  '{"0":null,"1":5}',
];

/** n levels of nesting as text (10,000 by default); `inner` at the bottom. */
export function deepText(n: number, kind: 'array' | 'object', inner = '1'): string {
  return kind === 'array' ? `${'['.repeat(n)}${inner}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}${inner}${'}'.repeat(n)}`;
}

export const deepBody: fc.Arbitrary<string> = fc
  .record({ n: fc.constantFrom(100, 1000, 10_000, 12_000), kind: fc.constantFrom('array' as const, 'object' as const) })
  .map(({ n, kind }) => deepText(n, kind));

/** A body: JSON of a value (with raw tokens), a raw non-JSON text, deep nesting, a deep value or a long string inside a plausible object. */
export function bodyArb(value: fc.Arbitrary<unknown>, keys: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 16, arbitrary: value.map(toJsonText) },
    {
      weight: 1,
      arbitrary: fc.tuple(value, keyArb(keys), longString).map(([v, key, long]) => {
        const text = toJsonText(v);
        const field = `${JSON.stringify(key)}:${JSON.stringify(long)}`;
        return text.startsWith('{') && text.length > 2 ? `{${field},${text.slice(1)}` : `{${field}}`;
      }),
    },
    { weight: 4, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: deepBody },
    {
      weight: 1,
      arbitrary: fc.tuple(value, deepBody).map(([v, deep]) => {
        const text = toJsonText(v);
        return text.startsWith('{') && text.length > 2 ? `{"amount":${deep},${text.slice(1)}` : `{"amount":${deep}}`;
      }),
    },
  );
}

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/json; charset=utf-16',
      'application/json; charset=nope',
      'application/xml',
      'Application/JSON',
      ';;;',
      'application/json, text/plain',
    ),
  },
);

// ── URLs ────────────────────────────────────────────────────────────────────────────────────

/** A path segment: a real id, an encoded naughty string, or a raw odd segment. */
export function pathSegment(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(
          ...known.regionIds.slice(0, 20),
          ...known.planIds.slice(0, 20),
          ...known.paymentIntentIds,
          ...known.esimIds,
          ...known.subscriptionIds,
          ...known.iccids,
          ...known.orderIds,
        )
        .map(String),
    },
    {
      weight: 3,
      arbitrary: naughtyString.filter((s) => s.length <= 2000).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'))),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.0',
        '1e3',
        '0x1',
        '01',
        ' 1',
        '%201',
        '1%20',
        '٣',
        '１',
        '99999999999999999999',
        '9007199254740993',
        'NaN',
        'Infinity',
        'null',
        'undefined',
        '__proto__',
        'constructor',
        '%',
        '%ZZ',
        '%00',
        '%2F',
        '%2e%2e',
        '..',
        '.',
        '%E0%A4%A',
        '%C0%AF',
        '%uD800',
        'a;b',
        'a,b',
        "'",
        '%27',
        'x'.repeat(5000),
      ),
    },
    { weight: 1, arbitrary: fc.nat().map(String) },
  );
}

const QUERY_KEYS = [
  'regionId',
  'id',
  'planId',
  'client_secret',
  'payment_intent_client_secret',
  'token',
  'input',
  'batch',
  'currency',
  'locale',
];

/** A query string ('' or '?…'): odd encodings, repeated keys, array-style keys. */
export function queryString(known: Known): fc.Arbitrary<string> {
  const value = fc.oneof(
    pathSegment(known),
    fc.constantFrom(...known.clientSecrets, ...known.esimTokens).map(encodeURIComponent),
    fc.constant(''),
  );
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_KEYS).map((k) => `${k}[]`) },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_KEYS).map((k) => `${k}[0]`) },
    {
      weight: 1,
      arbitrary: naughtyString.filter((s) => s.length < 100).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'))),
    },
    { weight: 1, arbitrary: fc.constantFrom('%', '=', '&', '__proto__', 'constructor', '') },
  );
  const pair = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: key },
    { weight: 1, arbitrary: fc.constantFrom('=', '&&', '=&=', '%=%') },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((p) => `?${p.join('&')}`) },
  );
}

// ── headers and callers ─────────────────────────────────────────────────────────────────────

export const callerArb = fc.constantFrom(
  'guest' as const,
  'customer' as const,
  'admin' as const,
  'stale-cookie' as const,
  'garbage-cookie' as const,
);

/** Headers the app reads besides the cookie and the CSRF pair, with odd values. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'X-Currency': fc.constantFrom('EUR', 'gbp', 'XTS', '', 'usd,eur', '\u00e9'),
      'X-Client-Secret': fc.constantFrom('x', 'pi_1_secret_2', ' ', 'a'.repeat(600)),
      'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*', 'gzip;q=abc'),
      'If-None-Match': fc.constantFrom('*', '"x"', 'W/"x"', ''),
      'User-Agent': fc.constantFrom('', 'x'.repeat(5000), 'Mozilla/5.0'),
      'trpc-accept': fc.constantFrom('application/jsonl', 'nope'),
      Accept: fc.constantFrom('text/html', '*/*', 'application/jsonl'),
    },
    { requiredKeys: [] },
  )
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>);

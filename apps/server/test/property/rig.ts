// The app the HTTP property tests fuzz, and the checks every answer must pass.
//
// - createFuzzApp(): the real createApp(deps) over a migrated in-memory SQLite with the full seeded
//   catalogue, demo payments (state in the db), the eSIM simulator and an in-memory mailer, a fixed
//   clock, TRUST_PROXY on (so each request comes from a fresh X-Forwarded-For address and
//   per-address limits do not stop the fuzz before input validation). Callers: a guest, a
//   signed-in customer who owns a fulfilled order, an eSIM and a subscription, an admin, and a
//   stale or garbage session cookie.
// - WriteWatch: every table (read from sqlite_master) watched by TEMP triggers that log each
//   INSERT, UPDATE and DELETE, plus row count and max(rowid) per table before and after each
//   request. The triggers stand in for a checksum of updated_at columns: they see every write,
//   also an UPDATE that leaves counts and timestamps as they were (the clock is fixed).
//   EXCLUDED_TABLES lists the tables that legitimately record refused attempts.
// - sendAndCheck(): status < 500 and nothing logged as an error; a 4xx under /api is JSON with a
//   non-empty message a person can read; a 4xx changed no watched row.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { appRouter, type Services } from '@esim/api';
import { cheapPasswordHashing, giveSecondFactor } from '@esim/api/testing';
import { Statement, seed, type Db } from '@esim/db';
import { sqliteTemplate } from '@esim/db/testing';
import { memoryMailer, type MemoryMailer } from '../../../../packages/api/src/services/mail/mail-outbox-memory.ts';
import { createSession } from '../../../../packages/api/src/services/accounts/sessions.ts';
import { EsimSimulator, seededRandom } from '../../../../packages/api/src/providers/esim/index.ts';
import { createApp } from '../../src/app.ts';
import { buildServices } from '../../src/deps.ts';
import { readEnv } from '../../src/env.ts';
import type { AppDeps, Logger } from '../../src/types.ts';

export const ORIGIN = 'http://localhost:3000';
export const T0 = new Date('2026-03-01T12:00:00.000Z');

/**
 * Tables a request may write even when it is refused, each with its reason. Every other table must
 * be unchanged after a 4xx.
 */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  login_throttle: 'counts failed sign-ins per account and per address (the 429 schedule); a refused login must count',
  login_audit: 'audits every login attempt, also one whose input fails validation (auth.login middleware)',
  rate_limit_counters: 'fixed-window request counters (checkout, confirm, registration…): a refused request still counts against its limit',
  account_email_log:
    'logs the account e-mails a stranger can trigger, to limit them; a registration refused with 409 notifies the address owner and is logged',
};

/**
 * Tables other engineers add for rate limits (buckets, attempt counters) are also excluded when
 * their name says what they hold; each one found is printed at start-up so it can be listed above.
 */
const COUNTER_TABLE_NAME = /throttle|rate_?limit|bucket/i;

export interface Caller {
  kind: 'guest' | 'customer' | 'admin' | 'stale-cookie' | 'garbage-cookie';
}

/** Real ids and secrets, so the fuzz also sends near misses (right id, wrong secret) and hits. */
export interface Known {
  regionIds: number[];
  planIds: number[];
  paymentIntentIds: string[];
  clientSecrets: string[];
  esimIds: string[];
  esimTokens: string[];
  subscriptionIds: string[];
  verificationTokens: string[];
  /** The customer's eSIMs' ICCIDs and order numbers (the account's after-purchase calls take them). */
  iccids: string[];
  orderIds: string[];
}

export interface FuzzApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  services: Services;
  mailer: MemoryMailer;
  known: Known;
  watch: WriteWatch;
  /** Errors the app logged (a 5xx logs one); cleared by takeLoggedErrors(). */
  takeLoggedErrors(): string[];
  /** Headers for a caller: its cookie (re-created if a fuzzed logout deleted the session) and a fresh client address. */
  headersFor(caller: Caller['kind']): Promise<Record<string, string>>;
  /** Background jobs (fulfilment, e-mail) finished: called after every 2xx so they do not write during the next request. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** Same-origin headers of the spec's client: what the CSRF guard needs for a non-GET request. */
export function csrfHeaders(): Record<string, string> {
  return { Origin: ORIGIN, 'X-Requested-With': 'XMLHttpRequest' };
}

let ipSeq = 0;
/** A client address no earlier request used (10.x.y.z, then 2001:db8::/32). */
export function freshIp(): string {
  ipSeq += 1;
  if (ipSeq < 1 << 24) return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
  return `2001:db8::${(ipSeq >>> 16).toString(16)}:${(ipSeq & 0xffff).toString(16)}`;
}

// Cheap password hashing (the fuzzed sign-ins and registrations do not test hashing).
await cheapPasswordHashing();

/** Migrated and seeded once per test file; each app gets a copy. */
const seededDb = sqliteTemplate((db) => seed(db, { now: new Date('2026-01-01T00:00:00Z') }));

export async function createFuzzApp(): Promise<FuzzApp> {
  const handle = await seededDb();
  const db = handle.db;

  const logged: string[] = [];
  const log: Logger = {
    info() {},
    warn() {},
    error(msg, extra) {
      logged.push(`${msg} ${JSON.stringify(extra ?? {})}`.slice(0, 4000));
    },
  };
  const env = readEnv({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent', TRUST_PROXY: '1' });
  const mailer = memoryMailer();
  const esim = new EsimSimulator({ random: seededRandom(11), now: () => T0.getTime() });
  const services = buildServices(env, db, log, { overrides: { now: () => new Date(T0), esim, mailer } });
  const deps: AppDeps = { db, env, log, webDist: null, services };
  const app = createApp(deps);

  const settle = async () => {
    for (let i = 0; i < 50; i++) {
      await services.jobs.idle();
      await new Promise((r) => setImmediate(r));
      if (services.jobs.size === 0) return;
    }
  };

  const post = async (path: string, body: unknown, cookie?: string) => {
    const headers: Record<string, string> = { ...csrfHeaders(), 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() };
    if (cookie) headers.Cookie = `session=${cookie}`;
    const res = await app.request(`${ORIGIN}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`fuzz rig set-up: ${path} answered ${res.status} ${JSON.stringify(json)} ${logged.join('\n')}`);
    return { res, json };
  };
  const get = async (path: string, cookie: string) => {
    const res = await app.request(`${ORIGIN}${path}`, { headers: { Cookie: `session=${cookie}`, 'X-Forwarded-For': freshIp() } });
    if (res.status !== 200) throw new Error(`fuzz rig set-up: ${path} answered ${res.status}`);
    return (await res.json()) as unknown;
  };
  const cookieOf = (res: Response) => {
    const line = res.headers.getSetCookie().find((l) => l.startsWith('session='));
    if (!line) throw new Error('fuzz rig set-up: no session cookie');
    return line.slice('session='.length).split(';')[0]!;
  };

  // The signed-in customer, with a paid and fulfilled order (one eSIM) and a monthly subscription.
  const plan = await db.selectFrom('plans').select('id').where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  // Only 30-day plans are sold monthly.
  const monthly = await db
    .selectFrom('plans')
    .select('id')
    .where('active', '=', 1)
    .where('validity_days', '=', 30)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const reg = await post('/api/auth/register', {
    username: 'fuzz_customer',
    email: 'fuzz.customer@example.com',
    password: 'a long enough password',
  });
  const customerId = reg.json.id as number;
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
  const intent = (await post('/api/create-payment-intent', { planId: plan.id }, cookieOf(reg.res))).json;
  await post('/api/demo-payments/confirm', { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card });
  const sub = (await post('/api/create-subscription', { planId: monthly.id }, cookieOf(reg.res))).json;
  await post('/api/demo-payments/confirm', { paymentIntentId: sub.paymentIntentId, clientSecret: sub.clientSecret, card });
  await settle();
  const list = (await get('/api/esims', cookieOf(reg.res))) as { iccid: string }[];
  // The install details (QR URL with its token) are on each eSIM's own page.
  const esims: Array<{ id: string; qrCode: string }> = [];
  for (const e of list) esims.push((await get(`/api/esims/${e.iccid}`, cookieOf(reg.res))) as { id: string; qrCode: string });
  const subs = (await get('/api/subscriptions', cookieOf(reg.res))) as { id: string }[];
  const orders = (await get('/api/orders', cookieOf(reg.res))) as { id: string }[];

  // The admin (support.messages is adminProcedure).
  const adminReg = await post('/api/auth/register', {
    username: 'fuzz_admin',
    email: 'fuzz.admin@example.com',
    password: 'a long enough password',
  });
  const adminId = adminReg.json.id as number;
  await db.updateTable('users').set({ role: 'admin', admin_role: 'owner' }).where('id', '=', adminId).execute();
  await settle();

  const verificationTokens = mailer.sent
    .map((m) => /[?&]token=([A-Za-z0-9_-]+)/.exec(`${m.text ?? ''} ${m.html ?? ''}`)?.[1])
    .filter((t): t is string => t !== undefined);
  const regions = await db.selectFrom('regions').select('id').orderBy('id').execute();
  const plans = await db.selectFrom('plans').select('id').orderBy('id').execute();
  const known: Known = {
    regionIds: regions.map((r) => r.id),
    planIds: plans.map((p) => p.id),
    paymentIntentIds: [intent.paymentIntentId as string, sub.paymentIntentId as string],
    clientSecrets: [intent.clientSecret as string, sub.clientSecret as string],
    esimIds: esims.map((e) => e.id),
    esimTokens: esims.map((e) => new URL(e.qrCode, ORIGIN).searchParams.get('token') ?? '').filter(Boolean),
    subscriptionIds: subs.map((s) => s.id),
    verificationTokens: [...new Set(verificationTokens)],
    iccids: list.map((e) => e.iccid),
    orderIds: orders.map((o) => o.id),
  };
  if (known.esimIds.length === 0 || known.subscriptionIds.length === 0 || known.esimTokens.length === 0) {
    throw new Error(`fuzz rig set-up: expected an eSIM and a subscription, got ${JSON.stringify(known)}`);
  }

  // Sessions made directly (no password hashing per re-login); re-made when a fuzzed logout,
  // login or password change ended them.
  const sessions = new Map<number, { token: string; id: string }>();
  // A fuzzed admin.customers.erase (issue 31) may erase an account the rig signs in with: it is put
  // back as it was at set-up (its orders stay erased), so later calls still have their callers.
  const accounts = await db.selectFrom('users').selectAll().where('id', 'in', [customerId, adminId]).execute();
  const sessionFor = async (userId: number) => {
    if (!(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst())) {
      const row = accounts.find((a) => a.id === userId);
      if (row) await db.insertInto('users').values(row).execute();
      sessions.delete(userId);
    }
    const s = sessions.get(userId);
    if (s && (await db.selectFrom('sessions').select('id').where('id', '=', s.id).executeTakeFirst())) return s.token;
    const made = await createSession(db, userId, new Date(T0));
    // The admin's session has given its second factor, so the back office answers (trpc.ts).
    if (userId === adminId) await giveSecondFactor(db, { id: userId }, new Date(T0));
    sessions.set(userId, made);
    return made.token;
  };
  // Set up before the triggers exist, so the watch starts from a quiet database.
  await sessionFor(customerId);
  await sessionFor(adminId);

  const watch = await WriteWatch.install(db);

  return {
    app,
    db,
    services,
    mailer,
    known,
    watch,
    takeLoggedErrors: () => logged.splice(0),
    headersFor: async (caller) => {
      const h: Record<string, string> = { 'X-Forwarded-For': freshIp() };
      if (caller === 'customer') h.Cookie = `session=${await sessionFor(customerId)}`;
      if (caller === 'admin') h.Cookie = `session=${await sessionFor(adminId)}`;
      // Well formed, but no such session: the session layer clears the cookie.
      if (caller === 'stale-cookie') h.Cookie = `session=${'a'.repeat(32)}`;
      if (caller === 'garbage-cookie') h.Cookie = 'session=%ZZ; session=; =; a=b';
      return h;
    },
    settle,
    close: () => handle.close(),
  };
}

/** Raw SQL through the app's own Kysely instance (no placeholders). */
async function run<Row>(db: Db, text: string): Promise<Row[]> {
  return (await new Statement<Row>(text).execute(db, [])).rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface TableInfo {
  name: string;
  hasRowid: boolean;
}

/** What a request wrote to the watched tables. */
export interface Writes {
  /** 'table op ×n' per table and operation logged by the triggers. */
  logged: string[];
  /** 'table: count a → b, max(rowid) a → b' per table whose figures moved. */
  moved: string[];
}

export class WriteWatch {
  private before = new Map<string, string>();
  private readonly figuresSql: string;

  private constructor(
    private readonly db: Db,
    readonly watched: readonly TableInfo[],
    readonly excluded: readonly string[],
  ) {
    this.figuresSql = watched
      .map((t) =>
        t.hasRowid
          ? `SELECT ${literal(t.name)} AS t, count(*) || ' rows, max(rowid) ' || ifnull(max(rowid), '-') AS f FROM main.${ident(t.name)}`
          : `SELECT ${literal(t.name)} AS t, count(*) || ' rows' AS f FROM main.${ident(t.name)}`,
      )
      .join(' UNION ALL ');
  }

  static async install(db: Db): Promise<WriteWatch> {
    const rows = await run<{ name: string; sql: string | null }>(
      db,
      `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    );
    const watched: TableInfo[] = [];
    const excluded: string[] = [];
    for (const r of rows) {
      if (Object.hasOwn(EXCLUDED_TABLES, r.name) || COUNTER_TABLE_NAME.test(r.name)) excluded.push(r.name);
      else watched.push({ name: r.name, hasRowid: !/WITHOUT\s+ROWID/i.test(r.sql ?? '') });
    }
    const extra = excluded.filter((n) => !Object.hasOwn(EXCLUDED_TABLES, n));
    if (extra.length > 0)
      console.info(`[fuzz] also excluded by name (counters of attempts): ${extra.join(', ')}; list them in EXCLUDED_TABLES`);

    await run(db, 'CREATE TEMP TABLE IF NOT EXISTS fuzz_writes (tbl TEXT NOT NULL, op TEXT NOT NULL)');
    for (const t of watched) {
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        await run(
          db,
          `CREATE TEMP TRIGGER IF NOT EXISTS ${ident(`fuzz_watch_${t.name}_${op.toLowerCase()}`)} AFTER ${op} ON main.${ident(t.name)}
           BEGIN INSERT INTO fuzz_writes (tbl, op) VALUES (${literal(t.name)}, '${op}'); END`,
        );
      }
    }
    const w = new WriteWatch(db, watched, excluded);
    await w.reset();
    return w;
  }

  private async figures(): Promise<Map<string, string>> {
    const rows = await run<{ t: string; f: string }>(this.db, this.figuresSql);
    return new Map(rows.map((r) => [r.t, r.f]));
  }

  /** Forget earlier writes and take the figures to compare with. */
  async reset(): Promise<void> {
    await run(this.db, 'DELETE FROM temp.fuzz_writes');
    this.before = await this.figures();
  }

  /** Writes since reset(). */
  async writes(): Promise<Writes> {
    const log = await run<{ tbl: string; op: string; n: number }>(
      this.db,
      'SELECT tbl, op, count(*) AS n FROM temp.fuzz_writes GROUP BY tbl, op ORDER BY tbl, op',
    );
    const after = await this.figures();
    const moved: string[] = [];
    for (const [t, f] of after) if (this.before.get(t) !== f) moved.push(`${t}: ${this.before.get(t)} → ${f}`);
    return { logged: log.map((r) => `${r.tbl} ${r.op} ×${r.n}`), moved };
  }
}

/** Phrases of JavaScript's own errors: a message with one of these leaked an internal failure. */
const INTERNAL_ERROR_TEXT =
  /is not a function|is not iterable|is not defined|cannot read propert|cannot set propert|cannot convert|undefined is not|null is not|maximum call stack|out of memory|sqlite_|no such (table|column)|\bat .+:\d+:\d+\)?$/im;

/** A message a person can act on: non-empty, bounded, no stack trace, no internal JavaScript/SQL error text. */
export function expectReadableMessage(message: unknown, where: string): void {
  expect(typeof message, `${where}: message is not a string`).toBe('string');
  const m = message as string;
  expect(m.trim().length, `${where}: empty message`).toBeGreaterThan(0);
  expect(m.length, `${where}: message of ${m.length} characters`).toBeLessThanOrEqual(4000);
  expect(m, `${where}: message leaks an internal error`).not.toMatch(INTERNAL_ERROR_TEXT);
}

/** The messages of a tRPC error envelope (superjson: { error: { json: { message } } }), one per error of a batch. */
export function trpcErrorMessages(body: unknown): unknown[] {
  const one = (item: unknown): unknown[] => {
    const err = (item as { error?: { json?: { message?: unknown }; message?: unknown } } | null)?.error;
    if (err === undefined) return [];
    return [err.json !== undefined ? err.json.message : err.message];
  };
  return Array.isArray(body) ? body.flatMap(one) : one(body);
}

/** The body as text, decompressed when the app compressed it (app.request does not). */
async function bodyText(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  if (bytes.length === 0) return '';
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/** tRPC streams its answer as JSON lines when trpc-accept (or Accept) asks for application/jsonl. */
export function isStreamed(headers: Record<string, string>): boolean {
  return Object.entries(headers).some(
    ([k, v]) => (k.toLowerCase() === 'trpc-accept' || k.toLowerCase() === 'accept') && v === 'application/jsonl',
  );
}

export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

function describeSent(s: Sent): string {
  const body = s.body === undefined ? '' : ` body(${s.body.length}): ${JSON.stringify(s.body.slice(0, 300))}`;
  return `${s.method} ${s.url.slice(0, 400)} ${JSON.stringify(s.headers)}${body}`;
}

/**
 * Sends a request and checks the answer: < 500; a 4xx under /api is JSON with a readable message
 * ({ error: { code, message } } for REST, tRPC's envelope or that REST shape under /api/trpc);
 * no watched row changed on a 4xx. Returns the status and parsed body for further checks.
 */
export async function sendAndCheck(
  f: FuzzApp,
  sent: Sent,
  family: 'rest' | 'trpc' | 'other',
  label: string = family,
): Promise<{ status: number; body: unknown }> {
  await f.watch.reset();
  const init: RequestInit = { method: sent.method, headers: sent.headers };
  if (sent.body !== undefined) init.body = sent.body;
  const res = await f.app.request(sent.url, init);
  const text = await bodyText(res);
  const what = `${describeSent(sent)}\n→ ${res.status} ${text.slice(0, 500)}`;
  tally(label, res.status);
  const errors = f.takeLoggedErrors();
  expect(res.status, `${what}\nlogged: ${errors.join('\n')}`).toBeLessThan(500);
  expect(errors, `${what}\nthe app logged an error`).toEqual([]);
  expect(res.status >= 300 && res.status < 400 && res.status !== 304, `${what}\nunexpected redirect`).toBe(false);

  let body: unknown;
  const isApi = new URL(sent.url, ORIGIN).pathname.startsWith('/api/');
  if (res.status >= 400) {
    const writes = await f.watch.writes();
    const hint = 'a 4xx changed rows (a table that records refused attempts by design belongs in EXCLUDED_TABLES, rig.ts, with its reason)';
    expect({ ...writes, request: what }, hint).toEqual({ logged: [], moved: [], request: what });
    if (isApi && sent.method !== 'HEAD') {
      expect(res.headers.get('content-type') ?? '', `${what}\nnot JSON`).toMatch(/^application\/json/);
      body = JSON.parse(text) as unknown;
      const err = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      // tRPC's envelope under /api/trpc, unless a middleware answered first (CSRF, body limit,
      // rate limit): those answer the REST shape, whose error.code is a string.
      if (family === 'trpc' && !(err && typeof err.code === 'string')) {
        const messages = trpcErrorMessages(body);
        expect(messages.length, `${what}\nno tRPC error envelope`).toBeGreaterThan(0);
        for (const m of messages) expectReadableMessage(m, what);
      } else {
        expect(typeof err?.code === 'string' && err.code.length > 0, `${what}\nno error.code`).toBe(true);
        expectReadableMessage(err?.message, what);
      }
    }
  } else {
    // tRPC streams (trpc-accept: application/jsonl) answer JSON lines; errors inside them that
    // are 5xx were logged (checked above).
    const streamed = isStreamed(sent.headers);
    if (text !== '' && !streamed && (res.headers.get('content-type') ?? '').startsWith('application/json'))
      body = JSON.parse(text) as unknown;
    // A tRPC batch answers 207 when some calls failed: their messages must be readable too.
    if (family === 'trpc' && body !== undefined) for (const m of trpcErrorMessages(body)) expectReadableMessage(m, what);
    await f.settle();
  }
  return { status: res.status, body };
}

const statuses = new Map<string, Map<number, number>>();

function tally(label: string, status: number): void {
  let m = statuses.get(label);
  if (!m) statuses.set(label, (m = new Map()));
  m.set(status, (m.get(status) ?? 0) + 1);
}

/**
 * The answers seen so far: the total, and with FUZZ_RUNS set one line per endpoint
 * ('label: 200×3 400×30 …'), to see how many requests got past each check.
 */
export function statusSummary(): string {
  const detailed = process.env.FUZZ_RUNS !== undefined;
  const line = (m: Map<number, number>) =>
    [...m]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
  const total = new Map<number, number>();
  for (const m of statuses.values()) for (const [s, n] of m) total.set(s, (total.get(s) ?? 0) + n);
  const count = [...total.values()].reduce((a, b) => a + b, 0);
  const lines = detailed ? [...statuses].map(([label, m]) => `  ${label}: ${line(m)}`) : [];
  return [...lines, `  all ${count} requests: ${line(total)}`].join('\n');
}

/**
 * fast-check's parameters for a property: these runs, and FUZZ_SEED / FUZZ_PATH when set, to
 * replay a failure fast-check reported (with vitest's -t to pick the test).
 */
export function fuzzParams(numRuns: number): { numRuns: number; seed?: number; path?: string } {
  const seed = Number(process.env.FUZZ_SEED);
  const path = process.env.FUZZ_PATH;
  return { numRuns, ...(Number.isInteger(seed) && process.env.FUZZ_SEED !== '' ? { seed } : {}), ...(path ? { path } : {}) };
}

/** Runs per endpoint: FUZZ_RUNS when set (a larger run), else the default of each property. */
export function fuzzRuns(defaultRuns: number): number {
  const n = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(n) && n > 0 ? n : defaultRuns;
}

/** One call of a procedure, with the raw input it was given (before its zod parser). */
export interface ProcedureCall {
  path: string;
  input: unknown;
}

type RawProcedure = ((opts: { getRawInput: () => Promise<unknown> }) => Promise<unknown>) & { _def: object };

/**
 * Wraps every procedure of appRouter (this test file's copy of the module) so each call records
 * its path and raw input into the returned list: which procedure a REST path reached, and whether
 * the input it passed on was one the procedure's parser accepts. Same _def, same behaviour.
 */
export function recordProcedureCalls(): ProcedureCall[] {
  const calls: ProcedureCall[] = [];
  const procedures = appRouter._def.procedures as unknown as Record<string, RawProcedure>;
  for (const [path, proc] of Object.entries(procedures)) {
    const recorded = async (opts: { getRawInput: () => Promise<unknown> }) => {
      calls.push({ path, input: await opts.getRawInput().catch(() => undefined) });
      return proc(opts);
    };
    procedures[path] = Object.assign(recorded, { _def: proc._def });
  }
  return calls;
}

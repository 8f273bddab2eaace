// Several instances on one PostgreSQL, as an operator grows the shop: a throwaway cluster
// (@esim/db/testing), two `cli.js setup` runs at once (the migration lock, the idempotent seed),
// two BUILT servers (dist/main.js, FULFILMENT_INLINE=0, their own ports, one DATABASE_URL) and one
// worker (`dist/cli.js worker`). Shoppers buy with the demo card through both instances at once;
// instance A is SIGKILLed mid-stream (its shoppers fail over to B, as a load balancer would), they
// keep buying through B, A is started again while B and the worker are busy, and once the backlog
// is done the database, the outbox and the eSIM simulator's store must show: every paid order
// fulfilled exactly once (one eSIM, one order e-mail sent, one .eml file, one provider order), no
// order lost. Also: a session made through B works on A, and a catalogue change made through A
// is seen through B within a second. Skipped, with the reason, when no PostgreSQL binaries exist
// (`node scripts/setup.mjs test` installs them).
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrations, type DbHandle } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '@esim/db/testing';
import { cliJs, ensureBuilt, freePort, killServer, serverDir, startServer, waitHealthy, waitUntil, type Running } from './built-server.ts';
import { countBy, succeededDemoIntents, workLeft } from './work-left.ts';

const available = findPgBinaries() !== null;
if (!available) console.warn(`[@esim/server] skipping the several-instances PostgreSQL test: ${pgUnavailableReason()}`);

const SHOPPERS = 4;
/** Purchases seen paid before A is killed, and again through B after. */
const PAID_BEFORE_KILL = 12;
const PAID_AFTER_KILL = 12;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const ADMIN = { username: 'opsadmin', email: 'ops@shop.example', password: 'correct horse battery staple' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class NoAnswer extends Error {}

interface Purchase {
  orderId?: string;
  paymentIntentId?: string;
  outcome: 'created' | 'paid' | 'unknown';
  via: string[];
}

/** A child process (cli.js …) to completion: its exit code and output. */
function runNode(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.skipIf(!available)('two server instances and a worker on one PostgreSQL (built server)', () => {
  let cluster: PgCluster;
  let dir: string;
  let handle: DbHandle | undefined;
  const running: Running[] = [];

  beforeAll(async () => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'esim-multi-'));
    cluster = await startPgCluster();
  }, 120_000);
  afterAll(async () => {
    for (const r of running) await killServer(r);
    await handle?.close();
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('kill one instance mid-stream: every paid order fulfilled once, nothing lost; a catalogue edit on A is on B within a second', async () => {
    const outbox = join(dir, 'outbox');
    const common = {
      DATABASE_URL: cluster.url,
      OUTBOX_DIR: outbox,
      HOST: '127.0.0.1',
      WEB_DIST: join(dir, 'no-web'),
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      FULFILMENT_INLINE: '0',
      WORKER_INTERVAL_MS: '100',
      FULFILMENT_LEASE_MS: '5000',
      // The shoppers all come from 127.0.0.1: the per-client request limits are not what this tests.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    };
    const instance = (port: number) => ({ ...common, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });

    // Two set-ups at once: one runs the migrations (Kysely's advisory lock), both seed, nothing twice.
    const setups = await Promise.all([runNode([cliJs, 'setup'], common), runNode([cliJs, 'setup'], common)]);
    for (const s of setups) expect(s.code, s.out).toBe(0);
    handle = createDb(cluster.url);
    const db = handle.db;
    // (kysely_migration is Kysely's own table, outside the shop's schema types.)
    const applied = (await db
      .selectFrom('kysely_migration' as 'plans')
      .select('name')
      .execute()) as unknown as { name: string }[];
    expect(applied.map((r) => r.name).sort()).toEqual(Object.keys(migrations).sort());
    const slugs = (await db.selectFrom('plans').select('slug').execute()).map((r) => r.slug);
    expect(slugs.length, 'plans seeded twice').toBe(new Set(slugs).size);

    const admin = await runNode([join(serverDir, 'dist/admin-cli.js'), '--username', ADMIN.username, '--email', ADMIN.email], {
      ...common,
      ADMIN_PASSWORD: ADMIN.password,
    });
    expect(admin.code, admin.out).toBe(0);

    // A, B and the worker start at once (each resolves the generated webhook secret; A and B migrate).
    const [portA, portB] = [await freePort(), await freePort()];
    const base = { A: `http://127.0.0.1:${portA}`, B: `http://127.0.0.1:${portB}` };
    const envA = instance(portA);
    let a = startServer(envA, { keepLogs: 200 });
    const b = startServer(instance(portB), { keepLogs: 200 });
    const worker = runWorker(instance(portB));
    running.push(a, b, worker);
    await Promise.all([waitHealthy(base.A, 30_000), waitHealthy(base.B, 30_000)]);
    const secrets = await db.selectFrom('app_settings').select('value').where('key', '=', 'esim_webhook_secret').execute();
    expect(secrets).toHaveLength(1);

    const regions = (await (await fetch(`${base.B}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plansUrl = (at: string) => `${at}/api/plans?regionId=${japan.id}`;
    const plans = (await (await fetch(plansUrl(base.A))).json()) as { id: number; priceMinor: number }[];
    const planIds = plans.slice(0, 3).map((p) => p.id);

    const headers = (at: string) => ({
      Origin: at,
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      'X-Currency': 'USD',
    });
    async function post(at: string, path: string, body: unknown, extra: Record<string, string> = {}) {
      let res: Response;
      let text: string;
      try {
        res = await fetch(`${at}${path}`, {
          method: 'POST',
          headers: { ...headers(at), ...extra },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        text = await res.text();
      } catch (e) {
        throw new NoAnswer(String((e as Error).cause ?? e));
      }
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null, res };
    }

    // Sessions live in the database: signed in through B, the admin is signed in on A too.
    const login = await post(base.B, '/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
    expect(login.status).toBe(200);
    const cookie = login.res.headers
      .getSetCookie()
      .find((l) => l.startsWith('session='))!
      .split(';')[0]!;
    const me = await fetch(`${base.A}/api/auth/me`, { headers: { Cookie: cookie } });
    expect(((await me.json()) as { username?: string }).username).toBe(ADMIN.username);
    // The back office answers only after a second factor (issue 27): enrol an authenticator app
    // through A and confirm it with a code computed here (RFC 6238), the session then passes on B too.
    const begun = await post(base.A, '/api/trpc/factors.beginTotp', { json: {} }, { Cookie: cookie });
    expect(begun.status, JSON.stringify(begun.json)).toBe(200);
    const secret = (begun.json as { result: { data: { json: { secret: string } } } }).result.data.json.secret;
    const confirmed = await post(base.A, '/api/trpc/factors.confirmTotp', { json: { code: totpCode(secret) } }, { Cookie: cookie });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);

    const purchases: Purchase[] = [];
    const unexpected: string[] = [];
    let aDown = false;
    let stopping = false;
    const paid = () => purchases.filter((p) => p.outcome === 'paid').length;

    /** The shopper's instance, failing over to B while A is away (a load balancer's retry). */
    async function send(home: 'A' | 'B', p: Purchase, path: string, body: unknown) {
      for (let i = 0; ; i++) {
        const at = home === 'A' && !aDown ? 'A' : 'B';
        try {
          const r = await post(base[at], path, body);
          p.via.push(at);
          return r;
        } catch (e) {
          if (!(e instanceof NoAnswer) || i >= 50) throw e;
          await sleep(50);
        }
      }
    }

    async function shopper(n: number): Promise<void> {
      const home = n % 2 === 0 ? 'A' : 'B';
      for (let k = 0; !stopping; k++) {
        const p: Purchase = { outcome: 'created', via: [] };
        const input = {
          planId: planIds[k % planIds.length]!,
          email: `multi-${n}-${k}@traveller.example`,
          checkoutToken: randomBytes(12).toString('base64url'),
        };
        const created = await send(home, p, '/api/create-payment-intent', input);
        if (created.status !== 200) {
          unexpected.push(`create ${created.status} ${JSON.stringify(created.json)}`);
          continue;
        }
        const intent = created.json as { orderId: string; paymentIntentId: string; clientSecret: string };
        Object.assign(p, { orderId: intent.orderId, paymentIntentId: intent.paymentIntentId });
        purchases.push(p);
        p.outcome = 'unknown';
        const confirmed = await send(home, p, '/api/demo-payments/confirm', {
          paymentIntentId: intent.paymentIntentId,
          clientSecret: intent.clientSecret,
          card: CARD,
        });
        if (confirmed.status === 200 && (confirmed.json as { status?: string }).status === 'succeeded') p.outcome = 'paid';
        else unexpected.push(`confirm ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
      }
    }

    let catalogueMs = -1;
    let catalogueRequestMs = -1;
    try {
      const shoppers = Array.from({ length: SHOPPERS }, (_, n) => shopper(n));

      // While they buy: an admin edit through A (the price of a plan), read back through B.
      await waitUntil('purchases through both instances', async () => (paid() >= 4 ? true : undefined), 30_000, 20);
      const plan = plans[5]!;
      const newPrice = plan.priceMinor + 100;
      const sent = Date.now();
      const edit = await post(
        base.A,
        '/api/trpc/admin.catalog.updatePlan',
        { json: { id: plan.id, patch: { priceMinor: newPrice } } },
        { Cookie: cookie },
      );
      expect(edit.status, JSON.stringify(edit.json)).toBe(200);
      const changedAt = Date.now();
      for (;;) {
        const seen = (await (await fetch(plansUrl(base.B))).json()) as { id: number; priceMinor: number }[];
        if (seen.find((p) => p.id === plan.id)?.priceMinor === newPrice) break;
        if (Date.now() - changedAt > 5000) break;
        await sleep(50);
      }
      catalogueMs = Date.now() - changedAt;
      catalogueRequestMs = changedAt - sent;

      // A dies mid-stream: whatever it was answering is lost to its shoppers, who go on through B.
      await waitUntil('purchases before the kill', async () => (paid() >= PAID_BEFORE_KILL ? true : undefined), 60_000, 20);
      aDown = true;
      await killServer(a);
      const atKill = paid();
      await waitUntil('purchases through B alone', async () => (paid() >= atKill + PAID_AFTER_KILL / 2 ? true : undefined), 60_000, 20);

      // A comes back while B and the worker are busy: its start-up must not disturb them.
      a = startServer(envA, { keepLogs: 200 });
      running.push(a);
      await waitHealthy(base.A, 30_000);
      aDown = false;
      await waitUntil('purchases after the restart', async () => (paid() >= atKill + PAID_AFTER_KILL ? true : undefined), 60_000, 20);
      stopping = true;
      await Promise.all(shoppers);

      await waitUntil(
        'the backlog (paid orders provisioned, e-mails sent, succeeded payments claimed)',
        async () => ((await workLeft(db)) === 0 ? true : undefined),
        30_000,
        100,
      );

      const orders = await db.selectFrom('orders').select(['id', 'public_id', 'status', 'payment_intent_id']).execute();
      const esims = await db.selectFrom('esims').select(['order_id']).execute();
      const mails = await db.selectFrom('email_outbox').select(['order_id', 'kind', 'status', 'location']).execute();
      const providerOrders = await db.selectFrom('simulator_esims').select(['idempotency_key']).execute();
      const emlFiles = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      const succeeded = await succeededDemoIntents(db);

      const byPublicId = new Map(orders.map((o) => [o.public_id, o]));
      const byIntent = new Map(orders.filter((o) => o.payment_intent_id).map((o) => [o.payment_intent_id!, o]));
      const fulfilled = orders.filter((o) => o.status === 'fulfilled');
      const fulfilledIds = new Set(fulfilled.map((o) => o.id));

      const paidSeen = purchases.filter((p) => p.outcome === 'paid');
      console.log(
        `multi-instance-pg: ${JSON.stringify({
          purchases: purchases.length,
          paidSeen: paidSeen.length,
          failedOver: purchases.filter((p) => p.via.includes('A') && p.via.includes('B')).length,
          orders: orders.length,
          fulfilled: fulfilled.length,
          emlFiles: emlFiles.length,
          catalogueEditRequestMs: catalogueRequestMs,
          catalogueSeenOnBMs: catalogueMs,
        })}`,
      );

      expect(unexpected, 'answers other than 200').toEqual([]);
      expect(purchases.filter((p) => p.via.includes('A')).length, 'purchases went through A').toBeGreaterThan(0);
      // Nothing lost: every checkout a shopper got an answer for is an order; every one seen paid is fulfilled.
      for (const p of purchases) expect(byPublicId.get(p.orderId!)?.payment_intent_id, `order ${p.orderId}`).toBe(p.paymentIntentId);
      for (const p of paidSeen) expect(byPublicId.get(p.orderId!)!.status, `order ${p.orderId} (seen paid)`).toBe('fulfilled');
      // The provider's word: every succeeded payment is one fulfilled order, and the other way round.
      for (const i of succeeded) expect(byIntent.get(i.id)?.status, `order of succeeded payment ${i.id}`).toBe('fulfilled');
      expect(fulfilled.length).toBe(succeeded.length);
      expect(orders.filter((o) => !['fulfilled', 'pending_payment'].includes(o.status)).map((o) => `${o.public_id}:${o.status}`)).toEqual(
        [],
      );
      // Exactly once: one eSIM, one e-mail row (sent), one .eml file and one provider order per fulfilled order.
      const esimsPerOrder = countBy(esims.map((e) => e.order_id));
      expect(
        [...esimsPerOrder].filter(([id, n]) => n !== 1 || !fulfilledIds.has(id)),
        'eSIMs per order',
      ).toEqual([]);
      expect(esimsPerOrder.size).toBe(fulfilled.length);
      expect(mails.filter((m) => m.kind !== 'esim_delivery' || m.status !== 'sent' || !fulfilledIds.has(m.order_id))).toEqual([]);
      expect(countBy(mails.map((m) => m.order_id)).size).toBe(fulfilled.length);
      const emlPerOrder = countBy(emlFiles.map((f) => /-(ORD-[0-9A-Z]{10})(?:-\d+)?\.eml$/.exec(f)?.[1]));
      expect(
        [...emlPerOrder].filter(([id, n]) => n !== 1 || id === undefined || byPublicId.get(id)?.status !== 'fulfilled'),
        '.eml files per order',
      ).toEqual([]);
      expect(emlPerOrder.size).toBe(fulfilled.length);
      for (const m of mails) expect(emlFiles.map((f) => join(outbox, f))).toContain(m.location);
      const providerPerOrder = countBy(providerOrders.map((r) => /^order:(ORD-[0-9A-Z]{10}):esim$/.exec(r.idempotency_key)?.[1]));
      expect(
        [...providerPerOrder].filter(([id, n]) => n !== 1 || id === undefined || byPublicId.get(id)?.status !== 'fulfilled'),
        'provider orders',
      ).toEqual([]);
      expect(providerPerOrder.size).toBe(fulfilled.length);

      // The catalogue: the edit made through A was served by B within a second.
      expect(catalogueMs, 'ms until B served the price edited through A').toBeLessThan(1000);
    } catch (e) {
      stopping = true;
      console.error(
        `multi-instance-pg failed; last output:\nA: ${a.logs.join('').slice(-2000)}\nB: ${b.logs.join('').slice(-2000)}\nworker: ${worker.logs.join('').slice(-2000)}`,
      );
      throw e;
    }
  }, 150_000);
});

/** `node dist/cli.js worker` (stopped with the servers). */
function runWorker(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [cliJs, 'worker'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const add = (b: Buffer) => {
    logs.push(b.toString());
    if (logs.length > 200) logs.splice(0, logs.length - 200);
  };
  child.stdout!.on('data', add);
  child.stderr!.on('data', add);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, logs, exited };
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) of a base32 key, for the second factor the back office asks. */
function totpCode(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of base32.replace(/=+$/, '').toUpperCase()) {
    buffer = ((buffer << 5) | alphabet.indexOf(ch)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

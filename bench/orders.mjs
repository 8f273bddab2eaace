#!/usr/bin/env node
// Checkout benchmark: demo orders created and paid per second through the calls the
// checkout page makes — POST /api/create-payment-intent, then POST /api/demo-payments/confirm
// (card 4242…), with the Origin and X-Requested-With headers the CSRF guard requires.
// The built server runs pinned to core 0 (taskset), the load generator (orders-load.mjs) to core 1.
//
//   (1) split: the web server only records payments (FULFILMENT_INLINE=0); provisioning and
//       e-mail wait for `node dist/cli.js worker`: two of them (one per core) start after the load
//       and drain the backlog together (their leases keep it exactly once).  a) closed loop: the most orders/s it sustains; b) open loop at
//       BENCH_RATE orders/s: latency from each order's scheduled start (no coordinated omission).
//   (2) inline: the `npm start` default (one process also provisions and sends e-mail), closed loop.
//   (3) bare: a bare Hono app answering the same two calls with canned JSON, closed loop.
// After each server run the database is checked: every paid order fulfilled exactly once — one
// eSIM, one delivery e-mail sent, one .eml in the outbox.
//
// The mix (BENCH_MIX): 'mixed' (the default) is half guest orders, a quarter top-ups and a quarter
// orders paid partly with points, in a fixed rotation; 'guest' is guest orders only (the figures
// before top-ups and points); or a spec such as 'guest:1,topup:1,points:1'. With signed-in kinds,
// the set-up of each server run (before any timing) registers BENCH_USERS users, buys each one an
// eSIM (fulfilled before the load starts), and grants each one points by an 'adjustment' row in
// points_ledger, fewer than the plan's price so that points pay part of an order and the card the
// rest. Then: a top-up is the owner (session cookie) buying the same plan with topUpIccid, applied
// as a package on the same eSIM; a points order is a signed-in order with usePoints. The check
// after the run counts, per kind, the orders paid against the orders fulfilled, the eSIMs, the
// packages, the e-mails, and the points spent against the ledger.
//
//   node bench/orders.mjs        (build first: npm run build, or cd apps/server && node build.mjs)
// Env: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONCURRENCY (closed-loop shoppers, 32),
//      BENCH_RATE (open-loop orders/s, 1000), BENCH_MIX (mixed), BENCH_USERS (64).
//      Writes bench/results/orders.json.
// The server runs with RATE_LIMIT_ALLOWLIST=127.0.0.1,::1: one client sending 1,000 orders/s is
// far past the per-client checkout limit, which a benchmark is not about.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const serverDist = join(repo, 'apps/server/dist');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const TARGET = { ordersPerSec: 1000, p99Ms: 50 };
const MIXES = { mixed: 'guest:2,topup:1,points:1', guest: 'guest:1' };
const MIX_NAME = process.env.BENCH_MIX ?? 'mixed';
const MIX = MIXES[MIX_NAME] ?? MIX_NAME;
const SIGNED_IN = /(topup|points)(:[1-9]|,|$)/.test(MIX);
const USERS = Number(process.env.BENCH_USERS ?? 64);
const KINDS = ['guest', 'topup', 'points'];
const Database = createRequire(join(repo, 'apps/server/package.json'))('better-sqlite3');

const log = (msg) => process.stdout.write(`${msg}\n`);
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const cpus = os.cpus().length;
const pinned = has('taskset') && cpus > 1;
const pin = (core, cmd, args) => (pinned ? ['taskset', ['-c', String(core), cmd, ...args]] : [cmd, args]);

function start(core, args, env) {
  const [cmd, argv] = pin(core, process.execPath, args);
  const child = spawn(cmd, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU time (ms) the process `pid` has used so far (user + system, from /proc); null where there is no /proc. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** One load generator run; with `serverPid`, also the server's CPU per order (warm-up included). */
function load(env, serverPid) {
  const before = serverPid ? cpuMs(serverPid) : null;
  const [cmd, args] = pin(1, process.execPath, [join(here, 'orders-load.mjs')]);
  const r = spawnSync(cmd, args, {
    env: { ...process.env, DURATION: String(DURATION), WARMUP: String(WARMUP), MIX, ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`load generator failed: ${r.stderr}`);
  const result = JSON.parse(r.stdout.trim().split('\n').pop());
  const after = serverPid ? cpuMs(serverPid) : null;
  const paid = Object.values(result.placed ?? {}).reduce((n, x) => n + x, 0);
  result.serverCpuMsPerOrder = before !== null && after !== null && paid > 0 ? Number(((after - before) / paid).toFixed(3)) : null;
  return result;
}

function show(name, r) {
  const l = r.latency;
  log(
    `  ${name.padEnd(26)} ${String(r.ordersPerSec.toFixed(0)).padStart(6)} orders/s (${r.requestsPerSec.toFixed(0)} req/s)` +
      `   order p50 ${l.order.p50} ms p99 ${l.order.p99} ms   create p99 ${l.create.p99} ms   confirm p99 ${l.confirm.p99} ms` +
      `${r.serverCpuMsPerOrder ? `   server CPU ${r.serverCpuMsPerOrder} ms/order` : ''}` +
      `${r.errors ? `   ERRORS ${r.errors} (${r.firstError})` : ''}`,
  );
  const kinds = Object.entries(r.byKind ?? {});
  if (kinds.length < 2) return;
  for (const [kind, k] of kinds) {
    log(
      `    ${kind.padEnd(24)} ${String(k.ordersPerSec.toFixed(0)).padStart(6)} orders/s` +
        `   order p50 ${k.latency.order.p50} ms p99 ${k.latency.order.p99} ms   create p99 ${k.latency.create.p99} ms   confirm p99 ${k.latency.confirm.p99} ms`,
    );
  }
}

/** Same-origin JSON POST from the set-up (the CSRF guard's headers), with the session cookie when given. */
async function postJson(base, path, body, cookie) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      Origin: base,
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Currency': 'USD',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`set-up ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { json: JSON.parse(text), res };
}

async function inBatches(items, size, fn) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/**
 * Before any timing: USERS signed-in shoppers, each with a fulfilled eSIM of `plan` and points
 * granted (fewer than the plan's price, so the card pays the rest). `fulfil` waits until the set-up
 * orders are fulfilled. Returns [{ cookie, iccid }] for the load generator.
 */
async function prepareShoppers({ base, plan, dbFile }, fulfil) {
  const tag = Date.now().toString(36);
  const users = await inBatches(
    Array.from({ length: USERS }, (_, i) => i),
    8,
    async (i) => {
      const { json, res } = await postJson(base, '/api/auth/register', {
        username: `bench_${tag}_${i}`,
        email: `bench-${tag}-${i}@traveller.example`,
        password: 'bench-password-1',
      });
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .find((c) => c.startsWith('session='));
      if (!cookie) throw new Error('set-up: register set no session cookie');
      return { id: json.id, cookie };
    },
  );
  await inBatches(users, 8, async (u) => {
    const { json: intent } = await postJson(base, '/api/create-payment-intent', { planId: plan.id, amount: 1 }, u.cookie);
    const { json: paid } = await postJson(
      base,
      '/api/demo-payments/confirm',
      {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      },
      u.cookie,
    );
    if (paid.status !== 'succeeded') throw new Error(`set-up: confirm ${JSON.stringify(paid)}`);
  });
  await fulfil();
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    const price = db.prepare('select price_minor p from plans where id = ?').get(plan.id).p;
    // Points pay at most the price less the card's 0.50 USD minimum; half of that leaves a card payment.
    const grant = Math.max(1, Math.floor((price - 50) / 2));
    const now = new Date().toISOString();
    const insert = db.prepare(
      "insert into points_ledger (user_id, source, amount, description, unique_key, order_id, created_at) values (?, 'adjustment', ?, 'bench grant', ?, null, ?)",
    );
    const esimOf = db.prepare('select e.iccid from esims e join orders o on o.id = e.order_id where o.user_id = ? and o.status = ?');
    db.transaction(() => {
      for (const u of users) insert.run(u.id, grant, `bench:grant:${tag}:${u.id}`, now);
    })();
    const shoppers = users.map((u) => {
      const row = esimOf.get(u.id, 'fulfilled');
      if (!row) throw new Error(`set-up: user ${u.id} has no fulfilled eSIM`);
      return { cookie: u.cookie, iccid: row.iccid };
    });
    const since = db.prepare('select coalesce(max(id), 0) n from orders').get().n;
    return { shoppers, grant, priceUsdMinor: price, since };
  } finally {
    db.close();
  }
}

const emlCount = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0);

/**
 * The database after the run: every paid order fulfilled once — a new eSIM (guest and points
 * orders) or one package on the same eSIM (top-ups), one e-mail each, sent, one .eml each — and,
 * per kind, as many orders fulfilled as the load generator saw paid. Points: one redemption row per
 * order that used points, for the points it used, and no balance below zero. `since`: the last
 * order of the set-up (the set-up's own orders are checked only in the overall counts).
 */
function check(dbFile, outboxDir, { since = 0, emlBefore = 0, placed = null } = {}) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const one = (q, ...args) => db.prepare(q).get(...args).n;
    const kindOf = {
      guest: 'o.user_id is null and o.topup_esim_id is null',
      topup: 'o.topup_esim_id is not null',
      points: 'o.user_id is not null and o.topup_esim_id is null',
    };
    const c = {
      orders: one('select count(*) n from orders'),
      pending: one("select count(*) n from orders where status in ('pending_payment','payment_failed')"),
      paidNotFulfilled: one("select count(*) n from orders where status in ('paid','provisioning')"),
      fulfilled: one("select count(*) n from orders where status = 'fulfilled'"),
      paymentsSucceeded: one(`select count(*) n from demo_payment_intents where json_extract(data, '$.status') = 'succeeded'`),
      paidWithPoints: one("select count(*) n from orders where status = 'fulfilled' and substr(payment_intent_id, 1, 7) = 'points_'"),
      byKind: {},
    };
    for (const kind of KINDS) {
      const where = `o.id > ? and ${kindOf[kind]}`;
      c.byKind[kind] = {
        placed: placed?.[kind] ?? null,
        fulfilled: one(`select count(*) n from orders o where ${where} and o.status = 'fulfilled'`, since),
        notFulfilled: one(`select count(*) n from orders o where ${where} and o.status <> 'fulfilled'`, since),
        newEsims: one(`select count(*) n from esims e join orders o on o.id = e.order_id where ${where}`, since),
        ordersWithNewEsim: one(`select count(distinct e.order_id) n from esims e join orders o on o.id = e.order_id where ${where}`, since),
        topupPackages: one(
          `select count(*) n from esim_packages p join orders o on o.id = p.order_id where ${where} and p.kind = 'topup'`,
          since,
        ),
        ordersWithPackage: one(
          `select count(distinct p.order_id) n from esim_packages p join orders o on o.id = p.order_id where ${where}`,
          since,
        ),
        deliveryEmails: one(
          `select count(*) n from email_outbox m join orders o on o.id = m.order_id where ${where} and m.kind = 'esim_delivery'`,
          since,
        ),
        topupEmails: one(
          `select count(*) n from email_outbox m join orders o on o.id = m.order_id where ${where} and m.kind = 'topup_applied'`,
          since,
        ),
        sent: one(`select count(*) n from email_outbox m join orders o on o.id = m.order_id where ${where} and m.status = 'sent'`, since),
        emails: one(`select count(*) n from email_outbox m join orders o on o.id = m.order_id where ${where}`, since),
      };
    }
    const k = c.byKind;
    const pts = {
      ordersUsingPoints: one('select count(*) n from orders where id > ? and points_used > 0', since),
      pointsUsed: one('select coalesce(sum(points_used), 0) n from orders where id > ?', since),
      redemptionRows: one("select count(*) n from points_ledger where source = 'redemption' and order_id > ?", since),
      redeemed: one("select coalesce(-sum(amount), 0) n from points_ledger where source = 'redemption' and order_id > ?", since),
      purchaseCredits: one("select count(*) n from points_ledger where source = 'purchase' and order_id > ?", since),
      negativeBalances: one('select count(*) n from (select user_id from points_ledger group by user_id having sum(amount) < 0)'),
    };
    c.points = pts;
    // Each eSIM's total is the sum of its packages' data (no unlimited plan in the bench).
    c.esimTotalsOff = one(
      'select count(*) n from esims e where e.data_total_mb is not (select sum(p.data_mb) from esim_packages p where p.esim_id = e.id)',
    );
    c.emlFiles = emlCount(outboxDir) - emlBefore;
    const sentSince = k.guest.sent + k.topup.sent + k.points.sent;
    const kindOk = (kind, newEsim) => {
      const x = k[kind];
      const f = x.fulfilled;
      return (
        (x.placed === null || x.placed === f) &&
        x.notFulfilled === 0 &&
        x.newEsims === (newEsim ? f : 0) &&
        x.ordersWithNewEsim === (newEsim ? f : 0) &&
        x.topupPackages === (newEsim ? 0 : f) &&
        x.ordersWithPackage === f &&
        x.deliveryEmails === (newEsim ? f : 0) &&
        x.topupEmails === (newEsim ? 0 : f) &&
        x.emails === f &&
        x.sent === f
      );
    };
    c.checks = {
      allPaidFulfilled: c.paidNotFulfilled === 0 && c.fulfilled === c.paymentsSucceeded + c.paidWithPoints,
      guest: kindOk('guest', true),
      topup: kindOk('topup', false),
      points: kindOk('points', true),
      emlFiles: c.emlFiles === sentSince,
      pointsLedger: pts.redemptionRows === pts.ordersUsingPoints && pts.redeemed === pts.pointsUsed && pts.negativeBalances === 0,
      esimTotals: c.esimTotalsOff === 0,
    };
    c.exactlyOnce = Object.values(c.checks).every(Boolean);
    return c;
  } finally {
    db.close();
  }
}

/** Adds up the `placed` counts of the load generator's runs. */
function sumPlaced(...runs) {
  const total = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  for (const r of runs) for (const kind of KINDS) total[kind] += r.placed?.[kind] ?? 0;
  return total;
}

function showCheck(name, db) {
  const kinds = KINDS.filter((kind) => db.byKind[kind].fulfilled > 0 || (db.byKind[kind].placed ?? 0) > 0)
    .map((kind) => `${kind} ${db.byKind[kind].fulfilled}/${db.byKind[kind].placed}`)
    .join(', ');
  const failed = Object.entries(db.checks)
    .filter(([, ok]) => !ok)
    .map(([what]) => what);
  log(
    `  ${name}: fulfilled/paid ${kinds}; points used on ${db.points.ordersUsingPoints} orders (${db.points.pointsUsed} points; ${db.paidWithPoints} paid in full by points); ` +
      `exactly once: ${db.exactlyOnce ? 'yes' : `NO (${failed.join(', ')})`}`,
  );
}

async function drained(dbFile, ms) {
  const started = Date.now();
  for (;;) {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    let left;
    try {
      left =
        db.prepare("select count(*) n from orders where status in ('paid','provisioning')").get().n +
        db.prepare("select count(*) n from email_outbox where status = 'pending'").get().n;
    } finally {
      db.close();
    }
    if (left === 0) return (Date.now() - started) / 1000;
    if (Date.now() - started > ms) throw new Error(`fulfilment did not drain within ${ms / 1000} s (${left} left)`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function serverRun(tmp, name, extraEnv, body, fulfilSetUp) {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const dbFile = join(dir, 'shop.sqlite');
  const outbox = join(dir, 'outbox');
  const env = {
    DATABASE_URL: `file:${dbFile}`,
    OUTBOX_DIR: outbox,
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    WEB_DIST: join(tmp, 'no-web'),
    RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
    ...extraEnv,
  };
  const setup = spawnSync(process.execPath, [join(serverDist, 'cli.js'), 'setup'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (setup.status !== 0) throw new Error('cli.js setup failed');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start(0, [join(serverDist, 'main.js')], { ...env, PORT: String(port), PUBLIC_URL: base });
  try {
    await waitFor(`${base}/api/health`);
    const regions = await (await fetch(`${base}/api/regions`)).json();
    const japan = regions.find((r) => r.code === 'JP');
    const plan = (await (await fetch(`${base}/api/plans?regionId=${japan.id}`)).json())[0];
    // Signed-in shoppers (top-ups, points): users, eSIMs and points before any timing.
    let setUp = { shoppers: [], since: 0 };
    if (SIGNED_IN) {
      const t0 = Date.now();
      setUp = await prepareShoppers({ base, plan, dbFile }, () => fulfilSetUp({ env, dbFile }));
      log(
        `  ${name} set-up: ${setUp.shoppers.length} users registered, each with a fulfilled eSIM and ${setUp.grant} points ` +
          `(plan ${plan.id} at ${setUp.priceUsdMinor} USD cents) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    const users = { USERS: JSON.stringify(setUp.shoppers) };
    const baseline = { since: setUp.since, emlBefore: emlCount(outbox) };
    return await body({ base, plan, env, dbFile, outbox, server, users, baseline });
  } finally {
    await server.stop();
  }
}

/** 'guest:2,topup:1,points:1' → 'guest 50%, topup 25%, points 25%'. */
function mixShares(spec) {
  const parts = spec.split(',').map((p) => p.split(':'));
  const total = parts.reduce((n, [, w = '1']) => n + Number(w), 0);
  return parts.map(([kind, w = '1']) => `${kind} ${Math.round((Number(w) / total) * 100)}%`).join(', ');
}

async function main() {
  if (!existsSync(join(serverDist, 'main.js')) || !existsSync(join(serverDist, 'cli.js'))) {
    log('› building the server (apps/server/build.mjs)…');
    const r = spawnSync(process.execPath, ['build.mjs'], { cwd: join(repo, 'apps/server'), stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
  const tmp = mkdtempSync(join(os.tmpdir(), 'esim-bench-orders-'));
  const results = {};
  log(
    `orders bench: ${WARMUP} s warm-up + ${DURATION} s per run; closed loop ${CONCURRENCY} shoppers; open loop ${RATE} orders/s; ${pinned ? 'server core 0, load core 1' : 'not pinned'}`,
  );
  log(
    `  mix ${MIX_NAME === MIX ? MIX : `${MIX_NAME} (${MIX})`}: ${mixShares(MIX)}${SIGNED_IN ? `; ${USERS} signed-in users` : ''} (bare Hono: guest orders only)`,
  );
  try {
    // (1) split: the web server records payments; the worker fulfils after the load.
    // The set-up's orders are fulfilled by one worker before the load starts.
    const fulfilByWorker = async ({ env, dbFile }) => {
      const worker = start(1, [join(serverDist, 'cli.js'), 'worker'], { ...env, WORKER_INTERVAL_MS: '100' });
      try {
        await drained(dbFile, 300_000);
      } finally {
        await worker.stop();
      }
    };
    results.split = await serverRun(
      tmp,
      'split',
      { FULFILMENT_INLINE: '0' },
      async ({ base, plan, env, dbFile, outbox, server, users, baseline }) => {
        const closed = load(
          { BASE: base, PLAN_ID: String(plan.id), MODE: 'closed', CONCURRENCY: String(CONCURRENCY), ...users },
          server.child.pid,
        );
        show('split, closed loop', closed);
        const open = load({ BASE: base, PLAN_ID: String(plan.id), MODE: 'open', RATE: String(RATE), ...users }, server.child.pid);
        show(`split, open loop @${RATE}/s`, open);
        // Two workers, one per core, share the backlog through their leases.
        const workers = [0, 1].map((core) => start(core, [join(serverDist, 'cli.js'), 'worker'], { ...env, WORKER_INTERVAL_MS: '100' }));
        let drainS;
        try {
          drainS = await drained(dbFile, 1_800_000);
        } finally {
          await Promise.all(workers.map((w) => w.stop()));
        }
        const db = check(dbFile, outbox, { ...baseline, placed: sumPlaced(closed, open) });
        const backlog = KINDS.reduce((n, kind) => n + db.byKind[kind].fulfilled, 0);
        const fulfilPerSec = Number((backlog / drainS).toFixed(1));
        log(
          `  split, 2 workers drain      ${backlog} orders fulfilled in ${drainS.toFixed(1)} s (${fulfilPerSec}/s; a new eSIM: QR PNG + e-mail, a top-up: package + e-mail)`,
        );
        showCheck('split, database', db);
        return { closed, open, drain: { seconds: drainS, fulfilledPerSec: fulfilPerSec }, db };
      },
      fulfilByWorker,
    );

    // (2) inline: the npm start default.
    results.inline = await serverRun(
      tmp,
      'inline',
      { FULFILMENT_INLINE: '1', WORKER_INTERVAL_MS: '200' },
      async ({ base, plan, dbFile, outbox, server, users, baseline }) => {
        const closed = load(
          { BASE: base, PLAN_ID: String(plan.id), MODE: 'closed', CONCURRENCY: String(CONCURRENCY), ...users },
          server.child.pid,
        );
        show('inline, closed loop', closed);
        const drainS = await drained(dbFile, 1_800_000);
        const db = check(dbFile, outbox, { ...baseline, placed: sumPlaced(closed) });
        log(`  inline, backlog drained in ${drainS.toFixed(1)} s after the load`);
        showCheck('inline, database', db);
        return { closed, drain: { seconds: drainS }, db };
      },
      ({ dbFile }) => drained(dbFile, 300_000),
    );

    // (3) bare Hono, same two calls, same load generator.
    const barePort = await freePort();
    const bare = start(0, [join(here, 'bare-orders-server.mjs')], { PORT: String(barePort) });
    try {
      await waitFor(`http://127.0.0.1:${barePort}/bare/health`);
      results.bare = {
        closed: load(
          {
            BASE: `http://127.0.0.1:${barePort}`,
            PLAN_ID: '1',
            MODE: 'closed',
            CONCURRENCY: String(CONCURRENCY),
            BARE: '1',
            MIX: 'guest:1',
          },
          bare.child.pid,
        ),
      };
      show('bare Hono, closed loop', results.bare.closed);
    } finally {
      await bare.stop();
    }

    const open = results.split.open;
    const met = {
      ordersPerSec: results.split.closed.ordersPerSec >= TARGET.ordersPerSec,
      p99AtRate: open.errors === 0 && open.ordersPerSec >= RATE * 0.97 && open.latency.order.p99 <= TARGET.p99Ms,
      exactlyOnce: results.split.db.exactlyOnce && results.inline.db.exactlyOnce,
    };
    const summary = {
      date: new Date().toISOString(),
      machine: {
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: cpus,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        os: `${os.type()} ${os.release()}`,
        node: process.version,
      },
      pinned: pinned ? 'server core 0, load generator core 1 (after the load: one worker per core)' : 'not pinned',
      mix: { name: MIX_NAME, spec: MIX, shares: mixShares(MIX), users: SIGNED_IN ? USERS : 0 },
      durationS: DURATION,
      warmupS: WARMUP,
      concurrency: CONCURRENCY,
      rate: RATE,
      results,
      ratioToBare: Number((results.split.closed.ordersPerSec / results.bare.closed.ordersPerSec).toFixed(3)),
      loadAverage: os.loadavg(),
      target: TARGET,
      met,
    };
    log(
      `  target ≥${TARGET.ordersPerSec} orders/s: ${met.ordersPerSec ? 'met' : 'NOT met'}; p99 ≤${TARGET.p99Ms} ms at ${RATE}/s: ${met.p99AtRate ? 'met' : 'NOT met'}; ` +
        `exactly once: ${met.exactlyOnce ? 'yes' : 'NO'}; vs bare ${(summary.ratioToBare * 100).toFixed(0)}% (load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
    );
    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(join(here, 'results/orders.json'), `${JSON.stringify(summary, null, 2)}\n`);
    log('  wrote bench/results/orders.json');
    if (!met.exactlyOnce) process.exitCode = 1;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});

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
//   node bench/orders.mjs        (build first: npm run build, or cd apps/server && node build.mjs)
// Env: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONCURRENCY (closed-loop shoppers, 32),
//      BENCH_RATE (open-loop orders/s, 1000). Writes bench/results/orders.json.
// The server runs with RATE_LIMIT_ALLOWLIST=127.0.0.1,::1: one client sending 1,000 orders/s is
// far past the per-client checkout limit, which a benchmark is not about.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

function load(env) {
  const [cmd, args] = pin(1, process.execPath, [join(here, 'orders-load.mjs')]);
  const r = spawnSync(cmd, args, {
    env: { ...process.env, DURATION: String(DURATION), WARMUP: String(WARMUP), ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`load generator failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

function show(name, r) {
  const l = r.latency;
  log(
    `  ${name.padEnd(26)} ${String(r.ordersPerSec.toFixed(0)).padStart(6)} orders/s (${r.requestsPerSec.toFixed(0)} req/s)` +
      `   order p50 ${l.order.p50} ms p99 ${l.order.p99} ms   create p99 ${l.create.p99} ms   confirm p99 ${l.confirm.p99} ms` +
      `${r.errors ? `   ERRORS ${r.errors} (${r.firstError})` : ''}`,
  );
}

/** The database after the run: every paid order fulfilled once, one eSIM, one e-mail, one .eml. */
function check(dbFile, outboxDir) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const one = (q) => db.prepare(q).get().n;
    const c = {
      orders: one('select count(*) n from orders'),
      pending: one("select count(*) n from orders where status in ('pending_payment','payment_failed')"),
      paidNotFulfilled: one("select count(*) n from orders where status in ('paid','provisioning')"),
      fulfilled: one("select count(*) n from orders where status = 'fulfilled'"),
      esims: one('select count(*) n from esims'),
      ordersWithEsim: one('select count(distinct order_id) n from esims'),
      deliveryEmails: one("select count(*) n from email_outbox where kind = 'esim_delivery'"),
      sent: one("select count(*) n from email_outbox where kind = 'esim_delivery' and status = 'sent'"),
      paymentsSucceeded: one(`select count(*) n from demo_payment_intents where json_extract(data, '$.status') = 'succeeded'`),
    };
    c.emlFiles = existsSync(outboxDir) ? readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).length : 0;
    c.exactlyOnce =
      c.paidNotFulfilled === 0 &&
      c.fulfilled === c.paymentsSucceeded &&
      c.esims === c.fulfilled &&
      c.ordersWithEsim === c.esims &&
      c.deliveryEmails === c.fulfilled &&
      c.sent === c.fulfilled &&
      c.emlFiles === c.sent;
    return c;
  } finally {
    db.close();
  }
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

async function serverRun(tmp, name, extraEnv, body) {
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
    return await body({ base, plan, env, dbFile, outbox, server });
  } finally {
    await server.stop();
  }
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
  try {
    // (1) split: the web server records payments; the worker fulfils after the load.
    results.split = await serverRun(tmp, 'split', { FULFILMENT_INLINE: '0' }, async ({ base, plan, env, dbFile, outbox }) => {
      const closed = load({ BASE: base, PLAN_ID: String(plan.id), MODE: 'closed', CONCURRENCY: String(CONCURRENCY) });
      show('split, closed loop', closed);
      const open = load({ BASE: base, PLAN_ID: String(plan.id), MODE: 'open', RATE: String(RATE) });
      show(`split, open loop @${RATE}/s`, open);
      // Two workers, one per core, share the backlog through their leases.
      const workers = [0, 1].map((core) => start(core, [join(serverDist, 'cli.js'), 'worker'], { ...env, WORKER_INTERVAL_MS: '100' }));
      let drainS;
      try {
        drainS = await drained(dbFile, 1_800_000);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
      const db = check(dbFile, outbox);
      const fulfilPerSec = Number((db.fulfilled / drainS).toFixed(1));
      log(
        `  split, 2 workers drain      ${db.fulfilled} orders fulfilled in ${drainS.toFixed(1)} s (${fulfilPerSec}/s, QR PNG + e-mail per order); exactly once: ${db.exactlyOnce ? 'yes' : 'NO'}`,
      );
      return { closed, open, drain: { seconds: drainS, fulfilledPerSec: fulfilPerSec }, db };
    });

    // (2) inline: the npm start default.
    results.inline = await serverRun(
      tmp,
      'inline',
      { FULFILMENT_INLINE: '1', WORKER_INTERVAL_MS: '200' },
      async ({ base, plan, dbFile, outbox }) => {
        const closed = load({ BASE: base, PLAN_ID: String(plan.id), MODE: 'closed', CONCURRENCY: String(CONCURRENCY) });
        show('inline, closed loop', closed);
        const drainS = await drained(dbFile, 1_800_000);
        const db = check(dbFile, outbox);
        log(`  inline, backlog drained in ${drainS.toFixed(1)} s after the load; exactly once: ${db.exactlyOnce ? 'yes' : 'NO'}`);
        return { closed, drain: { seconds: drainS }, db };
      },
    );

    // (3) bare Hono, same two calls, same load generator.
    const barePort = await freePort();
    const bare = start(0, [join(here, 'bare-orders-server.mjs')], { PORT: String(barePort) });
    try {
      await waitFor(`http://127.0.0.1:${barePort}/bare/health`);
      results.bare = {
        closed: load({ BASE: `http://127.0.0.1:${barePort}`, PLAN_ID: '1', MODE: 'closed', CONCURRENCY: String(CONCURRENCY), BARE: '1' }),
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

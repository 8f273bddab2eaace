#!/usr/bin/env node
// Several instances on PostgreSQL, beside SQLite: demo orders per second (the checkout page's two
// calls, bench/orders-load.mjs, closed loop, guest orders) and the catalogue read (GET
// /api/regions, wrk) against
//   (1) one server on a SQLite file,
//   (2) one server on PostgreSQL,
//   (3) two servers on the same PostgreSQL (the load split evenly between them).
// The method is bench/orders.mjs's: the servers (and PostgreSQL) pinned to core 0, the load
// generators to core 1 (taskset); FULFILMENT_INLINE=0, so the web servers only take orders and
// payments; after each run two `cli.js worker`s drain the backlog and the database is checked:
// every paid order fulfilled exactly once (one eSIM, one delivery e-mail sent, one .eml).
// PostgreSQL: a throwaway cluster from Debian's binaries (fsync on, synchronous_commit off —
// like SQLite's WAL with synchronous=NORMAL, a crash may lose the last commits, never corrupt).
//
//   node bench/orders-pg.mjs        (build first: cd apps/server && node build.mjs)
// Env: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONCURRENCY (closed-loop shoppers, 32),
//      BENCH_CONNECTIONS (catalogue, 50). Writes bench/results/orders-pg.json.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, machine, waitFor } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const serverDist = join(repo, 'apps/server/dist');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pg = createRequire(join(repo, 'packages/db/package.json'))('pg');
const Database = createRequire(join(repo, 'apps/server/package.json'))('better-sqlite3');

const log = (msg) => process.stdout.write(`${msg}\n`);
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const pinned = has('taskset') && os.cpus().length > 1;
const pin = (core, cmd, args) => (pinned ? ['taskset', ['-c', String(core), cmd, ...args]] : [cmd, args]);
const isRoot = process.getuid?.() === 0;

// ── a throwaway PostgreSQL cluster ───────────────────────────────────────────────────────────
function pgBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const v = readdirSync(root)
    .filter((d) => existsSync(join(root, d, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return v ? join(root, v, 'bin') : null;
}

function asPostgres(cmd, args) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
}

async function startPg() {
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install -y postgresql)');
  const dir = mkdtempSync(join(os.tmpdir(), 'esim-bench-pg-'));
  const data = join(dir, 'data');
  mkdirSync(join(dir, 'sock'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
    chownSync(join(dir, 'sock'), uid, gid);
  }
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const opts = [
    `-p ${port}`,
    `-k ${join(dir, 'sock')}`,
    '-c listen_addresses=127.0.0.1',
    '-c synchronous_commit=off',
    '-c max_connections=100',
  ];
  // pg_ctl itself pinned: the postmaster and every backend it forks inherit core 0.
  const [cmd, args] = pin(0, join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o', opts.join(' '), 'start']);
  asPostgres(cmd, args);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        /* gone already */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ── processes ─────────────────────────────────────────────────────────────────────────────────
function startNode(core, args, env) {
  const [cmd, argv] = pin(core, process.execPath, args);
  const child = spawn(cmd, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function runAsync(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (err += b));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} failed: ${err}`))));
  });
}

/** The orders load generator (bench/orders-load.mjs) against each base at once, the shoppers split between them. */
async function orderLoad(bases, planId) {
  const each = Math.max(1, Math.round(CONCURRENCY / bases.length));
  const runs = await Promise.all(
    bases.map((base) => {
      const [cmd, args] = pin(1, process.execPath, [join(here, 'orders-load.mjs')]);
      return runAsync(cmd, args, {
        BASE: base,
        PLAN_ID: String(planId),
        MODE: 'closed',
        CONCURRENCY: String(each),
        DURATION: String(DURATION),
        WARMUP: String(WARMUP),
        MIX: 'guest:1',
      }).then((out) => JSON.parse(out.trim().split('\n').pop()));
    }),
  );
  return {
    ordersPerSec: Number(runs.reduce((n, r) => n + r.ordersPerSec, 0).toFixed(1)),
    // The slowest generator's: per-instance p99s, not a merged distribution.
    p50Ms: Math.max(...runs.map((r) => r.latency.order.p50)),
    p99Ms: Math.max(...runs.map((r) => r.latency.order.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    placed: runs.reduce((n, r) => n + Object.values(r.placed ?? {}).reduce((a, b) => a + b, 0), 0),
  };
}

const wrkMs = (t) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(t ?? '');
  return m ? Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1) : Number.NaN;
};

/** GET `path` on each base at once with wrk (the connections split between them). */
async function catalogueLoad(bases, path) {
  const each = Math.max(1, Math.round(CONNECTIONS / bases.length));
  const runs = await Promise.all(
    bases.map((base) => {
      const [cmd, args] = pin(1, 'wrk', ['-t1', `-c${each}`, `-d${DURATION}s`, '--latency', `${base}${path}`]);
      return runAsync(cmd, args, {}).then((out) => ({
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
        p99: wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1]),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
      }));
    }),
  );
  return {
    requestsPerSec: Math.round(runs.reduce((n, r) => n + r.rps, 0)),
    p99Ms: Math.max(...runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}

// ── the check after each run ─────────────────────────────────────────────────────────────────
const COUNTS_SQL = `select
  (select count(*) from orders where status in ('paid', 'provisioning', 'fulfilled')) as paid,
  (select count(*) from orders where status = 'fulfilled') as fulfilled,
  (select count(*) from orders where status in ('paid', 'provisioning')) as waiting,
  (select count(*) from email_outbox where status = 'pending') as mail_waiting,
  (select count(*) from esims) as esims,
  (select count(distinct order_id) from esims) as esim_orders,
  (select count(*) from email_outbox where kind = 'esim_delivery' and status = 'sent') as sent,
  (select count(distinct order_id) from email_outbox where kind = 'esim_delivery' and status = 'sent') as sent_orders`;

async function counts(url) {
  if (url.startsWith('postgres')) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const row = (await c.query(COUNTS_SQL)).rows[0];
      return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
    } finally {
      await c.end();
    }
  }
  const db = new Database(url.replace(/^file:/, ''), { readonly: true });
  try {
    return db.prepare(COUNTS_SQL).get();
  } finally {
    db.close();
  }
}

async function drainAndCheck(url, env, outbox) {
  const started = Date.now();
  const workers = [0, 1].map((core) => startNode(core, [join(serverDist, 'cli.js'), 'worker'], env));
  let c;
  for (;;) {
    c = await counts(url);
    if (c.waiting === 0 && c.mail_waiting === 0) break;
    if (Date.now() - started > 300_000) throw new Error(`backlog not drained: ${JSON.stringify(c)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const drainS = (Date.now() - started) / 1000;
  await Promise.all(workers.map((w) => w.stop()));
  const eml = readdirSync(outbox).filter((f) => f.endsWith('.eml')).length;
  const exactlyOnce =
    c.fulfilled === c.paid &&
    c.esims === c.paid &&
    c.esim_orders === c.paid &&
    c.sent === c.paid &&
    c.sent_orders === c.paid &&
    eml === c.paid;
  return { paid: c.paid, fulfilled: c.fulfilled, esims: c.esims, emailsSent: c.sent, emlFiles: eml, exactlyOnce, drainSeconds: drainS };
}

// ── one configuration ─────────────────────────────────────────────────────────────────────────
async function configuration(name, url, instances) {
  const tmp = mkdtempSync(join(os.tmpdir(), `esim-bench-${name}-`));
  const outbox = join(tmp, 'outbox');
  const common = {
    DATABASE_URL: url,
    OUTBOX_DIR: outbox,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    ACCESS_LOG: '0',
    METRICS_PORT: '0',
    FULFILMENT_INLINE: '0',
    RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
    WEB_DIST: join(tmp, 'no-web'),
  };
  try {
    const setup = spawnSync(process.execPath, [join(serverDist, 'cli.js'), 'setup'], {
      env: { ...process.env, ...common },
      encoding: 'utf8',
    });
    if (setup.status !== 0) throw new Error(`setup failed: ${setup.stderr}`);
    const ports = [];
    for (let i = 0; i < instances; i++) ports.push(await freePort());
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    const servers = ports.map((p, i) => startNode(0, [join(serverDist, 'main.js')], { ...common, PORT: String(p), PUBLIC_URL: bases[i] }));
    try {
      await Promise.all(bases.map((b) => waitFor(`${b}/api/health`)));
      const regions = await (await fetch(`${bases[0]}/api/regions`)).json();
      const japan = regions.find((r) => r.code === 'JP');
      const plan = (await (await fetch(`${bases[0]}/api/plans?regionId=${japan.id}`)).json())[0];
      const catalogue = await catalogueLoad(bases, '/api/regions');
      log(
        `  ${name.padEnd(24)} catalogue GET /api/regions ${String(catalogue.requestsPerSec).padStart(6)} req/s  p99 ${catalogue.p99Ms} ms`,
      );
      const orders = await orderLoad(bases, plan.id);
      log(
        `  ${name.padEnd(24)} orders ${String(orders.ordersPerSec).padStart(6)}/s  p50 ${orders.p50Ms} ms  p99 ${orders.p99Ms} ms${orders.errors ? `  ERRORS ${orders.errors}` : ''}`,
      );
      await Promise.all(servers.map((s) => s.stop()));
      const check = await drainAndCheck(url, common, outbox);
      log(
        `  ${name.padEnd(24)} drained by 2 workers in ${check.drainSeconds.toFixed(1)} s: ${check.paid} paid, ${check.fulfilled} fulfilled, ${check.esims} eSIMs, ${check.emailsSent} e-mails, ${check.emlFiles} .eml — ${check.exactlyOnce ? 'exactly once' : 'NOT EXACTLY ONCE'}`,
      );
      return { instances, catalogue, orders, check };
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(join(serverDist, 'main.js'))) throw new Error('build first: cd apps/server && node build.mjs');
  if (!has('wrk')) throw new Error('wrk is needed for the catalogue read (apt-get install -y wrk)');
  log(
    `orders-pg bench: ${WARMUP} s warm-up + ${DURATION} s per run; ${CONCURRENCY} shoppers, ${CONNECTIONS} catalogue connections; ${pinned ? 'servers and PostgreSQL core 0, load core 1' : 'not pinned'}`,
  );
  const results = {};
  const sqliteDir = mkdtempSync(join(os.tmpdir(), 'esim-bench-sqlite-'));
  try {
    results.sqlite = await configuration('SQLite, 1 instance', `file:${join(sqliteDir, 'shop.sqlite')}`, 1);
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
  for (const instances of [1, 2]) {
    const cluster = await startPg();
    try {
      results[`postgres${instances}`] = await configuration(
        `PostgreSQL, ${instances} instance${instances > 1 ? 's' : ''}`,
        cluster.url,
        instances,
      );
    } finally {
      cluster.stop();
    }
  }
  const out = {
    date: new Date().toISOString(),
    machine: machine(),
    durationS: DURATION,
    warmupS: WARMUP,
    concurrency: CONCURRENCY,
    results,
  };
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results/orders-pg.json'), `${JSON.stringify(out, null, 2)}\n`);
  log('wrote bench/results/orders-pg.json');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

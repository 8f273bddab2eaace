#!/usr/bin/env node
// Load test against the shop as an operator runs it (the release binary, else the built server):
// catalogue reads and demo checkouts at steady open-loop rates for minutes, reported per window
// and overall, with the server's memory and, at the end, the fulfilment state.
//
//   node bench/load.mjs [--bin release/esim-shop|apps/server/dist/main.js] [--duration 3m]
//        [--catalog-rate 200] [--order-rate 50] [--window 30s] [--summary-window <d>]
//        [--timeout 10s] [--sample 10s] [--drain 5m] [--label load]
//   node bench/soak.mjs   the same for 30 minutes at lower rates (memory growth, p99 over time)
//
// - The server runs in a fresh temporary folder on its own SQLite file, pinned to core 0; the
//   load generator (bench/load-gen.mjs) is pinned to core 1 (taskset), as in bench/orders.mjs.
//   --bin defaults to release/esim-shop when it exists (copied alone into the temporary folder and
//   started there), else apps/server/dist/main.js (after `cli.js setup`). It says which it used.
// - RATE_LIMIT_ALLOWLIST=127.0.0.1,::1: every request comes from this machine's one address, far
//   past the per-client checkout limit; an operator would exempt a load test the same way.
// - Catalogue: a fixed rotation of the reads the shop's pages make — GET /api/regions, GET
//   /api/plans?regionId=…, the web app's batched tRPC query (catalog.regions + catalog.plans, as a
//   destination page loads them) and a destination page's HTML (/destinations/<slug>, in three
//   languages) — over 20 destinations, each request taking compressed answers as a browser does.
//   Every path is requested once before the timing starts (a running shop has them warm).
// - Checkout: what the checkout page does for a guest (create the payment intent, confirm it with
//   the demo card 4242…), as bench/orders.mjs's 'guest' orders; fulfilled inline by the server
//   (the binary's default: eSIM, QR code, e-mail).
// - Memory: VmRSS from /proc/<pid>/status every --sample; V8's used heap and the event-loop lag
//   from the metrics endpoint (METRICS_PORT, prom-client's nodejs_* metrics) when it answers.
// - After the load: waits (up to --drain) for the fulfilment backlog to drain, then reads the database file
//   (better-sqlite3, read-only): every paid order fulfilled, one eSIM and one sent e-mail each.
// Writes bench/results/<label>.json and prints the tables. Exit code 1 when an order paid was not
// fulfilled exactly once; errors (non-2xx, timeouts) are reported, not fatal.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuSecondsOf, freePort, machine, parseDuration, percentile, promValue, rssBytes } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const Database = createRequire(join(repo, 'apps/server/package.json'))('better-sqlite3');

const CATALOG_KINDS = ['regions', 'plans', 'trpc', 'destination'];
const ORDER_KINDS = ['order', 'create', 'confirm'];
/** The catalogue rotation: of every 20 reads, 7 plan lists, 5 region lists, 5 tRPC batches, 3 pages. */
const CATALOG_ROTATION = ['plans', 'regions', 'trpc', 'plans', 'destination', 'regions', 'trpc', 'plans', 'regions', 'trpc'];
const DESTINATIONS = 20;
const LANGUAGE_PREFIXES = ['', '/de', '/ar'];

export const LOAD_DEFAULTS = {
  duration: '3m',
  'catalog-rate': '200',
  'order-rate': '50',
  window: '30s',
  'summary-window': '',
  timeout: '10s',
  sample: '10s',
  drain: '5m',
  label: 'load',
};

const log = (msg = '') => process.stdout.write(`${msg}\n`);
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const pinned = has('taskset') && os.cpus().length > 1;
const pin = (core, cmd, args) => (pinned ? ['taskset', ['-c', String(core), cmd, ...args]] : [cmd, args]);
const mb = (bytes) => (bytes === null || bytes === undefined ? null : Number((bytes / 2 ** 20).toFixed(1)));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function parseOptions(argv, defaults) {
  const { values } = parseArgs({
    args: argv,
    options: {
      bin: { type: 'string' },
      duration: { type: 'string' },
      'catalog-rate': { type: 'string' },
      'order-rate': { type: 'string' },
      window: { type: 'string' },
      'summary-window': { type: 'string' },
      timeout: { type: 'string' },
      sample: { type: 'string' },
      drain: { type: 'string' },
      label: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(1);
    // The description and the usage: the header comment up to its second blank line.
    log(
      lines
        .slice(0, lines.indexOf('//', lines.indexOf('//') + 1))
        .join('\n')
        .replace(/^\/\/ ?/gm, ''),
    );
    process.exit(0);
  }
  const v = { ...defaults, ...Object.fromEntries(Object.entries(values).filter(([, x]) => x !== undefined)) };
  const rate = (name) => {
    const n = Number(v[name]);
    if (!(n >= 0) || !Number.isFinite(n)) throw new Error(`--${name} must be a number of requests per second ≥ 0 (got '${v[name]}')`);
    return n;
  };
  const o = {
    bin: v.bin,
    durationMs: parseDuration(v.duration),
    catalogRate: rate('catalog-rate'),
    orderRate: rate('order-rate'),
    windowMs: parseDuration(v.window),
    summaryWindowMs: v['summary-window'] ? parseDuration(v['summary-window']) : 0,
    timeoutMs: parseDuration(v.timeout),
    sampleMs: parseDuration(v.sample),
    drainMs: parseDuration(v.drain),
    label: v.label,
  };
  if (o.durationMs < 1000) throw new Error('--duration must be at least 1s');
  if (o.windowMs < 1000 || o.windowMs > o.durationMs) throw new Error('--window must be between 1s and --duration');
  if (o.summaryWindowMs && (o.summaryWindowMs % o.windowMs !== 0 || o.summaryWindowMs < o.windowMs)) {
    throw new Error('--summary-window must be a multiple of --window');
  }
  if (!/^[a-z0-9-]+$/i.test(o.label)) throw new Error('--label: letters, digits and dashes only');
  return o;
}

/** Which server to run: --bin, else release/esim-shop when built, else the built dist/main.js. */
function resolveBin(given) {
  const release = join(repo, 'release/esim-shop');
  const dist = join(repo, 'apps/server/dist/main.js');
  const path = given ? resolve(given) : existsSync(release) ? release : dist;
  if (!existsSync(path)) {
    throw new Error(`${path} does not exist: build it first (npm run release for the binary, npm run build for apps/server/dist/main.js)`);
  }
  const kind = /\.(c|m)?js$/.test(path) ? 'node-script' : 'binary';
  const st = statSync(path);
  const stale = kind === 'binary' && existsSync(dist) && statSync(dist).mtimeMs > st.mtimeMs;
  return { path, kind, bytes: st.size, modified: st.mtime.toISOString(), olderThanDist: stale };
}

async function waitHealthy(base, child, ms) {
  const until = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it answered`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`the server did not answer ${base}/api/health within ${ms / 1000} s`);
    await sleep(50);
  }
}

async function getJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

function slugOf(name) {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The paths the catalogue stream reads, from the live catalogue: popular destinations first. */
async function catalogPaths(base) {
  const regions = await getJson(`${base}/api/regions`);
  if (!Array.isArray(regions) || regions.length === 0) throw new Error('the catalogue is empty (was the database seeded?)');
  const picked = [...regions].sort((a, b) => Number(b.isPopular) - Number(a.isPopular) || a.id - b.id).slice(0, DESTINATIONS);
  const japan = regions.find((r) => r.code === 'JP') ?? picked[0];
  const plans = await getJson(`${base}/api/plans?regionId=${japan.id}`);
  if (!plans.length) throw new Error(`no plans for ${japan.name}`);
  const trpcInput = (id) => encodeURIComponent(JSON.stringify({ 1: { json: { regionId: id } } }));
  return {
    planId: plans[0].id,
    planName: plans[0].name,
    paths: {
      regions: ['/api/regions'],
      plans: picked.map((r) => `/api/plans?regionId=${r.id}`),
      trpc: picked.map((r) => `/api/trpc/catalog.regions,catalog.plans?batch=1&input=${trpcInput(r.id)}`),
      destination: LANGUAGE_PREFIXES.flatMap((lang) => picked.map((r) => `${lang}/destinations/${slugOf(r.name)}`)),
    },
    destinations: picked.map((r) => r.name),
  };
}

/** Each path once, a few at a time, before the timing (a destination page renders on first request). */
async function prime(base, paths) {
  const all = Object.values(paths).flat();
  const t0 = Date.now();
  for (let i = 0; i < all.length; i += 4) {
    await Promise.all(
      all.slice(i, i + 4).map(async (p) => {
        const res = await fetch(`${base}${p}`);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`priming GET ${p}: ${res.status}`);
      }),
    );
  }
  // A rendered destination page carries its plans as JSON-LD offers; the plain template has none.
  const page = await (await fetch(`${base}${paths.destination[0]}`)).text();
  return { paths: all.length, seconds: (Date.now() - t0) / 1000, destinationPagesRendered: page.includes('"@type":"Offer"') };
}

async function readMetrics(url) {
  if (!url) return null;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) return null;
    const text = await res.text();
    return {
      heapUsed: promValue(text, 'nodejs_heap_size_used_bytes'),
      heapTotal: promValue(text, 'nodejs_heap_size_total_bytes'),
      lagP99S: promValue(text, 'nodejs_eventloop_lag_p99_seconds'),
      lagMaxS: promValue(text, 'nodejs_eventloop_lag_max_seconds'),
    };
  } catch {
    return null;
  }
}

/** Latency and counts of one kind over some windows. */
function kindSummary(parts, seconds) {
  const lat = parts.flatMap((p) => p.lat);
  const sum = (k) => parts.reduce((n, p) => n + p[k], 0);
  const firstError = parts.find((p) => p.firstError)?.firstError ?? null;
  return {
    sent: sum('sent'),
    ok: sum('ok'),
    perSec: Number((sum('ok') / seconds).toFixed(1)),
    p50: percentile(lat, 50),
    p95: percentile(lat, 95),
    p99: percentile(lat, 99),
    max: percentile(lat, 100),
    non2xx: sum('non2xx'),
    timeouts: sum('timeouts'),
    errors: sum('errors'),
    firstError,
  };
}

/** Catalogue kinds taken together (a request is a request). */
function groupSummary(windowsKinds, kinds, seconds) {
  return kindSummary(
    windowsKinds.flatMap((w) => kinds.map((k) => w[k])),
    seconds,
  );
}

/** Least-squares slope of (t seconds, y) in units per 10 minutes; null with fewer than 2 points. */
function slopePer10Min(points) {
  if (points.length < 2) return null;
  const n = points.length;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const den = points.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  if (den === 0) return null;
  const slope = points.reduce((s, p) => s + (p.t - mt) * (p.y - my), 0) / den;
  return Number((slope * 600).toFixed(2));
}

/** RSS and heap: at minute 1 (or the first sample, in shorter runs), at the end, and the slope after minute 1. */
function memoryGrowth(samples, durationS) {
  const during = samples.filter((s) => s.t <= durationS + 1 && s.rssMb !== null);
  if (during.length === 0) return null;
  const from = durationS >= 120 ? 60 : during[0].t;
  const after = during.filter((s) => s.t >= from);
  const first = after[0] ?? during[0];
  const last = during[during.length - 1];
  const series = (key) => after.filter((s) => s[key] !== null).map((s) => ({ t: s.t, y: s[key] }));
  return {
    fromS: first.t,
    toS: last.t,
    rssMbAtStart: first.rssMb,
    rssMbAtEnd: last.rssMb,
    rssMbGrowth: Number((last.rssMb - first.rssMb).toFixed(1)),
    rssMbPer10Min: slopePer10Min(series('rssMb')),
    rssMbMax: Math.max(...during.map((s) => s.rssMb)),
    heapMbAtStart: first.heapMb,
    heapMbAtEnd: last.heapMb,
    heapMbPer10Min: slopePer10Min(series('heapMb')),
  };
}

/** The database after the load: every paid order fulfilled, once. */
function checkFulfilment(dbFile, generatorPaid) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const one = (q) => db.prepare(q).get().n;
    const c = {
      orders: one('select count(*) n from orders'),
      byStatus: Object.fromEntries(
        db
          .prepare('select status, count(*) n from orders group by status')
          .all()
          .map((r) => [r.status, r.n]),
      ),
      paymentsSucceeded: one(`select count(*) n from demo_payment_intents where json_extract(data, '$.status') = 'succeeded'`),
      paidSeenByGenerator: generatorPaid,
      fulfilled: one("select count(*) n from orders where status = 'fulfilled'"),
      paidNotFulfilled: one("select count(*) n from orders where status in ('paid','provisioning')"),
      esims: one('select count(*) n from esims e join orders o on o.id = e.order_id'),
      ordersWithEsim: one('select count(distinct e.order_id) n from esims e join orders o on o.id = e.order_id'),
      deliveryEmails: one("select count(*) n from email_outbox where kind = 'esim_delivery'"),
      deliveryEmailsSent: one("select count(*) n from email_outbox where kind = 'esim_delivery' and status = 'sent'"),
      emailsPending: one("select count(*) n from email_outbox where status = 'pending'"),
      emailsFailed: one("select count(*) n from email_outbox where status not in ('pending','sent')"),
    };
    c.checks = {
      everyPaidOrderFulfilled: c.paidNotFulfilled === 0 && c.fulfilled === c.paymentsSucceeded,
      everyOrderTheGeneratorSawPaidIsFulfilled: c.fulfilled >= generatorPaid,
      oneEsimEach: c.esims === c.fulfilled && c.ordersWithEsim === c.fulfilled,
      oneEmailEachSent: c.deliveryEmails === c.fulfilled && c.deliveryEmailsSent === c.fulfilled,
    };
    c.exactlyOnce = Object.values(c.checks).every(Boolean);
    return c;
  } finally {
    db.close();
  }
}

async function drain(dbFile, ms) {
  const t0 = Date.now();
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
    if (left === 0) return { seconds: (Date.now() - t0) / 1000, left: 0 };
    if (Date.now() - t0 > ms) return { seconds: (Date.now() - t0) / 1000, left };
    await sleep(250);
  }
}

/** Warnings and errors the server wrote (JSON lines with a level, or anything else on stderr). */
function serverLogSummary(file) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const lines = text.split('\n').filter(Boolean);
  const levelOf = (line) => {
    try {
      return JSON.parse(line).level ?? 'other';
    } catch {
      return 'other';
    }
  };
  const levels = {};
  const notable = [];
  for (const line of lines) {
    const level = levelOf(line);
    levels[level] = (levels[level] ?? 0) + 1;
    if (level !== 'info' && level !== 'debug' && notable.length < 5) notable.push(line.slice(0, 400));
  }
  return { lines: lines.length, levels, first: notable };
}

/** '0–5 min' for whole minutes, else '0–30 s'. */
const span = (a, b) => (a % 60 === 0 && b % 60 === 0 ? `${a / 60}–${b / 60} min` : `${a}–${b} s`);
/** The largest of the numbers (nulls skipped); null when there is none. */
const maxOf = (xs) => (xs.some((x) => x !== null) ? Math.max(...xs.filter((x) => x !== null)) : null);
const fmt = (x, w = 7) => String(x ?? '—').padStart(w);

function windowRow(w) {
  const c = w.catalog;
  const o = w.kinds.order;
  const errs = (s) => s.non2xx + s.timeouts + s.errors;
  return (
    `${fmt(span(w.startS, w.endS), 12)} │ ${fmt(c.perSec)} ${fmt(c.p50)} ${fmt(c.p95)} ${fmt(c.p99)} ${fmt(errs(c), 5)} │` +
    ` ${fmt(o.perSec)} ${fmt(o.p50)} ${fmt(o.p95)} ${fmt(o.p99)} ${fmt(errs(o), 5)} │ ${fmt(w.rssMb)} ${fmt(w.heapMb)} ${fmt(w.serverCpuPct, 5)} ${fmt(w.loopLagMaxMs, 6)} ${fmt(w.generatorSendLagMaxMs, 6)} ${fmt(w.loadAverage, 5)}`
  );
}
const WINDOW_HEAD =
  `${'window'.padStart(12)} │ ${'cat/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'err'.padStart(5)} │` +
  ` ${'orders/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'err'.padStart(5)} │ ${'RSS MB'.padStart(7)} ${'heap MB'.padStart(7)} ${'cpu%'.padStart(5)} ${'loop'.padStart(6)} ${'gen'.padStart(6)} ${'load'.padStart(5)}`;

function kindTable(overall) {
  log(
    `  ${'kind'.padEnd(12)} ${'sent'.padStart(8)} ${'ok'.padStart(8)} ${'ok/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'non2xx'.padStart(7)} ${'timeout'.padStart(7)} ${'other'.padStart(6)}`,
  );
  for (const [kind, s] of Object.entries(overall)) {
    log(
      `  ${kind.padEnd(12)} ${fmt(s.sent, 8)} ${fmt(s.ok, 8)} ${fmt(s.perSec)} ${fmt(s.p50, 8)} ${fmt(s.p95, 8)} ${fmt(s.p99, 8)} ${fmt(s.max, 8)} ${fmt(s.non2xx)} ${fmt(s.timeouts)} ${fmt(s.errors, 6)}` +
        `${s.firstError ? `   first: ${s.firstError}` : ''}`,
    );
  }
}

export async function main(argv = process.argv.slice(2), defaults = LOAD_DEFAULTS) {
  const o = parseOptions(argv, defaults);
  const bin = resolveBin(o.bin);
  const tmp = mkdtempSync(join(os.tmpdir(), `esim-${o.label}-`));
  const dbFile = join(tmp, 'shop.sqlite');
  const serverLog = join(tmp, 'server.log');
  const [port, metricsPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: `file:${dbFile}`,
    OUTBOX_DIR: join(tmp, 'outbox'),
    LOG_LEVEL: 'warn',
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
  };
  const rel = relative(repo, bin.path);
  log(
    `${o.label}: ${bin.kind === 'binary' ? 'the binary' : 'the built server'} ${rel.startsWith('..') ? bin.path : rel} ` +
      `(${mb(bin.bytes)} MB, built ${bin.modified})${o.bin ? '' : bin.kind === 'binary' ? '' : ' — release/esim-shop is not built; using dist/main.js'}`,
  );
  if (bin.olderThanDist) log('  NOTE: the binary is older than apps/server/dist/main.js: `npm run release` rebuilds it (or pass --bin)');
  log(
    `  ${o.durationMs / 1000} s: catalogue ${o.catalogRate} req/s + checkout ${o.orderRate} orders/s (open loop), ` +
      `windows of ${o.windowMs / 1000} s; ${pinned ? 'server core 0, load generator core 1' : 'not pinned (no taskset or one core)'}; ` +
      `RATE_LIMIT_ALLOWLIST=127.0.0.1,::1; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  let server;
  let exited;
  const samples = [];
  let sampler;
  try {
    let serverCmd;
    let serverArgs;
    if (bin.kind === 'binary') {
      // As an operator would: the binary alone in an empty folder, started there.
      const copy = join(tmp, basename(bin.path));
      copyFileSync(bin.path, copy);
      chmodSync(copy, 0o755);
      [serverCmd, serverArgs] = [copy, []];
    } else {
      const setup = spawnSync(process.execPath, [join(dirname(bin.path), 'cli.js'), 'setup'], {
        env,
        cwd: tmp,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (setup.status !== 0) throw new Error('cli.js setup failed');
      [serverCmd, serverArgs] = [process.execPath, [bin.path]];
    }
    const logFd = openSync(serverLog, 'a');
    const [cmd, args] = pin(0, serverCmd, serverArgs);
    const spawnedAt = Date.now();
    server = spawn(cmd, args, { env, cwd: tmp, stdio: ['ignore', logFd, logFd] });
    exited = new Promise((r) => server.once('exit', r));
    await waitHealthy(base, server, 180_000);
    const coldStartMs = Date.now() - spawnedAt;
    const pid = server.pid; // taskset execs the server: same pid
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const hasMetrics = (await readMetrics(metricsUrl))?.heapUsed != null;
    log(
      `  server up in ${(coldStartMs / 1000).toFixed(2)} s (pid ${pid}); heap from ${hasMetrics ? metricsUrl : 'nowhere: no metrics endpoint answered, RSS only'}`,
    );
    const catalog = await catalogPaths(base);
    const primed = await prime(base, catalog.paths);
    log(
      `  primed ${primed.paths} catalogue paths in ${primed.seconds.toFixed(1)} s; orders buy plan ${catalog.planId} (${catalog.planName})` +
        `${primed.destinationPagesRendered ? '' : '\n  NOTE: destination pages come back as the plain template (no plans, no offers): the server did not render them'}`,
    );

    // Memory and CPU every --sample from now on (t = seconds since the load started).
    let loadStart = Date.now();
    const takeSample = async () => {
      const m = hasMetrics ? await readMetrics(metricsUrl) : null;
      const s = {
        t: Number(((Date.now() - loadStart) / 1000).toFixed(1)),
        rssMb: mb(rssBytes(pid)),
        heapMb: mb(m?.heapUsed),
        lagP99Ms: m?.lagP99S == null ? null : Number((m.lagP99S * 1000).toFixed(1)),
        lagMaxMs: m?.lagMaxS == null ? null : Number((m.lagMaxS * 1000).toFixed(1)),
        cpuS: cpuSecondsOf(pid),
        loadAverage: Number(os.loadavg()[0].toFixed(2)),
      };
      samples.push(s);
      return s;
    };

    const config = {
      base,
      durationMs: o.durationMs,
      windowMs: o.windowMs,
      catalogRate: o.catalogRate,
      orderRate: o.orderRate,
      timeoutMs: o.timeoutMs,
      planId: catalog.planId,
      catalog: { rotation: CATALOG_ROTATION, paths: catalog.paths },
    };
    const [gcmd, gargs] = pin(1, process.execPath, [join(here, 'load-gen.mjs')]);
    loadStart = Date.now();
    await takeSample();
    sampler = setInterval(takeSample, o.sampleMs);
    const gen = spawn(gcmd, gargs, { env: { ...process.env, LOAD_CONFIG: JSON.stringify(config) }, stdio: ['ignore', 'pipe', 'inherit'] });
    const genExit = new Promise((r) => gen.once('exit', r));
    const windows = [];
    const allKinds = [];
    let done = null;
    let samplesSeen = 0;
    let lastCpu = samples[0].cpuS;
    let lastCpuAt = Date.now();
    log();
    log(
      "latency from each request's scheduled start; loop: the server's longest event-loop delay (ms, its metrics); " +
        'gen: the most the generator started a request late (ms, included in the latency)',
    );
    log(`${''.padStart(12)} │ ${'catalogue (all kinds), ms'.padEnd(37)} │ ${'checkout (whole order), ms'.padEnd(37)} │ server`);
    log(WINDOW_HEAD);
    for await (const line of createInterface({ input: gen.stdout })) {
      const msg = JSON.parse(line);
      if (msg.done) {
        done = msg;
        continue;
      }
      const s = await takeSample();
      const seconds = msg.endS - msg.startS;
      const cpuPct =
        s.cpuS !== null && lastCpu !== null ? Number((((s.cpuS - lastCpu) * 1000) / (Date.now() - lastCpuAt)) * 100).toFixed(0) : null;
      lastCpu = s.cpuS;
      lastCpuAt = Date.now();
      allKinds.push(msg.kinds);
      const w = {
        window: msg.window,
        startS: msg.startS,
        endS: msg.endS,
        catalog: groupSummary([msg.kinds], CATALOG_KINDS, seconds),
        kinds: Object.fromEntries(Object.entries(msg.kinds).map(([k, v]) => [k, kindSummary([v], seconds)])),
        catalogSentPerSec: Number((CATALOG_KINDS.reduce((n, k) => n + msg.kinds[k].sent, 0) / seconds).toFixed(1)),
        ordersSentPerSec: Number((msg.kinds.order.sent / seconds).toFixed(1)),
        paidPerSec: Number((msg.paid / seconds).toFixed(1)),
        maxInFlight: msg.maxInFlight,
        generatorSendLagMaxMs: msg.sendLagMaxMs,
        loopLagP99MaxMs: maxOf(samples.slice(samplesSeen).map((x) => x.lagP99Ms)),
        loopLagMaxMs: maxOf(samples.slice(samplesSeen).map((x) => x.lagMaxMs)),
        rssMb: s.rssMb,
        heapMb: s.heapMb,
        lagP99Ms: s.lagP99Ms,
        serverCpuPct: cpuPct === null ? null : Number(cpuPct),
        loadAverage: s.loadAverage,
      };
      samplesSeen = samples.length;
      windows.push(w);
      log(windowRow(w));
    }
    await genExit;
    clearInterval(sampler);
    sampler = undefined;
    if (!done || gen.exitCode !== 0) throw new Error(`the load generator failed (exit ${gen.exitCode})`);
    const durationS = o.durationMs / 1000;

    const overall = {
      catalogue: groupSummary(allKinds, CATALOG_KINDS, durationS),
      ...Object.fromEntries(
        [...CATALOG_KINDS, ...ORDER_KINDS].map((k) => [
          k,
          kindSummary(
            allKinds.map((w) => w[k]),
            durationS,
          ),
        ]),
      ),
    };
    let summaryWindows = null;
    if (o.summaryWindowMs && o.summaryWindowMs > o.windowMs) {
      const per = o.summaryWindowMs / o.windowMs;
      summaryWindows = [];
      for (let i = 0; i < allKinds.length; i += per) {
        const part = allKinds.slice(i, i + per);
        const seconds = windows[Math.min(i + per, windows.length) - 1].endS - windows[i].startS;
        const rss = windows.slice(i, i + per).map((w) => w.rssMb);
        summaryWindows.push({
          startS: windows[i].startS,
          endS: windows[Math.min(i + per, windows.length) - 1].endS,
          catalogue: groupSummary(part, CATALOG_KINDS, seconds),
          order: kindSummary(
            part.map((w) => w.order),
            seconds,
          ),
          rssMbAtEnd: rss[rss.length - 1],
        });
      }
    }
    const memory = memoryGrowth(samples, durationS);

    log();
    log(`overall (${durationS} s):`);
    kindTable(overall);
    if (summaryWindows) {
      log();
      log(`p99 per ${span(0, o.summaryWindowMs / 1000).slice(2)} window:`);
      log(
        `  ${'window'.padEnd(14)} ${'cat/s'.padStart(7)} ${'cat p99'.padStart(8)} ${'orders/s'.padStart(8)} ${'order p99'.padStart(9)} ${'errors'.padStart(7)} ${'RSS MB'.padStart(7)}`,
      );
      for (const s of summaryWindows) {
        const errs = s.catalogue.non2xx + s.catalogue.timeouts + s.catalogue.errors + s.order.non2xx + s.order.timeouts + s.order.errors;
        log(
          `  ${span(s.startS, s.endS).padEnd(14)} ${fmt(s.catalogue.perSec)} ${fmt(s.catalogue.p99, 8)} ${fmt(s.order.perSec, 8)} ${fmt(s.order.p99, 9)} ${fmt(errs)} ${fmt(s.rssMbAtEnd)}`,
        );
      }
    }
    if (memory) {
      log();
      log(
        `memory: RSS ${memory.rssMbAtStart} MB at ${memory.fromS} s → ${memory.rssMbAtEnd} MB at ${memory.toS} s ` +
          `(${memory.rssMbGrowth >= 0 ? '+' : ''}${memory.rssMbGrowth} MB; slope ${memory.rssMbPer10Min ?? '—'} MB per 10 min; max ${memory.rssMbMax} MB)` +
          (memory.heapMbAtStart !== null
            ? `; heap used ${memory.heapMbAtStart} → ${memory.heapMbAtEnd} MB (slope ${memory.heapMbPer10Min ?? '—'} MB per 10 min)`
            : ''),
      );
    }

    const drained = await drain(dbFile, o.drainMs);
    const fulfilment = checkFulfilment(dbFile, done.paid);
    fulfilment.drainSeconds = drained.seconds;
    fulfilment.leftAfterDrain = drained.left;
    log(
      `fulfilment: ${fulfilment.fulfilled} of ${fulfilment.paymentsSucceeded} paid orders fulfilled (the generator saw ${done.paid} paid; ` +
        `backlog drained ${drained.left ? `NOT within ${drained.seconds.toFixed(0)} s: ${drained.left} left` : `in ${drained.seconds.toFixed(1)} s after the load`}); ` +
        `eSIMs ${fulfilment.esims}, delivery e-mails sent ${fulfilment.deliveryEmailsSent}; exactly once: ${
          fulfilment.exactlyOnce
            ? 'yes'
            : `NO (${Object.entries(fulfilment.checks)
                .filter(([, ok]) => !ok)
                .map(([k]) => k)
                .join(', ')})`
        }`,
    );

    const stopAt = Date.now();
    server.kill('SIGTERM');
    const code = await exited;
    const shutdown = { seconds: (Date.now() - stopAt) / 1000, exitCode: code };
    const serverLogInfo = serverLogSummary(serverLog);
    log(
      `server: stopped in ${shutdown.seconds.toFixed(2)} s (exit ${code}); its log: ${serverLogInfo.lines} lines ${JSON.stringify(serverLogInfo.levels)}` +
        `${serverLogInfo.first.length ? `\n  first: ${serverLogInfo.first.join('\n  first: ')}` : ''}`,
    );

    const result = {
      label: o.label,
      date: new Date().toISOString(),
      machine: machine(),
      loadAverage: { start: samples[0].loadAverage, end: os.loadavg()[0], max: Math.max(...samples.map((s) => s.loadAverage)) },
      note: 'other work (builds, test suites of other engineers) shared the two cores: the figures are conservative',
      server: {
        bin: { ...bin, path: rel.startsWith('..') ? bin.path : rel },
        coldStartS: coldStartMs / 1000,
        env: {
          RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
          LOG_LEVEL: 'warn',
          FULFILMENT_INLINE: env.FULFILMENT_INLINE ?? 'default (1)',
          database: 'SQLite file',
        },
        pinned: pinned ? 'server core 0, load generator core 1' : 'not pinned',
        metrics: hasMetrics,
      },
      options: {
        durationS,
        catalogRate: o.catalogRate,
        orderRate: o.orderRate,
        windowS: o.windowMs / 1000,
        summaryWindowS: o.summaryWindowMs / 1000 || null,
        timeoutS: o.timeoutMs / 1000,
      },
      catalogue: { rotation: CATALOG_ROTATION, destinations: catalog.destinations, languagePrefixes: LANGUAGE_PREFIXES, primed },
      overall,
      windows,
      summaryWindows,
      memory,
      samples,
      fulfilment,
      shutdown,
      serverLog: serverLogInfo,
    };
    mkdirSync(join(here, 'results'), { recursive: true });
    const out = join(here, 'results', `${o.label}.json`);
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    log(`wrote ${relative(repo, out)}`);
    if (!fulfilment.exactlyOnce) process.exitCode = 1;
    return result;
  } catch (err) {
    const tail = existsSync(serverLog) ? readFileSync(serverLog, 'utf8').trim().split('\n').slice(-15).join('\n') : '';
    if (tail) log(`server log (last lines):\n${tail}`);
    throw err;
  } finally {
    if (sampler) clearInterval(sampler);
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
    if (process.env.LOAD_KEEP_TMP === '1') log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

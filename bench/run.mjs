#!/usr/bin/env node
// Catalogue read benchmark (conventions §5): the project's endpoints and a bare Hono JSON
// route, measured one after the other in one run on the same machine.
//   servers pinned to core 0, the load generator to core 1 (taskset)
//   (a) GET /api/plans?regionId=<Japan>            REST adapter
//   (b) GET /api/trpc/catalog.plans?input=…         tRPC (superjson)
//   (c) GET /bare                                   bare Hono c.json() of the same payload
// Each: 2 s warm-up, then 10 s at 50 connections. Prints req/s, p50, p99 and ratios vs bare,
// and writes bench/results/latest.json.   npm run bench   (builds first)
// Env: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (50), BENCH_TOOL (wrk|autocannon),
//      BENCH_ROUNDS (1: repeat the three, alternating, and keep each one's best round).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const serverDist = join(repo, 'apps/server/dist');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Rounds of the three measurements, alternating; each endpoint keeps its best round (for shared machines). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const TARGETS = { rest: 0.7, trpc: 0.4, p99Ms: 10 };

const log = (msg) => process.stdout.write(`${msg}\n`);
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const cpus = os.cpus().length;
const pin = (core, cmd, args) => (has('taskset') && cpus > 1 ? ['taskset', ['-c', String(core), cmd, ...args]] : [cmd, args]);

function ensureWrk() {
  if (process.env.BENCH_TOOL === 'autocannon') return false;
  if (has('wrk')) return true;
  if (process.getuid?.() === 0 && has('apt-get')) {
    log('› installing wrk (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let r = spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env });
    if (r.status !== 0) {
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
      r = spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env });
    }
    if (r.status === 0 && has('wrk')) return true;
  }
  log('› wrk unavailable; using autocannon (it is slower, so the servers may not saturate)');
  return false;
}

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds (user + system) a process has used so far, from /proc; null where there is no /proc. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime, stime
  } catch {
    return null;
  }
}

function start(core, script, env) {
  const [cmd, args] = pin(core, process.execPath, [script]);
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** wrk's "1.23ms" / "456.00us" / "1.01s" → milliseconds. */
function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!m) return Number.NaN;
  const v = Number(m[1]);
  return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
}

function runWrk(url, seconds) {
  const [cmd, args] = pin(1, 'wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url]);
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`wrk failed: ${r.stderr || r.stdout}`);
  const out = r.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
  const p99 = wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors:.*/.exec(out)?.[0] ?? null;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  return { rps, p50, p99, non2xx, errors, requests };
}

function runAutocannon(url, seconds) {
  const bin = join(here, 'node_modules/autocannon/autocannon.js');
  const [cmd, args] = pin(1, process.execPath, [bin, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', url]);
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`autocannon failed: ${r.stderr}`);
  const j = JSON.parse(r.stdout);
  return {
    rps: j.requests.average,
    p50: j.latency.p50,
    p99: j.latency.p99,
    non2xx: j.non2xx ?? 0,
    errors: j.errors || null,
    requests: j.requests.total,
  };
}

/**
 * Load `url` and report req/s, latency and the server's CPU time per request. On a shared
 * machine the req/s of one side can be capped by the load generator or by neighbours; the
 * server's own CPU µs per request is the steadier figure, so it is reported beside them.
 */
function measure(tool, name, url, serverPid) {
  const run = tool === 'wrk' ? runWrk : runAutocannon;
  run(url, WARMUP);
  const cpu0 = cpuSeconds(serverPid);
  const r = run(url, DURATION);
  const cpu1 = cpuSeconds(serverPid);
  const cpuUsPerReq = cpu0 === null || cpu1 === null || !r.requests ? null : Number((((cpu1 - cpu0) * 1e6) / r.requests).toFixed(1));
  log(
    `  ${name.padEnd(6)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms` +
      `${cpuUsPerReq === null ? '' : `   server CPU ${cpuUsPerReq} µs/req`}${r.non2xx ? `   non-2xx ${r.non2xx}` : ''}`,
  );
  if (r.non2xx) throw new Error(`${name}: ${r.non2xx} non-2xx responses`);
  return { url, ...r, cpuUsPerReq };
}

async function main() {
  if (!existsSync(join(serverDist, 'main.js'))) {
    console.error('apps/server/dist/main.js is missing: run `npm run bench` (it builds first) or `cd apps/server && node build.mjs`.');
    process.exit(1);
  }
  const tool = ensureWrk() ? 'wrk' : 'autocannon';
  const tmp = mkdtempSync(join(os.tmpdir(), 'esim-bench-'));
  const results = {};
  let payloadBytes = 0;
  try {
    const dbEnv = { DATABASE_URL: `file:${join(tmp, 'bench.sqlite')}`, LOG_LEVEL: 'error', NODE_ENV: 'production' };
    const setup = spawnSync(process.execPath, [join(serverDist, 'cli.js'), 'setup'], {
      env: { ...process.env, ...dbEnv },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (setup.status !== 0) throw new Error('cli.js setup failed');

    const payloadFile = join(tmp, 'payload.json');
    let input;
    let japanId;
    const keepBest = (name, r) => {
      if (!results[name] || r.rps > results[name].rps) results[name] = r;
    };
    for (let round = 1; round <= ROUNDS; round++) {
      if (ROUNDS > 1) log(`round ${round}/${ROUNDS}`);
      // (a) + (b): the built server.
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const app = start(0, join(serverDist, 'main.js'), { ...dbEnv, HOST: '127.0.0.1', PORT: String(port), WEB_DIST: join(tmp, 'no-web') });
      try {
        await waitFor(`${base}/api/health`);
        if (round === 1) {
          const regions = await (await fetch(`${base}/api/regions`)).json();
          japanId = regions.find((r) => r.code === 'JP')?.id;
          if (!japanId) throw new Error('no region with code JP in the seed');
          const payload = await (await fetch(`${base}/api/plans?regionId=${japanId}`)).text();
          writeFileSync(payloadFile, payload);
          payloadBytes = payload.length;
          input = encodeURIComponent(JSON.stringify({ json: { regionId: japanId } }));
          log(
            `catalogue bench: ${tool}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each; Japan = region ${japanId}, ${payloadBytes} bytes of plans`,
          );
        }
        keepBest('rest', measure(tool, 'rest', `${base}/api/plans?regionId=${japanId}`, app.child.pid));
        keepBest('trpc', measure(tool, 'trpc', `${base}/api/trpc/catalog.plans?input=${input}`, app.child.pid));
      } finally {
        await app.stop();
      }

      // (c): the bare Hono route, same payload, same core.
      const barePort = await freePort();
      const bare = start(0, join(here, 'bare-server.mjs'), { PORT: String(barePort), BENCH_PAYLOAD: payloadFile });
      try {
        await waitFor(`http://127.0.0.1:${barePort}/bare`);
        keepBest('bare', measure(tool, 'bare', `http://127.0.0.1:${barePort}/bare`, bare.child.pid));
      } finally {
        await bare.stop();
      }
    }
    if (ROUNDS > 1) log(`best of ${ROUNDS} rounds:`);
    if (ROUNDS > 1)
      for (const name of ['rest', 'trpc', 'bare'])
        log(
          `  ${name.padEnd(6)} ${results[name].rps.toFixed(0).padStart(7)} req/s   p99 ${results[name].p99.toFixed(2)} ms   server CPU ${results[name].cpuUsPerReq} µs/req`,
        );

    const ratio = (x) => Number((x.rps / results.bare.rps).toFixed(3));
    const cpuRatio = (x) =>
      x.cpuUsPerReq && results.bare.cpuUsPerReq ? Number((results.bare.cpuUsPerReq / x.cpuUsPerReq).toFixed(3)) : null;
    const summary = {
      date: new Date().toISOString(),
      machine: {
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: cpus,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        os: `${os.type()} ${os.release()}`,
        node: process.version,
      },
      tool,
      connections: CONNECTIONS,
      durationS: DURATION,
      warmupS: WARMUP,
      pinned: has('taskset') && cpus > 1 ? 'servers core 0, load generator core 1' : 'not pinned',
      payloadBytes,
      rounds: ROUNDS,
      results,
      ratios: { rest: ratio(results.rest), trpc: ratio(results.trpc) },
      /** bare CPU µs per request ÷ this endpoint's: the throughput ratio a saturated core would give. */
      cpuRatios: { rest: cpuRatio(results.rest), trpc: cpuRatio(results.trpc) },
      loadAverage: os.loadavg(),
      targets: TARGETS,
    };
    summary.met = {
      rest: summary.ratios.rest >= TARGETS.rest,
      trpc: summary.ratios.trpc >= TARGETS.trpc,
      p99: results.rest.p99 <= TARGETS.p99Ms && results.trpc.p99 <= TARGETS.p99Ms,
    };
    const pct = (x) => (x === null ? 'n/a' : `${(x * 100).toFixed(0)}%`);
    log(
      `  req/s vs bare:      rest ${pct(summary.ratios.rest)} (target ≥${TARGETS.rest * 100}%), trpc ${pct(summary.ratios.trpc)} (target ≥${TARGETS.trpc * 100}%)`,
    );
    log(`  CPU/req vs bare:    rest ${pct(summary.cpuRatios.rest)}, trpc ${pct(summary.cpuRatios.trpc)}`);
    log(
      `  p99 ≤ ${TARGETS.p99Ms} ms: ${summary.met.p99 ? 'met' : 'NOT met'}   (load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; other work on the machine skews req/s and p99)`,
    );
    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(join(here, 'results/latest.json'), `${JSON.stringify(summary, null, 2)}\n`);
    log('  wrote bench/results/latest.json');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

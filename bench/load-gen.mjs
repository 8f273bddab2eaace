#!/usr/bin/env node
// Load generator for bench/load.mjs (run it pinned to its own core). Two open-loop streams at
// steady rates, whatever the server does: catalogue reads (a fixed rotation of kinds) and demo
// orders (POST /api/create-payment-intent, then POST /api/demo-payments/confirm with the test
// card 4242…, the same-origin headers the CSRF guard asks for: what bench/orders.mjs does). A
// request's latency runs from its scheduled start, so queueing shows (no coordinated omission).
//
//   LOAD_CONFIG='{"base":"http://127.0.0.1:PORT","durationMs":…,"windowMs":…,"catalogRate":…,
//     "orderRate":…,"timeoutMs":…,"catalog":{"rotation":["plans",…],"paths":{"plans":[…],…}},
//     "planId":…}' node bench/load-gen.mjs
//
// Prints one JSON line per window once every answer in it is in:
//   { window, startS, endS, kinds: { <kind>: { sent, ok, non2xx, timeouts, errors, firstError, lat: [ms…] } },
//     maxInFlight: { catalog, order }, sendLagMaxMs, paid }
// sendLagMaxMs: the most a request started after its scheduled time in that window (this process
// was late: its core was busy). Latency includes it, so a large value points at the generator or
// the machine, not at the server.
// A request belongs to the window its answer arrived in (`sent` counts by scheduled start).
// The last line is { done: true, paid, seconds }: `paid` counts every order confirmed 'succeeded'.
import http from 'node:http';
import { randomBytes } from 'node:crypto';

const cfg = JSON.parse(process.env.LOAD_CONFIG ?? '{}');
const BASE = new URL(cfg.base);
const CATALOG_KINDS = Object.keys(cfg.catalog.paths);
const ORDER_KINDS = ['order', 'create', 'confirm'];
const windows = Math.ceil(cfg.durationMs / cfg.windowMs);

// Idle sockets are given up at 4 s, before the server's 5 s keep-alive timeout (see orders-load.mjs).
const agent = new http.Agent({ keepAlive: true, timeout: 4000, maxSockets: 512, maxFreeSockets: 256 });
const postHeaders = {
  Origin: BASE.origin,
  'X-Requested-With': 'XMLHttpRequest',
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'X-Currency': 'USD',
};
// What a browser sends: compressed answers are taken (and drained, not decoded).
const getHeaders = { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' };
const pageHeaders = { Accept: 'text/html,application/xhtml+xml', 'Accept-Encoding': 'gzip, deflate, br' };
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

class HttpError extends Error {
  constructor(status, text) {
    super(`${status} ${text.slice(0, 160)}`);
    this.status = status;
  }
}
class Timeout extends Error {}

/** One request; resolves { status, body } for any status, rejects Timeout or a network error. */
function request(method, path, headers, body, keepBody) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: BASE.hostname, port: BASE.port, path, method, agent, headers, timeout: cfg.timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => {
        if (keepBody || res.statusCode >= 300) chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Timeout(`no answer within ${cfg.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function postJson(path, value) {
  const data = JSON.stringify(value);
  const res = await request('POST', path, { ...postHeaders, 'Content-Length': Buffer.byteLength(data) }, data, true);
  if (res.status < 200 || res.status >= 300) throw new HttpError(res.status, res.body);
  return JSON.parse(res.body);
}

const t0 = performance.now();
const startedAt = t0;
const windowOf = (t) => Math.min(windows - 1, Math.max(0, Math.floor((t - startedAt) / cfg.windowMs)));
let emitted = 0;
/** The figures of the window time `t` falls in (or the first one still open, if that one is printed). */
const win = (t) => stats[Math.max(windowOf(t), emitted)];
const newKind = () => ({ sent: 0, ok: 0, non2xx: 0, timeouts: 0, errors: 0, firstError: null, lat: [] });
const stats = Array.from({ length: windows }, () => ({
  kinds: Object.fromEntries([...CATALOG_KINDS, ...ORDER_KINDS].map((k) => [k, newKind()])),
  maxInFlight: { catalog: 0, order: 0 },
  sendLagMaxMs: 0,
  paid: 0,
}));
const inFlight = { catalog: 0, order: 0 };
let paid = 0;

function note(kind, outcome, ms, err) {
  const k = win(performance.now()).kinds[kind];
  if (outcome === 'ok') {
    k.ok++;
    k.lat.push(Number(ms.toFixed(3)));
    return;
  }
  k[outcome]++;
  k.firstError ??= String(err?.message ?? err);
}
const outcomeOf = (e) => (e instanceof Timeout ? 'timeouts' : e instanceof HttpError ? 'non2xx' : 'errors');

let catalogTurn = 0;
async function catalogRead(scheduledAt) {
  const kind = cfg.catalog.rotation[catalogTurn % cfg.catalog.rotation.length];
  const paths = cfg.catalog.paths[kind];
  const path = paths[Math.floor(catalogTurn / cfg.catalog.rotation.length) % paths.length];
  catalogTurn++;
  win(scheduledAt).kinds[kind].sent++;
  try {
    const res = await request('GET', path, kind === 'destination' ? pageHeaders : getHeaders, undefined, false);
    if (res.status < 200 || res.status >= 300) throw new HttpError(res.status, res.body);
    note(kind, 'ok', performance.now() - scheduledAt);
  } catch (e) {
    note(kind, outcomeOf(e), 0, e);
  }
}

async function order(scheduledAt) {
  const w = win(scheduledAt);
  w.kinds.order.sent++;
  let step = 'create';
  try {
    w.kinds.create.sent++;
    const a = performance.now();
    const intent = await postJson('/api/create-payment-intent', {
      planId: cfg.planId,
      amount: 1,
      email: `load-${randomBytes(5).toString('hex')}@traveller.example`,
      checkoutToken: randomBytes(12).toString('base64url'),
    });
    const b = performance.now();
    note('create', 'ok', b - a);
    step = 'confirm';
    win(b).kinds.confirm.sent++;
    const res = await postJson('/api/demo-payments/confirm', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      card: CARD,
    });
    if (res.status !== 'succeeded') throw new HttpError(200, `confirm answered ${JSON.stringify(res)}`);
    const c = performance.now();
    note('confirm', 'ok', c - b);
    note('order', 'ok', c - scheduledAt);
    paid++;
    win(c).paid++;
  } catch (e) {
    note(step, outcomeOf(e), 0, e);
    note('order', outcomeOf(e), 0, e);
  }
}

/** Starts `fn(scheduledAt)` at `rate` per second until `untilMs`; returns the promises still running. */
function stream(rate, group, fn) {
  const pending = new Set();
  if (!(rate > 0)) return { tick: () => {}, pending };
  const interval = 1000 / rate;
  let next = t0;
  return {
    pending,
    tick(now, untilMs) {
      while (next <= now && next < untilMs) {
        const at = next;
        inFlight[group]++;
        const w = win(now);
        w.maxInFlight[group] = Math.max(w.maxInFlight[group], inFlight[group]);
        w.sendLagMaxMs = Math.max(w.sendLagMaxMs, Number((now - at).toFixed(1)));
        const p = fn(at).finally(() => {
          inFlight[group]--;
          pending.delete(p);
        });
        pending.add(p);
        next += interval;
      }
    },
  };
}

const streams = [stream(cfg.catalogRate, 'catalog', catalogRead), stream(cfg.orderRate, 'order', order)];
const untilMs = t0 + cfg.durationMs;

function emit(i) {
  const w = stats[i];
  process.stdout.write(
    `${JSON.stringify({ window: i, startS: (i * cfg.windowMs) / 1000, endS: Math.min(cfg.durationMs, (i + 1) * cfg.windowMs) / 1000, ...w })}\n`,
  );
  stats[i] = null; // free the latencies
}

for (;;) {
  const now = performance.now();
  if (now >= untilMs) break;
  for (const s of streams) s.tick(now, untilMs);
  // A window is printed as soon as it ends (answers arriving later count in the window they arrive
  // in); the last one once every request has its answer.
  while (emitted < windows - 1 && now - startedAt >= (emitted + 1) * cfg.windowMs) emit(emitted++);
  await new Promise((r) => setTimeout(r, 1));
}
await Promise.all(streams.flatMap((s) => [...s.pending]));
while (emitted < windows) emit(emitted++);
agent.destroy();
process.stdout.write(`${JSON.stringify({ done: true, paid, seconds: Number(((performance.now() - t0) / 1000).toFixed(2)) })}\n`);

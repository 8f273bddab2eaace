#!/usr/bin/env node
// Load generator for bench/orders.mjs (run it pinned to its own core). Each "order" is what the
// checkout page does: POST /api/create-payment-intent, then POST /api/demo-payments/confirm with
// the test card 4242…, both with the same-origin headers the CSRF guard requires.
//   BASE=http://127.0.0.1:PORT PLAN_ID=… MODE=closed|open CONCURRENCY=32 RATE=1000 DURATION=10 WARMUP=2 [BARE=1]
//   [MIX=guest:2,topup:1,points:1 USERS=<JSON [{ cookie, iccid }]>]
// Prints one JSON line: { orders, seconds, ordersPerSec, requestsPerSec, errors, latency: { create, confirm, order },
// byKind: { <kind>: { orders, ordersPerSec, latency } }, placed: { <kind>: n } }.
// MIX: the share of each kind of order, taken in a fixed rotation (guest:2,topup:1,points:1 gives
// guest, topup, guest, points, …). guest: a new eSIM for an e-mail address; topup: a signed-in
// owner tops up their eSIM (topUpIccid); points: a signed-in buyer pays partly with points
// (usePoints). The signed-in kinds take a user from USERS (session cookie and eSIM), one order per
// user at a time while a user is free. `placed` counts every order paid, warm-up included, for the
// database check after the run.
// MODE=closed: CONCURRENCY shoppers back to back (the most the server sustains).
// MODE=open: orders start at RATE per second whatever the server does; an order's latency is
// measured from its scheduled start (no coordinated omission), so queueing shows in p99.
import http from 'node:http';
import { randomBytes } from 'node:crypto';

const BASE = new URL(process.env.BASE);
const PLAN_ID = Number(process.env.PLAN_ID);
const MODE = process.env.MODE ?? 'closed';
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const RATE = Number(process.env.RATE ?? 1000);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const BARE = process.env.BARE === '1';
const MAX_OPEN = Number(process.env.MAX_OPEN ?? 4000);
const KINDS = ['guest', 'topup', 'points'];
const MIX = parseMix(process.env.MIX ?? 'guest:1');
const USERS = JSON.parse(process.env.USERS ?? '[]');
if (MIX.some((k) => k !== 'guest') && USERS.length === 0) throw new Error('MIX has signed-in orders but USERS is empty');

/** 'guest:2,topup:1,points:1' → the rotation ['guest', 'topup', 'guest', 'points'] (kinds interleaved). */
function parseMix(text) {
  const weights = new Map();
  for (const part of text.split(',')) {
    const [kind, w = '1'] = part.split(':').map((x) => x.trim());
    if (!KINDS.includes(kind) || !(Number(w) >= 0) || !Number.isInteger(Number(w))) throw new Error(`bad MIX part: ${part}`);
    weights.set(kind, Number(w));
  }
  const rotation = [];
  const left = new Map(weights);
  while ([...left.values()].some((n) => n > 0)) {
    for (const kind of KINDS) {
      if ((left.get(kind) ?? 0) > 0) {
        rotation.push(kind);
        left.set(kind, left.get(kind) - 1);
      }
    }
  }
  if (rotation.length === 0) throw new Error('MIX has no orders');
  return rotation;
}

// The server closes a keep-alive socket after 5 s idle (Node's default keepAliveTimeout), and Node
// 20's agent drops an idle socket after the same 5 s it is told in `Keep-Alive: timeout=5`: a
// request sent on a socket in that instant is reset (ECONNRESET). Give idle sockets up at 4 s.
const agent = new http.Agent({ keepAlive: true, timeout: 4000, maxSockets: MODE === 'open' ? 256 : CONCURRENCY, maxFreeSockets: 256 });
const headers = {
  Origin: BASE.origin,
  'X-Requested-With': 'XMLHttpRequest',
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'X-Currency': 'USD',
};
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

function post(path, body, cookie) {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: BASE.hostname,
        port: BASE.port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'Content-Length': Buffer.byteLength(data), ...(cookie ? { Cookie: cookie } : {}) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) return reject(new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`));
          try {
            resolve(JSON.parse(text));
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const paths = BARE
  ? { create: '/bare/create-payment-intent', confirm: '/bare/confirm' }
  : { create: '/api/create-payment-intent', confirm: '/api/demo-payments/confirm' };

let measuring = false;
const newLat = () => ({ create: [], confirm: [], order: [] });
const lat = newLat();
const latByKind = Object.fromEntries(KINDS.map((k) => [k, newLat()]));
const doneByKind = Object.fromEntries(KINDS.map((k) => [k, 0]));
/** Orders paid, warm-up included; paidWithPoints: points paid all of it (no card step). */
const placed = Object.fromEntries(KINDS.map((k) => [k, 0]));
let paidWithPoints = 0;
let done = 0;
let errors = 0;
let firstError = null;

// Signed-in users free to place an order (one order per user at a time while one is free).
const freeUsers = [...USERS];
let nextBusyUser = 0;
function takeUser() {
  return freeUsers.shift() ?? USERS[nextBusyUser++ % USERS.length];
}
function giveBack(user) {
  if (!freeUsers.includes(user)) freeUsers.push(user);
}

let turn = 0;
async function oneOrder(scheduledAt) {
  const kind = MIX[turn++ % MIX.length];
  const user = kind === 'guest' ? null : takeUser();
  try {
    const t0 = performance.now();
    const body = { planId: PLAN_ID, amount: 1, checkoutToken: randomBytes(12).toString('base64url') };
    if (kind === 'guest') body.email = `bench-${randomBytes(4).toString('hex')}@traveller.example`;
    if (kind === 'topup') body.topUpIccid = user.iccid;
    if (kind === 'points') body.usePoints = true;
    const intent = await post(paths.create, body, user?.cookie);
    const t1 = performance.now();
    // Points paid all of it: the order is paid already, there is no card step.
    const allPoints = kind === 'points' && intent.clientSecret === '';
    if (!allPoints) {
      const res = await post(
        paths.confirm,
        { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: CARD },
        user?.cookie,
      );
      if (res.status !== 'succeeded') throw new Error(`confirm: ${JSON.stringify(res)}`);
    }
    const t2 = performance.now();
    placed[kind]++;
    if (allPoints) paidWithPoints++;
    if (measuring) {
      for (const l of [lat, latByKind[kind]]) {
        l.create.push(t1 - t0);
        if (!allPoints) l.confirm.push(t2 - t1);
        l.order.push(t2 - (scheduledAt ?? t0));
      }
      doneByKind[kind]++;
      done++;
    }
  } finally {
    if (user) giveBack(user);
  }
}

function fail(e) {
  if (measuring) errors++;
  firstError ??= String(e?.message ?? e);
}

function pct(a, p) {
  if (a.length === 0) return null;
  const s = Float64Array.from(a).sort();
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(2));
}
const summary = (a) => ({ p50: pct(a, 50), p90: pct(a, 90), p99: pct(a, 99), max: pct(a, 100) });

async function closed(untilMs) {
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < untilMs) {
      try {
        await oneOrder(null);
      } catch (e) {
        fail(e);
      }
    }
  });
  await Promise.all(workers);
}

async function open(untilMs) {
  const interval = 1000 / RATE;
  let next = performance.now();
  let inFlight = 0;
  const pending = new Set();
  while (next < untilMs) {
    const now = performance.now();
    while (next <= now && next < untilMs) {
      if (inFlight >= MAX_OPEN) {
        fail(new Error('too many orders in flight (the server fell behind)'));
      } else {
        const at = next;
        inFlight++;
        const p = oneOrder(at)
          .catch(fail)
          .finally(() => {
            inFlight--;
            pending.delete(p);
          });
        pending.add(p);
      }
      next += interval;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
}

const run = MODE === 'open' ? open : closed;
await run(performance.now() + WARMUP * 1000);
measuring = true;
const start = performance.now();
await run(start + DURATION * 1000);
const seconds = (performance.now() - start) / 1000;
measuring = false;
agent.destroy();
process.stdout.write(
  `${JSON.stringify({
    mode: MODE,
    concurrency: MODE === 'closed' ? CONCURRENCY : null,
    rate: MODE === 'open' ? RATE : null,
    orders: done,
    seconds: Number(seconds.toFixed(2)),
    ordersPerSec: Number((done / seconds).toFixed(1)),
    requestsPerSec: Number(((lat.create.length + lat.confirm.length) / seconds).toFixed(1)),
    errors,
    firstError,
    latency: { create: summary(lat.create), confirm: summary(lat.confirm), order: summary(lat.order) },
    mix: MIX,
    byKind: Object.fromEntries(
      KINDS.filter((k) => MIX.includes(k)).map((k) => [
        k,
        {
          orders: doneByKind[k],
          ordersPerSec: Number((doneByKind[k] / seconds).toFixed(1)),
          latency: { create: summary(latByKind[k].create), confirm: summary(latByKind[k].confirm), order: summary(latByKind[k].order) },
        },
      ]),
    ),
    placed,
    paidWithPoints,
  })}\n`,
);

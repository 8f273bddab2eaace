// Real crashes under load: the BUILT server (node dist/main.js) on a temporary SQLite file and
// outbox directory, with several shoppers buying at once (create payment intent + demo confirm
// with the 4242 card, over REST as the spec's client does and over batched tRPC as the web app
// does). From outside, the test SIGKILLs the server at random moments — while it answers
// requests, records payments, provisions eSIMs and writes e-mails, and sometimes before it is
// even listening again — and restarts it on the same database and outbox each time. Shoppers
// whose request died retry as a browser would: the same checkout token for a lost checkout, the
// same Pay for a lost confirmation. At the end one clean start reconciles, and the database and
// the outbox must show: every order a shopper saw paid is fulfilled; every payment the provider
// (the demo store) holds as succeeded belongs to exactly one fulfilled order; one eSIM and one
// e-mail (one .eml file, complete) per fulfilled order; no order paid twice; nothing lost.
//
//   CRASH_KILLS=200 npx vitest run test/crash-kill.test.ts   more kills (default 20)
//   CRASH_SEED=123456789 …                                    replay one kill schedule (printed on failure)
//
// The seed fixes the kill schedule and the shoppers' choices; the exact moments requests meet the
// kills still depend on the machine, so a replay reproduces the pressure, not every interleaving.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@esim/api';
import { createDb } from '@esim/db';
import {
  ensureBuilt,
  freePort,
  killServer,
  serverEnv,
  setupDatabase,
  startServer,
  waitHealthy,
  waitUntil,
  type Running,
  type ServerEnv,
} from './built-server.ts';
import { countBy, demoIntents, workLeft } from './work-left.ts';

const KILLS = Math.max(1, Number(process.env.CRASH_KILLS ?? 20) || 20);
const SEED = (Number(process.env.CRASH_SEED) || randomBytes(4).readUInt32LE(0)) >>> 0;
const SHOPPERS = 4;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

/** A small seeded generator, [0, 1): the simulator's mulberry32. */
const seeded = seededRandom;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one shopper knows about one purchase. */
interface Purchase {
  shopper: number;
  checkoutToken: string;
  orderId?: string;
  paymentIntentId?: string;
  clientSecret?: string;
  /** paid: a confirm answered 'succeeded'; unknown: the connection died and no retry answered. */
  outcome: 'created' | 'paid' | 'unknown' | 'abandoned';
}

/** A request that got no HTTP answer (the server died, or was not listening yet). */
class NoAnswer extends Error {}

describe('SIGKILL at random moments while shoppers buy (built server)', () => {
  let dir: string;
  let running: Running | undefined;

  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'esim-crash-kill-'));
  }, 60_000);
  afterAll(async () => {
    if (running) await killServer(running);
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    `${KILLS} kills: every paid order fulfilled once, one eSIM and one e-mail each`,
    async () => {
      const rand = seeded(SEED);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      // The shoppers all come from 127.0.0.1: the per-client request limits are not what this tests.
      // Start-up leaves leases alone (a live sibling may hold them): a killed process's leases
      // expire after FULFILMENT_LEASE_MS, short here so the final clean start takes its work over.
      const env: ServerEnv = {
        ...serverEnv(dir, port),
        WORKER_INTERVAL_MS: '100',
        LOG_LEVEL: 'error',
        RATE_LIMIT_ALLOWLIST: '127.0.0.1',
        FULFILMENT_LEASE_MS: '2000',
      };
      setupDatabase(env);
      const start = () => {
        running = startServer(env, { keepLogs: 200 });
        return running;
      };
      start();
      await waitHealthy(base);

      const regions = (await (await fetch(`${base}/api/regions`)).json()) as { id: number; code: string }[];
      const japan = regions.find((r) => r.code === 'JP')!;
      const plans = (await (await fetch(`${base}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
      const planIds = plans.slice(0, 3).map((p) => p.id);

      const headers = { Origin: base, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', 'X-Currency': 'USD' };
      /** An HTTP answer (any status), or NoAnswer when the connection failed or died. */
      async function call(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
        let res: Response;
        let text: string;
        try {
          res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
          text = await res.text();
        } catch (e) {
          throw new NoAnswer(String((e as Error).cause ?? e));
        }
        return { status: res.status, json: text ? JSON.parse(text) : null };
      }
      // REST (the spec's paths) or batched tRPC (what the web app's client sends).
      const api = {
        async createIntent(viaTrpc: boolean, input: Record<string, unknown>) {
          if (!viaTrpc) return call('/api/create-payment-intent', input);
          const r = await call('/api/trpc/payments.createIntent?batch=1', { 0: { json: input } });
          const first = (r.json as { result?: { data: { json: unknown } }; error?: unknown }[] | null)?.[0];
          return { status: r.status, json: first?.result?.data.json ?? first?.error };
        },
        async confirm(viaTrpc: boolean, input: Record<string, unknown>) {
          if (!viaTrpc) return call('/api/demo-payments/confirm', input);
          const r = await call('/api/trpc/payments.demoConfirm?batch=1', { 0: { json: input } });
          const first = (r.json as { result?: { data: { json: unknown } }; error?: unknown }[] | null)?.[0];
          return { status: r.status, json: first?.result?.data.json ?? first?.error };
        },
      };

      const purchases: Purchase[] = [];
      /** HTTP answers that are not 200: none is expected, whatever the kills. */
      const unexpected: string[] = [];
      let stopping = false;
      let noAnswers = 0;

      /** Retries `fn` while the server is away (a browser's retry), up to `tries` answers missed. */
      async function retrying<T>(fn: () => Promise<T>, tries: number): Promise<T | NoAnswer> {
        let last: NoAnswer | undefined;
        for (let i = 0; i < tries; i++) {
          try {
            return await fn();
          } catch (e) {
            if (!(e instanceof NoAnswer)) throw e;
            noAnswers++;
            last = e;
            await sleep(50 + i * 25);
          }
        }
        return last!;
      }

      async function shopper(n: number): Promise<void> {
        const viaTrpc = n % 2 === 1;
        for (let k = 0; !stopping; k++) {
          const p: Purchase = { shopper: n, checkoutToken: randomBytes(12).toString('base64url'), outcome: 'created' };
          const input = {
            planId: planIds[Math.floor(rand() * planIds.length)]!,
            email: `crash-${n}-${k}@traveller.example`,
            checkoutToken: p.checkoutToken,
          };
          // A lost checkout answer: the page is reloaded with the same token (same order back).
          const created = await retrying(() => api.createIntent(viaTrpc, input), 200);
          if (created instanceof NoAnswer) {
            p.outcome = 'abandoned';
            purchases.push(p);
            continue;
          }
          if (created.status !== 200) {
            unexpected.push(`create ${created.status} ${JSON.stringify(created.json)}`);
            continue;
          }
          const intent = created.json as { orderId: string; paymentIntentId: string; clientSecret: string };
          Object.assign(p, { orderId: intent.orderId, paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
          purchases.push(p);
          // Some shoppers leave without paying.
          if (rand() < 0.1) continue;
          const body = { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: CARD };
          // A lost confirmation: most shoppers press Pay again once the page answers, some give up.
          const tries = rand() < 0.7 ? 200 : 1;
          const paid = await retrying(() => api.confirm(viaTrpc, body), tries);
          if (paid instanceof NoAnswer) {
            p.outcome = 'unknown';
            continue;
          }
          const result = paid.json as { status?: string };
          if (paid.status === 200 && result.status === 'succeeded') p.outcome = 'paid';
          else unexpected.push(`confirm ${paid.status} ${JSON.stringify(paid.json)} (${intent.orderId})`);
        }
      }

      const kills: string[] = [];
      async function killer(): Promise<void> {
        for (let k = 0; k < KILLS; k++) {
          const r = rand();
          // 20%: during startup (migrations, startup reconciliation), before it listens again;
          // else a random moment of normal work: right after it answers, or well into the load.
          const early = r < 0.2;
          if (!early) await waitHealthy(base, 30_000);
          const delay = early ? rand() * 400 : r < 0.5 ? rand() * 60 : r < 0.85 ? 60 + rand() * 400 : 460 + rand() * 900;
          await sleep(delay);
          await killServer(running!);
          kills.push(`${early ? 'startup+' : ''}${Math.round(delay)}ms`);
          start();
        }
      }

      try {
        const shoppers = Array.from({ length: SHOPPERS }, (_, n) => shopper(n));
        await killer();
        await waitHealthy(base, 30_000);
        await sleep(300);
        stopping = true;
        await Promise.all(shoppers);

        // One last kill, then a clean start that finishes whatever is left.
        await killServer(running!);
        start();
        await waitHealthy(base, 30_000);
        const handle = createDb(env.DATABASE_URL, { walFlusher: false });
        try {
          const db = handle.db;
          await waitUntil(
            'no work left (paid orders provisioned, e-mails sent, succeeded payments claimed)',
            async () => ((await workLeft(db)) === 0 ? true : undefined),
            30_000,
            200,
          );

          const orders = await db
            .selectFrom('orders')
            .select(['id', 'public_id', 'status', 'payment_intent_id', 'paid_at', 'fulfilled_at'])
            .execute();
          const esims = await db.selectFrom('esims').select(['order_id', 'activation_code']).execute();
          const mails = await db.selectFrom('email_outbox').select(['order_id', 'kind', 'status', 'location']).execute();
          const intents = await demoIntents(db);
          const emlFiles = readdirSync(env.OUTBOX_DIR).filter((f) => f.endsWith('.eml'));

          const byPublicId = new Map(orders.map((o) => [o.public_id, o]));
          const byIntent = new Map(orders.filter((o) => o.payment_intent_id).map((o) => [o.payment_intent_id!, o]));
          const fulfilled = orders.filter((o) => o.status === 'fulfilled');
          const fulfilledIds = new Set(fulfilled.map((o) => o.id));

          const seen = purchases.filter((p) => p.orderId);
          const paidSeen = seen.filter((p) => p.outcome === 'paid');
          const unknown = seen.filter((p) => p.outcome === 'unknown');
          const summary = {
            seed: SEED,
            kills: kills.length,
            purchases: seen.length,
            paidSeen: paidSeen.length,
            unknown: unknown.length,
            abandonedCheckouts: purchases.filter((p) => p.outcome === 'abandoned').length,
            noAnswers,
            orders: orders.length,
            fulfilled: fulfilled.length,
            emlFiles: emlFiles.length,
          };
          console.log(`crash-kill: ${JSON.stringify(summary)}\n  kill delays: ${kills.join(' ')}`);

          expect(unexpected, 'answers other than 200').toEqual([]);
          expect(kills).toHaveLength(KILLS);
          expect(paidSeen.length, 'enough purchases went through to mean something').toBeGreaterThanOrEqual(KILLS);

          // Nothing lost: every checkout a shopper got an answer for is an order with its intent.
          for (const p of seen) {
            const o = byPublicId.get(p.orderId!);
            expect(o, `order ${p.orderId} (a shopper had it)`).toBeDefined();
            expect(o!.payment_intent_id, `order ${p.orderId}'s payment intent`).toBe(p.paymentIntentId);
          }
          // Every order a shopper saw paid is fulfilled.
          for (const p of paidSeen) expect(byPublicId.get(p.orderId!)!.status, `order ${p.orderId} (seen paid)`).toBe('fulfilled');

          // The provider's word: every succeeded payment belongs to one fulfilled order, and no
          // order was paid twice.
          const succeeded = intents.filter((i) => i.status === 'succeeded');
          for (const i of succeeded) {
            const o = byIntent.get(i.id);
            expect(o?.status, `order of succeeded payment ${i.id}`).toBe('fulfilled');
            expect(o!.public_id).toBe(i.metadata.orderId);
          }
          const paidPerOrder = countBy(succeeded.map((i) => i.metadata.orderId));
          expect(
            [...paidPerOrder].filter(([, n]) => n > 1),
            'orders paid more than once',
          ).toEqual([]);
          // And the other way: a fulfilled order's payment succeeded; an unknown outcome is either.
          for (const o of fulfilled)
            expect(
              succeeded.some((i) => i.id === o.payment_intent_id),
              `${o.public_id} fulfilled without a payment`,
            ).toBe(true);
          for (const p of unknown) {
            const paid = succeeded.some((i) => i.id === p.paymentIntentId);
            expect(byPublicId.get(p.orderId!)!.status, `order ${p.orderId} (outcome unknown to the shopper)`).toBe(
              paid ? 'fulfilled' : 'pending_payment',
            );
          }
          expect(
            orders.filter((o) => !['fulfilled', 'pending_payment'].includes(o.status)).map((o) => `${o.public_id}:${o.status}`),
          ).toEqual([]);

          // One eSIM per fulfilled order, none for any other.
          const esimsPerOrder = countBy(esims.map((e) => e.order_id));
          expect(
            [...esimsPerOrder].filter(([id, n]) => n !== 1 || !fulfilledIds.has(id)),
            'eSIMs per order',
          ).toEqual([]);
          expect(esimsPerOrder.size).toBe(fulfilled.length);

          // One e-mail per fulfilled order: one outbox row, sent, and one complete .eml file.
          expect(mails.filter((m) => m.kind !== 'esim_delivery' || m.status !== 'sent' || !fulfilledIds.has(m.order_id))).toEqual([]);
          expect(countBy(mails.map((m) => m.order_id)).size).toBe(fulfilled.length);
          const emlPerOrder = new Map<string, string[]>();
          for (const f of emlFiles) {
            const tag = /-(ORD-[0-9A-Z]{10})(?:-\d+)?\.eml$/.exec(f)?.[1];
            expect(tag, `outbox file ${f} names an order`).toBeDefined();
            emlPerOrder.set(tag!, [...(emlPerOrder.get(tag!) ?? []), f]);
          }
          expect(
            [...emlPerOrder].filter(([id, files]) => files.length !== 1 || byPublicId.get(id)?.status !== 'fulfilled'),
            'e-mails per order',
          ).toEqual([]);
          expect(emlPerOrder.size).toBe(fulfilled.length);
          const esimOf = new Map(esims.map((e) => [e.order_id, e.activation_code]));
          for (const m of mails) expect(emlFiles.map((f) => join(env.OUTBOX_DIR, f))).toContain(m.location);
          for (const [id, [file]] of emlPerOrder) {
            const text = readFileSync(join(env.OUTBOX_DIR, file!), 'utf8');
            const boundary = /boundary="?([^";\r\n]+)"?/.exec(text)?.[1];
            expect(boundary, `${file} is a MIME message`).toBeDefined();
            expect(text.trimEnd().endsWith(`--${boundary}--`), `${file} is complete`).toBe(true);
            expect(text, `${file} is about ${id}`).toContain(id);
            const code = esimOf.get(byPublicId.get(id)!.id)!;
            expect(unfoldQuotedPrintable(text), `${file} carries the order's activation code`).toContain(code);
          }

          running!.child.kill('SIGTERM');
          expect(await running!.exited).toBe(0);
        } finally {
          await handle.close();
        }
      } catch (e) {
        stopping = true;
        console.error(
          `crash-kill failed with CRASH_SEED=${SEED} CRASH_KILLS=${KILLS}; kill delays: ${kills.join(' ')}\nlast server output:\n${running?.logs.join('').slice(-4000)}`,
        );
        throw e;
      }
    },
    60_000 + KILLS * 4_000,
  );
});

/** Undoes quoted-printable soft line breaks and escapes (enough to find a plain string). */
function unfoldQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

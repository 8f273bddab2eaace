// A real crash: the BUILT server (node dist/main.js) on a temporary SQLite file, with the
// CRASH_AFTER_PAYMENT test hook, exits right after a demo payment is recorded as succeeded and
// before fulfilment. Restarted without the hook, its startup reconciliation finds the payment and
// fulfils the order: exactly one fulfilled order, one eSIM, one e-mail (an .eml in the outbox).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from './built-server.ts';

describe('crash between payment and fulfilment (built server)', () => {
  let dir: string;
  let running: Running | undefined;

  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'esim-crash-'));
  }, 60_000);
  afterAll(async () => {
    if (running) await killServer(running);
    rmSync(dir, { recursive: true, force: true });
  });

  it('dies after the payment, restarts, and fulfils exactly once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Leases are not cleared at start-up; whatever the dead process leased expires this soon.
    const env = { ...serverEnv(dir, port), FULFILMENT_LEASE_MS: '2000' };
    setupDatabase(env);

    running = startServer({ ...env, CRASH_AFTER_PAYMENT: '1' });
    await waitHealthy(base);
    const regions = (await (await fetch(`${base}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${base}/api/plans?regionId=${japan.id}`)).json()) as { id: number; priceMinor: number }[];
    const plan = plans[0]!;
    const headers = { Origin: base, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
    const created = await fetch(`${base}/api/create-payment-intent`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ planId: plan.id, amount: plan.priceMinor / 100, email: 'crash@traveller.example' }),
    });
    expect(created.status).toBe(200);
    const intent = (await created.json()) as { paymentIntentId: string; clientSecret: string; orderId: string };

    // The payment is recorded, then the process exits before fulfilment: no answer comes back.
    const confirm = await fetch(`${base}/api/demo-payments/confirm`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      }),
    }).then(
      (r) => r.status,
      (e: unknown) => e,
    );
    expect(confirm).toBeInstanceOf(Error);
    expect(await running.exited).toBe(86);
    expect(running.logs.join('')).toContain('CRASH_AFTER_PAYMENT');

    const handle = createDb(env.DATABASE_URL);
    try {
      const before = await handle.db.selectFrom('orders').select(['status']).execute();
      expect(before).toEqual([{ status: 'pending_payment' }]);
      const demoIntent = await handle.db
        .selectFrom('demo_payment_intents')
        .select('data')
        .where('id', '=', intent.paymentIntentId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(demoIntent.data).status).toBe('succeeded');

      // Restart without the hook: the startup reconciliation finishes the order.
      running = startServer(env);
      const view = await waitUntil('the order to be fulfilled', async () => {
        const res = await fetch(`${base}/api/orders/${intent.paymentIntentId}?client_secret=${encodeURIComponent(intent.clientSecret)}`);
        const body = (await res.json()) as { ready?: boolean; activationCode?: string };
        return body.ready ? body : undefined;
      });
      expect(view.activationCode).toMatch(/^LPA:1\$/);
      await waitUntil('the e-mail', async () => {
        const row = await handle.db.selectFrom('email_outbox').select('status').executeTakeFirst();
        return row?.status === 'sent' ? true : undefined;
      });
      // Give the worker a few more passes, then count.
      await new Promise((r) => setTimeout(r, 600));
      const orders = await handle.db.selectFrom('orders').select(['status']).execute();
      const esims = await handle.db.selectFrom('esims').select(['id']).execute();
      const mails = await handle.db.selectFrom('email_outbox').select(['status', 'location']).execute();
      expect(orders).toEqual([{ status: 'fulfilled' }]);
      expect(esims).toHaveLength(1);
      expect(mails).toHaveLength(1);
      expect(readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      const logs = running.logs.join('');
      expect(logs).toContain('"msg":"orders reconciled"');
      expect(logs).toContain(`"outbox":"${mails[0]!.location}"`);

      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

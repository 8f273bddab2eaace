// A real crash: the BUILT server (node dist/main.js) on a temporary SQLite file, with the
// CRASH_AFTER_PAYMENT test hook, exits right after a demo payment is recorded as succeeded and
// before fulfilment. Restarted without the hook, its startup reconciliation finds the payment and
// fulfils the order: exactly one fulfilled order, one eSIM, one e-mail (an .eml in the outbox).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@esim/db';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(serverDir, '../..');
const mainJs = join(serverDir, 'dist/main.js');
const cliJs = join(serverDir, 'dist/cli.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/ unless it is newer than every source it bundles. */
function ensureBuilt(): void {
  const sources = Math.max(newestMtime(join(serverDir, 'src')), newestMtime(join(repo, 'packages/api/src')), newestMtime(join(repo, 'packages/db/src')));
  if (existsSync(mainJs) && existsSync(cliJs) && statSync(mainJs).mtimeMs > sources) return;
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stdout}\n${r.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  logs: string[];
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [mainJs], { cwd: serverDir, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  child.stdout!.on('data', (b: Buffer) => logs.push(b.toString()));
  child.stderr!.on('data', (b: Buffer) => logs.push(b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, logs, exited };
}

async function waitUntil<T>(what: string, fn: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('crash between payment and fulfilment (built server)', () => {
  let dir: string;
  let running: Running | undefined;

  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'esim-crash-'));
  }, 60_000);
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('dies after the payment, restarts, and fulfils exactly once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`,
      OUTBOX_DIR: join(dir, 'outbox'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      WEB_DIST: join(dir, 'no-web'),
      LOG_LEVEL: 'info',
      WORKER_INTERVAL_MS: '200',
    };
    const setup = spawnSync(process.execPath, [cliJs, 'setup'], { cwd: serverDir, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    expect(setup.status, setup.stderr).toBe(0);

    running = startServer({ ...env, CRASH_AFTER_PAYMENT: '1' });
    await waitUntil('the server', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
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
      body: JSON.stringify({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } }),
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
      const demoIntent = await handle.db.selectFrom('demo_payment_intents').select('data').where('id', '=', intent.paymentIntentId).executeTakeFirstOrThrow();
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

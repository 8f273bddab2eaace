// `backup` and `restore` (cli/backup.ts): an online backup of the BUILT server's SQLite database
// taken while shoppers place and pay demo orders through its HTTP API; each copy must pass
// SQLite's integrity_check, be one self-contained file, and open and migrate as a shop database.
// Then the round trip: restore is refused while the server runs, puts the backup back once it is
// stopped (keeping the current file beside it, no stale -wal/-shm), and the shop starts on it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, openSqliteFile } from '@esim/db';
import { backupSqlite, restoreSqlite } from '../src/cli/backup.ts';
import { CliExit } from '../src/cli/types.ts';
import { ensureBuilt, freePort, serverEnv, setupDatabase, startServer, waitHealthy, type Running } from './built-server.ts';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'esim-backup-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function count(file: string, table: string): number {
  const db = openSqliteFile(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Fails with CliExit(2) whose message matches. */
async function refused(fn: () => unknown, message: RegExp): Promise<void> {
  let caught: unknown;
  try {
    await fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(CliExit);
  expect((caught as CliExit).exitCode).toBe(2);
  expect((caught as CliExit).message).toMatch(message);
}

describe('backup and restore around the built server', () => {
  let running: Running | undefined;
  beforeAll(() => ensureBuilt(), 120_000);
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
  });

  it('backs up while orders are placed, restores when stopped, and the shop starts on the restored file', async () => {
    const dir = tempDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...serverEnv(dir, port), LOG_LEVEL: 'error', RATE_LIMIT_ALLOWLIST: '127.0.0.1', METRICS_PORT: '0' };
    const dbFile = join(dir, 'shop.sqlite');
    setupDatabase(env);
    running = startServer(env, { keepLogs: 50 });
    await waitHealthy(base);

    const regions = (await (await fetch(`${base}/api/regions`)).json()) as { id: number; code: string }[];
    const japan = regions.find((r) => r.code === 'JP')!;
    const plans = (await (await fetch(`${base}/api/plans?regionId=${japan.id}`)).json()) as { id: number }[];
    const headers = { Origin: base, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', 'X-Currency': 'USD' };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as Record<string, string> };
    };
    let stop = false;
    let paid = 0;
    const problems: string[] = [];
    const shopper = async (n: number) => {
      for (let k = 0; !stop; k++) {
        const input = {
          planId: plans[k % plans.length]!.id,
          email: `backup-${n}-${k}@traveller.example`,
          checkoutToken: randomBytes(12).toString('base64url'),
        };
        const created = await post('/api/create-payment-intent', input);
        if (created.status !== 200) {
          problems.push(`create ${created.status}`);
          continue;
        }
        const confirmed = await post('/api/demo-payments/confirm', {
          paymentIntentId: created.json.paymentIntentId,
          clientSecret: created.json.clientSecret,
          card: CARD,
        });
        if (confirmed.status === 200 && confirmed.json.status === 'succeeded') paid++;
        else problems.push(`confirm ${confirmed.status}`);
      }
    };
    const shoppers = [0, 1, 2, 3].map(shopper);
    const waitForPaid = async (n: number) => {
      while (paid < n && problems.length === 0) await new Promise((r) => setTimeout(r, 20));
    };

    const backups: Array<{ file: string; orders: number; paidBefore: number; paidAfter: number }> = [];
    try {
      for (let i = 0; i < 3; i++) {
        await waitForPaid(5 * (i + 1));
        const file = join(dir, `backup-${i}.sqlite`);
        const paidBefore = paid;
        const result = await backupSqlite(dbFile, file);
        expect(result.target).toBe(file);
        backups.push({ file, orders: count(file, 'orders'), paidBefore, paidAfter: paid });
      }
      // The copy exists now: another backup to the same name needs --force.
      await refused(() => backupSqlite(dbFile, backups[0]!.file), /already exists.*--force/);
      await backupSqlite(dbFile, backups[0]!.file, { force: true });
      backups[0]!.orders = count(backups[0]!.file, 'orders');
      // The server has the database open: restore refuses.
      await refused(() => restoreSqlite(backups[0]!.file, dbFile), /in use.*stop the shop first/);
    } finally {
      stop = true;
      await Promise.all(shoppers);
    }
    expect(problems).toEqual([]);

    for (const b of backups) {
      const db = openSqliteFile(b.file, { readonly: true, fileMustExist: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
      } finally {
        db.close();
      }
      expect(existsSync(`${b.file}-wal`)).toBe(false);
      expect(b.orders).toBeGreaterThan(0);
      // It opens as the shop's database: nothing left to migrate, the catalogue is there.
      const handle = createDb(`file:${b.file}`, { walFlusher: false });
      try {
        expect(await migrateToLatest(handle.db)).toEqual([]);
        const plansInCopy = await handle.db
          .selectFrom('plans')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(plansInCopy.n)).toBeGreaterThan(1000);
      } finally {
        await handle.close();
      }
    }
    expect(readdirSync(dir).filter((f) => f.includes('.partial-'))).toEqual([]);

    // Stopped (SIGTERM: a clean shutdown), with orders placed after the backup.
    running.child.kill('SIGTERM');
    await running.exited;
    const ordersNow = count(dbFile, 'orders');
    const restored = backups[1]!;
    expect(ordersNow).toBeGreaterThan(restored.orders);

    const r = restoreSqlite(restored.file, dbFile, new Date('2030-01-02T03:04:05.678Z'));
    expect(existsSync(`${dbFile}-wal`)).toBe(false);
    expect(existsSync(`${dbFile}-shm`)).toBe(false);
    expect(r.previous).toBe(`${dbFile}.before-restore-20300102T030405Z`);
    expect(count(r.previous!, 'orders')).toBe(ordersNow);
    expect(count(dbFile, 'orders')).toBe(restored.orders);
    expect(existsSync(restored.file)).toBe(true); // the backup itself is left as it was

    running = startServer(env, { keepLogs: 50 });
    await waitHealthy(base);
    expect((await fetch(`${base}/api/regions`)).status).toBe(200);
    running.child.kill('SIGTERM');
    await running.exited;
    expect(count(dbFile, 'orders')).toBe(restored.orders);
  }, 120_000);

  it('refuses what it cannot back up or restore, with a message (exit 2)', async () => {
    const dir = tempDir();
    const shop = join(dir, 'shop.sqlite');
    const handle = createDb(`file:${shop}`, { walFlusher: false });
    await migrateToLatest(handle.db);
    await handle.close();
    const notSqlite = join(dir, 'notes.txt');
    writeFileSync(notSqlite, 'not a database');
    const otherDb = join(dir, 'other.sqlite');
    const other = openSqliteFile(otherDb);
    other.exec('CREATE TABLE t (x)');
    other.close();

    await refused(() => backupSqlite(join(dir, 'missing.sqlite'), join(dir, 'b.sqlite')), /no database at/);
    await refused(() => backupSqlite(':memory:', join(dir, 'b.sqlite')), /in-memory/);
    await refused(() => backupSqlite(shop, join(dir, 'no-such-folder', 'b.sqlite')), /folder .* does not exist/);
    await refused(() => backupSqlite(shop, shop, { force: true }), /is the database itself/);
    await refused(() => backupSqlite(otherDb, join(dir, 'b.sqlite')), /not this shop's database/);

    await refused(() => restoreSqlite(join(dir, 'missing.sqlite'), shop), /no file/);
    await refused(() => restoreSqlite(notSqlite, shop), /not a SQLite database/);
    await refused(() => restoreSqlite(otherDb, shop), /not a database of this shop/);
    await refused(() => restoreSqlite(shop, shop), /is the database itself/);
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'other.sqlite', 'shop.sqlite']);

    // A backup from a newer version (a migration this one does not know) is refused.
    const newer = join(dir, 'newer.sqlite');
    await backupSqlite(shop, newer);
    const w = openSqliteFile(newer);
    w.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('2999-01-01-from-the-future', '2999-01-01')").run();
    w.close();
    await refused(() => restoreSqlite(newer, shop), /newer version.*2999-01-01-from-the-future/);
  }, 30_000);
});

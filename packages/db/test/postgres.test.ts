// Migrate + seed + seed again on a throwaway PostgreSQL cluster; skipped with a reason where no binaries exist.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '../src/client.ts';
import { Statement } from '../src/statement.ts';
import type { DbHandle } from '../src/client.ts';
import { migrateToLatest } from '../src/migrate.ts';
import { migrations } from '../src/migrations/index.ts';
import { seed } from '../src/seed/index.ts';
import { expectValidCatalog } from './catalog-checks.ts';
import { findPgBinaries, pgUnavailableReason, startPgCluster } from './pg-cluster.ts';
import type { PgCluster } from './pg-cluster.ts';
import { catalogSnapshot } from './snapshot.ts';

const available = findPgBinaries() !== null;
if (!available) console.warn(`[@esim/db] skipping PostgreSQL tests: ${pgUnavailableReason()}`);

describe.skipIf(!available)('PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  let handle: DbHandle | undefined;

  beforeAll(async () => {
    cluster = await startPgCluster();
    handle = createDb(cluster.url);
  });

  afterAll(async () => {
    await handle?.close();
    await cluster?.stop();
  });

  it('migrates, seeds, and a second seed changes nothing', async () => {
    const db = handle!.db;
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(db)).toEqual([]);
    const first = await seed(db);
    expect(first.regions).toBeGreaterThan(200);
    await expectValidCatalog(db);
    const before = await catalogSnapshot(db);
    expect(await seed(db)).toEqual({ regions: 0, regionCountries: 0, plans: 0, exchangeRates: 0, travelerLevels: 0, achievements: 0 });
    expect(await catalogSnapshot(db)).toEqual(before);
    // identity columns keep working after explicit seeding
    const { id } = await db
      .insertInto('regions')
      .values({ code: 'TEST', name: 'Test', continent: null, flag_icon: null, kind: 'bundle' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(first.regions);
    const count = await db
      .selectFrom('regions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(first.regions + 1);
  });

  it('survives the server dropping an idle connection, and the next query gets a new one', async () => {
    const db = handle!.db;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Hold one pooled connection; a query beside it takes a second, which then goes back idle.
      // Kill that idle one from the held one.
      await db.connection().execute(async (held) => {
        const idle = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
        const mine = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held);
        expect(mine.rows[0]!.pid).not.toBe(idle.rows[0]!.pid);
        await sql`select pg_terminate_backend(${idle.rows[0]!.pid})`.execute(held);
      });
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('idle PostgreSQL connection lost')), {
        timeout: 5000,
      });
      const after = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(after.rows[0]!.one).toBe(1);
    } finally {
      logged.mockRestore();
    }
  });

  it('runs a Statement with numbered placeholders', async () => {
    const db = handle!.db;
    const insert = new Statement<{ key: string }>(
      'insert into "demo_idempotency_keys" ("key", "object_id", "created_at") values (?, ?, ?) on conflict ("key") do nothing returning "key"',
    );
    expect(await insert.first(db, ['pg-k', 'pi_1', '2026-01-01T00:00:00.000Z'])).toEqual({ key: 'pg-k' });
    expect(await insert.first(db, ['pg-k', 'pi_2', '2026-01-01T00:00:00.000Z'])).toBeUndefined();
    const update = new Statement('update "demo_idempotency_keys" set "object_id" = ? where "key" = ?');
    expect(await update.changes(db, ['pi_3', 'pg-k'])).toBe(1);
  });
});

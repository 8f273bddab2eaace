// Migration 2026-11-25-002 (orders may be 'expired') on a SQLite file with orders in it and on a
// throwaway PostgreSQL cluster (skipped with a reason where no binaries exist): rows, indexes,
// foreign keys and the id counter survive; 'expired' is accepted and an unknown status still
// refused; down turns expired orders into canceled ones and refuses 'expired' again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/client.ts';
import { createMigrator } from '../src/migrate.ts';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from './pg-cluster.ts';

const MIGRATION = '2026-11-25-002-order-expiry';
const now = '2026-03-01T12:00:00.000Z';

async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = createMigrator(db);
  const { error } = name === 'latest' ? await migrator.migrateToLatest() : await migrator.migrateTo(name);
  if (error) throw error;
}

async function previousMigration(db: Kysely<any>): Promise<string> {
  const all = (await createMigrator(db).getMigrations()).map((m) => m.name);
  return all[all.indexOf(MIGRATION) - 1]!;
}

function order(publicId: string, status: string) {
  return {
    public_id: publicId,
    email: 'a@traveller.example',
    plan_id: 1,
    plan_name: 'Japan 1GB',
    plan_data_amount: '1GB',
    plan_validity_days: 7,
    currency: 'USD',
    unit_amount_minor: 450,
    total_amount_minor: 450,
    usd_amount_minor: 450,
    rate_micros: 1_000_000,
    status,
    payment_provider: 'demo',
    created_at: now,
    updated_at: now,
  };
}

async function insertOrder(db: Kysely<any>, publicId: string, status: string): Promise<number> {
  return (await db.insertInto('orders').values(order(publicId, status)).returning('id').executeTakeFirstOrThrow()).id as number;
}

async function indexNames(db: Kysely<any>, postgres: boolean): Promise<string[]> {
  const rows = postgres
    ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'orders'`.execute(db)).rows
    : (
        await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(db)
      ).rows;
  return rows.map((r) => r.name).sort();
}

function suite(name: string, open: () => Promise<{ handle: DbHandle; postgres: boolean; done(): Promise<void> }>) {
  describe(name, () => {
    let t: { handle: DbHandle; postgres: boolean; done(): Promise<void> };
    beforeAll(async () => {
      t = await open();
    });
    afterAll(async () => {
      await t?.done();
    });

    it('adds expired without losing rows, indexes, foreign keys or the id counter; down takes it back', async () => {
      const db = t.handle.db as Kysely<any>;
      await migrateTo(db, await previousMigration(db));
      const paid = await insertOrder(db, 'ORD-0000000001', 'fulfilled');
      const pending = await insertOrder(db, 'ORD-0000000002', 'pending_payment');
      const last = await insertOrder(db, 'ORD-0000000003', 'canceled');
      await db.deleteFrom('orders').where('id', '=', last).execute();
      await db
        .insertInto('esims')
        .values({
          public_id: 'ESIM-0000000001',
          order_id: paid,
          iccid: '8988247000000000001',
          smdp_address: 'smdp.example',
          matching_id: 'M1',
          activation_code: 'LPA:1$smdp.example$M1',
          apn: 'internet',
          provider: 'simulator',
          provider_ref: 'r1',
          access_token: 't',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('email_outbox')
        .values({ order_id: paid, kind: 'esim_delivery', to_address: 'a@traveller.example', next_attempt_at: now, created_at: now })
        .execute();
      const before = await db.selectFrom('orders').selectAll().orderBy('id').execute();
      const indexes = await indexNames(db, t.postgres);
      await expect(insertOrder(db, 'ORD-0000000004', 'expired')).rejects.toThrow(/orders_status_valid|CHECK/i);

      await migrateTo(db, MIGRATION);
      expect(await db.selectFrom('orders').selectAll().orderBy('id').execute()).toEqual(before);
      expect(await indexNames(db, t.postgres)).toEqual(indexes);
      // Rows that hang off orders were not touched by the rebuild (no cascade from the old table's drop).
      expect(await db.selectFrom('esims').select('order_id').execute()).toEqual([{ order_id: paid }]);
      expect(await db.selectFrom('email_outbox').select('order_id').execute()).toEqual([{ order_id: paid }]);
      await db.updateTable('orders').set({ status: 'expired' }).where('id', '=', pending).execute();
      await expect(insertOrder(db, 'ORD-0000000005', 'lost')).rejects.toThrow(/orders_status_valid|CHECK/i);
      // The counter goes on after the deleted order's id (never reused).
      expect(await insertOrder(db, 'ORD-0000000006', 'pending_payment')).toBeGreaterThan(last);
      // Foreign keys to orders still hold: an eSIM of no order is refused; deleting an order cascades.
      await expect(
        db
          .insertInto('esims')
          .values({
            public_id: 'ESIM-X',
            order_id: 999_999,
            iccid: 'x',
            smdp_address: 'x',
            matching_id: 'x',
            activation_code: 'x',
            apn: 'x',
            provider: 'x',
            provider_ref: 'x',
            access_token: 'x',
            created_at: now,
            updated_at: now,
          })
          .execute(),
      ).rejects.toThrow(/foreign key/i);
      await db.deleteFrom('orders').where('id', '=', paid).execute();
      expect(await db.selectFrom('esims').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('email_outbox').selectAll().execute()).toEqual([]);

      await migrateTo(db, await previousMigration(db));
      expect((await db.selectFrom('orders').select('status').where('id', '=', pending).executeTakeFirstOrThrow()).status).toBe('canceled');
      await expect(insertOrder(db, 'ORD-0000000007', 'expired')).rejects.toThrow(/orders_status_valid|CHECK/i);
      await migrateTo(db, MIGRATION);
    });
  });
}

suite('SQLite file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'esim-expiry-migration-'));
  const handle = createDb(`file:${join(dir, 'shop.sqlite')}`, { walFlusher: false });
  return {
    handle,
    postgres: false,
    done: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const pgAvailable = findPgBinaries() !== null;
if (!pgAvailable) console.warn(`[@esim/db] skipping the PostgreSQL expiry migration test: ${pgUnavailableReason()}`);
if (pgAvailable) {
  suite('PostgreSQL', async () => {
    const cluster: PgCluster = await startPgCluster();
    const handle = createDb(cluster.url);
    return {
      handle,
      postgres: true,
      done: async () => {
        await handle.close();
        await cluster.stop();
      },
    };
  });
}

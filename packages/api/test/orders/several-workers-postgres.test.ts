// Several processes on one PostgreSQL database (each with its own pool and service bag, as two
// workers or two server instances have): due work is claimed in disjoint batches (FOR UPDATE SKIP
// LOCKED), so siblings never race for the same rows and every order is provisioned and e-mailed
// once; a catalogue change's NOTIFY reaches listeners when its transaction commits and never when
// it rolls back; the LISTEN connection comes back after the server drops it. Skipped, with the
// reason, where no PostgreSQL binaries exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, listenPg, migrateToLatest, type DbHandle } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { createServices, type Services } from '../../src/context.ts';
import { JobQueue } from '../../src/services/order-life/fulfilment-queue.ts';
import { runDueWork } from '../../src/services/order-life/due-work.ts';
import { CATALOG_CHANNEL, bumpCatalogVersion, readCatalogVersion } from '../../src/services/catalog/catalog-sync.ts';
import { createShopPaymentProvider } from '../../src/services/payments/payments-provider.ts';
import { counts, createOrdersRig, FAST_POLICY, type OrdersRig } from './rig.ts';

const available = findPgBinaries() !== null;
if (!available) console.warn(`[@esim/api] skipping the several-workers PostgreSQL tests: ${pgUnavailableReason()}`);

async function until<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!available)('several processes on one PostgreSQL', () => {
  let cluster: PgCluster;
  let handle: DbHandle;
  beforeAll(async () => {
    cluster = await startPgCluster();
    handle = createDb(cluster.url);
    await migrateToLatest(handle.db);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await cluster?.stop();
  });

  /** Another process: its own pool, its own services, no in-process queue (a worker's tick does all). */
  function sibling(rig: OrdersRig, own: DbHandle): Services {
    let services!: Services;
    const payments = createShopPaymentProvider(own.db, () => services, {});
    services = createServices(own.db, rig.services.config, {
      now: () => rig.clock.now,
      esim: rig.esim,
      mailer: rig.services.mailer,
      payments,
      jobs: new JobQueue({ enabled: false }),
      fulfilment: { ...FAST_POLICY, batchSize: 4 },
    });
    return services;
  }

  it('two workers over a backlog take disjoint batches: every order provisioned once and e-mailed once, none skipped', async () => {
    const rig = await createOrdersRig({ handle });
    const other = createDb(cluster.url);
    try {
      // A backlog of 24 paid orders, as a burst of checkouts leaves it for the workers.
      for (let i = 0; i < 24; i++) {
        const api = await rig.browser({ ip: `203.0.113.${i + 1}` }).caller();
        const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, email: `w${i}@traveller.example` });
        await rig.db
          .updateTable('orders')
          .set({ status: 'paid', paid_at: rig.clock.now.toISOString(), next_attempt_at: rig.clock.now.toISOString() })
          .where('payment_intent_id', '=', intent.paymentIntentId!)
          .execute();
      }
      const a = sibling(rig, handle);
      const b = sibling(rig, other);
      const [ra, rb] = await Promise.all([runDueWork(handle.db, a, { concurrency: 2 }), runDueWork(other.db, b, { concurrency: 2 })]);
      expect(ra.provisioned.fulfilled + rb.provisioned.fulfilled).toBe(24);
      expect(ra.provisioned.skipped + rb.provisioned.skipped, 'rows both workers reached for').toBe(0);
      expect(ra.emails.sent + rb.emails.sent).toBe(24);
      // Both took part (neither waited for the other's whole backlog).
      expect(ra.provisioned.fulfilled).toBeGreaterThan(0);
      expect(rb.provisioned.fulfilled).toBeGreaterThan(0);
      expect(await counts(rig.db)).toMatchObject({ orders: 24, fulfilled: 24, esims: 24, emails: 24, sent: 24 });
      const perOrder = await rig.db
        .selectFrom('esims')
        .select((eb) => ['order_id', eb.fn.countAll<number>().as('n')])
        .groupBy('order_id')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute();
      expect(perOrder).toEqual([]);
      // Leases are released as the work finishes.
      expect(await rig.db.selectFrom('orders').select('id').where('lease_until', 'is not', null).execute()).toEqual([]);
    } finally {
      await other.close();
      await rig.settle();
    }
  }, 60_000);

  it('NOTIFY esim_catalog arrives when the bump commits, never for a rolled-back one; the listener comes back after a dropped connection', async () => {
    const heard: string[] = [];
    let connects = 0;
    const listener = listenPg(cluster.url, CATALOG_CHANNEL, {
      onNotify: (v) => heard.push(v),
      onConnect: () => connects++,
      minBackoffMs: 20,
    });
    try {
      await until('the LISTEN connection', () => (connects === 1 ? true : undefined));
      await handle.db.transaction().execute((trx) => bumpCatalogVersion(trx, '2026-01-01T00:00:00.000Z'));
      const first = await readCatalogVersion(handle.db);
      await until('the first notification', () => (heard.length === 1 ? true : undefined));
      expect(heard).toEqual([first]);

      await expect(
        handle.db.transaction().execute(async (trx) => {
          await bumpCatalogVersion(trx, '2026-01-02T00:00:00.000Z');
          throw new Error('the edit failed');
        }),
      ).rejects.toThrow('the edit failed');
      expect(await readCatalogVersion(handle.db)).toBe(first);

      // The server ends the LISTEN session (a restart, an admin's kill): it reconnects and hears on.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`LISTEN ${CATALOG_CHANNEL}`}`.execute(handle.db);
      await until('the reconnect', () => (connects === 2 && listener.connected ? true : undefined));
      await handle.db.transaction().execute((trx) => bumpCatalogVersion(trx, '2026-01-03T00:00:00.000Z'));
      const third = await readCatalogVersion(handle.db);
      await until('the notification after the reconnect', () => (heard.length === 2 ? true : undefined));
      // Delivered in commit order: the rolled-back bump would have come between.
      expect(heard).toEqual([first, third]);
    } finally {
      await listener.close();
    }
  }, 30_000);
});

// What the readiness check and the metrics read (services/shared/operations-stats.ts), on SQLite and on
// PostgreSQL: the fulfilment and e-mail backlogs with their ages, orders by status, the ping.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@esim/db';
import { countOrdersByStatus, pingDatabase, readBacklog } from '../../src/services/shared/operations-stats.ts';
import { T0, memoryDb, seedCatalog } from '../rig.ts';
import { pgAvailableFor, useMigratedPg } from '../pg.ts';

const ago = (ms: number) => new Date(T0.getTime() - ms).toISOString();

async function order(db: Db, planId: number, n: number, status: string, extra: Record<string, unknown> = {}): Promise<number> {
  const row = await db
    .insertInto('orders')
    .values({
      public_id: `ORD-STATS-${n}`,
      email: `s${n}@example.com`,
      plan_id: planId,
      plan_name: 'Japan 5 GB',
      plan_data_amount: '5 GB',
      plan_data_mb: 5120,
      plan_validity_days: 30,
      currency: 'USD',
      unit_amount_minor: 500,
      total_amount_minor: 500,
      usd_amount_minor: 500,
      rate_micros: 1_000_000,
      status,
      payment_provider: 'demo',
      created_at: ago(600_000),
      updated_at: ago(0),
      ...extra,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function checks(getDb: () => Db) {
  it('empty: zero backlogs, no ages, every status at 0; the ping answers', async () => {
    const db = getDb();
    await pingDatabase(db, 2000);
    expect(await readBacklog(db, T0)).toEqual({
      fulfilment: { waiting: 0, due: 0, retrying: 0, oldestAgeSeconds: null },
      email: { pending: 0, failed: 0, oldestAgeSeconds: null },
    });
    const counts = await countOrdersByStatus(db);
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    expect(Object.keys(counts)).toContain('fulfilled');
  });

  it('counts what waits, what is due, what retries, and the oldest ages', async () => {
    const db = getDb();
    const plans = await seedCatalog(db);
    const planId = plans.japan5.id;
    // Waiting: paid 90 s ago and due; provisioning after a failure, due in a minute; paid 30 s ago, due.
    await order(db, planId, 1, 'paid', { paid_at: ago(90_000), next_attempt_at: ago(1000) });
    await order(db, planId, 2, 'provisioning', { paid_at: ago(60_000), next_attempt_at: ago(-60_000), provision_attempts: 2 });
    await order(db, planId, 3, 'paid', { paid_at: ago(30_000), next_attempt_at: ago(0) });
    // Not waiting.
    const done = await order(db, planId, 4, 'fulfilled', { paid_at: ago(500_000), fulfilled_at: ago(400_000) });
    await order(db, planId, 5, 'pending_payment');
    const mail = (kind: string, status: string, createdAgo: number) =>
      db
        .insertInto('email_outbox')
        .values({
          order_id: done,
          kind,
          to_address: 's4@example.com',
          status,
          next_attempt_at: ago(0),
          created_at: ago(createdAgo),
        } as never)
        .execute();
    await mail('esim_delivery', 'pending', 120_000);
    await mail('confirmation_code', 'pending', 10_000);
    await mail('refund_notice', 'failed', 900_000);
    await mail('receipt', 'sent', 950_000);

    expect(await readBacklog(db, T0)).toEqual({
      fulfilment: { waiting: 3, due: 2, retrying: 1, oldestAgeSeconds: 90 },
      email: { pending: 2, failed: 1, oldestAgeSeconds: 120 },
    });
    expect(await countOrdersByStatus(db)).toMatchObject({ paid: 2, provisioning: 1, fulfilled: 1, pending_payment: 1, refunded: 0 });
  });
}

describe('operations stats on SQLite', () => {
  let handle: Awaited<ReturnType<typeof memoryDb>>;
  beforeEach(async () => {
    handle = await memoryDb();
  });
  afterEach(async () => {
    await handle.close();
  });
  checks(() => handle.db);
});

describe.runIf(pgAvailableFor('operations stats'))('operations stats on PostgreSQL', () => {
  const getDb = useMigratedPg();
  beforeEach(async () => {
    await getDb().deleteFrom('email_outbox').execute();
    await getDb().deleteFrom('orders').execute();
    await getDb().deleteFrom('plans').execute();
    await getDb().deleteFrom('regions').execute();
  });
  checks(getDb);
});

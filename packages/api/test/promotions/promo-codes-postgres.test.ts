// Promo codes on a throwaway PostgreSQL cluster (skipped, with the reason, where no binaries exist):
// the race under real concurrency (a pool of connections, the code's row lock instead of SQLite's
// one writer): 50 concurrent checkouts with 10 uses → exactly 10 discounted paid orders; one
// customer's concurrent checkouts with a per-customer limit of 1 → one order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { CARDS, account } from '../orders/rig.ts';
import { makeAdmin } from '../rig.ts';
import { createRewardsRig, type RewardsRig } from '../rewards/rig.ts';

const available = findPgBinaries() !== null;
if (!available) console.warn(`[@esim/api] skipping PostgreSQL promo code tests: ${pgUnavailableReason()}`);

const FIELDS = {
  kind: 'percent' as const,
  percent: 10,
  amounts: null,
  startsAt: null,
  endsAt: null,
  maxUses: null as number | null,
  maxUsesPerCustomer: null as number | null,
  minSpendUsdMinor: 0,
  regionIds: null,
  planIds: null,
  firstOrderOnly: false,
  combinesWithPoints: true,
};

describe.skipIf(!available)('promo codes on PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  let rig: RewardsRig;
  beforeAll(async () => {
    cluster = await startPgCluster();
    const handle = createDb(cluster.url);
    await migrateToLatest(handle.db);
    rig = await createRewardsRig({ handle });
    const admin = rig.browser();
    await (await admin.caller()).auth.register(account({ username: 'pg_owner', email: 'pg-owner@shop.example' }));
    await makeAdmin(rig.db, 'pg_owner', rig.clock.now);
    const api = await admin.caller();
    await api.admin.promotions.create({ ...FIELDS, code: 'PG-TEN', maxUses: 10 });
    await api.admin.promotions.create({ ...FIELDS, code: 'PG-ONCE', maxUsesPerCustomer: 1 });
  }, 60_000);
  afterAll(async () => {
    await rig?.settle();
    await rig?.close();
    await cluster?.stop();
  });

  const codeOf = (e: unknown) => (e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;

  it('50 concurrent checkouts with 10 uses: exactly 10 discounted paid orders, 40 told it is used up', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, async (_, i) => {
        const b = rig.browser({ ip: `198.51.100.${i + 1}` });
        const api = await b.caller();
        const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, email: `pg${i}@example.com`, promoCode: 'PG-TEN' });
        await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
        return intent;
      }),
    );
    await rig.settle();
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected').map((r) => codeOf((r as PromiseRejectedResult).reason))).toEqual(
      Array(40).fill('PROMO_USED_UP'),
    );
    const paid = await rig.db
      .selectFrom('orders as o')
      .innerJoin('promo_redemptions as r', 'r.order_id', 'o.id')
      .innerJoin('promo_codes as c', 'c.id', 'r.code_id')
      .select(['o.status', 'o.total_amount_minor'])
      .where('c.code', '=', 'PG-TEN')
      .execute();
    expect(paid).toHaveLength(10);
    expect(paid.every((o) => o.total_amount_minor === 1800 && ['paid', 'provisioning', 'fulfilled'].includes(o.status))).toBe(true);
    expect(
      (await rig.db.selectFrom('promo_codes').select('uses_count').where('code', '=', 'PG-TEN').executeTakeFirstOrThrow()).uses_count,
    ).toBe(10);
  });

  it("one guest's 8 concurrent checkouts (same address, different case) with a per-customer limit of 1: one order", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, async (_, i) => {
        const api = await rig.browser({ ip: `203.0.113.${i + 1}` }).caller();
        return api.payments.createIntent({
          planId: rig.plans.japan5.id,
          email: i % 2 ? 'Same.One@Example.com' : 'same.one+x@example.com',
          promoCode: 'PG-ONCE',
        });
      }),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status === 'rejected').map((r) => codeOf((r as PromiseRejectedResult).reason)))).toEqual(
      new Set(['PROMO_ALREADY_USED']),
    );
  });
});

// Rewards on a throwaway PostgreSQL cluster (skipped, with the reason, where no binaries exist): the
// same rules under real concurrency (a pool of connections, row locks instead of SQLite's one
// writer) and the SQL that differs most between the two (the purchase credit's INSERT … SELECT, the
// partial unique indexes, the stale-reservation catch-up).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { fulfilOrder, markCanceled } from '../../src/services/order-life/claim.ts';
import { markRefunded } from '../../src/services/order-life/refunds.ts';
import { EsimProviderError } from '../../src/providers/esim/index.ts';
import { CARDS, account } from '../orders/rig.ts';
import { makeAdmin } from '../rig.ts';
import { adjust, balance, createRewardsRig, ledger, signedIn, type RewardsRig } from './rig.ts';

const available = findPgBinaries() !== null;
if (!available) console.warn(`[@esim/api] skipping PostgreSQL rewards tests: ${pgUnavailableReason()}`);

describe.skipIf(!available)('rewards on PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  let rig: RewardsRig;
  beforeAll(async () => {
    cluster = await startPgCluster();
    const handle = createDb(cluster.url);
    await migrateToLatest(handle.db);
    rig = await createRewardsRig({ handle });
  }, 60_000);
  afterAll(async () => {
    await rig?.settle();
    await rig?.close();
    await cluster?.stop();
  });

  it('10 simultaneous check-ins in one region: one rewarded; in five regions: three rewarded', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const same = await Promise.all(
      Array.from({ length: 10 }, () => api.rewards.checkIn({ regionId: rig.regions.japan, locationName: ' Tokyo ' })),
    );
    expect(same.filter((r) => r.pointsAwarded > 0)).toHaveLength(1);
    expect(same.every((r) => r.checkIn.locationName === 'Tokyo')).toBe(true);
    const other = await signedIn(rig);
    const api2 = await other.browser.caller();
    const r = rig.regions;
    const regions = [r.japan, r.france, r.italy, r.thailand, r.usa];
    const spread = await Promise.all(Array.from({ length: 10 }, (_, i) => api2.rewards.checkIn({ regionId: regions[i % 5]! })));
    expect(spread.filter((x) => x.pointsAwarded > 0)).toHaveLength(3);
    // first_check_in granted once each, with its points once.
    expect((await ledger(rig.db, userId)).filter((x) => x.source === 'achievement')).toHaveLength(1);
    expect((await ledger(rig.db, other.userId)).filter((x) => x.source === 'achievement')).toHaveLength(1);
    expect(await balance(rig.db, userId)).toBe(10 + 25);
  }, 60_000);

  it('10 simultaneous evaluations grant once', async () => {
    const { browser, userId } = await signedIn(rig);
    await rig.db.updateTable('users').set({ email_verified_at: rig.clock.now.toISOString() }).where('id', '=', userId).execute();
    const api = await browser.caller();
    await Promise.all(Array.from({ length: 10 }, () => api.rewards.refresh()));
    const rows = await ledger(rig.db, userId);
    expect(rows.map((x) => x.amount).sort((a, b) => a - b)).toEqual([25, 50]);
  }, 60_000);

  it('purchase credit at the level multiplier; refund clawback capped at the balance', async () => {
    const { browser, userId } = await signedIn(rig);
    await adjust(rig.db, userId, 500, `adjustment:pg:${userId}`);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id });
    await Promise.all([
      api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok }),
      ...Array.from({ length: 5 }, () => fulfilOrder(rig.db, rig.services, intent.paymentIntentId!)),
    ]);
    await rig.settle();
    expect((await ledger(rig.db, userId)).filter((x) => x.source === 'purchase').map((x) => x.amount)).toEqual([119]);
    await adjust(rig.db, userId, -(await balance(rig.db, userId)) + 10, `adjustment:pg:spent:${userId}`);
    await markRefunded(rig.db, rig.services, { paymentIntentId: intent.paymentIntentId! }, {});
    expect(await balance(rig.db, userId)).toBe(0);
  }, 60_000);

  it('simultaneous checkouts with points never spend more than the balance; cancel gives them back', async () => {
    const { browser, userId } = await signedIn(rig);
    await adjust(rig.db, userId, 1000, `adjustment:pg:checkout:${userId}`);
    const api = await browser.caller();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true, checkoutToken: `pg-points-checkout-${userId}-${i}-xx` }),
      ),
    );
    expect(results.reduce((s, r) => s + r.pointsUsed, 0)).toBe(1000);
    expect(await balance(rig.db, userId)).toBe(0);
    await rig.settle();
    const partial = results.find((r) => r.pointsUsed > 0 && !r.paidWithPoints)!;
    expect(partial).toMatchObject({ pointsUsed: 100, amountMinor: 350 });
    expect(await markCanceled(rig.db, rig.services, partial.paymentIntentId!)).toBe(true);
    expect(await balance(rig.db, userId)).toBe(100);
    const unpaid = results.find((r) => r.pointsUsed === 0)!;
    expect(unpaid.amountMinor).toBe(450);
    const paidWithPoints = results.filter((r) => r.paidWithPoints);
    expect(paidWithPoints).toHaveLength(2);
    // The page's refresh grants what the two paid orders completed (first and second purchase,
    // points spender, Explorer level); the balance stays the ledger's sum.
    await api.rewards.refresh();
    const profile = await api.rewards.profile();
    expect(profile).toMatchObject({ currentPoints: await balance(rig.db, userId), reservedPoints: 0 });
    expect(profile.currentPoints).toBe(100 + 100 + 150 + 50 + 100);
  }, 60_000);

  it("an eSIM with a delivered and a waiting top-up: the traveller's refund and the owner's of a top-up at once settle every point once", async () => {
    // Another network than the tests before: registrations are limited per client.
    const browser = rig.browser({ ip: '198.51.100.77' });
    const traveller = account();
    await (await browser.caller()).auth.register(traveller);
    const { id: userId } = await rig.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', traveller.username)
      .executeTakeFirstOrThrow();
    const admin = rig.browser({ ip: '198.51.100.77' });
    const adminAccount = { username: `pg_owner_${userId}`, email: `pg_owner_${userId}@shop.example` };
    await (await admin.caller()).auth.register({ ...adminAccount, password: 'correct horse battery', fullName: 'Owner' });
    await makeAdmin(rig.db, adminAccount.username, rig.clock.now);
    const api = await browser.caller();
    const pay = async (input: { planId: number; topUpIccid?: string }, down = false) => {
      const intent = await api.payments.createIntent(input);
      if (down) waiting.add(intent.orderId);
      await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
      await rig.settle();
      return intent;
    };
    const waiting = new Set<string>();
    const topUp = rig.esim.topUp.bind(rig.esim);
    const cancel = rig.esim.cancel.bind(rig.esim);
    let cancels = 0;
    rig.esim.topUp = async (input) => {
      if (waiting.has(input.orderId)) throw new EsimProviderError('unavailable', 'top-ups are down (test)');
      return topUp(input);
    };
    rig.esim.cancel = async (iccid) => {
      cancels++;
      return cancel(iccid);
    };
    try {
      const esim = await pay({ planId: rig.plans.japan5.id });
      const order = await rig.db.selectFrom('orders').select('id').where('public_id', '=', esim.orderId).executeTakeFirstOrThrow();
      const { iccid } = await rig.db.selectFrom('esims').select('iccid').where('order_id', '=', order.id).executeTakeFirstOrThrow();
      const t1 = await pay({ planId: rig.plans.japan1.id, topUpIccid: iccid });
      const t2 = await pay({ planId: rig.plans.japan1.id, topUpIccid: iccid }, true);
      rig.clock.advance(10_000);
      const earned = await balance(rig.db, userId);
      expect(earned).toBeGreaterThan(0);
      const results = await Promise.allSettled([
        api.orders.refund({ orderId: esim.orderId }),
        (await admin.caller()).admin.orders.refund({ orderId: t1.orderId, reason: 'asked by phone' }),
      ]);
      await rig.settle();
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
      const ids = [esim.orderId, t1.orderId, t2.orderId];
      const orders = await rig.db.selectFrom('orders').select(['id', 'status']).where('public_id', 'in', ids).execute();
      expect(orders.map((o) => o.status)).toEqual(['refunded', 'refunded', 'refunded']);
      const rows = await rig.db
        .selectFrom('refunds')
        .selectAll()
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .execute();
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => r.state === 'done' && r.full === 1 && r.points_unsettled === 0)).toBe(true);
      expect(rows.reduce((n, r) => n + r.points_taken + r.points_settled_in_cash, 0)).toBe(earned);
      expect(await balance(rig.db, userId)).toBe(0);
      expect(cancels).toBe(1);
    } finally {
      rig.esim.topUp = topUp;
      rig.esim.cancel = cancel;
    }
  }, 60_000);
});

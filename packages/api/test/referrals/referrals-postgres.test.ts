// Referrals on a throwaway PostgreSQL cluster (skipped, with the reason, where no binaries exist):
// the migration, the checkout with a referral code, and the reward under real concurrency (a pool
// of connections, the referrer's row lock): five settlement passes at once credit once; the
// monthly limit holds when rewards of one referrer are decided at once; a refund after the reward
// is clawed back once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { settleReferrals } from '../../src/services/referrals/referrals.ts';
import { account } from '../orders/rig.ts';
import { makeAdmin } from '../rig.ts';
import { DAY, balance, createRewardsRig, signedIn, type RewardsRig } from '../rewards/rig.ts';

const available = findPgBinaries() !== null;
if (!available) console.warn(`[@esim/api] skipping PostgreSQL referral tests: ${pgUnavailableReason()}`);

const CARD = { number: '5555 5555 5555 4444', expMonth: 12, expYear: 2030, cvc: '123' };

describe.skipIf(!available)('referrals on PostgreSQL', () => {
  let cluster: PgCluster | undefined;
  let rig: RewardsRig;
  let admin: ReturnType<RewardsRig['browser']>;
  beforeAll(async () => {
    cluster = await startPgCluster();
    const handle = createDb(cluster.url);
    await migrateToLatest(handle.db);
    rig = await createRewardsRig({ handle });
    admin = rig.browser();
    await (await admin.caller()).auth.register(account({ username: 'pg_ref_owner', email: 'pg-ref-owner@shop.example' }));
    await makeAdmin(rig.db, 'pg_ref_owner', rig.clock.now);
  }, 60_000);
  afterAll(async () => {
    await rig?.settle();
    await rig?.close();
    await cluster?.stop();
  });

  let ip = 0;
  async function friendBuys(code: string, email: string) {
    ip++;
    const api = await rig.browser({ ip: `198.51.100.${ip}` }).caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, email, referralCode: code });
    expect(intent.referralDiscountMinor).toBe(199);
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARD });
    await rig.settle();
    return intent;
  }

  it('five passes at once credit once; with a limit of 2 a month, three friends decided at once give two rewards', async () => {
    rig.services.config.referrals = { maxRewardsPerMonth: 2 };
    const r = await signedIn(rig, { email: 'pg-referrer@example.com' });
    const { code } = await (await r.browser.caller()).referrals.mine();
    const orders = [];
    for (const n of [1, 2, 3]) orders.push(await friendBuys(code, `pg-friend${n}@example.com`));
    rig.clock.advance(14 * DAY + 1000);
    const results = await Promise.all(Array.from({ length: 5 }, () => settleReferrals(rig.db, rig.services)));
    expect(results.reduce((n, x) => n + x.credited, 0)).toBe(2);
    expect(results.reduce((n, x) => n + x.refused, 0)).toBe(1);
    const rows = await rig.db
      .selectFrom('referrals')
      .select(['status', 'reason'])
      .where('referrer_user_id', '=', r.userId)
      .orderBy('id')
      .execute();
    expect(rows.map((x) => x.reason ?? x.status).sort()).toEqual(['credited', 'credited', 'monthly_limit']);
    expect(await balance(rig.db, r.userId)).toBe(1000);

    // A refund after the reward: taken back once, whatever runs at once.
    const credited = await rig.db
      .selectFrom('referrals as x')
      .innerJoin('orders as o', 'o.id', 'x.order_id')
      .select('o.public_id')
      .where('x.referrer_user_id', '=', r.userId)
      .where('x.status', '=', 'credited')
      .executeTakeFirstOrThrow();
    await (await admin.caller()).admin.orders.refund({ orderId: credited.public_id, reason: 'technical problem' });
    await rig.settle();
    const again = await Promise.all(Array.from({ length: 5 }, () => settleReferrals(rig.db, rig.services)));
    expect(again.reduce((n, x) => n + x.clawedBack, 0)).toBe(1);
    expect(await balance(rig.db, r.userId)).toBe(500);
    expect(orders).toHaveLength(3);
  }, 120_000);
});

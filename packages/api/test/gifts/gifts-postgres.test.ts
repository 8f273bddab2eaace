// Gift an eSIM (issue 29) on a throwaway PostgreSQL cluster (skipped, with the reason, where no
// binaries exist): the same rules under real concurrency (a pool of connections, row locks instead
// of SQLite's one writer): two gives of one eSIM, five claims of one link, a claim racing the buyer's
// refund; and the top-up target's SQL (its CASE over the gift) on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { findTopUpTarget } from '../../src/services/orders/topups.ts';
import { buy, createRewardsRig, signedIn, type RewardsRig } from '../rewards/rig.ts';

const available = findPgBinaries() !== null;
if (!available) console.warn(`[@esim/api] skipping PostgreSQL gift tests: ${pgUnavailableReason()}`);

describe.skipIf(!available)('gifts on PostgreSQL', () => {
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

  async function boughtAndGiven(to: string) {
    const buyer = await signedIn(rig);
    const intent = await buy(rig, buyer.browser, rig.plans.japan1.id);
    const api = await buyer.browser.caller();
    const [esim] = await api.esims.list();
    const gives = await Promise.allSettled([
      api.gifts.give({ iccid: esim!.iccid, recipientEmail: to, message: '', locale: 'en' }),
      api.gifts.give({ iccid: esim!.iccid, recipientEmail: `other.${to}`, message: '', locale: 'en' }),
    ]);
    expect(gives.filter((g) => g.status === 'fulfilled')).toHaveLength(1);
    await rig.settle();
    const token = rig.mailer.sent
      .filter((m) => m.to === to || m.to === `other.${to}`)
      .map((m) => m.text.match(/\/esim-link\?gift=([A-Za-z0-9_-]+)/)?.[1])
      .find(Boolean)!;
    return { buyer, api, intent, iccid: esim!.iccid, token, userId: buyer.userId };
  }

  it('one give of two at once; five claims of one link: one wins; the top-up target is the recipient', async () => {
    const g = await boughtAndGiven('friend1@elsewhere.example');
    expect((await findTopUpTarget(rig.db, g.iccid))?.userId).toBeNull();
    const friend = await signedIn(rig);
    const claims = await Promise.allSettled([
      (await friend.browser.caller()).gifts.claim({ token: g.token }),
      ...Array.from({ length: 4 }, async () => (await rig.browser().caller()).gifts.claim({ token: g.token })),
    ]);
    expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    for (const c of claims) if (c.status === 'rejected') expect((c.reason as { code: string }).code).toBe('CONFLICT');
    const row = await rig.db
      .selectFrom('esim_gifts')
      .selectAll()
      .where('esim_id', 'in', rig.db.selectFrom('esims').select('id').where('iccid', '=', g.iccid))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('claimed');
    expect((await findTopUpTarget(rig.db, g.iccid))?.userId).toBe(row.recipient_user_id);
  });

  it('a claim and the buyer’s refund at once: never both', async () => {
    for (let i = 0; i < 3; i++) {
      const g = await boughtAndGiven(`race${i}@elsewhere.example`);
      const [claim, refund] = await Promise.allSettled([
        (await rig.browser().caller()).gifts.claim({ token: g.token }),
        g.api.orders.refund({ orderId: g.intent.orderId }),
      ]);
      await rig.settle();
      expect([claim.status, refund.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      const order = await rig.db.selectFrom('orders').select('status').where('public_id', '=', g.intent.orderId).executeTakeFirstOrThrow();
      const gift = await rig.db
        .selectFrom('esim_gifts')
        .select('status')
        .where('order_id', 'in', rig.db.selectFrom('orders').select('id').where('public_id', '=', g.intent.orderId))
        .executeTakeFirstOrThrow();
      expect(gift.status === 'claimed' && order.status === 'refunded').toBe(false);
    }
  });
});

// What the traveller reads about refunds (issue 23): the account's order list carries what went
// back and what was kept, and who refunded; the receipt names the owner's refunds with the owner's
// note; the self-service refund's quote names the achievements the refund would revoke.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { account, CARDS, type Browser } from './rig.ts';
import { buy, createRewardsRig, signedIn, type RewardsRig } from '../rewards/rig.ts';
import { makeAdmin } from '../rig.ts';

let rig: RewardsRig;
let admin: Browser;

beforeEach(async () => {
  rig = await createRewardsRig();
  admin = rig.browser();
  await (await admin.caller()).auth.register(account({ username: 'olive_owner', email: 'olive@shop.example' }));
  await makeAdmin(rig.db, 'olive_owner', rig.clock.now);
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

describe("the traveller's view of refunds", () => {
  it("orders.list: an owner's goodwill refund shows what went back, what was kept and who refunded", async () => {
    const { browser } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan5.id); // 19.99 USD by card
    const api = await browser.caller();
    let [row] = await api.orders.list();
    expect(row).toMatchObject({ id: intent.orderId, paidMinor: 1999, refundedMinor: 0, refundKeptMinor: 0, refundedBy: null });

    await (await admin.caller()).admin.orders.refund({ orderId: intent.orderId, amountMinor: 500, reason: 'Slow data in Osaka' });
    [row] = await api.orders.list();
    expect(row).toMatchObject({
      status: 'completed',
      paidMinor: 1999,
      refundedMinor: 500,
      refundKeptMinor: 0,
      refundedBy: 'owner',
    });

    const receipt = await api.orders.receipt({ orderId: intent.orderId });
    expect(receipt.refunds).toEqual([
      expect.objectContaining({ full: false, amountMinor: 500, actor: 'owner', note: 'Slow data in Osaka' }),
    ]);
  });

  it('a refund that keeps cash for points already used: the list says how much was kept; the traveller’s own refund has no note', async () => {
    const { browser } = await signedIn(rig);
    const a = await buy(rig, browser, rig.plans.japan5.id);
    const api = await browser.caller();
    // A's points pay part of B.
    const b = await api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true });
    await api.payments.demoConfirm({ paymentIntentId: b.paymentIntentId!, clientSecret: b.clientSecret, card: CARDS.ok });
    await rig.settle();
    const quote = await api.orders.refundQuote({ orderId: a.orderId });
    expect(quote.cashDeductedMinor).toBeGreaterThan(0);
    await api.orders.refund({ orderId: a.orderId, expectedCashDeductedMinor: quote.cashDeductedMinor });

    const row = (await api.orders.list()).find((o) => o.id === a.orderId)!;
    expect(row).toMatchObject({
      status: 'refunded',
      refundedMinor: quote.refundMinor,
      refundKeptMinor: quote.cashDeductedMinor,
      refundedBy: 'traveller',
    });
    const other = (await api.orders.list()).find((o) => o.id === b.orderId)!;
    expect(other).toMatchObject({ refundedMinor: 0, refundKeptMinor: 0, refundedBy: null });
    const receipt = await api.orders.receipt({ orderId: a.orderId });
    expect(receipt.refunds).toEqual([expect.objectContaining({ full: true, actor: 'traveller', note: null })]);
  });

  it('orders.refundQuote names the achievements the refund would revoke, by key, with their points', async () => {
    const { browser } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan1.id);
    const api = await browser.caller();
    expect((await api.orders.refundQuote({ orderId: intent.orderId })).achievementsEnded).toEqual([]);
    // The rewards page's refresh grants 'First Purchase'.
    await api.rewards.refresh();
    const held = (await api.rewards.userAchievements()).filter((a) => a.isCompleted).map((a) => a.achievement.key);
    expect(held).toContain('first_purchase');

    const quote = await api.orders.refundQuote({ orderId: intent.orderId });
    expect(quote.achievementsEnded).toContainEqual({ key: 'first_purchase', name: 'First Purchase', points: 100 });
    // The points it takes back include the achievement's.
    expect(quote.pointsTaken).toBeGreaterThanOrEqual(100);
  });
});

// The two ways refunds minted points (issue 23), as the traveller plays them through the shop's own
// procedures: on the code before the one refund engine both ended with points no money paid for.
//   1. buy A by card, spend A's points on B, refund A (the take-back was capped at the balance, so
//      nothing came back), refund B (its points return): points left, no money spent;
//   2. orders in five countries, the rewards page grants their achievements, then every order is
//      refunded: the achievement points stayed.
// The rule now: what a refund cannot take from the balance is kept from the refund in cash, so the
// points a traveller holds are always paid for: their value never exceeds the money the shop kept.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from '../orders/rig.ts';
import { balance, buy, createRewardsRig, signedIn, type RewardsRig } from './rig.ts';
import { CARDS } from '../orders/rig.ts';

let rig: RewardsRig;
beforeEach(async () => {
  rig = await createRewardsRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

/** The money the shop kept from the user's orders: card payments less refunds (US cents: USD orders). */
async function cashKept(userId: number): Promise<number> {
  const orders = await rig.db
    .selectFrom('orders')
    .select(['total_amount_minor', 'points_discount_minor', 'amount_refunded_minor', 'status'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['paid', 'provisioning', 'fulfilled', 'refunded'])
    .execute();
  return orders.reduce((n, o) => n + (o.total_amount_minor - o.points_discount_minor) - o.amount_refunded_minor, 0);
}

async function buyWithPoints(browser: Browser, planId: number) {
  const api = await browser.caller();
  const intent = await api.payments.createIntent({ planId, usePoints: true });
  if (intent.paymentIntentId)
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return intent;
}

describe('refunds cannot mint points', () => {
  it('buy A by card, spend its points on B, refund A, refund B: no points are left that no money paid for', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    for (let cycle = 0; cycle < 3; cycle++) {
      const a = await buy(rig, browser, rig.plans.japan5.id);
      const b = await buyWithPoints(browser, rig.plans.japan1.id);
      await api.orders.refund({ orderId: a.orderId });
      await api.orders.refund({ orderId: b.orderId });
      const points = await balance(rig.db, userId);
      expect(points).toBeGreaterThanOrEqual(0);
      // 1 point is worth 1 US cent.
      expect(points).toBeLessThanOrEqual(await cashKept(userId));
    }
  });

  it('orders in five countries, their achievements granted, then every order refunded: the achievement points go too', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const plans = [rig.plans.japan1.id, rig.planIn.france, rig.planIn.italy, rig.planIn.thailand, rig.planIn.usa];
    const bought = [];
    for (const planId of plans) bought.push(await buy(rig, browser, planId));
    // The rewards page's refresh grants the achievements the orders completed.
    await api.rewards.refresh();
    const granted = (await api.rewards.userAchievements()).filter((a) => a.isCompleted);
    expect(granted.length).toBeGreaterThan(0);
    expect(await balance(rig.db, userId)).toBeGreaterThan(0);
    for (const o of bought.reverse()) {
      await api.orders.refund({ orderId: o.orderId });
      await api.rewards.refresh();
    }
    const points = await balance(rig.db, userId);
    expect(points).toBeGreaterThanOrEqual(0);
    expect(points).toBeLessThanOrEqual(await cashKept(userId));
    // No order-counting achievement is held any more.
    const held = (await api.rewards.userAchievements()).filter((a) => a.isCompleted).map((a) => a.achievement.key);
    expect(held).not.toContain('first_purchase');
    expect(held).not.toContain('esims_in_5_countries');
  });
});

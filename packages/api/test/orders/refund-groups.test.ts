// An eSIM and its top-ups refunded as one group (issue 23, 'a ledger that cannot be minted'): the
// eSIM's refund takes its waiting top-ups with it, and the points of the whole group are settled at
// once — every point the group earned taken back (or its cash value kept from the group's refunds),
// the achievements the group's refund ends revoked, nothing recorded as unsettled; the provider is
// asked to cancel once per eSIM, each payment refunded once under its refund's key. And the
// system's refund of a top-up it could not deliver, beside the eSIM's other top-ups.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EsimProviderError } from '../../src/providers/esim/index.ts';
import { runDueWork } from '../../src/services/order-life/due-work.ts';
import { adjust, balance, buy, createRewardsRig, signedIn, type RewardsRig } from '../rewards/rig.ts';
import { makeAdmin } from '../rig.ts';
import { account, CARDS, type Browser, demo } from './rig.ts';

let rig: RewardsRig;
beforeEach(async () => {
  rig = await createRewardsRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const orderOf = (publicId: string) => rig.db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
const refundsOf = async (publicId: string) =>
  rig.db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', (await orderOf(publicId)).id)
    .orderBy('seq')
    .execute();
const earnedBy = async (publicId: string) =>
  Number(
    (
      await rig.db
        .selectFrom('points_ledger')
        .select('amount')
        .where('unique_key', '=', `purchase:order:${(await orderOf(publicId)).id}`)
        .executeTakeFirst()
    )?.amount ?? 0,
  );
const iccidOf = async (publicId: string) =>
  (
    await rig.db
      .selectFrom('esims')
      .select('iccid')
      .where('order_id', '=', (await orderOf(publicId)).id)
      .executeTakeFirstOrThrow()
  ).iccid;
const held = async (userId: number) =>
  (
    await rig.db
      .selectFrom('user_achievements as u')
      .innerJoin('achievements as a', 'a.id', 'u.achievement_id')
      .select('a.key')
      .where('u.user_id', '=', userId)
      .where('u.completed_at', 'is not', null)
      .execute()
  )
    .map((r) => r.key)
    .sort();

/** Counts the eSIM provider's cancel calls. */
function countCancels(): { n: number } {
  const seen = { n: 0 };
  const cancel = rig.esim.cancel.bind(rig.esim);
  rig.esim.cancel = async (iccid: string) => {
    seen.n++;
    return cancel(iccid);
  };
  return seen;
}

/** The provider's top-ups fail (a retryable outage) for the orders in `down`. */
function topUpsDown(): Set<string> {
  const down = new Set<string>();
  const topUp = rig.esim.topUp.bind(rig.esim);
  rig.esim.topUp = async (input) => {
    if (down.has(input.orderId)) throw new EsimProviderError('unavailable', 'top-ups are down (test)');
    return topUp(input);
  };
  return down;
}

async function topUp(browser: Browser, iccid: string, planId: number, down?: Set<string>) {
  const api = await browser.caller();
  const intent = await api.payments.createIntent({ planId, topUpIccid: iccid });
  down?.add(intent.orderId);
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return intent;
}

async function paymentRefunds(paymentIntentId: string) {
  return (await demo(rig).store.getIntent(paymentIntentId))?.refunds ?? [];
}

describe('the system refunds a top-up it could not deliver', () => {
  it('the top-up alone, its points taken back in full (in cash where spent), the eSIM and its other top-up kept, no cancel', async () => {
    const { browser, userId } = await signedIn(rig);
    const down = topUpsDown();
    const cancels = countCancels();
    const esim = await buy(rig, browser, rig.plans.japan5.id); // 19.99 by card
    const iccid = await iccidOf(esim.orderId);
    const t1 = await topUp(browser, iccid, rig.plans.japan1.id);
    const t2 = await topUp(browser, iccid, rig.plans.japan5.id, down);
    expect((await orderOf(t1.orderId)).status).toBe('fulfilled');
    expect((await orderOf(t2.orderId)).status).toBe('provisioning');
    const earnedT2 = await earnedBy(t2.orderId);
    expect(earnedT2).toBeGreaterThan(0);

    // While T2 waits, the rewards count the eSIM and T1 (delivered), not T2.
    await (await browser.caller()).rewards.refresh();
    expect(await held(userId)).toEqual(expect.arrayContaining(['first_purchase', 'second_purchase']));
    const heldBefore = await held(userId);
    // Every point spent (a person's correction stands in for a purchase with points).
    await adjust(rig.db, userId, -(await balance(rig.db, userId)));

    for (let i = 0; i < 8 && (await orderOf(t2.orderId)).status !== 'refunded'; i++) {
      rig.clock.advance(10_000);
      await runDueWork(rig.db, rig.services);
      await rig.settle();
    }
    expect((await orderOf(t2.orderId)).status).toBe('refunded');
    // T2's points could not come from the balance: their cash value was kept from T2's refund.
    expect(await refundsOf(t2.orderId)).toEqual([
      expect.objectContaining({
        full: 1,
        state: 'done',
        actor: 'system',
        gross_minor: 1999,
        points_taken: 0,
        points_settled_in_cash: earnedT2,
        cash_deducted_minor: earnedT2,
        amount_minor: 1999 - earnedT2,
        points_unsettled: 0,
      }),
    ]);
    expect((await paymentRefunds(t2.paymentIntentId!)).map((r) => [r.amountMinor, r.idempotencyKey])).toEqual([
      [1999 - earnedT2, `order:${t2.orderId}:refund:1`],
    ]);
    // Nothing else moved: the eSIM and T1 kept, no achievement ended, the provider not asked to cancel.
    expect((await orderOf(esim.orderId)).status).toBe('fulfilled');
    expect((await orderOf(t1.orderId)).status).toBe('fulfilled');
    expect(await held(userId)).toEqual(heldBefore);
    expect(cancels.n).toBe(0);
    expect(await balance(rig.db, userId)).toBe(0);
  });

  it("the eSIM refunded while a top-up is still undelivered: the top-up is refunded with the eSIM's group and never provisioned", async () => {
    const { browser, userId } = await signedIn(rig);
    const down = topUpsDown();
    const cancels = countCancels();
    const esim = await buy(rig, browser, rig.plans.japan1.id);
    const iccid = await iccidOf(esim.orderId);
    const t1 = await topUp(browser, iccid, rig.plans.japan1.id);
    const t2 = await topUp(browser, iccid, rig.plans.japan1.id, down);
    expect((await orderOf(t2.orderId)).status).toBe('provisioning');
    rig.clock.advance(10_000); // T2's next attempt is due, and no provisioning holds it

    const api = await browser.caller();
    const quote = await api.orders.refundQuote({ orderId: esim.orderId });
    expect(quote.topUps.map((t) => t.orderId)).toEqual([t1.orderId, t2.orderId]);
    expect(quote).toMatchObject({ grossMinor: 450 * 3, cashDeductedMinor: 0, refundMinor: 450 * 3 });
    await api.orders.refund({ orderId: esim.orderId });
    await rig.settle();

    for (const o of [esim, t1, t2]) expect((await orderOf(o.orderId)).status).toBe('refunded');
    expect((await refundsOf(t2.orderId)).map((r) => [r.actor, r.state, r.amount_minor])).toEqual([['system', 'done', 450]]);
    expect(cancels.n).toBe(1);
    // Its later attempt does nothing: it is not provisioned, nor refunded again.
    down.clear();
    rig.clock.advance(60_000);
    await runDueWork(rig.db, rig.services);
    await rig.settle();
    expect(
      await rig.db
        .selectFrom('esim_packages')
        .select('id')
        .where('order_id', '=', (await orderOf(t2.orderId)).id)
        .execute(),
    ).toEqual([]);
    expect(await refundsOf(t2.orderId)).toHaveLength(1);
    expect(await paymentRefunds(t2.paymentIntentId!)).toHaveLength(1);
    expect(await balance(rig.db, userId)).toBe(0);
  });
});

describe("the traveller's refund of an eSIM with top-ups whose points were partly spent", () => {
  it("one settlement for the group: every point earned taken back, the rest kept in cash from the eSIM's refund, ended achievements revoked", async () => {
    const { browser, userId } = await signedIn(rig);
    const cancels = countCancels();
    const esim = await buy(rig, browser, rig.plans.japan5.id); // 19.99
    const iccid = await iccidOf(esim.orderId);
    const t1 = await topUp(browser, iccid, rig.plans.japan1.id); // 4.50
    const t2 = await topUp(browser, iccid, rig.plans.japan5.id); // 19.99
    const api = await browser.caller();
    await api.rewards.refresh(); // first and second purchase granted (and whatever the profile earns)
    expect(await held(userId)).toEqual(expect.arrayContaining(['first_purchase', 'second_purchase']));
    const earned = (await earnedBy(esim.orderId)) + (await earnedBy(t1.orderId)) + (await earnedBy(t2.orderId));

    // Part of the points spent: an order in France paid partly with them (delivered: it counts, and stays).
    const b = await api.payments.createIntent({ planId: rig.planIn.france, usePoints: true });
    await api.payments.demoConfirm({ paymentIntentId: b.paymentIntentId!, clientSecret: b.clientSecret, card: CARDS.ok });
    await rig.settle();
    const bOrder = await orderOf(b.orderId);
    expect(bOrder.points_used).toBeGreaterThan(0);
    const have = await balance(rig.db, userId);

    // The group's refund ends 'second purchase' (B alone is left); 'first purchase' holds with B.
    const second = await rig.db
      .selectFrom('achievements')
      .select('points_awarded')
      .where('key', '=', 'second_purchase')
      .executeTakeFirstOrThrow();
    const owed = earned + second.points_awarded;
    expect(owed).toBeGreaterThan(have); // partly spent
    const quote = await api.orders.refundQuote({ orderId: esim.orderId });
    expect(quote).toMatchObject({
      full: true,
      grossMinor: 1999 + 450 + 1999,
      pointsTaken: have,
      pointsInCash: owed - have,
      cashDeductedMinor: owed - have, // USD: a point is a cent
      refundMinor: 1999 + 450 + 1999 - (owed - have),
      achievementsEnded: [{ name: expect.any(String), points: second.points_awarded }],
      blocked: false,
    });
    expect(quote.topUps).toEqual([
      { orderId: t1.orderId, currency: 'USD', grossMinor: 450, refundMinor: 450, cashDeductedMinor: 0 },
      { orderId: t2.orderId, currency: 'USD', grossMinor: 1999, refundMinor: 1999, cashDeductedMinor: 0 },
    ]);

    const done = await api.orders.refund({ orderId: esim.orderId, expectedCashDeductedMinor: quote.cashDeductedMinor });
    // The traveller is told about the whole group: the money of the three orders, what was kept.
    expect(done).toMatchObject({
      orderStatus: 'refunded',
      amountRefundedMinor: 1999 + 450 + 1999 - (owed - have),
      cashDeductedMinor: owed - have,
      pointsSettledInCash: owed - have,
    });
    await rig.settle();

    for (const o of [esim, t1, t2]) expect((await orderOf(o.orderId)).status).toBe('refunded');
    const rows = [...(await refundsOf(esim.orderId)), ...(await refundsOf(t1.orderId)), ...(await refundsOf(t2.orderId))];
    expect(rows.map((r) => [r.actor, r.state, r.full])).toEqual([
      ['traveller', 'done', 1],
      ['system', 'done', 1],
      ['system', 'done', 1],
    ]);
    // Every point owed accounted for once, none unsettled; the cash comes off the eSIM's refund.
    expect(rows.reduce((n, r) => n + r.points_taken + r.points_settled_in_cash, 0)).toBe(owed);
    expect(rows.reduce((n, r) => n + r.points_settled_in_cash, 0)).toBe(owed - have);
    expect(rows.every((r) => r.points_unsettled === 0)).toBe(true);
    expect(rows.map((r) => r.amount_minor)).toEqual([1999 - (owed - have), 450, 1999]);
    // The balance gave all it had; only B's points spent are left out of it, and B stays.
    expect(await balance(rig.db, userId)).toBe(0);
    expect(bOrder.status).toBe('fulfilled');
    expect(await held(userId)).not.toContain('second_purchase');
    expect(await held(userId)).toContain('first_purchase');
    // The provider asked once; each payment refunded once, under its own key.
    expect(cancels.n).toBe(1);
    for (const [o, amount] of [
      [esim, 1999 - (owed - have)],
      [t1, 450],
      [t2, 1999],
    ] as const)
      expect((await paymentRefunds(o.paymentIntentId!)).map((r) => [r.amountMinor, r.idempotencyKey])).toEqual([
        [amount, `order:${o.orderId}:refund:1`],
      ]);
  });

  it('a group whose spent points are worth more than all of its refunds is refused before anything is done (the eSIM is not canceled)', async () => {
    const { browser, userId } = await signedIn(rig);
    // 'Second purchase' worth more than the eSIM and its top-up together.
    await rig.db.updateTable('achievements').set({ points_awarded: 2000 }).where('key', '=', 'second_purchase').execute();
    const cancels = countCancels();
    const esim = await buy(rig, browser, rig.plans.japan1.id);
    const t1 = await topUp(browser, await iccidOf(esim.orderId), rig.plans.japan1.id);
    const api = await browser.caller();
    await api.rewards.refresh();
    await adjust(rig.db, userId, -(await balance(rig.db, userId))); // all spent
    const quote = await api.orders.refundQuote({ orderId: esim.orderId });
    expect(quote.blocked).toBe(true);
    await expect(api.orders.refund({ orderId: esim.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/worth more than this refund/),
    });
    expect(cancels.n).toBe(0);
    for (const o of [esim, t1]) {
      expect((await orderOf(o.orderId)).status).toBe('fulfilled');
      expect(await refundsOf(o.orderId)).toEqual([]);
    }
    expect(await balance(rig.db, userId)).toBe(0);
    expect(await held(userId)).toContain('second_purchase');
  });

  it("the owner's full refund of the eSIM: the same group, and the answer names the top-ups and what was kept for all of them", async () => {
    const { browser, userId } = await signedIn(rig);
    const admin = rig.browser();
    await (await admin.caller()).auth.register(account({ username: 'group_admin', email: 'group-admin@shop.example' }));
    await makeAdmin(rig.db, 'group_admin', rig.clock.now);
    const cancels = countCancels();
    const esim = await buy(rig, browser, rig.plans.japan1.id);
    const t1 = await topUp(browser, await iccidOf(esim.orderId), rig.plans.japan1.id);
    const earned = (await earnedBy(esim.orderId)) + (await earnedBy(t1.orderId));
    await adjust(rig.db, userId, -(await balance(rig.db, userId))); // all spent
    const api = await admin.caller();
    expect(await api.admin.orders.refundQuote({ orderId: esim.orderId })).toMatchObject({
      grossMinor: 900,
      cashDeductedMinor: earned,
      refundMinor: 900 - earned,
      topUps: [{ orderId: t1.orderId, grossMinor: 450, cashDeductedMinor: 0 }],
    });
    const r = await api.admin.orders.refund({ orderId: esim.orderId, reason: 'Asked by phone' });
    expect(r.outcome).toBe('done');
    expect(r.message).toContain(`${(earned / 100).toFixed(2)} USD was kept for ${earned} points these orders earned`);
    expect(r.message).toContain(`Its top-up ${t1.orderId} was refunded with it.`);
    for (const o of [esim, t1]) expect((await orderOf(o.orderId)).status).toBe('refunded');
    expect((await refundsOf(esim.orderId)).map((x) => [x.actor, x.cash_deducted_minor, x.amount_minor])).toEqual([
      ['owner', earned, 450 - earned],
    ]);
    expect((await refundsOf(t1.orderId)).map((x) => [x.actor, x.cash_deducted_minor, x.amount_minor])).toEqual([['system', 0, 450]]);
    expect(cancels.n).toBe(1);
    expect(await balance(rig.db, userId)).toBe(0);
  });

  it('a top-up the provider applies while its eSIM is being refunded is not delivered: the system refunds it, its points settled', async () => {
    const { browser, userId } = await signedIn(rig);
    const cancels = countCancels();
    const esim = await buy(rig, browser, rig.plans.japan1.id);
    const api = await browser.caller();
    // The traveller refunds the eSIM while the provider is applying the top-up (provisioning holds it).
    const topUpAtProvider = rig.esim.topUp.bind(rig.esim);
    let refunding: Promise<unknown> | null = null;
    rig.esim.topUp = async (input) => {
      const applied = await topUpAtProvider(input);
      refunding = api.orders.refund({ orderId: esim.orderId });
      await refunding;
      return applied;
    };
    const t1 = await topUp(browser, await iccidOf(esim.orderId), rig.plans.japan1.id);
    await refunding;
    await rig.settle();
    expect((await orderOf(esim.orderId)).status).toBe('refunded');
    expect((await orderOf(t1.orderId)).status).toBe('refunded');
    expect((await refundsOf(t1.orderId)).map((r) => [r.actor, r.reason, r.amount_minor, r.points_unsettled])).toEqual([
      ['system', 'the eSIM could not be delivered', 450, 0],
    ]);
    expect(
      await rig.db
        .selectFrom('esim_packages')
        .select('id')
        .where('order_id', '=', (await orderOf(t1.orderId)).id)
        .execute(),
    ).toEqual([]);
    expect(cancels.n).toBe(1);
    expect(await balance(rig.db, userId)).toBe(0);
  });
});

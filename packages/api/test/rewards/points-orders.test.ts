// Points and orders: purchases earn points in the step that marks the order paid (signed-in buyers
// only, once however often the step runs), at the level's multiplier; refunds claw them back, never
// below a zero balance; partial refunds take their share.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fulfilOrder } from '../../src/services/order-life/claim.ts';
import { markRefunded, recordPartialRefund } from '../../src/services/order-life/refunds.ts';
import { advanceDemoRenewal } from '../../src/services/orders/subscriptions.ts';
import { adjust, balance, buy, createRewardsRig, ledger, signedIn, type RewardsRig } from './rig.ts';

let rig: RewardsRig;
beforeEach(async () => {
  rig = await createRewardsRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

/** A pending order whose payment the caller says succeeded (fulfilOrder trusts its caller). */
async function pendingOrder(userId: number | null, usdMinor: number, paymentIntentId: string): Promise<number> {
  const now = rig.clock.now.toISOString();
  const row = await rig.db
    .insertInto('orders')
    .values({
      public_id: `ORD-${paymentIntentId
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .padEnd(10, '0')
        .slice(0, 10)}`,
      user_id: userId,
      email: 'x@y.z',
      plan_id: rig.plans.japan5.id,
      plan_name: 'Japan 5GB 30 Days',
      plan_data_amount: '5GB',
      plan_data_mb: 5120,
      plan_validity_days: 30,
      currency: 'USD',
      unit_amount_minor: usdMinor,
      total_amount_minor: usdMinor,
      usd_amount_minor: usdMinor,
      rate_micros: 1_000_000,
      payment_provider: 'demo',
      payment_intent_id: paymentIntentId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const orderOf = (publicId: string) => rig.db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();

describe('earning on purchases', () => {
  it('a signed-in purchase earns 5 points per USD paid (19.99 USD → 99), credited with the paid claim', async () => {
    const { browser, userId } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan5.id);
    const order = await orderOf(intent.orderId);
    expect(await ledger(rig.db, userId)).toEqual([
      { source: 'purchase', amount: 99, unique_key: `purchase:order:${order.id}`, order_id: order.id },
    ]);
    const history = await (await browser.caller()).rewards.pointsHistory();
    expect(history.find((h) => h.source === 'purchase')).toMatchObject({
      points: 99,
      description: `Purchase: Japan 5GB 30 Days (${intent.orderId})`,
    });
  });

  it('paid in GBP: points on the USD price the order was charged against', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, currency: 'GBP' });
    await api.payments.demoConfirm({
      paymentIntentId: intent.paymentIntentId!,
      clientSecret: intent.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    await rig.settle();
    expect((await ledger(rig.db, userId)).map((r) => r.amount)).toEqual([99]);
  });

  it('a guest earns nothing (and a guest order joining an account later earns nothing either)', async () => {
    await buy(rig, rig.browser(), rig.plans.japan5.id, { email: 'guest@traveller.example' });
    expect(await rig.db.selectFrom('points_ledger').selectAll().execute()).toEqual([]);
  });

  it('the level multiplier applies: Explorer ×1.2 → 119, Jetsetter ×2 → 199', async () => {
    const { browser, userId } = await signedIn(rig);
    await adjust(rig.db, userId, 500, 'adjustment:explorer');
    await buy(rig, browser, rig.plans.japan5.id);
    expect((await ledger(rig.db, userId)).filter((r) => r.source === 'purchase').map((r) => r.amount)).toEqual([119]);
    await adjust(rig.db, userId, 6000, 'adjustment:jetsetter');
    await buy(rig, browser, rig.plans.japan5.id);
    expect((await ledger(rig.db, userId)).filter((r) => r.source === 'purchase').map((r) => r.amount)).toEqual([119, 199]);
  });

  it('the fulfil step run 10 times at once (webhook, return page, reconcile…) claims once and credits once', async () => {
    const { userId } = await signedIn(rig);
    await pendingOrder(userId, 1999, 'pi_race');
    const results = await Promise.all(Array.from({ length: 10 }, () => fulfilOrder(rig.db, rig.services, 'pi_race')));
    expect(results.filter((r) => r.claimed)).toHaveLength(1);
    await rig.settle();
    expect((await ledger(rig.db, userId)).filter((r) => r.source === 'purchase').map((r) => r.amount)).toEqual([99]);
  });

  it('a subscription earns on its first payment and on each renewal (85% of 19.99 = 16.99 USD → 84)', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
    await api.payments.demoConfirm({
      paymentIntentId: sub.paymentIntentId!,
      clientSecret: sub.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    await rig.settle();
    rig.clock.advance(31 * 86_400_000);
    expect((await advanceDemoRenewal(rig.db, rig.services, sub.subscriptionId!)).outcome).toBe('renewed');
    await rig.settle();
    const purchases = (await ledger(rig.db, userId)).filter((r) => r.source === 'purchase');
    expect(purchases.map((r) => r.amount)).toEqual([84, 84]);
    expect(new Set(purchases.map((r) => r.order_id)).size).toBe(2);
  });

  it('a tiny card part that comes to 0 points writes no row', async () => {
    const { userId } = await signedIn(rig);
    const id = await pendingOrder(userId, 19, 'pi_tiny');
    expect((await fulfilOrder(rig.db, rig.services, 'pi_tiny')).claimed).toBe(true);
    expect(await ledger(rig.db, userId)).toEqual([]);
    expect((await rig.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('paid');
  });
});

describe('the history words each row from its facts', () => {
  it('purchase, points used, refund, check-in and achievement rows carry the order and plan, the region, the achievement', async () => {
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const first = await buy(rig, browser, rig.plans.japan5.id);
    await adjust(rig.db, userId, 1000);
    const second = await api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true });
    await api.rewards.checkIn({ regionId: rig.regions.japan });
    const firstOrder = await orderOf(first.orderId);
    expect(await markRefunded(rig.db, rig.services, { orderId: firstOrder.id }, {})).toBe(true);
    const history = await api.rewards.pointsHistory();
    const about = (kind: string) => history.filter((h) => h.about?.kind === kind).map((h) => h.about);
    const japan5 = { regionCode: 'JP', regionKind: 'country', dataMb: 5120, validityDays: 30 };
    expect(about('purchase')).toEqual([
      { kind: 'purchase', order: { id: first.orderId, planName: 'Japan 5GB 30 Days', planFacts: expect.objectContaining(japan5) } },
    ]);
    expect(about('refund')).toEqual([
      { kind: 'refund', order: { id: first.orderId, planName: 'Japan 5GB 30 Days', planFacts: expect.objectContaining(japan5) } },
    ]);
    expect(about('pointsUsed')).toEqual([
      {
        kind: 'pointsUsed',
        order: { id: second.orderId, planName: expect.any(String), planFacts: expect.objectContaining({ regionCode: 'JP', dataMb: 1024 }) },
      },
    ]);
    expect(about('checkIn')).toEqual([{ kind: 'checkIn', region: { code: 'JP', name: 'Japan' }, verifiedTrip: expect.any(Boolean) }]);
    // The first purchase completed an achievement; its row names it by its stable key.
    const achieved = history.filter((h) => h.source === 'achievement');
    expect(achieved.length).toBeGreaterThan(0);
    for (const h of achieved) expect(h.about).toMatchObject({ achievement: { key: expect.stringMatching(/^[a-z_]+$/) } });
    // An adjustment has no facts: its stored description stays the text.
    expect(history.find((h) => h.source === 'adjustment')).toMatchObject({ description: 'test' });
    expect(history.find((h) => h.source === 'adjustment')?.about).toBeUndefined();
  });
});

describe('refunds', () => {
  it('a full refund claws the purchase points back, once', async () => {
    const { browser, userId } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan5.id);
    const order = await orderOf(intent.orderId);
    await adjust(rig.db, userId, 1000);
    expect(await markRefunded(rig.db, rig.services, { orderId: order.id }, {})).toBe(true);
    expect(await markRefunded(rig.db, rig.services, { orderId: order.id }, {})).toBe(false);
    expect((await ledger(rig.db, userId)).filter((r) => r.order_id === order.id)).toEqual([
      { source: 'purchase', amount: 99, unique_key: `purchase:order:${order.id}`, order_id: order.id },
      { source: 'refund', amount: -99, unique_key: `refund:order:${order.id}:r1`, order_id: order.id },
    ]);
    expect(await balance(rig.db, userId)).toBe(1000);
    // Lifetime points (the level) lose the clawback too: 1000 + 99 − 99, and 100 for reaching Explorer.
    const api = await browser.caller();
    await api.rewards.refresh();
    expect((await api.rewards.profile()).totalPointsEarned).toBe(1100);
  });

  it('a refund made at the payment service (money gone already): the balance gives what it has, the rest is recorded as unsettled', async () => {
    const { browser, userId } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan5.id);
    const order = await orderOf(intent.orderId);
    // The points went elsewhere (spent): only 30 are left.
    const { balance: before } = { balance: await balance(rig.db, userId) };
    await adjust(rig.db, userId, -(before - 30));
    await markRefunded(rig.db, rig.services, { orderId: order.id }, {});
    expect(await balance(rig.db, userId)).toBe(0);
    expect((await ledger(rig.db, userId)).find((r) => r.source === 'refund')).toMatchObject({ amount: -30 });
    const p = await (await browser.caller()).rewards.profile();
    expect(p.currentPoints).toBe(0);
    // Never dropped silently: the refund row says 69 points could not be settled.
    expect(
      await rig.db.selectFrom('refunds').select(['actor', 'points_taken', 'points_unsettled']).where('order_id', '=', order.id).execute(),
    ).toEqual([{ actor: 'owner', points_taken: 30, points_unsettled: 69 }]);
  });

  it('with nothing left, a refund writes no clawback row at all', async () => {
    const { browser, userId } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan5.id);
    await adjust(rig.db, userId, -(await balance(rig.db, userId)));
    await markRefunded(rig.db, rig.services, { orderId: (await orderOf(intent.orderId)).id }, {});
    expect((await ledger(rig.db, userId)).filter((r) => r.source === 'refund')).toEqual([]);
    expect(await balance(rig.db, userId)).toBe(0);
  });

  it('partial refunds take their share (redelivered events count once); the full refund takes the rest', async () => {
    const { browser, userId } = await signedIn(rig);
    const intent = await buy(rig, browser, rig.plans.japan5.id);
    const order = await orderOf(intent.orderId);
    await adjust(rig.db, userId, 1000);
    await recordPartialRefund(rig.db, rig.services, intent.paymentIntentId!, 500); // 500 / 1999 of 99 → 24
    await recordPartialRefund(rig.db, rig.services, intent.paymentIntentId!, 500);
    await recordPartialRefund(rig.db, rig.services, intent.paymentIntentId!, 1000); // 1000 / 1999 → 49 in all
    expect((await ledger(rig.db, userId)).filter((r) => r.source === 'refund').map((r) => [r.amount, r.unique_key])).toEqual([
      [-24, `refund:order:${order.id}:r1`],
      [-25, `refund:order:${order.id}:r2`],
    ]);
    await markRefunded(rig.db, rig.services, { paymentIntentId: intent.paymentIntentId! }, { amountRefundedMinor: 1999 });
    const refunds = (await ledger(rig.db, userId)).filter((r) => r.source === 'refund');
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(-99);
  });
});

// Spending points at checkout: the server decides what points pay (the card keeps the minimum, or
// points pay everything and there is no card), reserves them with the order (under concurrency too),
// gives them back when the order cannot be paid any more or is refunded, and earns nothing on the
// part points paid. An order paid with points only is fulfilled once, like any paid order.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fulfilOrder, fulfilOrderById, markCanceled } from '../../src/services/order-life/claim.ts';
import { runDueWork } from '../../src/services/order-life/due-work.ts';
import { markRefunded } from '../../src/services/order-life/refunds.ts';
import { expireOrder } from '../../src/services/orders/order-expiry.ts';
import { CARDS, counts } from '../orders/rig.ts';
import { adjust, balance, createRewardsRig, ledger, signedIn, type RewardsRig } from './rig.ts';

let rig: RewardsRig;
beforeEach(async () => {
  rig = await createRewardsRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const orderOf = (publicId: string) => rig.db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();

async function withPoints(points: number) {
  const me = await signedIn(rig);
  await adjust(rig.db, me.userId, points, `adjustment:start:${me.userId}`);
  return me;
}

describe('what points pay', () => {
  it('part of the order: the card keeps the 0.50 minimum; the intent is for the card part only; the rest is reserved', async () => {
    const { browser, userId } = await withPoints(420);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true });
    expect(intent).toMatchObject({
      amount: 0.5,
      amountMinor: 50,
      currency: 'USD',
      pointsUsed: 400,
      pointsDiscountMinor: 400,
      paidWithPoints: false,
      reused: false,
    });
    expect((await rig.services.payments.retrievePaymentIntent(intent.paymentIntentId!)).amountMinor).toBe(50);
    const order = await orderOf(intent.orderId);
    expect(order).toMatchObject({ total_amount_minor: 450, points_used: 400, points_discount_minor: 400, status: 'pending_payment' });
    expect((await ledger(rig.db, userId)).at(-1)).toEqual({
      source: 'redemption',
      amount: -400,
      unique_key: `redemption:order:${order.id}`,
      order_id: order.id,
    });
    expect(await api.rewards.profile()).toMatchObject({ currentPoints: 20, reservedPoints: 400 });
  });

  it('in GBP: the discount converted at the stored rate', async () => {
    const { browser } = await withPoints(1000);
    const intent = await (await browser.caller()).payments.createIntent({ planId: rig.plans.japan5.id, currency: 'GBP', usePoints: true });
    // 19.99 USD = 15.79 GBP; 1000 points = 10 USD = 7.90 GBP.
    expect(intent).toMatchObject({ currency: 'GBP', pointsUsed: 1000, pointsDiscountMinor: 790, amountMinor: 1579 - 790 });
  });

  it('nothing earned on the part points paid: 4.50 with 4.00 in points earns on 0.50 (2 points)', async () => {
    const { browser, userId } = await withPoints(420);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true });
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const order = await orderOf(intent.orderId);
    expect(order.status).toBe('fulfilled');
    expect((await ledger(rig.db, userId)).find((r) => r.source === 'purchase')).toEqual({
      source: 'purchase',
      amount: 2,
      unique_key: `purchase:order:${order.id}`,
      order_id: order.id,
    });
    const p = await api.rewards.profile();
    expect(p).toMatchObject({ reservedPoints: 0 });
    const view = await api.orders.byPaymentIntent({ paymentIntentId: intent.paymentIntentId! });
    expect(view).toMatchObject({
      paymentMethod: 'Card',
      pointsUsed: 400,
      pointsDiscountMinor: 400,
      amountPaidMinor: 50,
      pointsEarned: 2,
      totalMinor: 450,
    });
    // The delivery e-mail says the same.
    const mail = rig.mailer.sent.find((m) => m.subject.includes(intent.orderId));
    expect(mail?.text).toContain('Payment method: Card and rewards points');
    expect(mail?.text).toContain('Rewards points used: 400 (paid $4.00)');
    expect(mail?.text).toContain('Rewards points earned: 2');
    expect(mail?.html).toContain('Rewards points earned');
  });

  it('without usePoints, or without points, nothing is spent; a guest cannot spend points', async () => {
    const { browser, userId } = await withPoints(300);
    const api = await browser.caller();
    expect(await api.payments.createIntent({ planId: rig.plans.japan1.id })).toMatchObject({
      amountMinor: 450,
      pointsUsed: 0,
      paidWithPoints: false,
    });
    expect(await balance(rig.db, userId)).toBe(300);
    const empty = await signedIn(rig);
    expect(await (await empty.browser.caller()).payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true })).toMatchObject({
      amountMinor: 450,
      pointsUsed: 0,
    });
    const guest = await rig.browser().caller();
    expect(
      await guest.payments.createIntent({ planId: rig.plans.japan1.id, email: 'guest@traveller.example', usePoints: true }),
    ).toMatchObject({ amountMinor: 450, pointsUsed: 0 });
    expect((await rig.db.selectFrom('points_ledger').select('source').where('source', '=', 'redemption').execute()).length).toBe(0);
  });

  it('usePoints must be a boolean', async () => {
    const { browser } = await withPoints(300);
    await expect(
      (await browser.caller()).payments.createIntent({ planId: rig.plans.japan1.id, usePoints: 'yes' as never }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('paid with points only', () => {
  it('no card: the order is paid at once, fulfilled once, earns nothing; the success page finds it', async () => {
    const { browser, userId } = await withPoints(5000);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({
      planId: rig.plans.japan5.id,
      usePoints: true,
      checkoutToken: 'points-only-checkout-0001',
    });
    expect(intent).toMatchObject({
      clientSecret: '',
      paymentIntentId: `points_${intent.orderId}`,
      amount: 0,
      amountMinor: 0,
      paymentStatus: 'succeeded',
      pointsUsed: 1999,
      pointsDiscountMinor: 1999,
      paidWithPoints: true,
    });
    await rig.settle();
    const order = await orderOf(intent.orderId);
    expect(order).toMatchObject({
      status: 'fulfilled',
      points_used: 1999,
      points_discount_minor: 1999,
      payment_intent_id: `points_${intent.orderId}`,
    });
    // The fulfil step again (any caller) changes nothing.
    expect((await fulfilOrderById(rig.db, rig.services, order.id)).claimed).toBe(false);
    expect((await fulfilOrder(rig.db, rig.services, order.payment_intent_id!)).claimed).toBe(false);
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 1, fulfilled: 1, esims: 1, emails: 1 });
    expect((await ledger(rig.db, userId)).map((r) => [r.source, r.amount])).toEqual([
      ['adjustment', 5000],
      ['redemption', -1999],
    ]);
    // A retried checkout (same token) gets the same answer, and spends nothing more.
    const again = await api.payments.createIntent({
      planId: rig.plans.japan5.id,
      usePoints: true,
      checkoutToken: 'points-only-checkout-0001',
    });
    expect(again).toMatchObject({ orderId: intent.orderId, paidWithPoints: true, reused: true, pointsUsed: 1999 });
    expect(await balance(rig.db, userId)).toBe(5000 - 1999);
    const view = await api.orders.byPaymentIntent({ paymentIntentId: intent.paymentIntentId! });
    expect(view).toMatchObject({ ready: true, paymentMethod: 'Points', amountPaidMinor: 0, pointsEarned: 0, pointsUsed: 1999 });
    // Nobody else sees it.
    const other = await signedIn(rig);
    await expect((await other.browser.caller()).orders.byPaymentIntent({ paymentIntentId: intent.paymentIntentId! })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
  });

  it('refunded (e.g. the eSIM could not be delivered): the points come back', async () => {
    const { browser, userId } = await withPoints(5000);
    const intent = await (await browser.caller()).payments.createIntent({ planId: rig.plans.japan5.id, usePoints: true });
    await rig.settle();
    const order = await orderOf(intent.orderId);
    expect(await markRefunded(rig.db, rig.services, { orderId: order.id }, { refundId: null, amountRefundedMinor: 0 })).toBe(true);
    expect(await balance(rig.db, userId)).toBe(5000);
    expect((await ledger(rig.db, userId)).at(-1)).toEqual({
      source: 'release',
      amount: 1999,
      unique_key: `release:order:${order.id}`,
      order_id: order.id,
    });
  });

  it('undeliverable: refunded in points after the last attempt, without a payment provider refund', async () => {
    rig.esim.failNext(100);
    const { browser, userId } = await withPoints(5000);
    const intent = await (await browser.caller()).payments.createIntent({ planId: rig.plans.japan5.id, usePoints: true });
    await rig.settle();
    for (let i = 0; i < 6; i++) {
      rig.clock.advance(10_000);
      await runDueWork(rig.db, rig.services);
      await rig.settle();
    }
    expect(await orderOf(intent.orderId)).toMatchObject({ status: 'refunded', amount_refunded_minor: 0 });
    expect(await balance(rig.db, userId)).toBe(5000);
    const notices = rig.mailer.sent.filter((m) => /refunded/.test(m.subject));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Rewards points returned to your account: 1,999.');
    expect(notices[0]!.text).not.toContain('refunded to your card');
  });
});

describe('reservations under concurrency', () => {
  it('five checkouts at once with 1,000 points: 4.50 + 4.50 in full, then 1.00, then none; never more than the balance', async () => {
    const { browser, userId } = await withPoints(1000);
    const api = await browser.caller();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true, checkoutToken: `concurrent-checkout-${i}-xxxxxxxx` }),
      ),
    );
    expect(results.map((r) => r.pointsUsed).sort((a, b) => b - a)).toEqual([450, 450, 100, 0, 0]);
    expect(results.filter((r) => r.paidWithPoints)).toHaveLength(2);
    expect(await balance(rig.db, userId)).toBe(0);
    for (const r of results) expect(r.paidWithPoints ? r.amountMinor === 0 : r.amountMinor >= 50).toBe(true);
  });
});

describe('points come back when the order cannot be paid any more', () => {
  it('a declined card keeps them reserved (the order can still be paid); a canceled payment gives them back, once', async () => {
    const { browser, userId } = await withPoints(420);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true });
    const declined = await api.payments.demoConfirm({
      paymentIntentId: intent.paymentIntentId!,
      clientSecret: intent.clientSecret,
      card: CARDS.declined,
    });
    expect(declined.status).toBe('failed');
    expect((await orderOf(intent.orderId)).status).toBe('payment_failed');
    expect(await api.rewards.profile()).toMatchObject({ currentPoints: 20, reservedPoints: 400 });

    expect(await markCanceled(rig.db, rig.services, intent.paymentIntentId!)).toBe(true);
    expect(await balance(rig.db, userId)).toBe(420);
    expect(await markCanceled(rig.db, rig.services, intent.paymentIntentId!)).toBe(false);
    expect(await api.rewards.profile()).toMatchObject({ currentPoints: 420, reservedPoints: 0 });
    expect((await ledger(rig.db, userId)).filter((r) => r.source === 'release')).toHaveLength(1);
  });

  it('an expired order gives them back; paid after all, they are taken again (at most the balance)', async () => {
    const { browser, userId } = await withPoints(420);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true });
    const order = await orderOf(intent.orderId);
    expect(await expireOrder(rig.db, rig.services, { orderId: order.id })).toBe(true);
    expect(await balance(rig.db, userId)).toBe(420);
    // Spend some elsewhere, then the late payment succeeds.
    await adjust(rig.db, userId, -300);
    expect((await fulfilOrder(rig.db, rig.services, intent.paymentIntentId!)).claimed).toBe(true);
    await rig.settle();
    expect(await balance(rig.db, userId)).toBe(0 + 2); // 120 taken again (all there was), then 2 earned on the card's 0.50
    expect((await ledger(rig.db, userId)).find((r) => r.unique_key === `redemption:order:${order.id}:again`)).toMatchObject({
      amount: -120,
    });
  });

  it('a status changed without the release (a crash in between) is caught up when the rewards page refreshes or points are spent', async () => {
    const { browser, userId } = await withPoints(420);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true });
    await rig.db.updateTable('orders').set({ status: 'canceled' }).where('public_id', '=', intent.orderId).execute();
    expect(await balance(rig.db, userId)).toBe(20);
    // A read does not release it (queries never write); the page's refresh does.
    expect(await api.rewards.profile()).toMatchObject({ currentPoints: 20 });
    expect(await balance(rig.db, userId)).toBe(20);
    expect(await api.rewards.refresh()).toMatchObject({ released: 400 });
    expect(await api.rewards.profile()).toMatchObject({ currentPoints: 420, reservedPoints: 0 });
    expect(await balance(rig.db, userId)).toBe(420);
  });

  it('a refund of an order paid partly with points gives the points back and claws back what it earned', async () => {
    const { browser, userId } = await withPoints(420);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id, usePoints: true });
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    expect(await balance(rig.db, userId)).toBe(20 + 2);
    await markRefunded(rig.db, rig.services, { paymentIntentId: intent.paymentIntentId! }, {});
    expect(await balance(rig.db, userId)).toBe(420);
    expect((await orderOf(intent.orderId)).amount_refunded_minor).toBe(50);
    await rig.settle();
    const notice = rig.mailer.sent.find((m) => /refunded/.test(m.subject))!;
    expect(notice.text).toContain('The payment of $0.50 has been refunded to your card.');
    expect(notice.text).toContain('Rewards points returned to your account: 400.');
  });
});

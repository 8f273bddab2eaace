// Issue 29 with Stripe: an order whose price depends on a promo code or a referral is paid with a
// hold (capture_method=manual), and the per-customer limit / self-referral is checked with the
// card's fingerprint before any money is taken. The SDK's calls are answered by the msw Stripe fake
// (orders/stripe-fake.ts, from Stripe's API reference); webhooks signed by the SDK's own helper and
// fed to the same receiveWebhook the HTTP route calls.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from '../../src/providers/payments/index.ts';
import { receiveWebhook } from '../../src/services/payments/payment-events.ts';
import { settleReferrals } from '../../src/services/referrals/referrals.ts';
import { account, type Browser } from '../orders/rig.ts';
import { WHSEC, createStripeFake, type StripeFake } from '../orders/stripe-fake.ts';
import { makeAdmin } from '../rig.ts';
import { DAY, balance, createRewardsRig, signedIn, type RewardsRig } from '../rewards/rig.ts';

let fake: StripeFake;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let rig: RewardsRig;
let admin: Browser;
const nowS = () => Math.floor(rig.clock.now.getTime() / 1000);

beforeEach(async () => {
  fake = createStripeFake();
  server.resetHandlers(...fake.handlers);
  rig = await createRewardsRig({
    payments: () =>
      new StripePaymentProvider({
        secretKey: 'sk_test_holds',
        publishableKey: 'pk_test_holds',
        webhookSecret: WHSEC,
        clientConfig: { maxNetworkRetries: 0, telemetry: false },
      }),
  });
  admin = rig.browser();
  await (await admin.caller()).auth.register(account({ username: 'owner_admin', email: 'owner@shop.example' }));
  await makeAdmin(rig.db, 'owner_admin', rig.clock.now);
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

let ipSeq = 0;
function guest() {
  ipSeq++;
  return rig.browser({ ip: `198.51.100.${ipSeq % 250}` });
}

async function deliver(type: string, piId: string, id?: string) {
  const payload = JSON.stringify(fake.event(type, structuredClone(fake.intents.get(piId)), nowS(), id));
  const r = await receiveWebhook(rig.db, rig.services, payload, fake.sign(payload, nowS()));
  await rig.settle();
  return r;
}

async function createCode(over: Record<string, unknown> = {}) {
  return (await admin.caller()).admin.promotions.create({
    code: 'SUMMER10',
    kind: 'percent',
    percent: 10,
    amounts: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerCustomer: 1,
    minSpendUsdMinor: 0,
    regionIds: null,
    planIds: null,
    firstOrderOnly: false,
    combinesWithPoints: true,
    ...over,
  });
}

const orderOf = (publicId: string) => rig.db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
const redemptionOf = async (publicId: string) =>
  rig.db
    .selectFrom('promo_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.state', 'r.card_fingerprint'])
    .where('o.public_id', '=', publicId)
    .executeTakeFirstOrThrow();
const usesCount = async () => (await rig.db.selectFrom('promo_codes').select('uses_count').executeTakeFirstOrThrow()).uses_count;

async function checkout(b: Browser, input: { email?: string; promoCode?: string; referralCode?: string; checkoutToken?: string }) {
  return (await b.caller()).payments.createIntent({ planId: rig.plans.japan5.id, ...input });
}

describe('promo code with Stripe: a hold, the card checked, then capture or cancel', () => {
  it('an order with a code is created with capture_method=manual; one without keeps automatic capture', async () => {
    await createCode();
    const withCode = await checkout(guest(), { email: 'a@example.com', promoCode: 'SUMMER10' });
    const without = await checkout(guest(), { email: 'b@example.com' });
    expect(fake.intents.get(withCode.paymentIntentId!)!.capture_method).toBe('manual');
    expect(fake.intents.get(without.paymentIntentId!)!.capture_method).toBe('automatic');
  });

  it('allowed: captured once even with the events twice and out of order; the card recorded on the redemption', async () => {
    await createCode();
    const o = await checkout(guest(), { email: 'first@example.com', promoCode: 'SUMMER10' });
    const id = o.paymentIntentId!;
    fake.pay(id, 'succeeded', { fingerprint: 'fp_card_A' });
    // Twice the same delivery (a redelivery), then a second event of the same kind, concurrently.
    const a = fake.event('payment_intent.amount_capturable_updated', structuredClone(fake.intents.get(id)), nowS(), 'evt_hold_1');
    const payload = JSON.stringify(a);
    const results = await Promise.all([
      receiveWebhook(rig.db, rig.services, payload, fake.sign(payload, nowS())),
      receiveWebhook(rig.db, rig.services, payload, fake.sign(payload, nowS())),
      deliver('payment_intent.amount_capturable_updated', id, 'evt_hold_2'),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['duplicate', 'processed', 'processed']);
    await rig.settle();
    // payment_intent.succeeded after the capture, then the hold event again, late.
    await deliver('payment_intent.succeeded', id, 'evt_succ');
    await deliver('payment_intent.amount_capturable_updated', id, 'evt_hold_3');
    expect(fake.captures).toEqual([{ payment_intent: id, amount: o.amountMinor }]);
    // Every capture call under the order's own idempotency key.
    const captureCalls = fake.calls.filter((c) => c.path === `/v1/payment_intents/${id}/capture`);
    expect(captureCalls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(captureCalls.map((c) => c.key))).toEqual(new Set([`order:${o.orderId}:capture`]));
    expect((await orderOf(o.orderId)).status).toBe('fulfilled');
    expect(await redemptionOf(o.orderId)).toEqual({ state: 'active', card_fingerprint: 'fp_card_A' });
    const paidEvents = await rig.db
      .selectFrom('order_events as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select('e.id')
      .where('o.public_id', '=', o.orderId)
      .where('e.to_status', '=', 'paid')
      .execute();
    expect(paidEvents).toHaveLength(1);
  });

  it('payment_intent.succeeded first (captured elsewhere): the order is paid; the late hold event changes nothing', async () => {
    await createCode();
    const o = await checkout(guest(), { email: 'x@example.com', promoCode: 'SUMMER10' });
    const id = o.paymentIntentId!;
    fake.pay(id, 'succeeded', { fingerprint: 'fp_x' });
    // The return page settles first (it calls the same path): decided and captured.
    await (await guest().caller()).orders.settle({ paymentIntentId: id, clientSecret: o.clientSecret });
    await deliver('payment_intent.succeeded', id);
    await deliver('payment_intent.amount_capturable_updated', id);
    expect(fake.captures).toHaveLength(1);
    expect((await orderOf(o.orderId)).status).toBe('fulfilled');
  });

  it('a guest with the same card and another address hits the per-customer limit: hold canceled, order failed (already used), no money taken, the use released', async () => {
    await createCode({ maxUses: 5 });
    const first = await checkout(guest(), { email: 'first@example.com', promoCode: 'SUMMER10' });
    fake.pay(first.paymentIntentId!, 'succeeded', { fingerprint: 'fp_same' });
    await deliver('payment_intent.amount_capturable_updated', first.paymentIntentId!);
    expect((await orderOf(first.orderId)).status).toBe('fulfilled');

    const b2 = guest();
    const second = await checkout(b2, { email: 'Second.Person@example.net', promoCode: 'SUMMER10' });
    expect(await usesCount()).toBe(2);
    const id = second.paymentIntentId!;
    fake.pay(id, 'succeeded', { fingerprint: 'fp_same' });
    await deliver('payment_intent.amount_capturable_updated', id);
    // Stripe then reports the cancel; and the hold event again: nothing more happens.
    await deliver('payment_intent.canceled', id);
    await deliver('payment_intent.amount_capturable_updated', id);

    const pi = fake.intents.get(id)!;
    expect(pi.status).toBe('canceled');
    expect(pi.amount_received).toBe(0);
    expect(fake.captures.map((c) => c.payment_intent)).toEqual([first.paymentIntentId]);
    const order = await orderOf(second.orderId);
    expect(order.status).toBe('canceled');
    expect(order.last_error).toBe('PROMO_ALREADY_USED');
    expect((await redemptionOf(second.orderId)).state).toBe('released');
    expect(await usesCount()).toBe(1);
    // The return page: the reason, for the traveller's language (the web translates the code).
    const view = await (await b2.caller()).orders.settle({ paymentIntentId: id, clientSecret: second.clientSecret });
    expect(view).toMatchObject({ orderStatus: 'canceled', holdRefusal: { refusedBy: 'promo', reason: 'PROMO_ALREADY_USED' } });
  });

  it('a different card with another address: both captured (the limit counts the card and the address together)', async () => {
    await createCode();
    for (const [email, fp] of [
      ['one@example.com', 'fp_1'],
      ['two@example.com', 'fp_2'],
    ] as const) {
      const o = await checkout(guest(), { email, promoCode: 'SUMMER10' });
      fake.pay(o.paymentIntentId!, 'succeeded', { fingerprint: fp });
      await deliver('payment_intent.amount_capturable_updated', o.paymentIntentId!);
      expect((await orderOf(o.orderId)).status).toBe('fulfilled');
    }
    expect(fake.captures).toHaveLength(2);
  });

  it('a hold never captured expires at Stripe (payment_intent.canceled, automatic): the order ends canceled, the use comes back', async () => {
    await createCode({ maxUses: 1 });
    const o = await checkout(guest(), { email: 'late@example.com', promoCode: 'SUMMER10' });
    const id = o.paymentIntentId!;
    fake.pay(id, 'succeeded', { fingerprint: 'fp_late' });
    // The hold event never came (the endpoint was down); 7 days later Stripe cancels the hold.
    rig.clock.advance(7 * DAY);
    fake.expireHold(id);
    await deliver('payment_intent.canceled', id);
    expect((await orderOf(o.orderId)).status).toBe('canceled');
    expect(fake.captures).toHaveLength(0);
    // The code's one use is free again for the next customer.
    const next = await checkout(guest(), { email: 'next@example.com', promoCode: 'SUMMER10' });
    expect(next.promoDiscountMinor).toBeGreaterThan(0);
  });
});

describe('referral with Stripe', () => {
  it("the referrer's own card: the friend's hold is canceled with 'same_card', the referral refused, no money taken", async () => {
    const ref = await signedIn(rig, { email: 'referrer@example.com' });
    const code = (await (await ref.browser.caller()).referrals.mine()).code;
    // The referrer bought once with their card (automatic capture).
    const own = await checkout(ref.browser, {});
    expect(fake.intents.get(own.paymentIntentId!)!.capture_method).toBe('automatic');
    fake.pay(own.paymentIntentId!, 'succeeded', { fingerprint: 'fp_referrer' });
    await deliver('payment_intent.succeeded', own.paymentIntentId!);

    const b = guest();
    const o = await checkout(b, { email: 'friend@example.org', referralCode: code });
    expect(o.referralDiscountMinor).toBeGreaterThan(0);
    fake.pay(o.paymentIntentId!, 'succeeded', { fingerprint: 'fp_referrer' });
    await deliver('payment_intent.amount_capturable_updated', o.paymentIntentId!);
    expect(fake.intents.get(o.paymentIntentId!)!.status).toBe('canceled');
    expect((await orderOf(o.orderId)).status).toBe('canceled');
    const row = await rig.db
      .selectFrom('referrals')
      .select(['status', 'reason'])
      .where('friend_email_norm', '=', 'friend@example.org')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'refused', reason: 'same_card' });
    const view = await (await b.caller()).orders.byPaymentIntent({ paymentIntentId: o.paymentIntentId!, clientSecret: o.clientSecret });
    expect(view.holdRefusal).toEqual({ refusedBy: 'referral', reason: 'same_card' });
  });

  it("another card: captured, and the referrer's reward is credited past the window", async () => {
    const ref = await signedIn(rig, { email: 'referrer2@example.com' });
    const code = (await (await ref.browser.caller()).referrals.mine()).code;
    const o = await checkout(guest(), { email: 'friend2@example.org', referralCode: code });
    fake.pay(o.paymentIntentId!, 'succeeded', { fingerprint: 'fp_friend' });
    await deliver('payment_intent.amount_capturable_updated', o.paymentIntentId!);
    expect((await orderOf(o.orderId)).status).toBe('fulfilled');
    rig.clock.advance(15 * DAY);
    expect((await settleReferrals(rig.db, rig.services)).credited).toBe(1);
    expect(await balance(rig.db, ref.userId)).toBeGreaterThan(0);
  });

  it('a declined card, then the same checkout again (a reload): the same order, the discount still applied', async () => {
    const ref = await signedIn(rig, { email: 'referrer3@example.com' });
    const code = (await (await ref.browser.caller()).referrals.mine()).code;
    const b = guest();
    const token = 'tok_reload_0123456789abcdef';
    const first = await checkout(b, { email: 'friend3@example.org', referralCode: code, checkoutToken: token });
    fake.pay(first.paymentIntentId!, 'declined');
    await deliver('payment_intent.payment_failed', first.paymentIntentId!);
    expect((await orderOf(first.orderId)).status).toBe('payment_failed');
    const again = await checkout(b, { email: 'friend3@example.org', referralCode: code, checkoutToken: token });
    expect(again.orderId).toBe(first.orderId);
    expect(again.referralDiscountMinor).toBe(first.referralDiscountMinor);
    expect(again.amountMinor).toBe(first.amountMinor);
    fake.pay(again.paymentIntentId!, 'succeeded', { fingerprint: 'fp_friend3' });
    await deliver('payment_intent.amount_capturable_updated', again.paymentIntentId!);
    expect((await orderOf(first.orderId)).status).toBe('fulfilled');
    expect(fake.captures).toEqual([{ payment_intent: first.paymentIntentId, amount: first.amountMinor }]);
  });
});

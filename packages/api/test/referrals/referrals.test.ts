// Referrals through the procedures (issue 29) on a migrated in-memory SQLite: the referrer's code
// and page, the friend's discount priced by the server on a first order, the reward credited past
// the refund window (never twice, also with two passes at once), canceled by a refund before it,
// clawed back through the ledger by a refund after it (the spent part recorded as a debt the next
// reward pays), and the abuse rules with their reasons in the admin list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settleReferrals } from '../../src/services/referrals/referrals.ts';
import { runDueWork } from '../../src/services/order-life/due-work.ts';
import { CARDS, account, type Browser } from '../orders/rig.ts';
import { makeAdmin } from '../rig.ts';
import { DAY, adjust, balance, createRewardsRig, signedIn, type RewardsRig } from '../rewards/rig.ts';

let rig: RewardsRig;
let admin: Browser;
beforeEach(async () => {
  rig = await createRewardsRig();
  admin = rig.browser();
  await (await admin.caller()).auth.register(account({ username: 'owner_admin', email: 'owner@shop.example' }));
  await makeAdmin(rig.db, 'owner_admin', rig.clock.now);
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const OTHER_CARD = { number: '5555 5555 5555 4444', expMonth: 12, expYear: 2030, cvc: '123' };
let ipSeq = 0;
function guest() {
  ipSeq++;
  return rig.browser({ ip: `198.51.100.${ipSeq % 250}` });
}

async function referrer(email?: string) {
  const r = await signedIn(rig, email ? { email } : {});
  const mine = await (await r.browser.caller()).referrals.mine();
  return { ...r, code: mine.code, mine };
}

async function buyWith(b: Browser, opts: { email?: string; referralCode?: string; promoCode?: string; card?: typeof CARDS.ok } = {}) {
  const api = await b.caller();
  const intent = await api.payments.createIntent({
    planId: rig.plans.japan5.id,
    ...(opts.email ? { email: opts.email } : {}),
    ...(opts.referralCode ? { referralCode: opts.referralCode } : {}),
    ...(opts.promoCode ? { promoCode: opts.promoCode } : {}),
  });
  await api.payments.demoConfirm({
    paymentIntentId: intent.paymentIntentId!,
    clientSecret: intent.clientSecret,
    card: opts.card ?? OTHER_CARD,
  });
  await rig.settle();
  return intent;
}

/** The app error's code and details.reason of a refused call. */
async function refusal(p: Promise<unknown>): Promise<{ code?: string; reason?: string } | null> {
  try {
    await p;
    return null;
  } catch (e) {
    const cause = (e as { cause?: { code?: string; details?: { reason?: string } } }).cause;
    return { code: cause?.code, reason: cause?.details?.reason };
  }
}

const referralOf = (publicId: string) =>
  rig.db
    .selectFrom('referrals as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.status', 'r.reason', 'r.discount_minor', 'r.points', 'r.clawback_points', 'r.clawback_unsettled'])
    .where('o.public_id', '=', publicId)
    .executeTakeFirst();

const referralRows = (userId: number) =>
  rig.db
    .selectFrom('points_ledger')
    .select(['source', 'amount', 'unique_key'])
    .where('user_id', '=', userId)
    .where('unique_key', 'like', 'referral:%')
    .orderBy('id')
    .execute();

async function pastWindow() {
  rig.clock.advance(14 * DAY + 1000);
}

describe("the referrer's code", () => {
  it('stable, 8 characters, unguessable-sized; the link is /?ref=CODE; a guest may not ask', async () => {
    const r = await referrer();
    expect(r.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(r.mine).toMatchObject({ link: `http://localhost:3000/?ref=${r.code}`, discountPercent: 10, rewardPoints: 500, friends: [] });
    expect((await (await r.browser.caller()).referrals.mine()).code).toBe(r.code);
    const other = await referrer();
    expect(other.code).not.toBe(r.code);
    await expect((await guest().caller()).referrals.mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('the friend', () => {
  it("a guest's first order: 10% off priced by the server, recorded on the order; the reward waits for the window, then is credited once", async () => {
    const r = await referrer();
    const intent = await buyWith(guest(), { email: 'friend@example.com', referralCode: r.code.toLowerCase() });
    expect(intent).toMatchObject({ amountMinor: 1800, referralDiscountMinor: 199 });
    expect((await rig.services.payments.retrievePaymentIntent(intent.paymentIntentId!)).amountMinor).toBe(1800);
    expect(await referralOf(intent.orderId)).toMatchObject({ status: 'pending', discount_minor: 199 });
    // Inside the window: nothing.
    rig.clock.advance(13 * DAY);
    await runDueWork(rig.db, rig.services);
    expect(await referralRows(r.userId)).toEqual([]);
    expect((await (await r.browser.caller()).referrals.mine()).friends.map((f) => f.progress)).toEqual(['bought']);
    // Past it: credited, by the worker's pass.
    rig.clock.advance(DAY + 1000);
    await runDueWork(rig.db, rig.services);
    expect(await referralOf(intent.orderId)).toMatchObject({ status: 'credited', points: 500 });
    expect(await referralRows(r.userId)).toEqual([
      { source: 'adjustment', amount: 500, unique_key: expect.stringMatching(/^referral:\d+$/) },
    ]);
    await runDueWork(rig.db, rig.services);
    expect(await referralRows(r.userId)).toHaveLength(1);
    const mine = await (await r.browser.caller()).referrals.mine();
    expect(mine).toMatchObject({ rewarded: 1, pointsEarned: 500 });
    // No personal data of the friend's.
    expect(JSON.stringify(mine)).not.toContain('friend@example.com');
  });

  it('two settlement passes at once credit once', async () => {
    const r = await referrer();
    await buyWith(guest(), { email: 'racer@example.com', referralCode: r.code });
    await pastWindow();
    const results = await Promise.all(Array.from({ length: 5 }, () => settleReferrals(rig.db, rig.services)));
    expect(results.reduce((n, x) => n + x.credited, 0)).toBe(1);
    expect(await referralRows(r.userId)).toHaveLength(1);
    expect(await balance(rig.db, r.userId)).toBe(500);
  });

  it('a refund before the window ends cancels the reward', async () => {
    const r = await referrer();
    const intent = await buyWith(guest(), { email: 'refunder@example.com', referralCode: r.code });
    await (await admin.caller()).admin.orders.refund({ orderId: intent.orderId });
    await pastWindow();
    await runDueWork(rig.db, rig.services);
    expect(await referralOf(intent.orderId)).toMatchObject({ status: 'canceled', reason: 'refunded' });
    expect(await referralRows(r.userId)).toEqual([]);
  });

  it('a refund after the reward claws it back; points already spent are a debt the next reward pays first', async () => {
    const r = await referrer();
    const first = await buyWith(guest(), { email: 'one@example.com', referralCode: r.code });
    await pastWindow();
    await runDueWork(rig.db, rig.services);
    expect(await balance(rig.db, r.userId)).toBe(500);
    // The referrer spends 380 of them (as a checkout would: a negative row).
    await adjust(rig.db, r.userId, -380, 'redemption:test');
    await (await admin.caller()).admin.orders.refund({ orderId: first.orderId, reason: 'technical problem' });
    await runDueWork(rig.db, rig.services);
    expect(await referralOf(first.orderId)).toMatchObject({ status: 'clawed_back', clawback_points: 120, clawback_unsettled: 380 });
    expect(await balance(rig.db, r.userId)).toBe(0);
    // The next friend's reward pays the 380 first.
    await buyWith(guest(), { email: 'two@example.com', referralCode: r.code });
    await pastWindow();
    await runDueWork(rig.db, rig.services);
    expect(await balance(rig.db, r.userId)).toBe(120);
    expect(await referralOf(first.orderId)).toMatchObject({ clawback_unsettled: 0 });
    // A second pass changes nothing.
    await runDueWork(rig.db, rig.services);
    expect(await balance(rig.db, r.userId)).toBe(120);
  });
});

describe('abuse is refused, with a reason the admin sees', () => {
  it('self-referral: the same account; the same address as a guest (normalised) — refused before any order, the preview too', async () => {
    const r = await referrer('ann.smith@gmail.com');
    const api = await r.browser.caller();
    expect(await refusal(api.referrals.preview({ code: r.code, planId: rig.plans.japan5.id }))).toEqual({
      code: 'REFERRAL_REFUSED',
      reason: 'self_referral',
    });
    expect(await refusal(api.payments.createIntent({ planId: rig.plans.japan5.id, referralCode: r.code }))).toEqual({
      code: 'REFERRAL_REFUSED',
      reason: 'self_referral',
    });
    const g = await guest().caller();
    expect(
      await refusal(g.payments.createIntent({ planId: rig.plans.japan5.id, email: 'AnnSmith+trip@gmail.com', referralCode: r.code })),
    ).toEqual({ code: 'REFERRAL_REFUSED', reason: 'same_email' });
    expect(await rig.db.selectFrom('orders').select('id').where('email', '=', 'annsmith+trip@gmail.com').execute()).toEqual([]);
    // Paying again without the link goes through at the full price.
    expect((await g.payments.createIntent({ planId: rig.plans.japan5.id, email: 'AnnSmith+trip@gmail.com' })).amountMinor).toBe(1999);
    const list = await (await admin.caller()).admin.referrals.list({});
    expect(list.map((x) => [x.status, x.reason, x.orderId])).toEqual([
      ['refused', 'same_email', null],
      ['refused', 'self_referral', null],
    ]);
  });

  it('the preview: the discount line priced by the server; an unknown code 404; nothing written', async () => {
    const r = await referrer();
    const api = await guest().caller();
    expect(await api.referrals.preview({ code: r.code, planId: rig.plans.japan5.id, currency: 'GBP' })).toEqual({
      code: r.code,
      discountPercent: 10,
      currency: 'GBP',
      listMinor: 1579,
      discountMinor: 157,
      totalMinor: 1422,
      // The USD side shrinks by the same share: 1999 × 157 / 1579 = 198.
      usdMinor: 1801,
    });
    expect(await refusal(api.referrals.preview({ code: 'ZZZZZZZZ', planId: rig.plans.japan5.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rig.db.selectFrom('referrals').select('id').execute()).toEqual([]);
  });

  it("the referrer's own card: refused when the reward falls due", async () => {
    const r = await referrer();
    await buyWith(r.browser, { card: CARDS.ok });
    const friend = await buyWith(guest(), { email: 'cardfriend@example.com', referralCode: r.code, card: CARDS.ok });
    expect(friend.referralDiscountMinor).toBe(199);
    await pastWindow();
    await runDueWork(rig.db, rig.services);
    expect(await referralOf(friend.orderId)).toMatchObject({ status: 'refused', reason: 'same_card' });
    expect(await referralRows(r.userId)).toEqual([]);
  });

  it("issue 29: the referrer's device (the device cookie's hash seen at their sign-in): refused 'same_device', shown in the admin list; only hashes stored", async () => {
    const device = 'a'.repeat(64);
    const rb = rig.browser({ deviceHash: device });
    await (await rb.caller()).auth.register(account({ username: 'device_referrer', email: 'devref@example.com' }));
    const code = (await (await rb.caller()).referrals.mine()).code;
    // The friend pays with another card and address, from the same browser (the device cookie's hash).
    const friend = await buyWith(rig.browser({ ip: '198.51.100.77', deviceHash: device }), {
      email: 'devfriend@example.com',
      referralCode: code,
    });
    expect(friend.referralDiscountMinor).toBe(199);
    await pastWindow();
    await runDueWork(rig.db, rig.services);
    expect(await referralOf(friend.orderId)).toMatchObject({ status: 'refused', reason: 'same_device' });
    const rows = await (await admin.caller()).admin.referrals.list({});
    expect(rows.find((r) => r.orderId === friend.orderId)).toMatchObject({ status: 'refused', reason: 'same_device' });
    expect(await rig.db.selectFrom('device_sightings').select('device_hash').execute()).toEqual([{ device_hash: device }]);
  });

  it('issue 29: a friend on another device than the referrer signed in from: credited', async () => {
    const rb = rig.browser({ deviceHash: 'b'.repeat(64) });
    await (await rb.caller()).auth.register(account({ username: 'device_referrer2', email: 'devref2@example.com' }));
    const code = (await (await rb.caller()).referrals.mine()).code;
    const friend = await buyWith(rig.browser({ ip: '198.51.100.78', deviceHash: 'c'.repeat(64) }), {
      email: 'devfriend2@example.com',
      referralCode: code,
    });
    await pastWindow();
    await runDueWork(rig.db, rig.services);
    expect(await referralOf(friend.orderId)).toMatchObject({ status: 'credited' });
  });

  it('a friend who is not new: no discount', async () => {
    const r = await referrer();
    const b = guest();
    await buyWith(b, { email: 'old@example.com' });
    expect(
      await refusal(
        (await b.caller()).payments.createIntent({ planId: rig.plans.japan5.id, email: 'old@example.com', referralCode: r.code }),
      ),
    ).toEqual({ code: 'REFERRAL_REFUSED', reason: 'not_first_order' });
  });

  it('one discount per order: a promo code wins', async () => {
    const r = await referrer();
    await (await admin.caller()).admin.promotions.create({
      code: 'FIVE',
      kind: 'percent',
      percent: 5,
      amounts: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      minSpendUsdMinor: 0,
      regionIds: null,
      planIds: null,
      firstOrderOnly: false,
      combinesWithPoints: true,
    });
    const api = await guest().caller();
    expect(
      await refusal(
        api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'both@example.com', referralCode: r.code, promoCode: 'FIVE' }),
      ),
    ).toEqual({ code: 'REFERRAL_REFUSED', reason: 'promo_code' });
    expect(await rig.db.selectFrom('promo_redemptions').select('id').execute()).toEqual([]);
  });

  it('more than the monthly limit: refused', async () => {
    rig.services.config.referrals = { maxRewardsPerMonth: 2 };
    const r = await referrer();
    const orders = [];
    for (const n of [1, 2, 3]) orders.push(await buyWith(guest(), { email: `m${n}@example.com`, referralCode: r.code }));
    await pastWindow();
    await runDueWork(rig.db, rig.services);
    const statuses = await Promise.all(
      orders.map(async (o) => (await referralOf(o.orderId))?.reason ?? (await referralOf(o.orderId))?.status),
    );
    expect(statuses).toEqual(['credited', 'credited', 'monthly_limit']);
    expect(await balance(rig.db, r.userId)).toBe(1000);
  });

  it('an unknown or malformed code: the order is priced as usual, nothing recorded', async () => {
    const api = await guest().caller();
    const i = await api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'x@example.com', referralCode: 'ZZZZZZZZ' });
    expect(i.amountMinor).toBe(1999);
    expect(i.referralDiscountMinor).toBeUndefined();
    await expect(
      api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'x@example.com', referralCode: 'x'.repeat(40) }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await rig.db.selectFrom('referrals').select('id').execute()).toEqual([]);
  });

  it('the admin list is the owner’s', async () => {
    const { browser } = await signedIn(rig);
    await expect((await browser.caller()).admin.referrals.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

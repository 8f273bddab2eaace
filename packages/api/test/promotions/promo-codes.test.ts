// Promo codes through the procedures (issue 29) on a migrated in-memory SQLite: the owner's codes
// (audited, roles), the checkout's preview and its reasons, the server's price, the race (50
// concurrent checkouts, 10 uses), per-customer limits (account; guest address and card together),
// releases (unpaid, refunded), refunds never above what was paid, points on what was paid, figures.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expireOrder } from '../../src/services/orders/order-expiry.ts';
import { CARDS, account, type Browser } from '../orders/rig.ts';
import { makeAdmin } from '../rig.ts';
import { adjust, balance, createRewardsRig, ledger, signedIn, type RewardsRig } from '../rewards/rig.ts';

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

const FIELDS = {
  code: 'SUMMER10',
  kind: 'percent' as const,
  percent: 10,
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
};
type Fields = Omit<
  typeof FIELDS,
  'kind' | 'percent' | 'amounts' | 'maxUses' | 'maxUsesPerCustomer' | 'planIds' | 'regionIds' | 'endsAt' | 'startsAt'
> & {
  kind: 'percent' | 'fixed';
  percent: number | null;
  amounts: Partial<Record<'USD' | 'GBP' | 'EUR', number>> | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  planIds: number[] | null;
  regionIds: number[] | null;
  startsAt: string | null;
  endsAt: string | null;
};

async function createCode(over: Partial<Fields> = {}) {
  return (await admin.caller()).admin.promotions.create({ ...FIELDS, ...over });
}

const orderOf = (publicId: string) => rig.db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();

let ipSeq = 0;
/** A guest in a browser of their own (own address: the per-client checkout limit is not what is tested). */
function guest() {
  ipSeq++;
  return rig.browser({ ip: `198.51.100.${ipSeq % 250}` });
}

async function pay(b: Browser, intent: { paymentIntentId: string | null; clientSecret: string }, card = CARDS.ok) {
  const r = await (await b.caller()).payments.demoConfirm({
    paymentIntentId: intent.paymentIntentId!,
    clientSecret: intent.clientSecret,
    card,
  });
  await rig.settle();
  return r;
}

async function errorOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    return (e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;
  }
}

describe("the owner's codes", () => {
  it('create, edit, pause and resume, each audited; a code is unique', async () => {
    const api = await admin.caller();
    const code = await createCode({ code: 'spring-5' });
    expect(code).toMatchObject({ code: 'SPRING-5', paused: false, usesHeld: 0, figures: [] });
    await api.admin.promotions.update({ id: code.id, fields: { ...FIELDS, code: 'SPRING-5', percent: 15 } });
    await api.admin.promotions.update({ id: code.id, fields: { ...FIELDS, code: 'SPRING-5', percent: 15 } }); // no change: no row
    await api.admin.promotions.setPaused({ id: code.id, paused: true });
    await api.admin.promotions.setPaused({ id: code.id, paused: false });
    const audit = await rig.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'before_json', 'after_json'])
      .where('entity', '=', 'promo_code')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['promo_code.create', 'promo_code.update', 'promo_code.pause', 'promo_code.resume']);
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ percent: 10 });
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({ percent: 15 });
    expect(await errorOf(createCode({ code: 'SPRING-5' }))).toBe('CONFLICT');
  });

  it('a support admin may not see or change codes; the catalogue role reads but does not change them; a traveller gets 403', async () => {
    const staff = rig.browser();
    await (await staff.caller()).auth.register(account({ username: 'cat_admin', email: 'cat@shop.example' }));
    await makeAdmin(rig.db, 'cat_admin', rig.clock.now);
    await rig.db.updateTable('users').set({ admin_role: 'catalogue' }).where('username', '=', 'cat_admin').execute();
    const cat = await staff.caller();
    expect(await cat.admin.promotions.list()).toEqual([]);
    expect(await errorOf(cat.admin.promotions.create(FIELDS))).toBe('FORBIDDEN');
    await rig.db.updateTable('users').set({ admin_role: 'support' }).where('username', '=', 'cat_admin').execute();
    expect(await errorOf((await staff.caller()).admin.promotions.list())).toBe('FORBIDDEN');
    const { browser } = await signedIn(rig);
    expect(await errorOf((await browser.caller()).admin.promotions.create(FIELDS))).toBe('FORBIDDEN');
  });
});

describe('at checkout', () => {
  it('the preview shows the discount line; the order, the intent and the answer are priced by the server after the code', async () => {
    await createCode();
    const b = guest();
    const api = await b.caller();
    const check = await api.promotions.check({ code: ' summer10 ', planId: rig.plans.japan5.id });
    expect(check).toEqual({ code: 'SUMMER10', currency: 'USD', listMinor: 1999, discountMinor: 199, totalMinor: 1800, usdMinor: 1800 });
    const intent = await api.payments.createIntent({
      planId: rig.plans.japan5.id,
      email: 'ann@example.com',
      promoCode: 'summer10',
      amount: 1,
    });
    expect(intent).toMatchObject({ amountMinor: 1800, amount: 18, promoCode: 'SUMMER10', promoDiscountMinor: 199 });
    expect((await rig.services.payments.retrievePaymentIntent(intent.paymentIntentId!)).amountMinor).toBe(1800);
    const order = await orderOf(intent.orderId);
    expect(order).toMatchObject({ total_amount_minor: 1800, usd_amount_minor: 1800, status: 'pending_payment' });
    await pay(b, intent);
    expect((await orderOf(intent.orderId)).status).toBe('fulfilled');
  });

  it('in GBP: the same share off the converted price', async () => {
    await createCode({ percent: 25 });
    const b = guest();
    const intent = await (await b.caller()).payments.createIntent({
      planId: rig.plans.japan5.id,
      currency: 'GBP',
      email: 'g@example.com',
      promoCode: 'SUMMER10',
    });
    expect(intent).toMatchObject({ currency: 'GBP', amountMinor: 1579 - 394, promoDiscountMinor: 394 });
  });

  it.each([
    ['an unknown code', {}, { promoCode: 'NOPE1' }, 'PROMO_NOT_FOUND'],
    ['expired', { endsAt: '2020-01-01T00:00:00Z' }, {}, 'PROMO_EXPIRED'],
    ['not started', { startsAt: '2099-01-01T00:00:00Z' }, {}, 'PROMO_NOT_STARTED'],
    ['another plan', { planIds: [999_999] }, {}, 'PROMO_NOT_FOR_PLAN'],
    ['below the minimum spend', { minSpendUsdMinor: 5000 }, {}, 'PROMO_MIN_SPEND'],
    ['fixed, not in this currency', { kind: 'fixed', percent: null, amounts: { EUR: 300 } }, {}, 'PROMO_NOT_IN_CURRENCY'],
    ['a subscription', {}, { kind: 'subscription' }, 'PROMO_NOT_FOR_SUBSCRIPTIONS'],
  ] as const)('%s: refused with its reason, nothing written', async (_name, over, extra, reason) => {
    await createCode(over as Partial<Fields>);
    const api = await guest().caller();
    expect(
      await errorOf(
        api.promotions.check({ code: 'SUMMER10', planId: rig.plans.japan5.id, ...('promoCode' in extra ? { code: extra.promoCode } : {}) }),
      ),
    ).toBe(reason === 'PROMO_NOT_FOR_SUBSCRIPTIONS' ? undefined : reason);
    expect(
      await errorOf(api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'x@example.com', promoCode: 'SUMMER10', ...extra })),
    ).toBe(reason);
    expect(await rig.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await rig.db.selectFrom('promo_redemptions').select('id').execute()).toEqual([]);
  });

  it('paused: refused; resumed: applies', async () => {
    const code = await createCode();
    await (await admin.caller()).admin.promotions.setPaused({ id: code.id, paused: true });
    const api = await guest().caller();
    expect(await errorOf(api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'p@example.com', promoCode: 'SUMMER10' }))).toBe(
      'PROMO_PAUSED',
    );
    await (await admin.caller()).admin.promotions.setPaused({ id: code.id, paused: false });
    expect(
      (await api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'p@example.com', promoCode: 'SUMMER10' })).amountMinor,
    ).toBe(1800);
  });

  it('a code that does not combine with points: refused with points, fine without', async () => {
    await createCode({ combinesWithPoints: false });
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    expect(await errorOf(api.payments.createIntent({ planId: rig.plans.japan5.id, usePoints: true, promoCode: 'SUMMER10' }))).toBe(
      'PROMO_NOT_WITH_POINTS',
    );
    expect(await errorOf(api.promotions.check({ planId: rig.plans.japan5.id, usePoints: true, code: 'SUMMER10' }))).toBe(
      'PROMO_NOT_WITH_POINTS',
    );
    expect((await api.payments.createIntent({ planId: rig.plans.japan5.id, promoCode: 'SUMMER10' })).amountMinor).toBe(1800);
  });

  it('first order only: an account that bought before is refused', async () => {
    await createCode({ firstOrderOnly: true });
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    const first = await api.payments.createIntent({ planId: rig.plans.japan5.id, promoCode: 'SUMMER10' });
    await pay(browser, first);
    expect(await errorOf(api.payments.createIntent({ planId: rig.plans.japan1.id, promoCode: 'SUMMER10' }))).toBe('PROMO_FIRST_ORDER_ONLY');
  });

  it('points on a discounted order are earned on what was paid; points and a code together: code first, then points', async () => {
    await createCode();
    const { browser, userId } = await signedIn(rig);
    const api = await browser.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, promoCode: 'SUMMER10' });
    await pay(browser, intent);
    // 18.00 USD paid, not 19.99: 5 points per USD.
    expect((await ledger(rig.db, userId)).filter((l) => l.source === 'purchase').map((l) => l.amount)).toEqual([90]);
    await adjust(rig.db, userId, 1000);
    const before = await balance(rig.db, userId);
    const both = await api.payments.createIntent({
      planId: rig.plans.japan5.id,
      promoCode: 'SUMMER10',
      usePoints: true,
      checkoutToken: 'tok-both-0000000001',
    });
    // 19.99 − 1.99 = 18.00 after the code; then the 1,090 points (10.90 USD) off that.
    expect(before).toBe(1090);
    expect(both).toMatchObject({ promoDiscountMinor: 199, pointsUsed: 1090, pointsDiscountMinor: 1090, amountMinor: 1800 - 1090 });
    expect(await balance(rig.db, userId)).toBe(0);
  });
});

describe('redemption is atomic', () => {
  it('50 concurrent checkouts of a code with 10 uses: exactly 10 discounted orders, all paid; the other 40 told it is used up', async () => {
    await createCode({ maxUses: 10 });
    const buyers = Array.from({ length: 50 }, (_, i) => ({ b: guest(), email: `racer${i}@example.com` }));
    const results = await Promise.allSettled(
      buyers.map(async ({ b, email }) => {
        const intent = await (await b.caller()).payments.createIntent({ planId: rig.plans.japan5.id, email, promoCode: 'SUMMER10' });
        await pay(b, intent);
        return intent;
      }),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused.map((r) => (r as PromiseRejectedResult).reason.cause?.code ?? (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(40).fill('PROMO_USED_UP'),
    );
    const paid = await rig.db.selectFrom('orders').select(['status', 'total_amount_minor']).execute();
    expect(paid).toHaveLength(10);
    expect(paid.every((o) => o.status === 'fulfilled' && o.total_amount_minor === 1800)).toBe(true);
    const code = await rig.db.selectFrom('promo_codes').select('uses_count').executeTakeFirstOrThrow();
    expect(code.uses_count).toBe(10);
    const [listed] = await (await admin.caller()).admin.promotions.list();
    expect(listed).toMatchObject({
      usesHeld: 10,
      figures: [{ currency: 'USD', redemptions: 10, revenueMinor: 18_000, discountMinor: 1990 }],
    });
  });

  it('an order that ends unpaid gives its use back to the next checkout', async () => {
    await createCode({ maxUses: 1 });
    const first = await (await guest().caller()).payments.createIntent({
      planId: rig.plans.japan5.id,
      email: 'a@example.com',
      promoCode: 'SUMMER10',
    });
    const next = await guest().caller();
    expect(await errorOf(next.payments.createIntent({ planId: rig.plans.japan5.id, email: 'b@example.com', promoCode: 'SUMMER10' }))).toBe(
      'PROMO_USED_UP',
    );
    await expireOrder(rig.db, rig.services, { orderId: (await orderOf(first.orderId)).id });
    expect((await orderOf(first.orderId)).status).toBe('expired');
    expect(
      (await next.payments.createIntent({ planId: rig.plans.japan5.id, email: 'b@example.com', promoCode: 'SUMMER10' })).promoDiscountMinor,
    ).toBe(199);
  });
});

describe('per customer', () => {
  it('an account: counted by the account, whatever address the order names', async () => {
    await createCode({ maxUsesPerCustomer: 1 });
    const { browser } = await signedIn(rig);
    const api = await browser.caller();
    await pay(browser, await api.payments.createIntent({ planId: rig.plans.japan5.id, promoCode: 'SUMMER10' }));
    expect(
      await errorOf(api.payments.createIntent({ planId: rig.plans.japan1.id, email: 'other@example.com', promoCode: 'SUMMER10' })),
    ).toBe('PROMO_ALREADY_USED');
  });

  it('a guest: the normalised address (case, +tag, Gmail dots) counts as the same customer', async () => {
    await createCode({ maxUsesPerCustomer: 1 });
    const b = guest();
    await pay(
      b,
      await (await b.caller()).payments.createIntent({ planId: rig.plans.japan5.id, email: 'ann.lee@gmail.com', promoCode: 'SUMMER10' }),
    );
    for (const email of ['Ann.Lee@gmail.com', 'annlee+trip@gmail.com', 'a.n.n.l.e.e@googlemail.com'])
      expect(
        await errorOf((await guest().caller()).payments.createIntent({ planId: rig.plans.japan1.id, email, promoCode: 'SUMMER10' })),
      ).toBe('PROMO_ALREADY_USED');
  });

  it('a guest with a new address but the same card: refused before the card is charged; another card pays', async () => {
    await createCode({ maxUsesPerCustomer: 1 });
    const b1 = guest();
    await pay(
      b1,
      await (await b1.caller()).payments.createIntent({ planId: rig.plans.japan5.id, email: 'first@example.com', promoCode: 'SUMMER10' }),
    );
    const b2 = guest();
    const second = await (await b2.caller()).payments.createIntent({
      planId: rig.plans.japan5.id,
      email: 'second@example.net',
      promoCode: 'SUMMER10',
    });
    expect(await errorOf(pay(b2, second, { ...CARDS.ok, expMonth: 11, cvc: '999' }))).toBe('PROMO_ALREADY_USED');
    const intent = await rig.services.payments.retrievePaymentIntent(second.paymentIntentId!);
    expect(intent.status).toBe('requires_payment_method');
    const otherCard = { number: '5555 5555 5555 4444', expMonth: 12, expYear: 2030, cvc: '123' };
    expect((await pay(b2, second, otherCard)).status).toBe('succeeded');
    expect((await orderOf(second.orderId)).status).toBe('fulfilled');
  });
});

describe('refunds', () => {
  it('a full refund gives the use back; the discount never comes back as cash; the figures follow', async () => {
    const code = await createCode({ maxUses: 1 });
    const b = guest();
    const intent = await (await b.caller()).payments.createIntent({
      planId: rig.plans.japan5.id,
      email: 'r@example.com',
      promoCode: 'SUMMER10',
    });
    await pay(b, intent);
    const api = await admin.caller();
    expect(await errorOf(api.admin.orders.refund({ orderId: intent.orderId, amountMinor: 1999, reason: 'more than paid' }))).toBeDefined();
    await api.admin.orders.refund({ orderId: intent.orderId, amountMinor: 600, reason: 'goodwill' });
    await rig.settle();
    // A partial refund keeps the use, and counts (1 − 600/1800) of the discount.
    expect(
      await errorOf(
        (await guest().caller()).payments.createIntent({ planId: rig.plans.japan5.id, email: 's@example.com', promoCode: 'SUMMER10' }),
      ),
    ).toBe('PROMO_USED_UP');
    expect((await api.admin.promotions.get({ id: code.id })).figures).toEqual([
      { currency: 'USD', redemptions: 1, revenueMinor: 1200, discountMinor: 132 },
    ]);
    await api.admin.orders.refund({ orderId: intent.orderId });
    await rig.settle();
    const refunds = (await rig.services.payments.retrievePaymentIntent(intent.paymentIntentId!)) as unknown as { amountMinor: number };
    expect(refunds.amountMinor).toBe(1800);
    const order = await orderOf(intent.orderId);
    expect(order).toMatchObject({ status: 'refunded', amount_refunded_minor: 1800 });
    expect((await api.admin.promotions.get({ id: code.id })).figures).toEqual([
      { currency: 'USD', redemptions: 0, revenueMinor: 0, discountMinor: 0 },
    ]);
    expect(
      (await (await guest().caller()).payments.createIntent({ planId: rig.plans.japan5.id, email: 's@example.com', promoCode: 'SUMMER10' }))
        .promoDiscountMinor,
    ).toBe(199);
    expect(await rig.db.selectFrom('promo_redemptions').select('state').orderBy('id').execute()).toEqual([
      { state: 'released' },
      { state: 'active' },
    ]);
  });
});

// Referral rules (issue 29, domain/referrals.ts): the code, the friend's discount, the checkout's
// decision, the reward's decision when it falls due (every rule alone and in its order), the
// clawback and the debt it leaves.
import { describe, expect, it } from 'vitest';
import {
  REFERRAL_DEFAULTS,
  clawback,
  decideReferralAtCheckout,
  decideReferralCredit,
  friendProgress,
  monthOf,
  normalizeReferralCode,
  referralCodeFrom,
  referralDiscount,
  referralLink,
  referralRules,
  settleDebt,
  type ReferralCheckoutFacts,
  type ReferralCreditFacts,
} from '../../src/domain/referrals.ts';

const DAY = 86_400_000;
const PAID = new Date('2026-11-01T10:00:00Z');

describe('referral code', () => {
  it.each([
    [[0, 0, 0, 0, 0], '00000000'],
    [[255, 255, 255, 255, 255], 'ZZZZZZZZ'],
    [[1, 2, 3, 4, 5], '04106105'],
  ])('bytes %j → %s', (bytes, code) => {
    expect(referralCodeFrom(Uint8Array.from(bytes))).toBe(code);
  });

  it('needs 5 bytes', () => {
    expect(() => referralCodeFrom(new Uint8Array(4))).toThrow();
  });

  it.each([
    ['0g40r405', '0G40R405'],
    [' 0G40-R405 ', '0G40R405'],
    ['OG4OR4O5', '0G40R405'],
    ['IL000000', '11000000'],
    ['0G40R40', null],
    ['0G40R4055', null],
    ['0G40R40U', null],
    ['', null],
  ])('normalise %j → %j', (text, code) => {
    expect(normalizeReferralCode(text)).toBe(code);
  });

  it('link is the home page with ?ref=', () => {
    expect(referralLink('http://localhost:3111/', 'ABCD1234')).toBe('http://localhost:3111/?ref=ABCD1234');
  });
});

describe('friend discount', () => {
  it.each([
    // total, usd, percent → discount, usd discount
    [1999, 1999, 10, 199, 199],
    [1800, 2000, 10, 180, 200],
    [55, 55, 10, 5, 5],
    // The card keeps the minimum charge (0.50 USD): nothing left to take off.
    [50, 50, 10, 0, 0],
    [1000, 1000, 0, 0, 0],
    // At most 90%.
    [1000, 1000, 100, 900, 900],
  ])('%i (%i USD) at %i percent → %i off (%i USD)', (total, usd, pct, off, usdOff) => {
    const d = referralDiscount({ currency: 'EUR', totalMinor: total, usdMinor: usd }, pct);
    expect(d.discountMinor).toBe(off);
    expect(d.usdDiscountMinor).toBe(usdOff);
    expect(d.totalMinor).toBe(total - off);
    expect(d.usdMinor).toBe(usd - usdOff);
  });

  it('rules default and override', () => {
    expect(referralRules(undefined)).toEqual(REFERRAL_DEFAULTS);
    expect(referralRules({ discountPercent: 15 }).discountPercent).toBe(15);
    expect(REFERRAL_DEFAULTS.waitDays).toBe(14);
  });
});

describe('at checkout', () => {
  const facts = (over: Partial<ReferralCheckoutFacts> = {}): ReferralCheckoutFacts => ({
    referrerUserId: 1,
    referrerEmailNorm: 'ann@example.com',
    buyerUserId: 2,
    buyerEmailNorm: 'bob@example.com',
    buyerPaidOrders: 0,
    promoCode: false,
    ...over,
  });
  it.each([
    ['a new friend', {}, { ok: true }],
    ['a guest friend', { buyerUserId: null }, { ok: true }],
    ['the referrer themself', { buyerUserId: 1 }, { ok: false, reason: 'self_referral' }],
    [
      'the referrer as a guest with their address',
      { buyerUserId: null, buyerEmailNorm: 'ann@example.com' },
      { ok: false, reason: 'same_email' },
    ],
    ['not new', { buyerPaidOrders: 1 }, { ok: false, reason: 'not_first_order' }],
    ['with a promo code', { promoCode: true }, { ok: false, reason: 'promo_code' }],
    // Order of the rules: self first, then address, then first order, then the code.
    ['self and not new', { buyerUserId: 1, buyerPaidOrders: 3, promoCode: true }, { ok: false, reason: 'self_referral' }],
    ['same address and a code', { buyerEmailNorm: 'ann@example.com', promoCode: true }, { ok: false, reason: 'same_email' }],
    ['not new and a code', { buyerPaidOrders: 1, promoCode: true }, { ok: false, reason: 'not_first_order' }],
  ] as const)('%s', (_name, over, expected) => {
    expect(decideReferralAtCheckout(facts(over))).toEqual(expected);
  });
});

describe('when the reward falls due', () => {
  const rules = { ...REFERRAL_DEFAULTS, maxRewardsPerMonth: 2 };
  const after = new Date(PAID.getTime() + 14 * DAY);
  const facts = (over: Partial<ReferralCreditFacts> = {}): ReferralCreditFacts => ({
    orderStatus: 'fulfilled',
    paidAt: PAID,
    refunded: false,
    friendCard: 'card-b',
    referrerCards: ['card-a'],
    friendEarlierPaidOrders: 0,
    friendRewardedBefore: false,
    referrerRewardsThisMonth: 0,
    ...over,
  });
  it.each([
    ['past the window', {}, after, { action: 'credit', points: 500 }],
    ['a moment before the window ends', {}, new Date(after.getTime() - 1), { action: 'wait' }],
    ['unpaid yet', { orderStatus: 'pending_payment', paidAt: null }, after, { action: 'wait' }],
    ['paid, still provisioning', { orderStatus: 'provisioning' }, after, { action: 'credit', points: 500 }],
    ['refunded in the window', { orderStatus: 'refunded' }, PAID, { action: 'cancel', reason: 'refunded' }],
    ['partly refunded', { refunded: true }, after, { action: 'cancel', reason: 'refunded' }],
    ['expired unpaid', { orderStatus: 'expired', paidAt: null }, PAID, { action: 'cancel', reason: 'unpaid' }],
    ['canceled', { orderStatus: 'canceled', paidAt: null }, PAID, { action: 'cancel', reason: 'unpaid' }],
    ["the referrer's card", { friendCard: 'card-a' }, after, { action: 'refuse', reason: 'same_card' }],
    ['no card known (points only)', { friendCard: null }, after, { action: 'credit', points: 500 }],
    ["the referrer's device", { sameDevice: true }, after, { action: 'refuse', reason: 'same_device' }],
    ['another device', { sameDevice: false }, after, { action: 'credit', points: 500 }],
    ['same device, not new', { sameDevice: true, friendEarlierPaidOrders: 1 }, after, { action: 'refuse', reason: 'same_device' }],
    [
      'same card and same device: the card first',
      { sameDevice: true, friendCard: 'card-a' },
      after,
      { action: 'refuse', reason: 'same_card' },
    ],
    ['same device, refunded', { sameDevice: true, refunded: true }, after, { action: 'cancel', reason: 'refunded' }],
    ['an earlier paid order', { friendEarlierPaidOrders: 1 }, after, { action: 'refuse', reason: 'not_first_order' }],
    ['rewarded for before', { friendRewardedBefore: true }, after, { action: 'refuse', reason: 'not_first_order' }],
    ['the month is full', { referrerRewardsThisMonth: 2 }, after, { action: 'refuse', reason: 'monthly_limit' }],
    ['one left this month', { referrerRewardsThisMonth: 1 }, after, { action: 'credit', points: 500 }],
    // Order: a refund cancels whatever else; the card before newness before the limit.
    ['refunded and same card', { refunded: true, friendCard: 'card-a' }, after, { action: 'cancel', reason: 'refunded' }],
    [
      'same card, not new, full month',
      { friendCard: 'card-a', friendEarlierPaidOrders: 1, referrerRewardsThisMonth: 9 },
      after,
      { action: 'refuse', reason: 'same_card' },
    ],
    [
      'not new, full month',
      { friendEarlierPaidOrders: 1, referrerRewardsThisMonth: 9 },
      after,
      { action: 'refuse', reason: 'not_first_order' },
    ],
  ] as const)('%s', (_name, over, now, expected) => {
    expect(decideReferralCredit(facts(over), rules, now)).toEqual(expected);
  });

  it('month bounds (UTC)', () => {
    expect(monthOf(new Date('2026-12-31T23:59:59Z'))).toEqual({ from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' });
  });
});

describe('clawback and debt', () => {
  it.each([
    [500, 800, 500, 0],
    [500, 500, 500, 0],
    [500, 120, 120, 380],
    [500, 0, 0, 500],
    [500, -10, 0, 500],
  ])('%i points with a balance of %i → %i taken, %i unsettled', (points, balance, taken, unsettled) => {
    expect(clawback(points, balance)).toEqual({ taken, unsettled });
  });
  it.each([
    [500, 0, 500, 0],
    [500, 380, 120, 380],
    [500, 900, 0, 500],
  ])('a reward of %i with a debt of %i → %i credited, %i paid', (points, debt, credited, debtPaid) => {
    expect(settleDebt(points, debt)).toEqual({ credited, debtPaid });
  });
});

describe('friend progress (no personal data)', () => {
  it.each([
    ['pending', 'pending_payment', 'invited'],
    ['pending', 'paid', 'bought'],
    ['pending', 'fulfilled', 'bought'],
    ['credited', 'fulfilled', 'rewarded'],
    ['canceled', 'refunded', 'not_rewarded'],
    ['clawed_back', 'refunded', 'not_rewarded'],
  ])('%s / %s → %s', (status, orderStatus, progress) => {
    expect(friendProgress(status, orderStatus)).toBe(progress);
  });
});

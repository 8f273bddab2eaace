// Referrals (issue 29), as pure functions: the code, the friend's discount, and the rules that
// decide — at checkout and when the reward falls due — whether the referrer is rewarded. No db, no
// clock, no randomness of its own: they come in as arguments. Table tests in
// test/domain/referrals.test.ts; services/referrals applies them.
import { z } from 'zod';
import { DAY_MS, REFUND_WINDOW_DAYS } from './esim-life.ts';
import { promoDiscount } from './promotions.ts';
import { ZCreatePaymentIntentInput } from './orders.ts';

export interface ReferralRules {
  /** The friend's discount on their first paid order, whole percent (1–90). */
  discountPercent: number;
  /** Points the referrer earns per rewarded friend (100 points = 1.00 USD). */
  rewardPoints: number;
  /** Rewards per referrer per calendar month (UTC); more are refused ('monthly_limit'). */
  maxRewardsPerMonth: number;
  /** Days after the friend's payment before the reward falls due: the refund window of the terms. */
  waitDays: number;
}

export const REFERRAL_DEFAULTS: ReferralRules = {
  discountPercent: 10,
  rewardPoints: 500,
  maxRewardsPerMonth: 5,
  waitDays: REFUND_WINDOW_DAYS,
};

export function referralRules(overrides: Partial<ReferralRules> | undefined): ReferralRules {
  return { ...REFERRAL_DEFAULTS, ...overrides };
}

/** Why a referral gives no reward (recorded on the referral; the admin area shows it). */
export const REFERRAL_REASONS = [
  'self_referral',
  'same_email',
  'same_card',
  // Issue 29: the friend's order came from a device (the shop's first-party device cookie) the referrer signed in from.
  'same_device',
  'not_first_order',
  'promo_code',
  'monthly_limit',
  'refunded',
  'unpaid',
] as const;
export type ReferralReason = (typeof REFERRAL_REASONS)[number];

// ── the code ──────────────────────────────────────────────────────────────────────────────

/** Crockford's base32: no I, L, O, U (nothing to misread or spell). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;

/** 8 characters (40 bits) from 5 random bytes: short to type, about a trillion to guess among. */
export function referralCodeFrom(random: Uint8Array): string {
  if (random.length < 5) throw new Error('referralCodeFrom needs 5 random bytes');
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(random[i]!);
  let out = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) out = ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)]! + out;
  return out;
}

/** A typed or linked code as stored (upper case; O→0, I/L→1, spaces and dashes dropped), or null. */
export function normalizeReferralCode(text: string): string | null {
  const c = text.trim().toUpperCase().replace(/[\s-]/g, '').replaceAll('O', '0').replace(/[IL]/g, '1');
  if (c.length !== REFERRAL_CODE_LENGTH) return null;
  for (const ch of c) if (!ALPHABET.includes(ch)) return null;
  return c;
}

/** The link a referrer shares: the home page with ?ref=CODE (the shop remembers it until checkout). */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/?ref=${encodeURIComponent(code)}`;
}

// ── the friend's discount ────────────────────────────────────────────────────────────────

export interface ReferralPrice {
  /** Taken off the order's total (its currency) and its USD side; rounded down. */
  discountMinor: number;
  usdDiscountMinor: number;
  totalMinor: number;
  usdMinor: number;
}

/** The friend's discount: a percent of the order, with the promo codes' arithmetic (the card keeps the minimum charge). */
export function referralDiscount(order: { currency: string; totalMinor: number; usdMinor: number }, percent: number): ReferralPrice {
  const p = Math.min(90, Math.max(0, Math.floor(percent)));
  return promoDiscount({ kind: 'percent', percent: p, amounts: {} }, order);
}

// ── at checkout ──────────────────────────────────────────────────────────────────────────

export interface ReferralCheckoutFacts {
  referrerUserId: number;
  /** The referrer's address, normalised (domain/promotions.ts normalizeEmail). */
  referrerEmailNorm: string;
  buyerUserId: number | null;
  buyerEmailNorm: string;
  /** Orders the buyer (account or normalised address) paid for before (refunded ones count). */
  buyerPaidOrders: number;
  /** A promo code is on the order: one discount per order, and the code wins. */
  promoCode: boolean;
}

export type ReferralCheckoutDecision = { ok: true } | { ok: false; reason: ReferralReason };

/**
 * Whether the link prices this order. A refusal does not stop the checkout: the order is priced
 * without the referral discount and the refusal is recorded with its reason.
 */
export function decideReferralAtCheckout(f: ReferralCheckoutFacts): ReferralCheckoutDecision {
  if (f.buyerUserId !== null && f.buyerUserId === f.referrerUserId) return { ok: false, reason: 'self_referral' };
  if (f.buyerEmailNorm === f.referrerEmailNorm) return { ok: false, reason: 'same_email' };
  if (f.buyerPaidOrders > 0) return { ok: false, reason: 'not_first_order' };
  if (f.promoCode) return { ok: false, reason: 'promo_code' };
  return { ok: true };
}

// ── when the reward falls due ───────────────────────────────────────────────────────────

export interface ReferralCreditFacts {
  /** The friend's order. */
  orderStatus: string;
  paidAt: Date | null;
  /** Any refund of the order (partial too), made or under way. */
  refunded: boolean;
  /** The card that paid the friend's order, and the cards of the referrer's own orders (fingerprints). */
  friendCard: string | null;
  referrerCards: readonly string[];
  /** The friend's order came from a device the referrer signed in from (hashes of the device cookie compared). */
  sameDevice?: boolean | undefined;
  /** Other orders of the friend paid before this one. */
  friendEarlierPaidOrders: number;
  /** Another referral of the same friend already rewarded. */
  friendRewardedBefore: boolean;
  /** The referrer's rewards credited in the calendar month (UTC) of `now`. */
  referrerRewardsThisMonth: number;
}

export type ReferralCreditDecision =
  | { action: 'wait' }
  | { action: 'cancel'; reason: 'refunded' | 'unpaid' }
  | { action: 'refuse'; reason: ReferralReason }
  | { action: 'credit'; points: number };

const PAID_OR_AFTER = new Set(['paid', 'provisioning', 'fulfilled']);
const ENDED_UNPAID = new Set(['canceled', 'expired']);

/**
 * Once the friend's order is past the refund window (paidAt + waitDays × 24 h) and was not
 * refunded, the referrer is rewarded, unless the card or the device is one of the referrer's, the friend was
 * not new after all, or the referrer reached the month's limit. Before that: a refund or an
 * order that ended unpaid cancels it; anything else waits.
 */
export function decideReferralCredit(f: ReferralCreditFacts, rules: ReferralRules, now: Date): ReferralCreditDecision {
  if (f.refunded || f.orderStatus === 'refunded') return { action: 'cancel', reason: 'refunded' };
  if (ENDED_UNPAID.has(f.orderStatus)) return { action: 'cancel', reason: 'unpaid' };
  if (!PAID_OR_AFTER.has(f.orderStatus) || f.paidAt === null) return { action: 'wait' };
  if (now.getTime() < f.paidAt.getTime() + rules.waitDays * DAY_MS) return { action: 'wait' };
  if (f.friendCard !== null && f.referrerCards.includes(f.friendCard)) return { action: 'refuse', reason: 'same_card' };
  if (f.sameDevice === true) return { action: 'refuse', reason: 'same_device' };
  if (f.friendEarlierPaidOrders > 0 || f.friendRewardedBefore) return { action: 'refuse', reason: 'not_first_order' };
  if (f.referrerRewardsThisMonth >= rules.maxRewardsPerMonth) return { action: 'refuse', reason: 'monthly_limit' };
  return { action: 'credit', points: rules.rewardPoints };
}

/** The calendar month (UTC) of `now`: [start, next start) as ISO strings. */
export function monthOf(now: Date): { from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { from: from.toISOString(), to: to.toISOString() };
}

/**
 * A refund after the reward: its points come back through the ledger, as far as the balance goes
 * (points never go negative); what was spent already is `unsettled`, recorded on the referral and
 * taken from the referrer's next rewards before they are credited (settleDebt).
 */
export function clawback(points: number, balance: number): { taken: number; unsettled: number } {
  const taken = Math.min(points, Math.max(0, balance));
  return { taken, unsettled: points - taken };
}

/** A new reward after unsettled clawbacks: the debt is paid from it first. */
export function settleDebt(points: number, debt: number): { credited: number; debtPaid: number } {
  const debtPaid = Math.min(points, Math.max(0, debt));
  return { credited: points - debtPaid, debtPaid };
}

// ── what the referrer sees (no personal data of the friend) ──────────────────────────────

export type FriendProgress = 'invited' | 'bought' | 'rewarded' | 'not_rewarded';

export function friendProgress(status: string, orderStatus: string): FriendProgress {
  if (status === 'credited') return 'rewarded';
  if (status === 'pending') return PAID_OR_AFTER.has(orderStatus) ? 'bought' : 'invited';
  return 'not_rewarded';
}

// ── inputs ───────────────────────────────────────────────────────────────────────────────

/** referrals.preview: the checkout's discount line for the link's code. */
export const ZReferralPreviewInput = ZCreatePaymentIntentInput.pick({ planId: true, currency: true, email: true }).extend({
  code: z.string().trim().min(1, 'The referral code is empty.').max(32, 'That referral code is too long.'),
});
export type TReferralPreviewInput = z.infer<typeof ZReferralPreviewInput>;

export const ZAdminReferralsInput = z
  .object({
    status: z.enum(['pending', 'credited', 'refused', 'canceled', 'clawed_back']).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .optional();
export type TAdminReferralsInput = z.infer<typeof ZAdminReferralsInput>;

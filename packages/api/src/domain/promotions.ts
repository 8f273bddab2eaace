// Promo codes (issue 29): the rules, pure. Whether a code applies to an order, and what it takes
// off. The services feed in the code row, the order's price, the clock and the customer's counts;
// the same function answers the checkout's preview and the checkout itself.
//
// The discount comes off the order's own price (in its currency) before points: a percent code
// takes floor(total × percent / 100); a fixed code its amount in the order's currency (a code
// without an amount in that currency does not apply). The card keeps at least the minimum charge
// (0.50 USD): a discount that would go below it is capped there. The USD side of the order (what
// purchase points and the minimum charge are measured on) shrinks by the same share.
import { z } from 'zod';
import { CHECKOUT_CURRENCIES, MIN_CHARGE_USD_MINOR, ZCreatePaymentIntentInput } from './orders.ts';

/** Why a code does not apply; each is an AppError code `PROMO_<REASON>` and an i18n key. */
export const PROMO_REASONS = [
  'not_found',
  'paused',
  'not_started',
  'expired',
  'not_for_subscriptions',
  'not_for_plan',
  'not_in_currency',
  'min_spend',
  'first_order_only',
  'not_with_points',
  'used_up',
  'already_used',
] as const;
export type PromoReason = (typeof PROMO_REASONS)[number];

export const PROMO_ERROR_CODES = {
  not_found: 'PROMO_NOT_FOUND',
  paused: 'PROMO_PAUSED',
  not_started: 'PROMO_NOT_STARTED',
  expired: 'PROMO_EXPIRED',
  not_for_subscriptions: 'PROMO_NOT_FOR_SUBSCRIPTIONS',
  not_for_plan: 'PROMO_NOT_FOR_PLAN',
  not_in_currency: 'PROMO_NOT_IN_CURRENCY',
  min_spend: 'PROMO_MIN_SPEND',
  first_order_only: 'PROMO_FIRST_ORDER_ONLY',
  not_with_points: 'PROMO_NOT_WITH_POINTS',
  used_up: 'PROMO_USED_UP',
  already_used: 'PROMO_ALREADY_USED',
} as const satisfies Record<PromoReason, string>;
export type PromoErrorCode = (typeof PROMO_ERROR_CODES)[PromoReason];

const CODE_RE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

/** ' summer-10 ' → 'SUMMER-10'; null when it cannot be a code (3–32 of A–Z, 0–9, '-'). */
export function normalizePromoCode(text: string): string | null {
  const c = text.trim().replace(/\s+/g, '').toUpperCase();
  return CODE_RE.test(c) ? c : null;
}

const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One person's address in one form, so a per-customer limit is not passed by writing it again:
 * lower case, the '+tag' dropped, and for Gmail the dots too (Gmail ignores both).
 */
export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf('@');
  if (at <= 0) return e;
  let local = e.slice(0, at);
  let domain = e.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** A code as the rules see it (services/promotions parse the row into this). */
export interface PromoRule {
  code: string;
  kind: 'percent' | 'fixed';
  percent: number | null;
  /** A fixed code's amount per currency, minor units. */
  amounts: Readonly<Record<string, number>>;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  minSpendUsdMinor: number;
  regionIds: readonly number[] | null;
  planIds: readonly number[] | null;
  firstOrderOnly: boolean;
  combinesWithPoints: boolean;
  paused: boolean;
}

export interface PromoOrder {
  planId: number;
  regionId: number;
  kind: 'one_time' | 'subscription';
  currency: string;
  /** The order's list price: USD cents and in its currency. */
  usdMinor: number;
  totalMinor: number;
  usePoints: boolean;
}

export interface PromoCustomer {
  /** Paid orders (paid, delivered or refunded) the customer had before. */
  priorOrders: number;
  /** Live uses of this code by the same customer (account; or guest address or card). */
  uses: number;
}

export interface PromoDiscount {
  discountMinor: number;
  usdDiscountMinor: number;
  /** The order's price after the code. */
  totalMinor: number;
  usdMinor: number;
}

export type PromoDecision = ({ ok: true } & PromoDiscount) | { ok: false; reason: PromoReason };

/**
 * Whether `rule` applies to `order` for `customer` at `now`, with `usesHeld` live uses of the code
 * in all (the services check this again atomically when they take a use). The first failing rule
 * is the answer, in the order a traveller can act on: the code itself, then the plan, then them.
 */
export function decidePromo(rule: PromoRule, order: PromoOrder, customer: PromoCustomer, usesHeld: number, now: Date): PromoDecision {
  const t = now.getTime();
  const no = (reason: PromoReason): PromoDecision => ({ ok: false, reason });
  if (rule.paused) return no('paused');
  if (rule.startsAt !== null && t < Date.parse(rule.startsAt)) return no('not_started');
  if (rule.endsAt !== null && t >= Date.parse(rule.endsAt)) return no('expired');
  if (order.kind !== 'one_time') return no('not_for_subscriptions');
  if (rule.planIds !== null || rule.regionIds !== null) {
    const byPlan = rule.planIds?.includes(order.planId) ?? false;
    const byRegion = rule.regionIds?.includes(order.regionId) ?? false;
    if (!byPlan && !byRegion) return no('not_for_plan');
  }
  if (rule.kind === 'fixed' && !(rule.amounts[order.currency]! > 0)) return no('not_in_currency');
  if (order.usdMinor < rule.minSpendUsdMinor) return no('min_spend');
  if (rule.firstOrderOnly && customer.priorOrders > 0) return no('first_order_only');
  if (order.usePoints && !rule.combinesWithPoints) return no('not_with_points');
  if (rule.maxUses !== null && usesHeld >= rule.maxUses) return no('used_up');
  if (rule.maxUsesPerCustomer !== null && customer.uses >= rule.maxUsesPerCustomer) return no('already_used');
  const d = promoDiscount(rule, order);
  // A plan too cheap to take anything off and still reach the minimum card charge.
  if (d.discountMinor <= 0) return no('min_spend');
  return { ok: true, ...d };
}

/** What the code takes off the order (capped so the card keeps the minimum charge). */
export function promoDiscount(
  rule: Pick<PromoRule, 'kind' | 'percent' | 'amounts'>,
  order: Pick<PromoOrder, 'currency' | 'usdMinor' | 'totalMinor'>,
): PromoDiscount {
  const { usdMinor, totalMinor } = order;
  const raw =
    rule.kind === 'percent'
      ? Math.floor((totalMinor * (rule.percent ?? 0)) / 100)
      : Math.min(totalMinor, rule.amounts[order.currency] ?? 0);
  let discountMinor = Math.max(0, raw);
  let usdDiscountMinor = totalMinor > 0 ? Math.floor((usdMinor * discountMinor) / totalMinor) : 0;
  const usdRoom = usdMinor - MIN_CHARGE_USD_MINOR;
  if (usdDiscountMinor > usdRoom) {
    usdDiscountMinor = Math.max(0, usdRoom);
    // The same share of the order's own currency, rounded so the card keeps at least the minimum.
    discountMinor = Math.max(0, Math.floor((totalMinor * usdDiscountMinor) / usdMinor));
  }
  if (discountMinor >= totalMinor) {
    discountMinor = 0;
    usdDiscountMinor = 0;
  }
  if (discountMinor === 0) usdDiscountMinor = 0;
  return { discountMinor, usdDiscountMinor, totalMinor: totalMinor - discountMinor, usdMinor: usdMinor - usdDiscountMinor };
}

// ── the owner's form (admin) ────────────────────────────────────────────────────────────────

const ZIds = z.array(z.number().int().positive()).max(500).nullable();
const ZIso = z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-12-01T00:00:00Z.' }).nullable();

export const ZPromoCodeFields = z
  .object({
    code: z
      .string()
      .trim()
      .transform((s, ctx) => {
        const c = normalizePromoCode(s);
        if (c === null) {
          ctx.addIssue({ code: 'custom', message: 'A code is 3–32 letters, digits or dashes.' });
          return z.NEVER;
        }
        return c;
      }),
    kind: z.enum(['percent', 'fixed']),
    percent: z.number().int().min(1, 'A percent is 1–100.').max(100, 'A percent is 1–100.').nullable(),
    // A fixed amount off in any currency the checkout takes, in that currency's own minor unit
    // (JPY 500 is ¥500); a currency left out means the code does not apply in it.
    amounts: z.partialRecord(z.enum(CHECKOUT_CURRENCIES), z.number().int().positive().max(100_000_000)).nullable(),
    startsAt: ZIso,
    endsAt: ZIso,
    maxUses: z.number().int().positive().max(10_000_000).nullable(),
    maxUsesPerCustomer: z.number().int().positive().max(1000).nullable(),
    minSpendUsdMinor: z.number().int().min(0).max(10_000_000),
    regionIds: ZIds,
    planIds: ZIds,
    firstOrderOnly: z.boolean(),
    combinesWithPoints: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.percent === null) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Give the percent off.' });
    if (v.kind === 'fixed' && (v.amounts === null || Object.keys(v.amounts).length === 0))
      ctx.addIssue({ code: 'custom', path: ['amounts'], message: 'Give the amount off in at least one currency.' });
    if (v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start.' });
  });
export type TPromoCodeFields = z.infer<typeof ZPromoCodeFields>;

/** promotions.check: the checkout's 'Apply' (the same fields the checkout will send). */
export const ZPromoCheckInput = ZCreatePaymentIntentInput.pick({ planId: true, currency: true, email: true, usePoints: true }).extend({
  code: z.string().trim().min(1, 'Enter a promo code.').max(64, 'That promo code is too long.'),
});
export type TPromoCheckInput = z.infer<typeof ZPromoCheckInput>;

export const ZPromoCodeUpdate = z.object({ id: z.number().int().positive(), fields: ZPromoCodeFields });
export const ZPromoCodeId = z.object({ id: z.number().int().positive() });
export const ZPromoCodePause = z.object({ id: z.number().int().positive(), paused: z.boolean() });

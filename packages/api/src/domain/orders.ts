// Orders, pure: the state machine, what the account's badges show, the server-side price of a
// checkout, and the checkout inputs (shared by the server's procedures and the web's forms).
// Browser-safe: no node:*, no db. Randomness and the clock come in as arguments.
import { z } from 'zod';
import { ZEmail } from './validation.ts';
import { convertPrice, subscriptionMinor, tryConvertPrice } from './money.ts';
import { ZIccid } from './esim-inputs.ts';
import { ZCheckoutGift } from './checkout-gift.ts';
import { travellerStatus, type EsimStateFacts, type EsimTravellerStatus } from './esim-life.ts';

// ── state machine ─────────────────────────────────────────────────────────────────────────

export const ORDER_STATUSES = [
  'pending_payment',
  'payment_failed',
  'paid',
  'provisioning',
  'fulfilled',
  'refunded',
  'canceled',
  'expired',
] as const;
export type OrderState = (typeof ORDER_STATUSES)[number];

/**
 * Allowed moves. payment_failed is not final: Stripe returns a failed intent to
 * requires_payment_method, and the shopper may pay it with another card, so the fulfilment claim
 * accepts pending_payment and payment_failed alike. An order left unpaid past its time expires
 * (services/orders/order-expiry.ts); a payment that succeeds after all still fulfils it (expired → paid),
 * so money taken is never without its eSIM.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  pending_payment: ['paid', 'payment_failed', 'canceled', 'expired'],
  payment_failed: ['paid', 'pending_payment', 'canceled', 'expired'],
  paid: ['provisioning', 'fulfilled', 'refunded'],
  provisioning: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  refunded: [],
  canceled: [],
  expired: ['paid'],
};

/** Waiting for a payment: these may be canceled or expire ('… WHERE status IN (…)'). */
export const UNPAID_STATES: readonly OrderState[] = ['pending_payment', 'payment_failed'];
/** The states a fulfilment claim moves from: unpaid, or expired and paid after all. */
export const CLAIMABLE_STATES: readonly OrderState[] = ['pending_payment', 'payment_failed', 'expired'];
/** Paid and not yet delivered: the worker provisions these. */
export const PROVISIONING_STATES: readonly OrderState[] = ['paid', 'provisioning'];
/** Money was taken (refundable). */
export const PAID_STATES: readonly OrderState[] = ['paid', 'provisioning', 'fulfilled'];

export function canTransition(from: OrderState, to: OrderState): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * The badge the account shows for the ORDER (spec §4: completed green, pending yellow, anything
 * else red). Paid orders still being provisioned are 'pending' (yellow); a delivered order is
 * 'completed' (green) whatever its eSIM does since: the eSIM's state is its own chip (esimChip).
 */
export type DisplayStatus = 'pending' | 'completed' | 'failed' | 'refunded' | 'canceled' | 'expired';

export function displayStatus(status: OrderState): DisplayStatus {
  switch (status) {
    case 'pending_payment':
    case 'paid':
    case 'provisioning':
      return 'pending';
    case 'payment_failed':
      return 'failed';
    case 'fulfilled':
      return 'completed';
    case 'refunded':
      return 'refunded';
    case 'canceled':
      return 'canceled';
    case 'expired':
      return 'expired';
  }
}

/** The eSIM's own chip beside the order badge: ready to install, installed, active, used up, expired. */
export type EsimChip = Exclude<EsimTravellerStatus, 'refunded'>;

/**
 * The chip of the eSIM an order delivered (or topped up): null before delivery, and for a refunded
 * order or eSIM (the order's badge says 'Refunded' already).
 */
export function esimChip(status: OrderState, esim: EsimStateFacts | null): EsimChip | null {
  if (esim === null || status === 'refunded' || esim.refunded) return null;
  if (status !== 'fulfilled') return null;
  const s = travellerStatus(esim);
  return s === 'refunded' ? null : s;
}

// ── price ─────────────────────────────────────────────────────────────────────────────────

/** The spec's three first, then the seven of issue 28 (each priced in its ISO 4217 minor unit). */
export const CHECKOUT_CURRENCIES = ['USD', 'GBP', 'EUR', 'AUD', 'CAD', 'JPY', 'CHF', 'SGD', 'AED', 'INR'] as const;
export type CheckoutCurrency = (typeof CHECKOUT_CURRENCIES)[number];

/** Stripe's minimum charge: 0.50 USD or its equivalent (checked on the USD price charged against). */
export const MIN_CHARGE_USD_MINOR = 50;

export type OrderKindValue = 'one_time' | 'subscription';

export interface OrderPrice {
  /** The USD list price this order is charged against (85% of it for a monthly subscription). */
  usdMinor: number;
  /** In the shopper's currency. */
  unitMinor: number;
  totalMinor: number;
  currency: string;
  rateMicros: number;
}

/**
 * The server's price of a checkout: the plan's USD minor price (85% for a subscription month),
 * converted with the stored rate in the currency's minor unit, rounded half up, then charm-rounded
 * where the currency is (money.ts convertPrice). Whatever amount the client sent plays no part.
 */
export function priceOrder(planUsdMinor: number, kind: OrderKindValue, currency: string, rateMicros: number): OrderPrice {
  const usdMinor = kind === 'subscription' ? subscriptionMinor(planUsdMinor) : planUsdMinor;
  const unitMinor = convertPrice(usdMinor, rateMicros, currency);
  return { usdMinor, unitMinor, totalMinor: unitMinor, currency, rateMicros };
}

/** The most one card payment may be, in minor units of any currency (Stripe's limit: 8 digits). */
export const MAX_CHARGE_MINOR = 99_999_999;

/**
 * priceOrder for a rate that may be absurd: the price, or why there is none — the conversion cannot
 * be represented (not a safe integer), or its total is more than a card payment can be.
 */
export function tryPriceOrder(
  planUsdMinor: number,
  kind: OrderKindValue,
  currency: string,
  rateMicros: number,
): { ok: true; price: OrderPrice } | { ok: false; reason: 'unrepresentable' | 'above_maximum' } {
  if (!Number.isSafeInteger(planUsdMinor) || !Number.isSafeInteger(rateMicros) || rateMicros <= 0) {
    return { ok: false, reason: 'unrepresentable' };
  }
  const usdMinor = kind === 'subscription' ? subscriptionMinor(planUsdMinor) : planUsdMinor;
  const unitMinor = tryConvertPrice(usdMinor, rateMicros, currency);
  if (unitMinor === null) return { ok: false, reason: 'unrepresentable' };
  if (unitMinor > MAX_CHARGE_MINOR) return { ok: false, reason: 'above_maximum' };
  return { ok: true, price: { usdMinor, unitMinor, totalMinor: unitMinor, currency, rateMicros } };
}

export function meetsMinimumCharge(price: Pick<OrderPrice, 'usdMinor' | 'totalMinor'>): boolean {
  return price.usdMinor >= MIN_CHARGE_USD_MINOR && price.totalMinor > 0;
}

/** '7 days' / '1 day' (the success page's planValidity). */
export function validityText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

// ── ids ─────────────────────────────────────────────────────────────────────────────────

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'ORD-7K3M9Q2XB4': a prefix and 10 Crockford base-32 characters (50 bits) from `bytes` (≥ 7). */
export function publicIdFrom(prefix: string, bytes: Uint8Array): string {
  if (bytes.length < 7) throw new RangeError('publicIdFrom needs at least 7 random bytes');
  let bits = 0n;
  for (let i = 0; i < 7; i++) bits = (bits << 8n) | BigInt(bytes[i]!);
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return `${prefix}-${out}`;
}

export const PUBLIC_ID = /^(ORD|SUB|ESIM)-[0-9A-HJKMNP-TV-Z]{10}$/;

// ── inputs ────────────────────────────────────────────────────────────────────────────────

/** A plan id as a number or a numeric string ('12'). */
const ZPlanId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
]);

const ZCurrency = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(CHECKOUT_CURRENCIES, { error: `currency must be one of ${CHECKOUT_CURRENCIES.join(', ')}` }));

/**
 * A random token the checkout page makes once per visit: a retried request with the same token
 * (and the same plan, currency and buyer) gets the same order and payment intent back.
 */
export const ZCheckoutToken = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'checkoutToken must be 16–128 of A–Z, a–z, 0–9, _ and -');

/** POST /api/create-payment-intent and payments.createIntent. */
export const ZCreatePaymentIntentInput = z.object({
  planId: ZPlanId,
  /** The spec's client sends the plan price; it is ignored (the server computes the total). */
  amount: z.unknown().optional(),
  /** Default: the X-Currency header, else USD. */
  currency: ZCurrency.optional(),
  /** Required for guests; signed-in users default to their account's address. */
  email: ZEmail.optional(),
  kind: z.enum(['one_time', 'subscription']).optional(),
  checkoutToken: ZCheckoutToken.optional(),
  /** Language of the e-mail, e.g. 'en', 'de'. */
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .max(35)
    .optional(),
  /**
   * Pay with rewards points as far as they go (signed in; one-time orders): the card keeps at least
   * the minimum charge, or points pay everything (domain/rewards.ts redeemPoints). Ignored for guests.
   */
  usePoints: z.boolean({ error: 'usePoints must be true or false' }).optional(),
  /**
   * Top up this eSIM (its ICCID) instead of buying a new one: signed in, the eSIM's owner, a plan of
   * the eSIM's destination, one-time only (services/orders/checkout.ts).
   */
  topUpIccid: ZIccid.optional(),
  /**
   * Issue 26: a top-up bought through the 'Manage your eSIM' link, without an account — the link's
   * token authorises it instead of a session. Needs topUpIccid (the link's eSIM); the order is a
   * guest order bound to the linked order's e-mail address (services/orders/checkout.ts).
   */
  esimLinkToken: z.string().trim().min(1, 'The link is incomplete.').max(128, 'The link is not valid.').optional(),
  /** Issue 29: a promo code (one per order; one-time orders only). The server prices it (domain/promotions.ts). */
  promoCode: z.string().trim().min(1, 'Enter a promo code.').max(64, 'That promo code is too long.').optional(),
  /**
   * Issue 29: the referral code of the link the buyer came by (remembered by the shop until checkout).
   * A new eSIM only; the server decides and prices it (domain/referrals.ts). Unknown or refused: no discount.
   */
  referralCode: z.string().trim().min(1, 'The referral code is empty.').max(32, 'That referral code is too long.').optional(),
  /** Issue 29: 'This is a gift' (a new eSIM, one-time only): the recipient gets the eSIM, the buyer a receipt (services/gifts/checkout-gift.ts). */
  gift: ZCheckoutGift.optional(),
});
export type TCreatePaymentIntentInput = z.infer<typeof ZCreatePaymentIntentInput>;

/** POST /api/create-subscription and payments.createSubscription (signed-in only). */
export const ZCreateSubscriptionInput = ZCreatePaymentIntentInput.omit({
  kind: true,
  usePoints: true,
  topUpIccid: true,
  esimLinkToken: true,
  promoCode: true,
  referralCode: true,
});
export type TCreateSubscriptionInput = z.infer<typeof ZCreateSubscriptionInput>;

const ZCardNumber = z.string().max(32);
export const ZDemoCard = z.object({
  number: ZCardNumber,
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvc: z.string().max(8),
});

export const ZDemoConfirmInput = z.object({
  paymentIntentId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(512),
  card: ZDemoCard,
});
export type TDemoConfirmInput = z.infer<typeof ZDemoConfirmInput>;

export const ZDemoConfirmActionInput = z.object({
  paymentIntentId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(512),
  approve: z.boolean(),
});
export type TDemoConfirmActionInput = z.infer<typeof ZDemoConfirmActionInput>;

export const ZOrderByPaymentIntentInput = z.object({
  paymentIntentId: z.string().min(1).max(255),
  clientSecret: z.string().min(1).max(512).optional(),
});

// Order intake: what every checkout (one-time or subscription) does before a payment intent
// exists: resolve plan, buyer, currency and the server's price (prepareOrder), insert the pending
// order (insertPendingOrder), and turn a payment provider failure into an AppError.
import { Statement, type Db } from '@esim/db';
import { AppError, errorText } from '../../errors.ts';
import { CHECKOUT_CURRENCIES, meetsMinimumCharge, tryPriceOrder } from '../../domain/orders.ts';
import { rateOutOfRange } from '../../domain/admin.ts';
import type { OrderKindValue, TCreatePaymentIntentInput } from '../../domain/orders.ts';
import { shopLanguage, type ShopLanguage } from '../../domain/language.ts';
import { iso } from '../../domain/time.ts';
import { isPaymentProviderError } from '../../providers/payments/index.ts';
import type { PaymentIntentStatus } from '../../providers/payments/index.ts';
import { newPublicId, sha256Hex } from '../shared/tokens.ts';
import type { TInvoiceBuyerInput } from '../../domain/invoice-buyer.ts';
import { checkBuyer, type CheckedBuyer } from './invoice-buyers.ts';
import type { Services, SessionUser } from '../types.ts';

export interface CheckoutBuyer {
  user: SessionUser | null;
  /** The X-Currency header the web app sends (used when the body names no currency). */
  headerCurrency?: string | undefined;
  /** ctx.locale (the request's Accept-Language): the order's e-mails are written in it unless the body names a language. */
  locale?: ShopLanguage | undefined;
  /** The request's client address and User-Agent, kept on the order as a dispute's evidence (issue 31). */
  client?: { ip: string; userAgent: string } | undefined;
  /** Issue 29: ctx.req.deviceHash, stored with a referral (the friend's device). */
  deviceHash?: string | undefined;
}

/** What the checkout page needs to take the payment (POST /api/create-payment-intent). */
export interface CheckoutResult {
  clientSecret: string;
  /** The order number, e.g. 'ORD-7K3M9Q2XB4'. */
  orderId: string;
  /** null only for a Stripe subscription whose first invoice is paid by other means. */
  paymentIntentId: string | null;
  provider: 'stripe' | 'demo';
  /** Stripe's publishable key for Stripe.js; null for demo payments. */
  publishableKey: string | null;
  /** Decimal, in `currency` (e.g. 4.5). */
  amount: number;
  amountMinor: number;
  currency: string;
  kind: OrderKindValue;
  /** The intent's current status ('requires_payment_method' for a new one). */
  paymentStatus: PaymentIntentStatus | null;
  /** Set for a subscription checkout, e.g. 'SUB-…'. */
  subscriptionId: string | null;
  /** This answer is a retried checkout's existing order. */
  reused: boolean;
  /** Rewards points this order uses (checkout with usePoints, signed in); 0 otherwise. */
  pointsUsed: number;
  /** What they take off, in minor units of `currency`; amountMinor is what is left for the card. */
  pointsDiscountMinor: number;
  /** Points paid the whole order: it is paid already, there is no card step (clientSecret is ''). */
  paidWithPoints: boolean;
  /** A top-up: the eSIM (ICCID) the order's data goes to; null for a new eSIM. */
  topUpIccid: string | null;
  /** Issue 29: the promo code applied, and what it took off (amountMinor is after it); absent without a code. */
  promoCode?: string | undefined;
  promoDiscountMinor?: number | undefined;
  /** Issue 29: the referral link's discount (amountMinor is after it); absent without one. */
  referralDiscountMinor?: number | undefined;
}

export interface PreparedOrder {
  planId: number;
  planName: string;
  dataAmount: string;
  dataMb: number | null;
  validityDays: number;
  email: string;
  kind: OrderKindValue;
  currency: string;
  usdMinor: number;
  unitMinor: number;
  totalMinor: number;
  rateMicros: number;
  locale: string;
  checkoutKey: string | null;
  /** A top-up's eSIM (orders.topup_esim_id); null: the order gets a new eSIM. Set by the checkout after its checks. */
  topUpEsimId: number | null;
  /** orders.purchase_ip / purchase_agent: the buyer's client, null when unknown (a renewal, a test). */
  purchaseIp: string | null;
  purchaseAgent: string | null;
  /** Issue 31: company details for the VAT invoice given at checkout (checked; stored with the order). */
  business: CheckedBuyer | null;
}

/** Data allowances (MB) of every plan, loaded once per catalogue snapshot (the cached Plan has no data_mb). */
const dataMbBySnapshot = new WeakMap<object, Promise<Map<number, number | null>>>();

async function planDataMb(db: Db, services: Services, planId: number): Promise<number | null> {
  const snapshot = await services.catalog.snapshot();
  let all = dataMbBySnapshot.get(snapshot);
  if (!all) {
    all = db
      .selectFrom('plans')
      .select(['id', 'data_mb'])
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.id, r.data_mb])));
    dataMbBySnapshot.set(snapshot, all);
    all.catch(() => dataMbBySnapshot.delete(snapshot));
  }
  const map = await all;
  if (!map.has(planId)) {
    // A plan newer than the snapshot: ask the database.
    const row = await db.selectFrom('plans').select('data_mb').where('id', '=', planId).executeTakeFirst();
    return row?.data_mb ?? null;
  }
  return map.get(planId) ?? null;
}

function resolveCurrency(bodyCurrency: string | undefined, headerCurrency: string | undefined): string {
  if (bodyCurrency) return bodyCurrency;
  const h = headerCurrency?.trim().toUpperCase();
  return h && (CHECKOUT_CURRENCIES as readonly string[]).includes(h) ? h : 'USD';
}

/** Plan, buyer, currency and the server's price of a checkout. */
export async function prepareOrder(
  db: Db,
  services: Services,
  input: TCreatePaymentIntentInput & { business?: TInvoiceBuyerInput | undefined },
  buyer: CheckoutBuyer,
  kind: OrderKindValue,
): Promise<PreparedOrder> {
  const email = input.email ?? buyer.user?.email;
  if (!email) throw new AppError('BAD_INPUT', 'Please enter your e-mail address: your eSIM is sent there.', { field: 'email' });
  // Issue 31: a bad VAT ID is a 400 before anything is written.
  const business = input.business ? checkBuyer(input.business, 'business') : null;
  const plan = await services.catalog.getPlan(input.planId);
  const currency = resolveCurrency(input.currency, buyer.headerCurrency);
  const rates = await services.catalog.getExchangeRates();
  const rateMicros = rates.rateMicros[currency];
  // A currency the shop sells in whose rate is unusable (left out of the catalogue's rates, or out
  // of the sane band around the reference rate): a clear 4xx, never a 500 with internal text.
  const unavailable = () =>
    new AppError('CURRENCY_UNAVAILABLE', `Payments in ${currency} are not available right now. Please choose another currency.`, {
      field: 'currency',
      currency,
    });
  if (rateMicros === undefined) {
    if ((CHECKOUT_CURRENCIES as readonly string[]).includes(currency)) throw unavailable();
    throw new AppError('BAD_INPUT', `The shop does not sell in ${currency}.`, { field: 'currency' });
  }
  if (rateOutOfRange(currency, rateMicros) !== null) {
    services.log.warn('checkout: exchange rate out of its sane range', { currency, rateMicros });
    throw unavailable();
  }
  const priced = tryPriceOrder(plan.priceMinor, kind, currency, rateMicros);
  if (!priced.ok) {
    services.log.warn('checkout: price cannot be charged', { currency, rateMicros, reason: priced.reason });
    throw unavailable();
  }
  const price = priced.price;
  if (!meetsMinimumCharge(price)) throw new AppError('AMOUNT_BELOW_MINIMUM');
  const dataMb = await planDataMb(db, services, plan.id);
  const checkoutKey = input.checkoutToken
    ? sha256Hex(
        [
          'checkout-v1',
          input.checkoutToken,
          buyer.user?.id ?? 'guest',
          email,
          plan.id,
          kind,
          currency,
          ...(input.usePoints && buyer.user ? ['points'] : []),
          ...(input.topUpIccid ? [`topup:${input.topUpIccid}`] : []),
          ...(input.promoCode ? [`promo:${input.promoCode.toUpperCase()}`] : []),
          ...('referralCode' in input && input.referralCode ? [`ref:${input.referralCode.toUpperCase()}`] : []),
          // Other company details are another checkout (a new order, its invoice made out to them).
          ...(business ? [`biz:${JSON.stringify([business.companyName, business.address, business.country, business.vatId])}`] : []),
        ].join('|'),
      )
    : null;
  return {
    planId: plan.id,
    planName: plan.name,
    dataAmount: plan.dataAmount,
    dataMb,
    validityDays: plan.validityDays,
    email,
    kind,
    currency,
    usdMinor: price.usdMinor,
    unitMinor: price.unitMinor,
    totalMinor: price.totalMinor,
    rateMicros,
    locale: shopLanguage(input.locale ?? buyer.locale),
    checkoutKey,
    topUpEsimId: null,
    purchaseIp: buyer.client?.ip ? buyer.client.ip.slice(0, 64) : null,
    purchaseAgent: buyer.client?.userAgent ? buyer.client.userAgent.slice(0, 300) : null,
    business,
  };
}

// The pending order's insert, as SQL text kept once (@esim/db Statement: Kysely's
// per-call compile of this 20-column insert was the costliest query build in bench/orders.mjs).
// Columns left out take their defaults (null, 0).
const INSERT_PENDING_ORDER = new Statement<{ id: number; public_id: string }>(
  'insert into "orders" ("public_id", "user_id", "email", "plan_id", "plan_name", "plan_data_amount", "plan_data_mb", ' +
    '"plan_validity_days", "kind", "subscription_id", "currency", "unit_amount_minor", "total_amount_minor", ' +
    '"usd_amount_minor", "rate_micros", "status", "payment_provider", "checkout_key", "locale", "topup_esim_id", ' +
    '"purchase_ip", "purchase_agent", "created_at", "updated_at") ' +
    "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending_payment', ?, ?, ?, ?, ?, ?, ?, ?) " +
    'on conflict ("checkout_key") where "checkout_key" is not null do nothing returning "id", "public_id"',
);

/** Inserts the pending order; null when the checkout key is taken (a concurrent retry). */
export async function insertPendingOrder(
  db: Db,
  services: Services,
  p: PreparedOrder,
  extra: { userId: number | null; subscriptionId?: number | null | undefined },
): Promise<{ id: number; public_id: string } | null> {
  const now = iso(services.now());
  const public_id = newPublicId('ORD');
  const row = await INSERT_PENDING_ORDER.first(db, [
    public_id,
    extra.userId,
    p.email,
    p.planId,
    p.planName,
    p.dataAmount,
    p.dataMb,
    p.validityDays,
    p.kind,
    extra.subscriptionId ?? null,
    p.currency,
    p.unitMinor,
    p.totalMinor,
    p.usdMinor,
    p.rateMicros,
    services.payments.name,
    p.checkoutKey,
    p.locale,
    p.topUpEsimId,
    p.purchaseIp,
    p.purchaseAgent,
    now,
    now,
  ]);
  return row ?? null;
}

export function providerFailure(services: Services, e: unknown, what: string): AppError {
  services.log.error(`${what} failed`, { error: errorText(e) });
  if (isPaymentProviderError(e) && !e.retryable && e.status !== undefined && e.status < 500) {
    return new AppError('BAD_INPUT', e.message, { providerCode: e.code });
  }
  return new AppError('PAYMENT_PROVIDER_ERROR');
}

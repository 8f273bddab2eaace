// Checkout: the order is created (pending_payment) before its payment intent, with a total the
// server computes from the plan's USD price and the stored exchange rate — a client-sent amount
// plays no part. The intent is created under the order's idempotency key ('order:<id>:pi'), and a
// retried checkout (same checkout token, plan, currency and buyer) gets the same order and intent
// back while the intent is not final, so a shopper's retry never charges twice.
//
// Also the demo card form's confirm and confirm-action (demo payments only).
import { Statement, type Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import { minorToDecimal } from '../../domain/money.ts';
import type { OrderKindValue, TDemoConfirmActionInput, TDemoConfirmInput } from '../../domain/orders.ts';
import type { TCheckoutIntentInput, TCheckoutSubscriptionInput } from '../../domain/invoice-buyer.ts';
import { scheduleVatCheck, writeBuyer } from './invoice-buyers.ts';
import { iso } from '../../domain/time.ts';
import { idempotencyKeys, isPaymentProviderError } from '../../providers/payments/index.ts';
import type { DemoConfirmResult, PaymentIntentStatus } from '../../providers/payments/index.ts';
import { insertPendingOrder, prepareOrder, providerFailure } from './order-intake.ts';
import type { CheckoutBuyer, CheckoutResult, PreparedOrder } from './order-intake.ts';
import { guardCardNumber, guardOrderAttempt, recordDecline } from '../payments/payment-limits.ts';
import { settlePaymentIntent } from '../payments/payment-events.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { afterClaim, claimPaid } from '../order-life/claim.ts';
import { reservePoints } from '../rewards/rewards-ledger.ts';
import { pointsPaymentId } from '../../domain/rewards.ts';
import { isSubscribable } from '../../domain/esim-life.ts';
import type { Redemption } from '../../domain/rewards.ts';
import { resumeSubscriptionCheckout, startSubscription } from './subscriptions.ts';
import { sha256Hex } from '../shared/tokens.ts';
import { assertSoldAsNewEsim, checkTopUp } from './topups.ts';
import { resolveEsimLink } from '../esims/esim-links.ts';
import { promoError, quotePromo, reservePromo, type PromoBuyer, type PromoQuote } from '../promotions/promo-redemption.ts';
import type { PromoOrder } from '../../domain/promotions.ts';
import { quoteReferral, recordReferral, refuseReferral, type ReferralQuote } from '../referrals/referrals.ts';
import type { Services, SessionUser } from '../types.ts';
import { prepareCheckoutGift, refuseGift, storeCheckoutGift, syncCheckoutGift, type PreparedCheckoutGift } from '../gifts/checkout-gift.ts';

export type { CheckoutBuyer, CheckoutResult, PreparedOrder } from './order-intake.ts';

/** A retried checkout reuses its order for this long (Stripe keeps idempotent answers 24 h). */
const REUSE_WINDOW_MS = 23 * 3600_000;

const ATTACH_INTENT = new Statement(
  'update "orders" set "payment_intent_id" = ?, "client_secret_hash" = ?, "updated_at" = ? where "id" = ? and "payment_intent_id" is null',
);

/** POST /api/create-payment-intent: a one-time order (or, with kind 'subscription', a subscription). */
export async function createCheckout(
  db: Db,
  services: Services,
  input: TCheckoutIntentInput,
  buyer: CheckoutBuyer,
): Promise<CheckoutResult> {
  const kind = input.kind ?? 'one_time';
  if (kind === 'subscription' && input.promoCode !== undefined) throw promoError('not_for_subscriptions');
  if (input.gift && kind === 'subscription') refuseGift('not_for_subscriptions');
  if (input.gift && input.esimLinkToken !== undefined) refuseGift('not_for_top_ups');
  if (kind === 'subscription') {
    if (input.topUpIccid !== undefined || input.esimLinkToken !== undefined)
      throw new AppError('BAD_INPUT', 'A top-up is a one-time purchase: it cannot be a subscription.', { field: 'kind' });
    if (!buyer.user) throw new AppError('UNAUTHORIZED', 'Please sign in to subscribe: a subscription is managed from your account.');
    return createSubscriptionCheckout(db, services, input, { ...buyer, user: buyer.user });
  }
  if (input.esimLinkToken !== undefined) return createLinkedTopUpCheckout(db, services, input, input.esimLinkToken, buyer);
  if (input.topUpIccid !== undefined && !buyer.user)
    throw new AppError('UNAUTHORIZED', 'Please sign in to top up an eSIM: top-ups are bought from your account.');
  const p = await prepareOrder(db, services, input, buyer, 'one_time');
  // A top-up (only then: the hot path of a new eSIM has no lookup): the eSIM's checks, then its id on the order.
  let topUpIccid: string | null = null;
  if (input.topUpIccid !== undefined) {
    const target = await checkTopUp(db, services, input.topUpIccid, await services.catalog.getPlan(p.planId), { user: buyer.user });
    p.topUpEsimId = target.esimId;
    topUpIccid = target.iccid;
  } else await assertSoldAsNewEsim(services, p.planId);
  // Issue 29: 'This is a gift' is checked before anything is written (its row goes with the order's).
  const gift = input.gift
    ? prepareCheckoutGift(input.gift, giftBuyer(p, input, buyer), { subscription: false, topUp: topUpIccid !== null }, services.now())
    : null;
  const userId = buyer.user?.id ?? null;
  const usePoints = input.usePoints === true && userId !== null;
  // Issue 29: a code prices the order before it is inserted (no code: nothing read, nothing added).
  const promo =
    input.promoCode === undefined ? null : await applyPromo(db, services, p, input.promoCode, usePoints, { userId, email: p.email });
  // Issue 29: a referral link's code, on a new eSIM only (one discount per order: a promo code wins).
  const referral =
    input.referralCode === undefined || topUpIccid !== null
      ? null
      : await applyReferral(db, services, p, input.referralCode, { userId, email: p.email, deviceHash: buyer.deviceHash }, promo !== null);
  // Points only for a signed-in buyer; the pending order and its reservation (points, code, referral)
  // and its company details (issue 31) are one write.
  const insert = () =>
    usePoints || promo || referral || p.business || gift
      ? insertOrderWithExtras(db, services, p, userId, usePoints, promo, referral, gift)
      : insertPendingOrder(db, services, p, { userId });
  // Insert first: a taken checkout key (a retry) is the exception, so look it up only then.
  let order: InsertedOrder | null = await insert();
  if (!order && p.checkoutKey) {
    const reused = await reuseCheckout(db, services, p.checkoutKey, gift);
    if (reused) return reused;
    // The earlier order was over or too old, and its key is released now.
    order = await insert();
  }
  return startPayment(db, services, p, order, topUpIccid, promo?.quote ?? null, referral?.quote ?? null);
}

/** Whose own addresses a gift may not go to: the order's and the signed-in account's. */
function giftBuyer(p: PreparedOrder, input: TCheckoutIntentInput, buyer: CheckoutBuyer) {
  return { orderEmail: p.email, accountEmail: buyer.user?.email ?? null, checkoutLocale: input.locale ?? buyer.locale };
}

/** The order's referral: its quote (applied or refused), and the order priced after it when applied. */
interface AppliedReferral {
  quote: ReferralQuote;
  buyer: { userId: number | null; email: string; deviceHash?: string | undefined };
}

async function applyReferral(
  db: Db,
  services: Services,
  p: PreparedOrder,
  code: string,
  buyer: { userId: number | null; email: string; deviceHash?: string | undefined },
  hasPromoCode: boolean,
): Promise<AppliedReferral | null> {
  const quote = await quoteReferral(
    db,
    services,
    code,
    { currency: p.currency, totalMinor: p.totalMinor, usdMinor: p.usdMinor },
    buyer,
    hasPromoCode,
  );
  if (!quote) return null;
  const { decision } = quote;
  if (!decision.ok) return refuseReferral(db, services, { ...quote, decision }, { currency: p.currency, buyer });
  p.totalMinor -= quote.discountMinor;
  p.usdMinor -= quote.usdDiscountMinor;
  return { quote, buyer };
}

/** The order's code: its quote (or the reason it does not apply), and the order priced after it. */
interface AppliedPromo {
  quote: PromoQuote;
  order: PromoOrder;
  buyer: PromoBuyer;
}

async function applyPromo(
  db: Db,
  services: Services,
  p: PreparedOrder,
  code: string,
  usePoints: boolean,
  buyer: PromoBuyer,
): Promise<AppliedPromo> {
  const plan = await services.catalog.getPlan(p.planId);
  const order: PromoOrder = {
    planId: p.planId,
    regionId: plan.regionId,
    kind: p.kind,
    currency: p.currency,
    usdMinor: p.usdMinor,
    totalMinor: p.totalMinor,
    usePoints,
  };
  const quote = await quotePromo(db, services, code, order, buyer);
  p.totalMinor = quote.totalMinor;
  p.usdMinor = quote.usdMinor;
  return { quote, order, buyer };
}

/**
 * Issue 26: a top-up through the 'Manage your eSIM' link, no account needed. The link's token (not
 * a session) authorises it: it must name the order that bought the eSIM being topped up. The order
 * is a guest order (no points either way) sent to the linked order's address, whatever the form
 * sent or whoever is signed in; the price is the server's, as for every order. Paid and fulfilled
 * like a signed-in top-up (orders.topup_esim_id). A revoked or unknown link → 404.
 */
async function createLinkedTopUpCheckout(
  db: Db,
  services: Services,
  input: TCheckoutIntentInput,
  token: string,
  buyer: CheckoutBuyer,
): Promise<CheckoutResult> {
  if (input.topUpIccid === undefined)
    throw new AppError('BAD_INPUT', "Choose the eSIM to top up: open a top-up from the eSIM's page.", { field: 'topUpIccid' });
  const link = await resolveEsimLink(db, token);
  const guest: CheckoutBuyer = { ...buyer, user: null };
  const p = await prepareOrder(db, services, { ...input, email: link.email, usePoints: false }, guest, 'one_time');
  const target = await checkTopUp(db, services, input.topUpIccid, await services.catalog.getPlan(p.planId), {
    linkOrderId: link.orderId,
  });
  p.topUpEsimId = target.esimId;
  const promo =
    input.promoCode === undefined ? null : await applyPromo(db, services, p, input.promoCode, false, { userId: null, email: p.email });
  const insert = () =>
    promo || p.business
      ? insertOrderWithExtras(db, services, p, null, false, promo)
      : insertPendingOrder(db, services, p, { userId: null });
  let order: InsertedOrder | null = await insert();
  if (!order && p.checkoutKey) {
    const reused = await reuseCheckout(db, services, p.checkoutKey);
    if (reused) return reused;
    order = await insert();
  }
  return startPayment(db, services, p, order, target.iccid, promo?.quote ?? null);
}

/** The new order's payment: nothing left when points paid all, else its payment intent. */
async function startPayment(
  db: Db,
  services: Services,
  p: PreparedOrder,
  order: InsertedOrder | null,
  topUpIccid: string | null,
  promo: PromoQuote | null,
  referral: ReferralQuote | null = null,
): Promise<CheckoutResult> {
  if (!order) throw new AppError('CONFLICT', 'This checkout is already being processed. Please reload the page.');
  // Issue 31: VIES is asked once the order exists, off the request's path.
  if (p.business) scheduleVatCheck(db, services, order.id, p.business);
  const redemption = order.redemption ?? { pointsUsed: 0, discountMinor: 0, paidWithPoints: false };
  const facts = {
    id: order.id,
    public_id: order.public_id,
    payment_intent_id: null,
    ...orderFacts(p),
    points_used: redemption.pointsUsed,
    points_discount_minor: redemption.discountMinor,
    topUpIccid,
    promo: promo ? { code: promo.code, discountMinor: promo.discountMinor } : null,
    referral: referral ? { discountMinor: referral.discountMinor } : null,
  };
  if (redemption.paidWithPoints) {
    await afterClaim(db, services, order.id, {});
    return paidWithPointsResult(services, facts, false);
  }
  return createIntentForOrder(db, services, facts, false);
}

function orderFacts(p: PreparedOrder) {
  return { total_amount_minor: p.totalMinor, currency: p.currency, email: p.email, plan_id: p.planId, kind: p.kind };
}

type InsertedOrder = { id: number; public_id: string; redemption?: Redemption | undefined };

/**
 * The pending order, its code's use (promotions/promo-redemption.ts reservePromo: refused → the
 * order is not made either) and what the buyer's points pay of it, in one write transaction (the
 * user's points locked): a redemption row reserves them. When they pay everything there is no
 * card: the order is claimed as paid in the same transaction (order-life/claim.ts claimPaid, the
 * fulfilment step's claim) under a stand-in payment id, and provisioned like any paid order.
 */
async function insertOrderWithExtras(
  db: Db,
  services: Services,
  p: PreparedOrder,
  userId: number | null,
  usePoints: boolean,
  promo: AppliedPromo | null,
  referral: AppliedReferral | null = null,
  gift: PreparedCheckoutGift | null = null,
): Promise<InsertedOrder | null> {
  const now = iso(services.now());
  return writeTransaction(db, async (trx) => {
    const order = await insertPendingOrder(trx, services, p, { userId });
    if (!order) return null;
    // Issue 31: before a points-paid claim below, so the invoice it issues is made out to the company.
    if (p.business) await writeBuyer(trx, order.id, p.business, 'not_checked', now);
    if (gift) await storeCheckoutGift(trx, order.id, gift, now);
    if (promo) await reservePromo(trx, services, promo.quote, { id: order.id, promo: promo.order, buyer: promo.buyer });
    if (referral) await recordReferral(trx, services, referral.quote, { id: order.id, currency: p.currency, buyer: referral.buyer });
    if (!usePoints || userId === null) return order;
    const redemption = await reservePoints(
      trx,
      userId,
      {
        id: order.id,
        public_id: order.public_id,
        usdMinor: p.usdMinor,
        totalMinor: p.totalMinor,
        rateMicros: p.rateMicros,
        currency: p.currency,
      },
      now,
    );
    if (redemption.paidWithPoints) {
      await claimPaid(
        trx,
        services.config,
        { id: order.id },
        now,
        { actor: 'traveller', reason: 'paid with points' },
        { payment_intent_id: pointsPaymentId(order.public_id) },
      );
    }
    return { ...order, redemption };
  });
}

/** The checkout's answer for an order points paid in full: nothing left to pay. */
function paidWithPointsResult(services: Services, order: OrderForIntent, reused: boolean): CheckoutResult {
  return {
    clientSecret: '',
    orderId: order.public_id,
    paymentIntentId: pointsPaymentId(order.public_id),
    provider: services.payments.name,
    publishableKey: services.payments.publishableKey,
    amount: 0,
    amountMinor: 0,
    currency: order.currency,
    kind: order.kind,
    paymentStatus: 'succeeded',
    subscriptionId: null,
    reused,
    pointsUsed: order.points_used,
    pointsDiscountMinor: order.points_discount_minor,
    paidWithPoints: true,
    topUpIccid: order.topUpIccid,
    ...promoFields(order),
  };
}

function promoFields(order: OrderForIntent): Pick<CheckoutResult, 'promoCode' | 'promoDiscountMinor' | 'referralDiscountMinor'> {
  return {
    ...(order.promo ? { promoCode: order.promo.code, promoDiscountMinor: order.promo.discountMinor } : {}),
    ...(order.referral ? { referralDiscountMinor: order.referral.discountMinor } : {}),
  };
}

interface OrderForIntent {
  id: number;
  public_id: string;
  payment_intent_id: string | null;
  total_amount_minor: number;
  currency: string;
  email: string;
  plan_id: number;
  kind: OrderKindValue;
  points_used: number;
  /** The card pays total_amount_minor − this. */
  points_discount_minor: number;
  /** A top-up's eSIM. */
  topUpIccid: string | null;
  /** Issue 29: the code on the order (its total is after it); null without one. */
  promo: { code: string; discountMinor: number } | null;
  /** Issue 29: the referral discount on the order; null without one. */
  referral?: { discountMinor: number } | null | undefined;
}

/** Creates (or, under the same idempotency key, gets back) the order's payment intent and stores it. */
async function createIntentForOrder(db: Db, services: Services, order: OrderForIntent, reused: boolean): Promise<CheckoutResult> {
  const cardMinor = order.total_amount_minor - order.points_discount_minor;
  let created;
  try {
    created = await services.payments.createPaymentIntent({
      orderId: order.public_id,
      amountMinor: cardMinor,
      currency: order.currency,
      email: order.email,
      // promo=1: the demo provider asks promotions/guardPromoCard before it charges a card.
      metadata: order.promo
        ? { planId: String(order.plan_id), kind: order.kind, promo: '1' }
        : { planId: String(order.plan_id), kind: order.kind },
      idempotencyKey: idempotencyKeys.paymentIntent(order.public_id),
      // Issue 29: a price that depends on a code or a referral is held, and captured once the card
      // is checked against the per-customer limit and self-referral (promotions/payment-holds.ts).
      // Every other order keeps automatic capture (the checkout's hot path is unchanged).
      ...(order.promo || order.referral ? { captureMethod: 'manual' as const } : {}),
    });
  } catch (e) {
    throw providerFailure(services, e, 'creating the payment intent');
  }
  if (order.payment_intent_id && order.payment_intent_id !== created.id) {
    // The provider forgot the idempotency key (Stripe keeps it 24 h): do not hand out a second intent.
    throw new AppError('CONFLICT', 'This checkout has expired. Please start again.');
  }
  if (!order.payment_intent_id) {
    await ATTACH_INTENT.execute(db, [created.id, sha256Hex(created.clientSecret), iso(services.now()), order.id]);
  }
  let paymentStatus: PaymentIntentStatus = created.status;
  if (reused) {
    // An idempotent replay answers with the intent as it was created; ask for how it is now.
    paymentStatus = (await services.payments.retrievePaymentIntent(created.id).catch(() => created)).status;
  }
  return {
    clientSecret: created.clientSecret,
    orderId: order.public_id,
    paymentIntentId: created.id,
    provider: services.payments.name,
    publishableKey: services.payments.publishableKey,
    amount: minorToDecimal(cardMinor, order.currency),
    amountMinor: cardMinor,
    currency: order.currency,
    kind: order.kind,
    paymentStatus,
    subscriptionId: null,
    reused,
    pointsUsed: order.points_used,
    pointsDiscountMinor: order.points_discount_minor,
    paidWithPoints: false,
    topUpIccid: order.topUpIccid,
    ...promoFields(order),
  };
}

/** The order a retried checkout made, if it can still be paid (or was paid: the page then moves on). */
async function reuseCheckout(
  db: Db,
  services: Services,
  checkoutKey: string,
  /** Issue 29: the retry's gift (null: none), made the unpaid order's; undefined: left as it is. */
  gift?: PreparedCheckoutGift | null,
): Promise<CheckoutResult | null> {
  const order = await db.selectFrom('orders').selectAll().where('checkout_key', '=', checkoutKey).executeTakeFirst();
  if (!order) return null;
  const fresh = services.now().getTime() - Date.parse(order.created_at) < REUSE_WINDOW_MS;
  if (!fresh || order.status === 'canceled' || order.status === 'refunded' || order.status === 'expired') {
    // Too old or over: release the key so this checkout makes a new order.
    await db.updateTable('orders').set({ checkout_key: null }).where('id', '=', order.id).execute();
    return null;
  }
  if (order.kind === 'subscription') {
    return resumeSubscriptionCheckout(db, services, order);
  }
  // Pay pressed again after a decline, with the gift switched on, off or changed: the unpaid order follows.
  if (gift !== undefined && order.topup_esim_id === null) await syncCheckoutGift(db, order.id, gift, iso(services.now()));
  const topUp =
    order.topup_esim_id === null
      ? undefined
      : await db.selectFrom('esims').select('iccid').where('id', '=', order.topup_esim_id).executeTakeFirst();
  const code = await db
    .selectFrom('promo_redemptions as r')
    .innerJoin('promo_codes as c', 'c.id', 'r.code_id')
    .select(['c.code', 'r.discount_minor'])
    .where('r.order_id', '=', order.id)
    .executeTakeFirst();
  const ref = await db.selectFrom('referrals').select('discount_minor').where('order_id', '=', order.id).executeTakeFirst();
  const facts = {
    ...order,
    topUpIccid: topUp?.iccid ?? null,
    promo: code ? { code: code.code, discountMinor: code.discount_minor } : null,
    referral: ref ? { discountMinor: ref.discount_minor } : null,
  };
  if (order.points_used > 0 && order.points_discount_minor >= order.total_amount_minor) return paidWithPointsResult(services, facts, true);
  return createIntentForOrder(db, services, facts, true);
}

/** POST /api/create-subscription: signed in only. See subscriptions.ts. */
export async function createSubscriptionCheckout(
  db: Db,
  services: Services,
  input: TCheckoutSubscriptionInput,
  buyer: CheckoutBuyer & { user: SessionUser },
): Promise<CheckoutResult> {
  if (input.gift) refuseGift('not_for_subscriptions');
  const plan = await services.catalog.getPlan(input.planId);
  if (!isSubscribable(plan)) {
    throw new AppError(
      'BAD_INPUT',
      `Only 30-day plans are sold as a monthly subscription, and this plan lasts ${plan.validityDays} ${plan.validityDays === 1 ? 'day' : 'days'}. Buy it once instead, or choose a 30-day plan.`,
      { field: 'planId', reason: 'not_subscribable' },
    );
  }
  await assertSoldAsNewEsim(services, plan.id);
  const p = await prepareOrder(db, services, input, buyer, 'subscription');
  if (p.checkoutKey) {
    const reused = await reuseCheckout(db, services, p.checkoutKey);
    if (reused) return reused;
  }
  return startSubscription(db, services, p, buyer.user);
}

// ── demo card form ──────────────────────────────────────────────────────────────────────────

export interface DemoPaymentResult {
  paymentIntentId: string;
  /** 'requires_action': show the extra confirmation step, then call confirm-action. */
  status: 'succeeded' | 'requires_action' | 'failed' | 'processing';
  error?: { code: string; declineCode?: string | undefined; message: string } | undefined;
}

function demoProvider(services: Services) {
  const p = services.payments;
  if (p.name !== 'demo') throw new AppError('NOT_FOUND', 'Demo payments are off: this shop takes cards through Stripe.');
  return p;
}

function toDemoResult(r: DemoConfirmResult): DemoPaymentResult {
  if (r.status === 'succeeded') return { paymentIntentId: r.paymentIntentId, status: 'succeeded' };
  if (r.status === 'requires_action') return { paymentIntentId: r.paymentIntentId, status: 'requires_action' };
  if (r.lastError) {
    return {
      paymentIntentId: r.paymentIntentId,
      status: 'failed',
      error: {
        code: r.lastError.code ?? 'card_declined',
        ...(r.lastError.declineCode ? { declineCode: r.lastError.declineCode } : {}),
        message: r.lastError.message,
      },
    };
  }
  return { paymentIntentId: r.paymentIntentId, status: 'processing' };
}

/** Who is paying: the client address, and the card number when the form sends one. */
interface DemoPayer {
  ip: string;
  cardNumber?: string | undefined;
}

/**
 * One card attempt: refused (429) while the order is locked after declines, past its per-order
 * count or (a new card number) past the client's count of different cards; a declined outcome
 * counts towards the order's lock (payment-limits.ts).
 */
async function demoCall(
  db: Db,
  services: Services,
  input: { paymentIntentId: string; clientSecret: string },
  payer: DemoPayer,
  call: () => Promise<DemoConfirmResult>,
): Promise<DemoPaymentResult> {
  demoProvider(services);
  await guardOrderAttempt(db, services, input.paymentIntentId);
  if (payer.cardNumber !== undefined) await guardCardNumber(db, services, payer.ip, payer.cardNumber);
  const result = await demoAttempt(db, services, input, call);
  if (result.status === 'failed') await recordDecline(db, services, input.paymentIntentId);
  return result;
}

async function demoAttempt(
  db: Db,
  services: Services,
  input: { paymentIntentId: string; clientSecret: string },
  call: () => Promise<DemoConfirmResult>,
): Promise<DemoPaymentResult> {
  const demo = demoProvider(services);
  try {
    return toDemoResult(await call());
  } catch (e) {
    if (!isPaymentProviderError(e)) throw e;
    if (e.code === 'resource_missing') throw new AppError('NOT_FOUND', 'No such payment.');
    if (e.code === 'payment_intent_unexpected_state' && (await demo.checkClientSecret(input.paymentIntentId, input.clientSecret))) {
      // A double submit after success: answer as the first one did, and make sure the order moved.
      const info = await demo.retrievePaymentIntent(input.paymentIntentId);
      if (info.status === 'succeeded') {
        await settlePaymentIntent(db, services, info.id);
        return { paymentIntentId: info.id, status: 'succeeded' };
      }
      // Canceled: the order expired unpaid (order-expiry.ts).
      if (info.status === 'canceled')
        throw new AppError('CONFLICT', 'This checkout has expired, so it can no longer be paid. Please start again.');
      throw new AppError('CONFLICT', e.message);
    }
    throw new AppError('BAD_INPUT', e.message, { providerCode: e.code });
  }
}

/** POST /api/demo-payments/confirm: the demo card form's submit. */
export async function confirmDemoPayment(
  db: Db,
  services: Services,
  input: TDemoConfirmInput,
  client: { ip: string },
): Promise<DemoPaymentResult> {
  return demoCall(db, services, input, { ip: client.ip, cardNumber: input.card.number }, () => demoProvider(services).confirm(input));
}

/** POST /api/demo-payments/confirm-action: the extra confirmation step (approve or not). */
export async function confirmDemoAction(
  db: Db,
  services: Services,
  input: TDemoConfirmActionInput,
  client: { ip: string },
): Promise<DemoPaymentResult> {
  return demoCall(db, services, input, { ip: client.ip }, () => demoProvider(services).confirmAction(input));
}

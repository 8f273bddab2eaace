// Reading orders: the account's order table, the order-success view (with its privacy rule; read
// only — the return page's settlement is order-life/settle.ts), and guest orders joining the
// account registered later with the same e-mail.
import { holdRefusalOf } from '../promotions/payment-holds.ts';
import type { Db, Esim, Order, PaymentHold, RefundActor } from '@esim/db';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../types.ts';
import { appleInstallUrl } from '../../domain/activation-code.ts';
import { minorToDecimal } from '../../domain/money.ts';
import { displayStatus, esimChip, validityText } from '../../domain/orders.ts';
import type { DisplayStatus, EsimChip, OrderKindValue, OrderState } from '../../domain/orders.ts';
import { sameHex, sha256Hex } from '../shared/tokens.ts';
import { ledgerKeys } from '../rewards/rewards-ledger.ts';
import type { PlanTextFacts } from '../../domain/catalog.ts';
import { getPlanDestinations, planTextFacts } from '../catalog/plan-facts.ts';
import { giftHoldOf } from '../gifts/gift-life.ts';
import { checkoutGiftOf, type CheckoutGiftView } from '../gifts/checkout-gift.ts';

/** One row of the account's order table (spec §3, Order). */
export interface OrderSummary {
  /** The order number, e.g. 'ORD-7K3M9Q2XB4'. */
  id: string;
  planId: number;
  planName: string;
  /** What the plan's name is composed from in the traveller's language; null when the plan is gone. */
  planFacts: PlanTextFacts | null;
  /** Decimal in `currency`. */
  totalAmount: number;
  totalMinor: number;
  currency: string;
  /** The order's badge: completed | pending | failed | refunded | canceled | expired. */
  status: DisplayStatus;
  /** The order's own state: pending_payment | payment_failed | paid | provisioning | fulfilled | refunded | canceled. */
  orderStatus: OrderState;
  /** The chip of the eSIM the order delivered or topped up: ready | installed | active | depleted | expired; null when none. */
  esimStatus: EsimChip | null;
  kind: OrderKindValue;
  createdAt: string;
  /** The eSIM's QR image URL (served by this app), when delivered. */
  esimQrCode: string | null;
  /** For 'View details': /order-success/{planId}?payment_intent={paymentIntentId}. */
  paymentIntentId: string | null;
  /** The eSIM the order bought or topped up (its page: /account/esim/{iccid}); null until delivered. */
  iccid: string | null;
  /** A top-up (or a subscription month) that put data on an eSIM bought before. */
  isTopUp: boolean;
  /** What the card paid (the total less the points' discount), minor units of `currency`. */
  paidMinor: number;
  /** What went back to the card in all (full, partial and goodwill refunds); 0: none. */
  refundedMinor: number;
  /** What the refunds kept for points the order earned that were already used; 0: none. */
  refundKeptMinor: number;
  /** Who made the latest refund (the owner's partial or goodwill refund: 'owner'); null: none. */
  refundedBy: RefundActor | null;
  /** Paid, but held (issue 31): 'review' — the payment is under review; 'refused' — not approved. Absent: no hold. */
  paymentHold?: PaymentHold | undefined;
}

/** The order-success page's view (spec §3, Order success view), assembled by the server. */
export interface OrderView {
  id: string;
  paymentIntentId: string | null;
  planId: number;
  planName: string;
  /** What the plan's texts are composed from in the traveller's language; null when the plan is gone. */
  planFacts: PlanTextFacts | null;
  /** e.g. '5GB'. */
  planData: string;
  /** e.g. '7 days'. */
  planValidity: string;
  validityDays: number;
  totalAmount: number;
  totalMinor: number;
  currency: string;
  /** 'Points' when rewards points paid the whole order. */
  paymentMethod: 'Card' | 'Points';
  /** Rewards points spent on the order, what they took off (minor units of `currency`), and what the card paid. */
  pointsUsed: number;
  pointsDiscountMinor: number;
  amountPaidMinor: number;
  /** Rewards points the order earned (signed-in buyers, once paid); 0 otherwise. */
  pointsEarned: number;
  /** ISO timestamp: when paid, else when ordered. */
  purchaseDate: string;
  status: DisplayStatus;
  orderStatus: OrderState;
  /** Paid, but held (issue 31): 'review' — the payment is under review; 'refused' — not approved. Absent: no hold. */
  paymentHold?: PaymentHold | undefined;
  /**
   * Issue 29: the card was held and the hold released, no money taken, because the promo code's
   * per-customer limit was reached with this card ('promo', PROMO_ALREADY_USED) or the referral was
   * refused ('referral', its reason). Absent otherwise.
   */
  holdRefusal?: { refusedBy: 'promo' | 'referral'; reason: string } | undefined;
  /** The eSIM's own chip (esimChip); null before delivery and once refunded. */
  esimStatus: EsimChip | null;
  kind: OrderKindValue;
  /** The eSIM is delivered (the fields below are set). */
  ready: boolean;
  activationCode: string | null;
  esimActivationCode: string | null;
  qrCode: string | null;
  esimQrCode: string | null;
  smdpAddress: string | null;
  matchingId: string | null;
  confirmationCodeRequired: boolean;
  /** Show on iOS 17.4+ only (isIos174OrLater in @esim/api/domain). */
  appleInstallUrl: string | null;
  iccid: string | null;
  apn: string | null;
  /** The APN on iPhones / on Android when the provider gives one each ('' = automatic there); null: `apn`. */
  apnIos: string | null;
  apnAndroid: string | null;
  /** For the eSIM page's QR and install details. */
  esimId: string | null;
  /**
   * The address a guest order was placed with (null for an account's order): the success page
   * offers 'Create an account with this e-mail' and fills 'Find my order' with it. Only those who
   * may see the view (the owner, the holder of the client secret) see it, and they typed it.
   */
  guestEmail: string | null;
  /**
   * A subscription's month (issue 26): its monthly price, when it renews next (null: it will not,
   * or not known yet) and that it is cancelled from the account; null for a one-time order.
   */
  subscription: { id: string; amountMinor: number; currency: string; nextRenewalAt: string | null } | null;
  /** Issue 29: bought as a gift at checkout — to whom, its state and day ('pending' until the eSIM is made); absent otherwise. */
  gift?: CheckoutGiftView;
}

/** The QR image URL of an eSIM: same origin, with the eSIM's own capability token. */
export function esimQrUrl(esim: Pick<Esim, 'public_id' | 'access_token'>, format: 'png' | 'svg' = 'png'): string {
  return `/api/esims/${encodeURIComponent(esim.public_id)}/qr.${format}?token=${encodeURIComponent(esim.access_token)}`;
}

export function toOrderView(
  order: Order,
  esim: Esim | undefined,
  pointsEarned = 0,
  planFacts: PlanTextFacts | null = null,
  subscription: OrderView['subscription'] = null,
): OrderView {
  const qr = esim ? esimQrUrl(esim) : null;
  const code = esim?.activation_code ?? null;
  return {
    id: order.public_id,
    paymentIntentId: order.payment_intent_id,
    planId: order.plan_id,
    planName: order.plan_name,
    planFacts,
    planData: order.plan_data_amount,
    planValidity: validityText(order.plan_validity_days),
    validityDays: order.plan_validity_days,
    totalAmount: minorToDecimal(order.total_amount_minor, order.currency),
    totalMinor: order.total_amount_minor,
    currency: order.currency,
    paymentMethod: order.points_used > 0 && order.points_discount_minor >= order.total_amount_minor ? 'Points' : 'Card',
    pointsUsed: order.points_used,
    pointsDiscountMinor: order.points_discount_minor,
    amountPaidMinor: order.total_amount_minor - order.points_discount_minor,
    pointsEarned,
    purchaseDate: order.paid_at ?? order.created_at,
    status: displayStatus(order.status),
    orderStatus: order.status,
    ...(order.payment_hold && order.status !== 'refunded' ? { paymentHold: order.payment_hold } : {}),
    esimStatus: esimChip(
      order.status,
      esim ? { profileState: esim.profile_state, planState: esim.plan_state, refunded: esim.status === 'canceled' } : null,
    ),
    kind: order.kind,
    ready: esim !== undefined && order.status === 'fulfilled',
    activationCode: code,
    esimActivationCode: code,
    qrCode: qr,
    esimQrCode: qr,
    smdpAddress: esim?.smdp_address ?? null,
    matchingId: esim?.matching_id ?? null,
    confirmationCodeRequired: esim?.confirmation_code_required === 1,
    appleInstallUrl: code ? appleInstallUrl(code) : null,
    iccid: esim?.iccid ?? null,
    apn: esim?.apn ?? null,
    apnIos: esim?.apn_ios ?? null,
    apnAndroid: esim?.apn_android ?? null,
    esimId: esim?.public_id ?? null,
    guestEmail: order.user_id === null ? order.email : null,
    subscription,
  };
}

/** The orders of `userId`, newest first. Only ever the given user's: callers pass ctx.user.id. */
export async function listOrdersForUser(db: Db, userId: number): Promise<OrderSummary[]> {
  const rows = await db
    .selectFrom('orders as o')
    .leftJoin('esims as e', 'e.order_id', 'o.id')
    .leftJoin('esims as t', 't.id', 'o.topup_esim_id')
    .select([
      'o.public_id',
      'o.plan_id',
      'o.plan_name',
      'o.plan_data_mb',
      'o.plan_validity_days',
      'o.total_amount_minor',
      'o.currency',
      'o.status',
      'o.kind',
      'o.created_at',
      'o.payment_intent_id',
      'o.points_discount_minor',
      'o.amount_refunded_minor',
      'o.payment_hold',
      'e.public_id as esim_public_id',
      'e.access_token as esim_token',
      // A given eSIM (issue 29): no QR on the buyer's order list.
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('esim_gifts as g')
              .select('g.id')
              .whereRef('g.esim_id', '=', 'e.id')
              .where('g.status', 'in', ['scheduled', 'sent', 'claimed']),
          )
          .as('esim_given'),
      'e.status as esim_status',
      'e.profile_state as esim_profile_state',
      'e.plan_state as esim_plan_state',
      'e.iccid as esim_iccid',
      'o.topup_esim_id',
      't.iccid as topup_iccid',
      't.status as topup_status',
      't.profile_state as topup_profile_state',
      't.plan_state as topup_plan_state',
    ])
    .where('o.user_id', '=', userId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  const [destinations, refunds] = await Promise.all([
    getPlanDestinations(
      db,
      rows.map((r) => r.plan_id),
    ),
    refundsOfUser(db, userId),
  ]);
  // The chip is the eSIM the order put data on: its own, or the one a top-up filled.
  const chipOf = (r: (typeof rows)[number]) => {
    const [status, profileState, planState] =
      r.topup_esim_id !== null
        ? [r.topup_status, r.topup_profile_state, r.topup_plan_state]
        : [r.esim_status, r.esim_profile_state, r.esim_plan_state];
    if (status === null || profileState === null || planState === null) return null;
    return esimChip(r.status, { profileState, planState, refunded: status === 'canceled' });
  };
  return rows.map((r) => ({
    id: r.public_id,
    planId: r.plan_id,
    planName: r.plan_name,
    planFacts: planTextFacts(destinations.get(r.plan_id), { dataMb: r.plan_data_mb, validityDays: r.plan_validity_days }),
    totalAmount: minorToDecimal(r.total_amount_minor, r.currency),
    totalMinor: r.total_amount_minor,
    currency: r.currency,
    status: displayStatus(r.status),
    orderStatus: r.status,
    ...(r.payment_hold && r.status !== 'refunded' ? { paymentHold: r.payment_hold } : {}),
    esimStatus: chipOf(r),
    kind: r.kind,
    createdAt: r.created_at,
    esimQrCode:
      r.esim_public_id && r.esim_token && r.status === 'fulfilled' && !r.esim_given
        ? esimQrUrl({ public_id: r.esim_public_id, access_token: r.esim_token })
        : null,
    paymentIntentId: r.payment_intent_id,
    iccid: r.topup_esim_id !== null ? r.topup_iccid : r.status === 'fulfilled' || r.status === 'refunded' ? r.esim_iccid : null,
    isTopUp: r.topup_esim_id !== null,
    paidMinor: Math.max(0, r.total_amount_minor - r.points_discount_minor),
    refundedMinor: r.amount_refunded_minor,
    refundKeptMinor: refunds.get(r.public_id)?.keptMinor ?? 0,
    refundedBy: refunds.get(r.public_id)?.by ?? null,
  }));
}

/** The user's refunds made (state 'done'), per order number: what they kept for spent points, and who made the latest. */
async function refundsOfUser(db: Db, userId: number): Promise<Map<string, { keptMinor: number; by: RefundActor }>> {
  const rows = await db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['o.public_id', 'r.actor', 'r.cash_deducted_minor'])
    .where('o.user_id', '=', userId)
    .where('r.state', '=', 'done')
    .orderBy('r.order_id')
    .orderBy('r.seq')
    .execute();
  const out = new Map<string, { keptMinor: number; by: RefundActor }>();
  for (const r of rows) {
    const seen = out.get(r.public_id);
    out.set(r.public_id, { keptMinor: (seen?.keptMinor ?? 0) + r.cash_deducted_minor, by: r.actor });
  }
  return out;
}

/** The order's owner (signed in), or whoever holds the payment intent's client secret. */
export function canSeeOrder(
  order: Pick<Order, 'user_id' | 'client_secret_hash'>,
  user: SessionUser | null,
  clientSecret: string | undefined,
): boolean {
  if (user && order.user_id !== null && order.user_id === user.id) return true;
  return clientSecret !== undefined && sameHex(order.client_secret_hash, sha256Hex(clientSecret));
}

/**
 * The order paid by `paymentIntentId`, if the caller may see it: the owner, or the holder of the
 * client secret; anyone else (and an unknown intent) gets the same 404.
 */
export async function findVisibleOrder(
  db: Db,
  args: { paymentIntentId: string; clientSecret?: string | undefined; user: SessionUser | null },
): Promise<Order> {
  const order = await db.selectFrom('orders').selectAll().where('payment_intent_id', '=', args.paymentIntentId).executeTakeFirst();
  if (!order || !canSeeOrder(order, args.user, args.clientSecret)) throw new AppError('NOT_FOUND', "We couldn't find your order details.");
  return order;
}

/**
 * GET /api/orders/:paymentIntentId and orders.byPaymentIntent — the order-success view, read
 * only (house rule 14: the page polls it every second). The return page settles the payment once
 * through the orders.settle mutation (order-life/settle.ts); the webhook, the demo provider's
 * events and the worker do it on their own.
 */
export async function getOrderView(
  db: Db,
  args: { paymentIntentId: string; clientSecret?: string | undefined; user: SessionUser | null },
): Promise<OrderView> {
  return readOrderView(db, await findVisibleOrder(db, args));
}

export async function readOrderView(db: Db, order: Order): Promise<OrderView> {
  const esim = await db.selectFrom('esims').selectAll().where('order_id', '=', order.id).executeTakeFirst();
  const earned =
    order.user_id === null
      ? undefined
      : await db.selectFrom('points_ledger').select('amount').where('unique_key', '=', ledgerKeys.purchase(order.id)).executeTakeFirst();
  const destination = (await getPlanDestinations(db, [order.plan_id])).get(order.plan_id);
  const facts = planTextFacts(destination, { dataMb: order.plan_data_mb, validityDays: order.plan_validity_days });
  const view = toOrderView(order, esim, earned?.amount ?? 0, facts, await subscriptionOf(db, order));
  // Issue 29: a held payment refused for a code or a referral: the return page says why (canceled orders only).
  if (order.status === 'canceled') {
    const refusal = await holdRefusalOf(db, order.id);
    if (refusal) view.holdRefusal = refusal;
  }
  // Bought as a gift at checkout (issue 29): the buyer sees to whom and its state, never the install details.
  const gift = order.topup_esim_id === null ? await checkoutGiftOf(db, order.id) : null;
  if (gift) return { ...withoutInstallDetails(view), gift };
  // A given eSIM (issue 29): the buyer's order page keeps the order, never the install details.
  return esim && (await giftHoldOf(db, { esimId: esim.id })) ? withoutInstallDetails(view) : view;
}

function withoutInstallDetails(view: OrderView): OrderView {
  return {
    ...view,
    activationCode: null,
    esimActivationCode: null,
    qrCode: null,
    esimQrCode: null,
    smdpAddress: null,
    matchingId: null,
    appleInstallUrl: null,
    apn: null,
    apnIos: null,
    apnAndroid: null,
  };
}

async function subscriptionOf(db: Db, order: Order): Promise<OrderView['subscription']> {
  if (order.subscription_id === null) return null;
  const s = await db
    .selectFrom('subscriptions')
    .select(['public_id', 'price_minor', 'currency', 'status', 'cancel_at_period_end', 'current_period_end'])
    .where('id', '=', order.subscription_id)
    .executeTakeFirst();
  if (!s) return null;
  const renews = (s.status === 'active' || s.status === 'past_due') && s.cancel_at_period_end === 0;
  return { id: s.public_id, amountMinor: s.price_minor, currency: s.currency, nextRenewalAt: renews ? s.current_period_end : null };
}

/**
 * Guest orders placed with `email` join the account `userId` (called when an account is
 * registered with that e-mail). Returns how many orders joined.
 */
export async function attachGuestOrders(db: Db, userId: number, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  const r = await db
    .updateTable('orders')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where('email', '=', address)
    .executeTakeFirst();
  const n = Number(r.numUpdatedRows);
  if (n > 0) {
    await db
      .updateTable('esims')
      .set({ user_id: userId })
      .where('user_id', 'is', null)
      .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('user_id', '=', userId))
      .execute();
  }
  return n;
}

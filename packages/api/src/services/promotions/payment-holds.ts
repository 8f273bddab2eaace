// Issue 29: the per-customer limits that need the card, with Stripe.
//
// Stripe gives a card's fingerprint only once the card was tried, so an order whose price depends
// on a promo code or a referral discount is paid with a hold (checkout.ts: capture_method 'manual';
// Stripe docs, "Place a hold on a payment method"): the intent stops at requires_capture (event
// payment_intent.amount_capturable_updated) and its charge carries
// payment_method_details.card.fingerprint. Then, through the same path as every payment event
// (payment-events.ts settlePaymentIntent, also the return page's settle), this file decides once,
// in one write transaction:
//   - the code's per-customer limit counted with this card too (a guest with two addresses and one
//     card is one customer), the promo code row locked first as reservePromo does;
//   - the referral's self-referral by card (the referrer's cards: payment_holds and the provider);
// and records the decision (payment_holds, keyed by the intent). Allowed: the card is recorded on
// the redemption and the hold is captured (idempotency key 'order:<id>:capture'), then settled as
// any succeeded payment (fulfilOrder: paid once). Refused: in the same transaction the order moves
// to canceled (transition(), the one writer) with the reason, its points and its code's use are
// given back and the referral is refused; then the intent is canceled, which releases the hold (no
// money taken). Events twice, out of order or late re-read the intent and find the decision made,
// so the same act is redone at most (a capture under the same key; a cancel of a canceled intent
// changes nothing). A hold left undecided expires at Stripe (7 days for online card payments:
// payment_intent.canceled), and the order is canceled like any canceled payment.
import type { Db, Order } from '@esim/db';
import type { Services } from '../types.ts';
import { UNPAID_STATES } from '../../domain/orders.ts';
import { iso } from '../../domain/time.ts';
import { errorText } from '../../errors.ts';
import { idempotencyKeys, isPaymentProviderError } from '../../providers/payments/index.ts';
import type { PaymentIntentInfo } from '../../providers/payments/index.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { transition } from '../order-life/transition.ts';
import { releaseReservedPoints } from '../rewards/rewards-ledger.ts';
import { referrerCardPrints } from '../referrals/referrals.ts';
import { customerUses } from './promo-redemption.ts';

export interface HoldDecision {
  decision: 'capture' | 'cancel';
  refusedBy: 'promo' | 'referral' | null;
  /** PROMO_ALREADY_USED, or the referral's reason (same_card); null when captured. */
  reason: string | null;
}

type HeldOrder = Pick<Order, 'id' | 'public_id' | 'status' | 'user_id' | 'email'>;

async function orderOf(db: Db, info: PaymentIntentInfo): Promise<HeldOrder | undefined> {
  const cols = ['id', 'public_id', 'status', 'user_id', 'email'] as const;
  const byIntent = await db.selectFrom('orders').select(cols).where('payment_intent_id', '=', info.id).executeTakeFirst();
  if (byIntent || !info.metadata.orderId) return byIntent;
  // The order is made before its intent and the id stored right after: in that instant, by the metadata.
  await db
    .updateTable('orders')
    .set({ payment_intent_id: info.id })
    .where('public_id', '=', info.metadata.orderId)
    .where('payment_intent_id', 'is', null)
    .where('kind', '=', 'one_time')
    .execute();
  return db.selectFrom('orders').select(cols).where('payment_intent_id', '=', info.id).executeTakeFirst();
}

/**
 * A held intent (requires_capture) as just read: decided once, then captured or canceled. Returns
 * the intent as the capture or cancel left it (the caller settles it: succeeded → paid), or null
 * when nothing was done (no order of the shop's; the provider could not be asked: thrown instead).
 */
export async function settleHeldPayment(db: Db, services: Services, info: PaymentIntentInfo): Promise<PaymentIntentInfo | null> {
  const order = await orderOf(db, info);
  if (!order) return null;
  const decided = await db
    .selectFrom('payment_holds')
    .select(['decision', 'refused_by', 'reason'])
    .where('payment_intent_id', '=', info.id)
    .executeTakeFirst();
  const d: HoldDecision = decided
    ? { decision: decided.decision, refusedBy: decided.refused_by, reason: decided.reason }
    : await decideHold(db, services, order, info);
  if (d.decision === 'capture') {
    try {
      return await services.payments.capturePaymentIntent(info.id, idempotencyKeys.capture(order.public_id));
    } catch (e) {
      // Captured already (another event got there first), canceled, or the hold expired: as it is now.
      if (isPaymentProviderError(e) && e.code === 'payment_intent_unexpected_state')
        return services.payments.retrievePaymentIntent(info.id);
      throw e;
    }
  }
  try {
    // No cancellation_reason: 'abandoned' is the shop's expiry (order-expiry.ts), and this order is canceled already.
    return await services.payments.cancelPaymentIntent(info.id);
  } catch (e) {
    if (isPaymentProviderError(e) && e.code === 'payment_intent_unexpected_state') {
      services.log.warn('hold: the refused payment could not be canceled as it is', { orderId: order.public_id, error: errorText(e) });
      return services.payments.retrievePaymentIntent(info.id);
    }
    throw e;
  }
}

/** The decision, once: the limits checked with the card, under the promo code's lock, in one write transaction. */
async function decideHold(db: Db, services: Services, order: HeldOrder, info: PaymentIntentInfo): Promise<HoldDecision> {
  const card = info.charge?.cardFingerprint ?? null;
  const now = iso(services.now());
  // Asked outside the transaction (the provider may be asked): the referrer's cards, for a pending referral.
  const referral = await db
    .selectFrom('referrals')
    .select(['id', 'referrer_user_id'])
    .where('order_id', '=', order.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const referrerCards = referral && card !== null ? await referrerCardPrints(db, services, referral.referrer_user_id) : [];

  return writeTransaction(db, async (trx) => {
    const made = await trx
      .selectFrom('payment_holds')
      .select(['decision', 'refused_by', 'reason'])
      .where('payment_intent_id', '=', info.id)
      .executeTakeFirst();
    if (made) return { decision: made.decision, refusedBy: made.refused_by, reason: made.reason };

    let d: HoldDecision = { decision: 'capture', refusedBy: null, reason: null };
    const redemption = await trx
      .selectFrom('promo_redemptions as r')
      .innerJoin('promo_codes as c', 'c.id', 'r.code_id')
      .select(['r.id', 'r.code_id', 'r.user_id', 'c.max_uses_per_customer'])
      .where('r.order_id', '=', order.id)
      .where('r.state', '=', 'active')
      .executeTakeFirst();
    if (redemption && card !== null) {
      // The code's row first: two holds of one card decide one after the other (PostgreSQL; SQLite holds the database).
      await trx.updateTable('promo_codes').set({ updated_at: now }).where('id', '=', redemption.code_id).execute();
      const limit = redemption.max_uses_per_customer;
      const uses =
        limit === null
          ? 0
          : await customerUses(
              trx,
              redemption.code_id,
              { userId: redemption.user_id, email: order.email, cardFingerprint: card },
              order.id,
            );
      if (limit !== null && uses >= limit) d = { decision: 'cancel', refusedBy: 'promo', reason: 'PROMO_ALREADY_USED' };
      else await trx.updateTable('promo_redemptions').set({ card_fingerprint: card }).where('id', '=', redemption.id).execute();
    }
    if (d.decision === 'capture' && referral && card !== null && referrerCards.includes(card))
      d = { decision: 'cancel', refusedBy: 'referral', reason: 'same_card' };
    // An order canceled meanwhile (by the traveller or the provider) is not paid for: the hold is released.
    if (d.decision === 'capture' && order.status === 'canceled') d = { decision: 'cancel', refusedBy: null, reason: null };

    if (d.decision === 'cancel' && d.refusedBy !== null) await refuseOrder(trx, order.id, d, now);
    await trx
      .insertInto('payment_holds')
      .values({
        payment_intent_id: info.id,
        order_id: order.id,
        card_fingerprint: card,
        decision: d.decision,
        refused_by: d.refusedBy,
        reason: d.reason,
        decided_at: now,
      })
      .execute();
    return d;
  });
}

/** In the decision's transaction: the order canceled with the reason, its points and code use back, the referral refused. */
async function refuseOrder(trx: Db, orderId: number, d: HoldDecision, now: string): Promise<void> {
  const why = d.refusedBy === 'promo' ? 'promo code already used by this card' : `referral refused: ${d.reason}`;
  const moved = await transition(trx, { id: orderId }, 'canceled', {
    actor: 'system',
    reason: `${why}; the hold on the card is released`,
    from: UNPAID_STATES,
    set: { last_error: d.reason },
    returning: ['points_used'],
    at: now,
  });
  if (moved && moved.order.points_used > 0) await releaseReservedPoints(trx, orderId, now);
  const released = await trx
    .updateTable('promo_redemptions')
    .set({ state: 'released', released_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'active')
    .returning('code_id')
    .execute();
  for (const r of released)
    await trx
      .updateTable('promo_codes')
      .set((eb) => ({ uses_count: eb('uses_count', '-', 1) }))
      .where('id', '=', r.code_id)
      .execute();
  if (d.refusedBy === 'referral')
    await trx
      .updateTable('referrals')
      .set({ status: 'refused', reason: d.reason, decided_at: now })
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .execute();
}

/** The order-success view's reason for a refused hold (canceled orders only); null when none. */
export async function holdRefusalOf(db: Db, orderId: number): Promise<{ refusedBy: 'promo' | 'referral'; reason: string } | null> {
  const h = await db
    .selectFrom('payment_holds')
    .select(['refused_by', 'reason'])
    .where('order_id', '=', orderId)
    .where('decision', '=', 'cancel')
    .where('refused_by', 'is not', null)
    .executeTakeFirst();
  return h?.refused_by && h.reason ? { refusedBy: h.refused_by, reason: h.reason } : null;
}

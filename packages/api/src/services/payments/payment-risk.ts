// Radar reviews, early fraud warnings and disputes of an order's card payment (issue 31), from
// Stripe's webhooks through payment-events.ts (recorded once per event id). Events come at least
// once and in any order, so each handler re-reads the object from Stripe and acts on its current
// state; what the shop did is kept on a payment_risks row (one per review, warning or dispute), so
// a redelivery, or a 'closed' seen before its 'opened', acts once. The order's status moves only
// through the one lifecycle: paid by the claim (claim.ts), refunded by the one refund engine
// (refunds.ts refundOrder, markRefunded); nothing here writes orders.status.
//
//   review (Radar manual review): while it is open the paid order is held (orders.payment_hold
//     'review'; provisioning and the worker skip it), found by review.opened or by the succeeded
//     payment's re-read (the charge's review, expanded in the same call). Closed 'approved' → the
//     hold goes and the order is provisioned; closed otherwise (refunded, refunded_as_fraud,
//     disputed, …) → 'refused': never delivered; the refund Stripe made is recorded once through
//     markRefunded, by whichever of review.closed, charge.refunded or the intent's re-read sees it first.
//   early fraud warning: an order not delivered is held and refunded (actor 'system'); a delivered
//     eSIM not installed is cancelled at its provider and the order refunded; an installed one (the
//     provider refuses to cancel) is flagged for the owner instead.
//   dispute: the order is marked (the row), its eSIM suspended where the provider can (else
//     'unsupported' is recorded), its purchase points frozen ('refund' ledger row, key
//     dispute:<id>:freeze, as far as the balance goes; the rest is recorded as points_short). Closed:
//     won (or an inquiry closed / prevented) → the points come back, the eSIM resumes; lost → the
//     points come back and the payment is recorded as refunded at the payment service (markRefunded
//     takes the purchase points back as any such refund does).
import type { Db, Order, PaymentRisk, PaymentRiskKind } from '@esim/db';
import type { Services } from '../types.ts';
import type { DisputeInfo, PaymentIntentInfo, ReviewInfo } from '../../providers/payments/index.ts';
import { PROVISIONING_STATES, UNPAID_STATES } from '../../domain/orders.ts';
import { iso } from '../../domain/time.ts';
import { AppError, errorText } from '../../errors.ts';
import { changed, writeTransaction } from '../shared/db-tx.ts';
import { esimProviderFor } from '../shared/esim-providers.ts';
import { addLedgerRow, lockUserPoints, pointsTotals } from '../rewards/rewards-ledger.ts';
import { scheduleProvisioning } from '../order-life/claim.ts';
import { markRefunded, refundOrder } from '../order-life/refunds.ts';
import { settlePaymentIntent } from './payment-events.ts';
import { FRAUD_WARNING_REFUND_REASON } from '../../domain/refunds.ts';

/** Dispute statuses after which nothing more happens (Stripe API reference, Disputes: status). */
const CLOSED_DISPUTE = new Set(['won', 'lost', 'warning_closed', 'prevented']);
/** The frozen points' ledger keys: one freeze and one give-back per dispute. */
export const disputeKeys = {
  freeze: (disputeId: string) => `dispute:${disputeId}:freeze`,
  restore: (disputeId: string) => `dispute:${disputeId}:restore`,
};

async function orderOfIntent(db: Db, paymentIntentId: string | null): Promise<Order | undefined> {
  if (!paymentIntentId) return undefined;
  return db.selectFrom('orders').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();
}

async function riskRow(db: Db, ref: string): Promise<PaymentRisk | undefined> {
  return db.selectFrom('payment_risks').selectAll().where('provider_ref', '=', ref).executeTakeFirst();
}

/** The row of this review/warning/dispute, made on first sight (unique provider_ref). */
async function ensureRisk(
  db: Db,
  now: string,
  r: {
    orderId: number;
    kind: PaymentRiskKind;
    ref: string;
    chargeId: string | null;
    status: string;
    reason: string | null;
    amountMinor?: number | null;
    currency?: string | null;
  },
): Promise<PaymentRisk> {
  await db
    .insertInto('payment_risks')
    .values({
      order_id: r.orderId,
      kind: r.kind,
      provider_ref: r.ref,
      charge_id: r.chargeId,
      status: r.status,
      reason: r.reason,
      amount_minor: r.amountMinor ?? null,
      currency: r.currency ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('provider_ref').doNothing())
    .execute();
  return (await riskRow(db, r.ref))!;
}

// ── reviews ───────────────────────────────────────────────────────────────────────────────

/**
 * The succeeded payment's re-read saw its charge: an open review holds the order before it is
 * claimed (so the claim's provisioning skips it). A charge marked for manual review whose review
 * was not expanded is asked about once (not the normal path).
 */
export async function holdIfUnderReview(db: Db, services: Services, info: PaymentIntentInfo): Promise<void> {
  const charge = info.charge;
  if (!charge) return;
  let review = charge.review;
  if (!review && charge.outcomeType === 'manual_review') {
    const order = await orderOfIntent(db, info.id);
    const known = order
      ? await db
          .selectFrom('payment_risks')
          .select('provider_ref')
          .where('order_id', '=', order.id)
          .where('kind', '=', 'review')
          .executeTakeFirst()
      : undefined;
    if (known) review = await services.payments.retrieveReview(known.provider_ref);
  }
  if (review?.open) await holdForReview(db, services, review, info.id);
}

/** Holds the order of an open review: one write transaction, unless the review is known closed. */
async function holdForReview(db: Db, services: Services, review: ReviewInfo, paymentIntentId: string): Promise<void> {
  const now = iso(services.now());
  await writeTransaction(db, async (trx) => {
    const order = await orderOfIntent(trx, paymentIntentId);
    if (!order) return;
    const row = await ensureRisk(trx, now, {
      orderId: order.id,
      kind: 'review',
      ref: review.id,
      chargeId: review.chargeId,
      status: 'open',
      reason: review.openedReason,
    });
    if (row.status === 'closed') return; // its close was seen first: that decided
    if (order.status === 'fulfilled' || order.status === 'refunded' || order.status === 'canceled') return;
    await trx
      .updateTable('orders')
      .set({ payment_hold: 'review', updated_at: now })
      .where('id', '=', order.id)
      .where('payment_hold', 'is', null)
      .execute();
    await trx
      .updateTable('payment_risks')
      .set({ outcome: 'held', updated_at: now })
      .where('id', '=', row.id)
      .where('outcome', 'is', null)
      .execute();
  });
  services.log.info('payment under review: provisioning waits', { paymentIntentId, review: review.id });
}

/** review.opened / review.closed: the review re-read, and acted on as it is now. */
export async function syncReview(db: Db, services: Services, reviewId: string, paymentIntentId: string | null): Promise<void> {
  const review = await services.payments.retrieveReview(reviewId);
  const piId = review.paymentIntentId ?? paymentIntentId;
  if (review.open) {
    if (piId) await holdForReview(db, services, review, piId);
    return;
  }
  const order = await orderOfIntent(db, piId);
  if (!order) {
    services.log.warn('review closed for a payment of no order', { review: review.id });
    return;
  }
  const now = iso(services.now());
  const approved = review.closedReason === 'approved';
  const released = await writeTransaction(db, async (trx) => {
    const row = await ensureRisk(trx, now, {
      orderId: order.id,
      kind: 'review',
      ref: review.id,
      chargeId: review.chargeId,
      status: 'closed',
      reason: review.closedReason,
    });
    await trx
      .updateTable('payment_risks')
      .set({
        status: 'closed',
        reason: review.closedReason,
        outcome: approved ? 'released' : 'refused',
        closed_at: row.closed_at ?? now,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    if (approved) {
      const r = await trx
        .updateTable('orders')
        .set({ payment_hold: null, updated_at: now })
        .where('id', '=', order.id)
        .where('payment_hold', '=', 'review')
        .executeTakeFirst();
      return changed(r) > 0;
    }
    await trx
      .updateTable('orders')
      .set({ payment_hold: 'refused', updated_at: now })
      .where('id', '=', order.id)
      .where((eb) => eb.or([eb('payment_hold', 'is', null), eb('payment_hold', '=', 'review')]))
      .where('status', 'not in', ['fulfilled', 'refunded', 'canceled'])
      .execute();
    return false;
  });
  if (approved) {
    if (released && PROVISIONING_STATES.includes(order.status)) scheduleProvisioning(db, services, order.id);
    services.log.info('review approved: the order is delivered', { orderId: order.public_id });
    return;
  }
  services.log.warn('review closed unapproved: the order is not delivered', { orderId: order.public_id, reason: review.closedReason });
  // Stripe refunds a charge it refuses; record it once (markRefunded is a no-op once refunded).
  const info = await services.payments.retrievePaymentIntent(order.payment_intent_id!);
  await recordRefundedCharge(db, services, info);
}

/** The intent's charge is refunded in full at Stripe: the refund is recorded (once) through the one engine. */
export async function recordRefundedCharge(db: Db, services: Services, info: PaymentIntentInfo): Promise<void> {
  if (!info.charge?.refunded) return;
  await markRefunded(db, services, { paymentIntentId: info.id }, { amountRefundedMinor: info.charge.amountRefundedMinor });
}

// ── early fraud warnings ──────────────────────────────────────────────────────────────────

/** radar.early_fraud_warning.created: refund before a dispute can follow, or flag an installed eSIM. */
export async function handleEarlyFraudWarning(
  db: Db,
  services: Services,
  warningId: string,
  paymentIntentId: string | null,
): Promise<void> {
  const w = await services.payments.retrieveEarlyFraudWarning(warningId);
  const piId = w.paymentIntentId ?? paymentIntentId;
  let order = await orderOfIntent(db, piId);
  if (!order) {
    services.log.warn('early fraud warning for a payment of no order', { warning: w.id });
    return;
  }
  const now = iso(services.now());
  const row = await ensureRisk(db, now, {
    orderId: order.id,
    kind: 'early_fraud_warning',
    ref: w.id,
    chargeId: w.chargeId,
    status: w.actionable ? 'actionable' : 'not_actionable',
    reason: w.fraudType,
  });
  if (row.outcome !== null) return;
  const done = (outcome: string, extra: { esim_action?: string; note?: string } = {}) =>
    db
      .updateTable('payment_risks')
      .set({ outcome, ...extra, updated_at: iso(services.now()) })
      .where('id', '=', row.id)
      .execute();

  if (UNPAID_STATES.includes(order.status) || order.status === 'expired') {
    // Its success not seen yet: stop delivery first; the claim then finds the hold.
    await db.updateTable('orders').set({ payment_hold: 'refused', updated_at: now }).where('id', '=', order.id).execute();
    await settlePaymentIntent(db, services, order.payment_intent_id!);
    order = (await orderOfIntent(db, piId))!;
  }
  if (order.status === 'refunded' || order.status === 'canceled' || !w.actionable) {
    await done('flagged', { note: w.actionable ? 'refunded already' : 'Stripe: not actionable (refunded or disputed already)' });
    return;
  }
  if (order.status !== 'fulfilled') {
    // Not delivered: never deliver it; refund it.
    await db.updateTable('orders').set({ payment_hold: 'refused', updated_at: now }).where('id', '=', order.id).execute();
    await refundForWarning(db, services, order, w.fraudType);
    await done('refunded', { esim_action: 'not_delivered' });
    return;
  }
  const esim =
    order.topup_esim_id === null
      ? await db.selectFrom('esims').select(['id', 'iccid', 'status', 'provider']).where('order_id', '=', order.id).executeTakeFirst()
      : undefined;
  if (!esim) {
    // A top-up or renewal on an eSIM in use: its data may be used already; the owner decides.
    await done('flagged', { note: 'a top-up of an eSIM in use: decide in the order page' });
    return;
  }
  if (esim.status !== 'canceled') {
    const cancel = await esimProviderFor(services, esim.provider).cancel(esim.iccid);
    if (!cancel.canceled && cancel.reason !== 'already_canceled') {
      await done('flagged', { esim_action: cancel.reason ?? 'refused', note: 'the eSIM is installed: it could not be cancelled' });
      services.log.warn('early fraud warning on an installed eSIM: flagged for the owner', { orderId: order.public_id });
      return;
    }
    await db.updateTable('esims').set({ status: 'canceled', updated_at: now }).where('id', '=', esim.id).execute();
  }
  await refundForWarning(db, services, order, w.fraudType);
  await done('refunded', { esim_action: 'canceled' });
}

async function refundForWarning(db: Db, services: Services, order: Order, fraudType: string | null): Promise<void> {
  try {
    await refundOrder(db, services, {
      orderId: order.id,
      actor: 'system',
      reason: `${FRAUD_WARNING_REFUND_REASON} (${fraudType ?? 'fraud'})`,
    });
  } catch (e) {
    // A refund under way already (or done meanwhile) is that refund; the worker finishes a claimed one.
    if (e instanceof AppError && e.code === 'CONFLICT') {
      services.log.info('early fraud warning: a refund is under way already', { orderId: order.public_id, error: errorText(e) });
      return;
    }
    throw e;
  }
}

// ── disputes ──────────────────────────────────────────────────────────────────────────────

/** charge.dispute.created / charge.dispute.closed (and any redelivery): the dispute re-read and settled as it is. */
export async function syncDispute(db: Db, services: Services, disputeId: string, paymentIntentId: string | null): Promise<void> {
  const d = await services.payments.retrieveDispute(disputeId);
  const order = await orderOfIntent(db, d.paymentIntentId ?? paymentIntentId);
  if (!order) {
    services.log.warn('dispute for a payment of no order', { dispute: d.id });
    return;
  }
  const now = iso(services.now());
  let row = await ensureRisk(db, now, {
    orderId: order.id,
    kind: 'dispute',
    ref: d.id,
    chargeId: d.chargeId,
    status: d.status,
    reason: d.reason,
    amountMinor: d.amountMinor,
    currency: d.currency,
  });
  await db
    .updateTable('payment_risks')
    .set({ status: d.status, reason: d.reason, amount_minor: d.amountMinor, updated_at: now })
    .where('id', '=', row.id)
    // NULL NOT IN (…) is not true: an outcome not set yet is matched on its own.
    .where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', 'not in', ['won', 'lost'])]))
    .execute();
  if (row.outcome === 'won' || row.outcome === 'lost') return;
  if (!CLOSED_DISPUTE.has(d.status)) {
    row = await openDispute(db, services, order, row, d);
    return;
  }
  await settleDispute(db, services, order, row, d);
}

/** Freeze the points, suspend the eSIM: each once (the row says what was done). */
async function openDispute(db: Db, services: Services, order: Order, row: PaymentRisk, d: DisputeInfo): Promise<PaymentRisk> {
  const now = iso(services.now());
  if (row.outcome === null) {
    await freezePoints(db, order, d.id, row.id, now);
    await db.updateTable('payment_risks').set({ outcome: 'open', updated_at: now }).where('id', '=', row.id).execute();
  }
  const current = (await riskRow(db, d.id))!;
  if (current.esim_action === null) {
    const action = await suspendEsim(db, services, order);
    await db
      .updateTable('payment_risks')
      .set({ esim_action: action, updated_at: now })
      .where('id', '=', row.id)
      .where('esim_action', 'is', null)
      .execute();
  }
  services.log.warn('payment disputed', { orderId: order.public_id, dispute: d.id, reason: d.reason, amountMinor: d.amountMinor });
  return (await riskRow(db, d.id))!;
}

/** The eSIM the order delivered, suspended at its provider if that provider can; what happened. */
async function suspendEsim(db: Db, services: Services, order: Order): Promise<string> {
  const esim = await db
    .selectFrom('esims')
    .select(['iccid', 'provider', 'status'])
    .where((eb) => (order.topup_esim_id === null ? eb('order_id', '=', order.id) : eb('id', '=', order.topup_esim_id)))
    .executeTakeFirst();
  if (!esim) return 'not_delivered';
  if (esim.status === 'canceled') return 'canceled';
  const provider = esimProviderFor(services, esim.provider);
  if (!provider.suspend) {
    services.log.warn('dispute: the eSIM provider offers no suspension; the eSIM keeps working', {
      orderId: order.public_id,
      provider: provider.name,
    });
    return 'unsupported';
  }
  try {
    await provider.suspend(esim.iccid);
    return 'suspended';
  } catch (e) {
    services.log.error('dispute: the eSIM could not be suspended', { orderId: order.public_id, error: errorText(e) });
    return 'failed';
  }
}

/**
 * The order's purchase points still held (its purchase row less what refunds and disputes took)
 * go into the held state: one 'refund' row, as far as the balance goes; the rest is recorded as
 * points_short. In one write transaction under the user's points lock.
 */
async function freezePoints(db: Db, order: Order, disputeId: string, rowId: number, now: string): Promise<void> {
  if (order.user_id === null) return;
  const userId = order.user_id;
  await writeTransaction(db, async (trx) => {
    await lockUserPoints(trx, userId);
    const fresh = await trx.selectFrom('payment_risks').select('outcome').where('id', '=', rowId).executeTakeFirstOrThrow();
    if (fresh.outcome !== null) return;
    const held = await trx
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.sum<number | string>('amount').as('n'))
      .where('order_id', '=', order.id)
      .where('source', 'in', ['purchase', 'refund'])
      .executeTakeFirst();
    const earned = Math.max(0, Number(held?.n ?? 0));
    const { balance } = await pointsTotals(trx, userId);
    const frozen = Math.min(earned, Math.max(0, balance));
    await addLedgerRow(trx, {
      userId,
      source: 'refund',
      amount: -frozen,
      description: `Held: the payment of ${order.public_id} is disputed`,
      key: disputeKeys.freeze(disputeId),
      orderId: order.id,
      now,
    });
    await trx
      .updateTable('payment_risks')
      .set({ points_frozen: frozen, points_short: earned - frozen, updated_at: now })
      .where('id', '=', rowId)
      .execute();
  });
}

/** The frozen points back (a dispute won, or before a lost one is recorded as a refund). */
async function restorePoints(trx: Db, order: Order, row: PaymentRisk, now: string): Promise<void> {
  if (order.user_id === null || row.points_frozen <= 0) return;
  await addLedgerRow(trx, {
    userId: order.user_id,
    source: 'refund',
    amount: row.points_frozen,
    description: `Released: the dispute of ${order.public_id} is closed`,
    key: disputeKeys.restore(row.provider_ref),
    orderId: order.id,
    now,
  });
}

async function settleDispute(db: Db, services: Services, order: Order, row: PaymentRisk, d: DisputeInfo): Promise<void> {
  const now = iso(services.now());
  const lost = d.status === 'lost';
  const outcome = lost ? 'lost' : 'won';
  const settled = await writeTransaction(db, async (trx) => {
    if (order.user_id !== null) await lockUserPoints(trx, order.user_id);
    const r = await trx
      .updateTable('payment_risks')
      .set({ outcome, status: d.status, closed_at: now, updated_at: now })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', 'not in', ['won', 'lost'])]))
      .returningAll()
      .executeTakeFirst();
    if (!r) return undefined;
    await restorePoints(trx, order, r, now);
    return r;
  });
  if (!settled) return;
  if (lost) {
    // The money went back through the card network: recorded as a refund made at the payment
    // service (the purchase points are taken back there, as for any such refund).
    await markRefunded(db, services, { orderId: order.id }, {});
    services.log.warn('dispute lost: recorded as refunded', { orderId: order.public_id, dispute: d.id });
    return;
  }
  if (settled.esim_action === 'suspended') {
    const esim = await db
      .selectFrom('esims')
      .select(['iccid', 'provider'])
      .where((eb) => (order.topup_esim_id === null ? eb('order_id', '=', order.id) : eb('id', '=', order.topup_esim_id)))
      .executeTakeFirst();
    const provider = esim ? esimProviderFor(services, esim.provider) : undefined;
    if (esim && provider?.resume) {
      await provider.resume(esim.iccid);
      await db.updateTable('payment_risks').set({ esim_action: 'resumed', updated_at: now }).where('id', '=', row.id).execute();
    }
  }
  services.log.info('dispute closed in the shop’s favour', { orderId: order.public_id, dispute: d.id, status: d.status });
}

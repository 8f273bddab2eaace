// Refunds: every way an order's payment goes back, in one module.
//   - the system's refund of an order that could not be delivered (refundUndeliverable, called by
//     provisioning after its last attempt);
//   - markRefunded / recordPartialRefund: the order's payment was refunded (by us, or in the Stripe
//     Dashboard: charge.refunded) — status, points, packages, the e-mail;
//   - the traveller's self-service refund and the owner's refund (the admin area), below.
//
// Refunds the traveller asks for ('Refund' on the eSIM's page or the order), within 14 days of the
// purchase while the eSIM is neither installed nor activated (a top-up: while its package waits):
//   1. the claim: UPDATE orders SET refund_requested_at WHERE refund_requested_at IS NULL AND
//      status = 'fulfilled' — one click goes on, a second one waits for its answer;
//   2. the eSIM is canceled at the provider (a first order; the provider has the last word: an eSIM
//      installed meanwhile is refused → the claim is cleared, 409 with the reason);
//   3. the payment is refunded (idempotency key 'order:<id>:refund'; nothing when points paid all);
//   4. markRefunded (below): refunded once, points back / clawed back, the package refunded,
//      the e-mail; a first order's eSIM takes its queued top-ups with it (each refunded the same way).
// A crash after the claim is finished by the fulfilment worker's tick (finishClaimedRefunds).
import { sql } from 'kysely';
import type { Db, Order } from '@esim/db';
import { AppError, errorText } from '../../errors.ts';
import { refundEligibility, type RefundBlockReason, type RefundFacts } from '../../domain/esim-life.ts';
import { addMs, iso } from '../../domain/time.ts';
import { PAID_STATES } from '../../domain/orders.ts';
import { idempotencyKeys } from '../../providers/payments/index.ts';
import { backoffDelay } from '../../providers/retry.ts';
import { changed, writeTransaction } from '../db-tx.ts';
import type { RefundResultView } from '../esim-views.ts';
import { enqueueEmail, scheduleOrderEmails } from '../mail-outbox.ts';
import { clawBackPurchasePoints, settlePointsOnRefund } from '../rewards-ledger.ts';
import type { Services } from '../types.ts';
import type { ProvisionOutcome } from './provisioning.ts';

/** The eSIM could not be delivered: refund the payment, mark the order refunded, tell the shopper. */
export async function refundUndeliverable(db: Db, services: Services, order: Order): Promise<ProvisionOutcome> {
  const now = services.now();
  if (order.points_used > 0 && order.points_discount_minor >= order.total_amount_minor) {
    // Paid with points only: nothing to refund at a provider; the points come back (markRefunded).
    await markRefunded(db, services, { orderId: order.id }, { refundId: null, amountRefundedMinor: 0 });
    services.log.warn('order refunded in points: the eSIM could not be provisioned', { orderId: order.public_id });
    return 'refunded';
  }
  if (!order.payment_intent_id) {
    services.log.error('undeliverable order has no payment intent to refund: needs a person', { orderId: order.public_id });
    await db
      .updateTable('orders')
      .set({ next_attempt_at: null, lease_until: null, updated_at: iso(now) })
      .where('id', '=', order.id)
      .execute();
    return 'stuck';
  }
  let refund: { id: string; amountMinor: number };
  try {
    refund = await services.payments.refund({
      paymentIntentId: order.payment_intent_id,
      idempotencyKey: idempotencyKeys.refund(order.public_id),
    });
  } catch (e) {
    services.log.error('refund failed; will retry', { orderId: order.public_id, error: errorText(e) });
    await db
      .updateTable('orders')
      .set({
        next_attempt_at: addMs(
          now,
          backoffDelay(order.provision_attempts, services.fulfilment.provisionBaseMs, services.fulfilment.provisionMaxMs),
        ),
        last_error: `refund failed: ${errorText(e)}`,
        lease_until: null,
        updated_at: iso(now),
      })
      .where('id', '=', order.id)
      .execute();
    return 'refund_failed';
  }
  await markRefunded(db, services, { orderId: order.id }, { refundId: refund.id, amountRefundedMinor: refund.amountMinor });
  services.log.warn('order refunded: the eSIM could not be provisioned', { orderId: order.public_id, refundId: refund.id });
  return 'refunded';
}

/**
 * The order's payment was refunded in full (by us, or in the Stripe Dashboard: charge.refunded):
 * status refunded, its eSIM canceled, the shopper e-mailed once.
 */
export async function markRefunded(
  db: Db,
  services: Services,
  where: { orderId: number } | { paymentIntentId: string },
  refund: { refundId?: string | null | undefined; amountRefundedMinor?: number | undefined },
): Promise<boolean> {
  const now = iso(services.now());
  const result = await writeTransaction(db, async (trx) => {
    let q = trx
      .updateTable('orders')
      .set((eb) => ({
        status: 'refunded' as const,
        refunded_at: now,
        refund_id: refund.refundId ?? eb.ref('refund_id'),
        // By default the card's part: the order's total less what points paid.
        amount_refunded_minor: refund.amountRefundedMinor ?? sql<number>`total_amount_minor - points_discount_minor`,
        lease_until: null,
        next_attempt_at: null,
        updated_at: now,
      }))
      .where('status', 'in', PAID_STATES);
    q = 'orderId' in where ? q.where('id', '=', where.orderId) : q.where('payment_intent_id', '=', where.paymentIntentId);
    const row = await q.returning(['id', 'email', 'user_id', 'public_id', 'points_used']).executeTakeFirst();
    if (!row) return null;
    // Points: those spent on the order come back, those it earned are clawed back.
    await settlePointsOnRefund(trx, row, now);
    // The package the order put on an eSIM is refunded; a top-up's data leaves the eSIM's total.
    const pkg = await trx
      .updateTable('esim_packages')
      .set({ state: 'refunded', updated_at: now })
      .where('order_id', '=', row.id)
      .where('state', '!=', 'refunded')
      .returning(['esim_id', 'kind'])
      .executeTakeFirst();
    if (pkg && pkg.kind !== 'initial') await recomputeDataTotal(trx, pkg.esim_id, now);
    const esim = await trx.selectFrom('esims').select(['iccid', 'status']).where('order_id', '=', row.id).executeTakeFirst();
    if (esim) await trx.updateTable('esims').set({ status: 'canceled', updated_at: now }).where('order_id', '=', row.id).execute();
    await enqueueEmail(trx, { orderId: row.id, kind: 'refund_notice', to: row.email, now });
    return { orderId: row.id, iccid: esim?.iccid ?? null };
  });
  if (!result) return false;
  if (result.iccid) {
    // Tell the eSIM provider too (most refund or credit an unused eSIM); best effort.
    services.esim
      .cancel(result.iccid)
      .catch((e: unknown) => services.log.warn('eSIM cancel failed', { iccid: result.iccid, error: errorText(e) }));
  }
  scheduleOrderEmails(db, services, result.orderId);
  return true;
}

/** The eSIM's total from its packages that are not refunded (any unlimited one: unlimited). */
async function recomputeDataTotal(trx: Db, esimId: number, now: string): Promise<void> {
  const pkgs = await trx
    .selectFrom('esim_packages')
    .select('data_mb')
    .where('esim_id', '=', esimId)
    .where('state', '!=', 'refunded')
    .execute();
  if (pkgs.length === 0) return;
  const total = pkgs.some((p) => p.data_mb === null) ? null : pkgs.reduce((n, p) => n + (p.data_mb ?? 0), 0);
  await trx.updateTable('esims').set({ data_total_mb: total, updated_at: now }).where('id', '=', esimId).execute();
}

/**
 * A partial refund: the order stays as it is, the refunded amount is recorded, and the same share
 * of its purchase points is clawed back (at most the balance).
 */
export async function recordPartialRefund(db: Db, services: Services, paymentIntentId: string, amountRefundedMinor: number): Promise<void> {
  const now = iso(services.now());
  await writeTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('orders')
      .set({ amount_refunded_minor: amountRefundedMinor, updated_at: now })
      .where('payment_intent_id', '=', paymentIntentId)
      .returning(['id', 'user_id', 'public_id', 'total_amount_minor', 'points_discount_minor'])
      .executeTakeFirst();
    if (row?.user_id != null) {
      const paidMinor = row.total_amount_minor - row.points_discount_minor;
      await clawBackPurchasePoints(trx, row, { full: false, refundedMinor: amountRefundedMinor, paidMinor }, now);
    }
  });
}

// ── the traveller's refund ──────────────────────────────────────────────────────────────────

/** How long a second click waits for the first one's refund before answering 'under way'. */
const WAIT_FOR_CLAIM_MS = 3000;
const WAIT_STEP_MS = 50;

/** 'Refund': at most once, whatever is clicked twice or retried; someone else's order → 404. */
export async function refundOrderForUser(db: Db, services: Services, userId: number, publicId: string): Promise<RefundResultView> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', 'There is no order with this number in your account.');
  if (order.status === 'refunded') return resultView(order);
  if (order.refund_requested_at !== null) return awaitClaim(db, services, order.id, userId);

  const verdict = refundEligibility({ ...(await refundFactsOf(db, order)), refundRequested: false }, services.now());
  if (!verdict.eligible) throw refusal(services, verdict.reason, order);

  const now = iso(services.now());
  const claim = await db
    .updateTable('orders')
    .set({ refund_requested_at: now, updated_at: now })
    .where('id', '=', order.id)
    .where('refund_requested_at', 'is', null)
    .where('status', '=', 'fulfilled')
    .executeTakeFirst();
  if (changed(claim) === 0) return awaitClaim(db, services, order.id, userId);
  services.log.info('refund requested', { orderId: order.public_id });
  await carryOutRefund(db, services, order.id, 'user');
  return resultView(await reload(db, order.id));
}

/** The facts refundEligibility reads, from the order, its eSIM (a first order) and its package. */
export async function refundFactsOf(db: Db, order: Order): Promise<Omit<RefundFacts, 'refundRequested'>> {
  const esim =
    order.topup_esim_id === null
      ? await db.selectFrom('esims').select(['profile_state', 'plan_state']).where('order_id', '=', order.id).executeTakeFirst()
      : undefined;
  const pkg = await db.selectFrom('esim_packages').select('state').where('order_id', '=', order.id).executeTakeFirst();
  return {
    orderStatus: order.status,
    kind: order.topup_esim_id === null ? 'initial' : order.kind === 'subscription' ? 'renewal' : 'topup',
    subscription: order.kind === 'subscription',
    paidAt: order.paid_at ? new Date(order.paid_at) : null,
    profileState: esim?.profile_state ?? null,
    planState: esim?.plan_state ?? null,
    packageState: pkg?.state ?? null,
  };
}

function refusal(services: Services, reason: RefundBlockReason | 'provider_installed' | 'provider_activated', order: Order): AppError {
  const support = `If something is wrong with your eSIM, please contact support at ${services.config.supportEmail}.`;
  switch (reason) {
    case 'window_passed':
      return new AppError(
        'CONFLICT',
        `Refunds are possible within 14 days of purchase, and this order was paid on ${(order.paid_at ?? order.created_at).slice(0, 10)}. ${support}`,
        { reason },
      );
    case 'installed':
    case 'provider_installed':
      return new AppError('CONFLICT', `This eSIM is already installed on a phone, so it can no longer be refunded. ${support}`, {
        reason: 'installed',
      });
    case 'activated':
    case 'provider_activated':
      return new AppError(
        'CONFLICT',
        `This eSIM has been activated (it has connected to a network), so it can no longer be refunded. ${support}`,
        { reason: 'activated' },
      );
    case 'package_started':
      return new AppError('CONFLICT', `This top-up is already in use, so it can no longer be refunded. ${support}`, { reason });
    case 'subscription':
      return new AppError(
        'BAD_INPUT',
        'A month of a subscription is not refunded: cancel the subscription instead, and it ends when the paid month does.',
        { reason },
      );
    case 'not_paid':
      return new AppError('CONFLICT', 'This order has not been paid and delivered, so there is nothing to refund.', { reason });
    case 'already_refunded':
      return new AppError('CONFLICT', 'This order is refunded already.', { reason });
  }
}

function resultView(order: Order): RefundResultView {
  return {
    orderId: order.public_id,
    orderStatus: order.status,
    amountRefundedMinor: order.amount_refunded_minor,
    currency: order.currency,
    pointsReturned: order.status === 'refunded' ? order.points_used : 0,
  };
}

async function reload(db: Db, orderId: number): Promise<Order> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

function isStale(services: Services, claimedAt: string): boolean {
  return Date.parse(claimedAt) < services.now().getTime() - services.fulfilment.leaseMs;
}

/**
 * Another click (or a retry) holds the claim: wait a moment for its answer. A claim left behind by
 * a crash (older than the lease) is carried out here; a claim cleared meanwhile (the provider
 * refused) is judged again, so this click gets the same reason.
 */
async function awaitClaim(db: Db, services: Services, orderId: number, userId: number): Promise<RefundResultView> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const order = await reload(db, orderId);
    if (order.status === 'refunded') return resultView(order);
    if (order.refund_requested_at === null) return refundOrderForUser(db, services, userId, order.public_id);
    if (isStale(services, order.refund_requested_at) && (await takeOverStaleClaim(db, services, orderId, order.refund_requested_at))) {
      await carryOutRefund(db, services, orderId, 'user');
      return resultView(await reload(db, orderId));
    }
    if (waited >= WAIT_FOR_CLAIM_MS) break;
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  throw new AppError('CONFLICT', 'Your refund is already under way: the order will show as refunded in a moment.', {
    reason: 'in_progress',
  });
}

type CarryOutOutcome = 'refunded' | 'refused' | 'failed';

/** What became of the eSIM at its provider during an owner's refund (the traveller's is refused instead). */
export type OwnerEsimNote = 'none' | 'canceled' | 'already_canceled' | 'installed' | 'activated' | 'unreachable';

/**
 * Takes over a claim left behind (older than the lease) by re-stamping it, conditionally on the
 * stamp seen: of several processes that found it stale at once, one goes on (true).
 */
async function takeOverStaleClaim(db: Db, services: Services, orderId: number, seenAt: string): Promise<boolean> {
  const now = iso(services.now());
  const r = await db
    .updateTable('orders')
    .set({ refund_requested_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('refund_requested_at', '=', seenAt)
    .executeTakeFirst();
  return changed(r) > 0;
}

async function releaseClaim(db: Db, services: Services, orderId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refund_requested_at: null, updated_at: iso(services.now()) })
    .where('id', '=', orderId)
    .where('status', '=', 'fulfilled')
    .execute();
}

/**
 * Steps 2–4 for a claimed order; each is safe to repeat (the provider's cancel answers
 * 'already_canceled', the refund has its idempotency key, markRefunded is conditional). `user`: the
 * traveller waits, so a refusal or an outage is thrown as a 4xx/5xx; `worker`: logged, and an
 * outage leaves the claim for the next tick.
 */
async function carryOutRefund(
  db: Db,
  services: Services,
  orderId: number,
  mode: 'user' | 'worker',
  owner?: { esim: OwnerEsimNote },
): Promise<CarryOutOutcome> {
  const order = await reload(db, orderId);
  if (order.status === 'refunded') return 'refunded';
  // The traveller refunds a delivered order; the owner any paid one (a claim on an undelivered
  // order holds its provisioning off: provisionOrder skips claimed orders).
  const refundable = owner ? PAID_STATES.includes(order.status) : order.status === 'fulfilled';
  if (!refundable || order.refund_requested_at === null) return 'refused';

  // 2. The eSIM at the provider (a first order; a top-up's package leaves with the refund).
  const esim =
    order.topup_esim_id === null
      ? await db.selectFrom('esims').select(['id', 'iccid', 'status']).where('order_id', '=', order.id).executeTakeFirst()
      : undefined;
  if (owner) {
    // The owner's decision stands whatever the provider answers: the eSIM is canceled where the
    // provider allows it, and the payment is refunded either way (the note says which).
    owner.esim = await cancelForOwner(db, services, order, esim);
  } else if (esim && esim.status !== 'canceled') {
    let cancel;
    try {
      cancel = await services.esim.cancel(esim.iccid);
    } catch (e) {
      services.log.warn('refund: the eSIM provider could not cancel the eSIM', { orderId: order.public_id, error: errorText(e) });
      if (mode === 'worker') return 'failed';
      await releaseClaim(db, services, order.id);
      throw new AppError(
        'PAYMENT_PROVIDER_ERROR',
        'The eSIM provider could not be reached, so nothing was refunded. Please try again in a moment.',
      );
    }
    if (!cancel.canceled && cancel.reason !== 'already_canceled') {
      await releaseClaim(db, services, order.id);
      services.log.info('refund refused by the eSIM provider', { orderId: order.public_id, reason: cancel.reason });
      if (mode === 'worker') return 'refused';
      throw refusal(services, cancel.reason === 'installed' ? 'provider_installed' : 'provider_activated', order);
    }
  }

  // 3. The payment: the card's part (points come back in markRefunded).
  let refund: { refundId: string | null; amountRefundedMinor: number } = { refundId: null, amountRefundedMinor: 0 };
  const cardMinor = order.total_amount_minor - order.points_discount_minor;
  if (cardMinor > 0) {
    if (!order.payment_intent_id) {
      services.log.error('refund: the order has no payment to refund; needs a person', { orderId: order.public_id });
      if (mode === 'worker' || owner) return 'failed';
      throw new AppError('CONFLICT', `This order's payment cannot be found. Please contact support at ${services.config.supportEmail}.`);
    }
    try {
      const r = await services.payments.refund({
        paymentIntentId: order.payment_intent_id,
        idempotencyKey: idempotencyKeys.refund(order.public_id),
      });
      refund = { refundId: r.id, amountRefundedMinor: r.amountMinor };
    } catch (e) {
      // The eSIM is canceled: the refund must follow. The claim stays; the worker's tick retries.
      services.log.error('refund: the payment could not be refunded; will retry', { orderId: order.public_id, error: errorText(e) });
      if (mode === 'worker' || owner) return 'failed';
      throw new AppError(
        'PAYMENT_PROVIDER_ERROR',
        'Your eSIM is canceled, but the payment service could not be reached to refund the payment just now. The refund will be completed automatically.',
      );
    }
  }

  // 4. Refunded once (the provider's charge.refunded may have done it already), then the eSIM's queued top-ups.
  await markRefunded(db, services, { orderId: order.id }, refund);
  services.log.info(owner ? 'order refunded by the shop' : 'order refunded at the traveller’s request', {
    orderId: order.public_id,
    refundId: refund.refundId,
  });
  if (esim) await refundQueuedTopUps(db, services, esim.id);
  return 'refunded';
}

/** The eSIM was refunded: its top-ups still waiting are refunded too (not renewals: subscriptions are cancelled). */
async function refundQueuedTopUps(db: Db, services: Services, esimId: number): Promise<void> {
  const topUps = await db
    .selectFrom('orders as o')
    .innerJoin('esim_packages as p', 'p.order_id', 'o.id')
    .select('o.id')
    .where('o.topup_esim_id', '=', esimId)
    .where('o.kind', '=', 'one_time')
    .where('o.status', '=', 'fulfilled')
    .where('p.state', '=', 'queued')
    .execute();
  for (const { id } of topUps) {
    const now = iso(services.now());
    await db
      .updateTable('orders')
      .set({ refund_requested_at: now, updated_at: now })
      .where('id', '=', id)
      .where('refund_requested_at', 'is', null)
      .execute();
    try {
      await carryOutRefund(db, services, id, 'worker');
    } catch (e) {
      services.log.error('refund of a top-up failed; the worker retries', { orderId: id, error: errorText(e) });
    }
  }
}

export interface ClaimedRefundsResult {
  refunded: number;
  refused: number;
  failed: number;
}

/**
 * The fulfilment worker's tick: refunds claimed longer ago than the lease and not finished (a crash
 * or an outage in between) are carried out now.
 */
export async function finishClaimedRefunds(db: Db, services: Services): Promise<ClaimedRefundsResult> {
  const before = new Date(services.now().getTime() - services.fulfilment.leaseMs).toISOString();
  const due = await db
    .selectFrom('orders')
    .select(['id', 'refund_requested_at'])
    .where('refund_requested_at', 'is not', null)
    .where('refund_requested_at', '<', before)
    .where('status', 'in', PAID_STATES)
    .orderBy('refund_requested_at')
    .limit(services.fulfilment.batchSize)
    .execute();
  const result: ClaimedRefundsResult = { refunded: 0, refused: 0, failed: 0 };
  for (const { id, refund_requested_at: claimedAt } of due) {
    // A sibling worker may be on the same stale claim: only the one that re-stamps it goes on.
    if (!(await takeOverStaleClaim(db, services, id, claimedAt!))) continue;
    try {
      const owner = (await isOwnerClaim(db, id)) ? { esim: 'none' as OwnerEsimNote } : undefined;
      result[await carryOutRefund(db, services, id, 'worker', owner)]++;
    } catch (e) {
      result.failed++;
      services.log.error('finishing a refund failed', { orderId: id, error: errorText(e) });
    }
  }
  return result;
}

// ── the owner's refund (the admin area) ──────────────────────────────────────────────────────
// The same steps as the traveller's, without the traveller's limits (14 days, not installed): a
// paid order not yet refunded, delivered or not. The provider may refuse to cancel an installed or
// activated eSIM; the owner's refund goes on regardless (the payment is refunded, the shop marks
// the eSIM canceled) and the answer says the eSIM may keep working at the provider.

/** The audit row of an owner's claim (admin.orders.refund writes it in the claim's transaction). */
async function isOwnerClaim(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('audit_log as a', (j) => j.on('a.entity', '=', 'order').onRef('a.entity_id', '=', 'o.public_id'))
    .select('a.id')
    .where('o.id', '=', orderId)
    .where('a.action', '=', 'order.refund')
    .executeTakeFirst();
  return row !== undefined;
}

/** Cancels the order's eSIM at the provider where it can; never throws (the note says what happened). */
async function cancelForOwner(
  db: Db,
  services: Services,
  order: Order,
  esim: { iccid: string; status: string } | undefined,
): Promise<OwnerEsimNote> {
  try {
    let iccid = esim?.iccid ?? null;
    if (esim?.status === 'canceled') return 'already_canceled';
    if (!iccid && order.topup_esim_id === null && order.provider_ref) {
      // Not delivered yet, but the provider is preparing it: cancel what it made.
      const details = await services.esim.getEsim(order.provider_ref);
      if (details.status === 'ready') iccid = details.esim.iccid;
    }
    if (!iccid) return 'none';
    const r = await services.esim.cancel(iccid);
    return r.canceled ? 'canceled' : r.reason;
  } catch (e) {
    services.log.warn('owner refund: the eSIM provider could not cancel the eSIM', { orderId: order.public_id, error: errorText(e) });
    return 'unreachable';
  }
}

export type OwnerClaimResult = 'claimed' | 'refunded' | 'claimed_already' | 'provisioning_now' | 'not_paid';

/**
 * The owner's claim: refund_requested_at on a paid order not yet refunded, unless provisioning
 * holds its lease right now; the claim takes the lease, so no provisioning starts meanwhile.
 * `within` runs in the claim's transaction (the audit row), only when this call took the claim.
 */
export async function claimOwnerRefund(
  db: Db,
  services: Services,
  orderId: number,
  within: (trx: Db) => Promise<void>,
): Promise<OwnerClaimResult> {
  const now = services.now();
  return writeTransaction(db, async (trx) => {
    const r = await trx
      .updateTable('orders')
      .set({ refund_requested_at: iso(now), lease_until: addMs(now, services.fulfilment.leaseMs), updated_at: iso(now) })
      .where('id', '=', orderId)
      .where('refund_requested_at', 'is', null)
      .where('status', 'in', PAID_STATES)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
      .executeTakeFirst();
    if (changed(r) > 0) {
      await within(trx);
      return 'claimed';
    }
    const order = await trx
      .selectFrom('orders')
      .select(['status', 'refund_requested_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (order.status === 'refunded') return 'refunded';
    if (!PAID_STATES.includes(order.status)) return 'not_paid';
    if (order.refund_requested_at !== null) return 'claimed_already';
    return 'provisioning_now';
  });
}

export interface OwnerRefundResult {
  /** 'failed': the payment could not be refunded now; the claim stays and the worker's tick finishes it. */
  outcome: CarryOutOutcome;
  esim: OwnerEsimNote;
}

/** Steps 2–4 for an order the owner claimed (claimOwnerRefund). */
export async function carryOutOwnerRefund(db: Db, services: Services, orderId: number): Promise<OwnerRefundResult> {
  const owner = { esim: 'none' as OwnerEsimNote };
  const outcome = await carryOutRefund(db, services, orderId, 'user', owner);
  return { outcome, esim: owner.esim };
}

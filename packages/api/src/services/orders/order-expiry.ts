// Orders never paid expire, so an abandoned checkout does not stay 'pending_payment' for ever.
//
// The worker sweeps with a cursor over orders.id (ids grow with time): a pass reads bounded
// batches `WHERE id > cursor ORDER BY id LIMIT n` — the primary key, so the orders table needs no
// index on status or created_at (one would cost every checkout's insert another index write) —
// and expires the unpaid orders in them older than the TTL. A round ends at the first order still
// younger than the TTL (every later one is younger) or at the table's end; the next round starts
// again at the lowest id that may still be waiting (an order whose payment could not be canceled
// this time), so a pass reads a few batches whatever the table's size.
//
// An expiry never loses a payment that succeeds:
//   1. the payment is canceled at the provider first (reason 'abandoned'), so it can no longer be
//      taken; if the provider says it succeeded after all, the order is fulfilled instead; if the
//      provider cannot cancel it now (unreachable, or the payment is processing), the order waits
//      for the next round;
//   2. then expireOrder: transition(order, 'expired') from ('pending_payment','payment_failed') — a fulfilment claim that came first has moved the order
//      to 'paid', and this changes nothing.
// A success reported after the expiry anyway still fulfils the order: the fulfilment claim accepts
// 'expired' (a paid order is never lost).
//
// A subscription's first order is not canceled at the provider (Stripe voids the invoice of a
// subscription left incomplete itself, after 23 hours); it expires if its payment has not succeeded.
import type { Db, OrderActor } from '@esim/db';
import type { Services } from '../types.ts';
import { UNPAID_STATES } from '../../domain/orders.ts';
import { iso } from '../../domain/time.ts';
import { errorText } from '../../errors.ts';
import { isPaymentProviderError } from '../../providers/payments/index.ts';
import type { PaymentIntentInfo } from '../../providers/payments/index.ts';
import { fulfilOrder, markCanceled } from '../order-life/claim.ts';
import { releaseReservedPoints } from '../rewards/rewards-ledger.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { transition } from '../order-life/transition.ts';

/**
 * THE place where an order becomes expired (the sweep, and a payment canceled as abandoned that is
 * reported by the provider): transition() from the unpaid states, true when this call moved the
 * order. Work that must happen exactly once when an order expires (releasing the points it
 * reserved) runs in the same transaction, so it commits with the move and its event.
 */
export async function expireOrder(
  db: Db,
  services: Services,
  where: { orderId: number } | { paymentIntentId: string },
  who: { actor: OrderActor; reason: string } = { actor: 'system', reason: 'not paid in time' },
): Promise<boolean> {
  const now = iso(services.now());
  const ref = 'orderId' in where ? { id: where.orderId } : { paymentIntentId: where.paymentIntentId };
  const row = await writeTransaction(db, async (trx) => {
    const moved = await transition(trx, ref, 'expired', { ...who, from: UNPAID_STATES, returning: ['public_id', 'points_used'], at: now });
    if (moved && moved.order.points_used > 0) await releaseReservedPoints(trx, moved.order.id, now);
    return moved?.order;
  });
  if (!row) return false;
  services.log.info('order expired', { orderId: row.public_id });
  return true;
}

/** A canceled intent: canceled as abandoned (the shop's expiry) → expired; otherwise → canceled. */
export async function settleCanceledIntent(db: Db, services: Services, info: PaymentIntentInfo): Promise<boolean> {
  if (info.cancellationReason === 'abandoned')
    return expireOrder(db, services, { paymentIntentId: info.id }, { actor: 'provider', reason: 'payment canceled as abandoned' });
  return markCanceled(db, services, info.id);
}

/** Where the sweep is. Start with `newExpiryCursor()`; keep it between passes (in memory is enough). */
export interface ExpiryCursor {
  /** The next batch starts after this id. */
  afterId: number;
  /** The lowest id this round left waiting (its payment could not be canceled yet), if any. */
  lowestWaiting: number | null;
}

export function newExpiryCursor(): ExpiryCursor {
  return { afterId: 0, lowestWaiting: null };
}

export interface ExpirySweepOptions {
  /** Rows read per batch (default services.fulfilment.expiryBatchSize). */
  batchSize?: number | undefined;
  /** Batches per pass at most (default 10). */
  maxBatches?: number | undefined;
  /** Orders handled at once (default 4). */
  concurrency?: number | undefined;
}

export interface ExpirySweepResult {
  /** Rows read. */
  scanned: number;
  /** Orders this pass moved to expired. */
  expired: number;
  /** Unpaid orders whose payment turned out to have succeeded: fulfilled instead. */
  fulfilled: number;
  /** Unpaid orders whose payment was canceled by someone else: marked canceled. */
  canceled: number;
  /** Old unpaid orders left for the next round (the provider could not cancel the payment now). */
  waiting: number;
  /** The round reached its end (an order younger than the TTL, or the last order): wait before the next pass. */
  roundDone: boolean;
}

type Outcome = 'expired' | 'fulfilled' | 'canceled' | 'waiting' | 'none';

/**
 * One pass of the sweep from `cursor` (advanced in place): expires the unpaid orders older than
 * services.fulfilment.pendingOrderTtlMs, reading at most maxBatches × batchSize rows.
 */
export async function expireStaleOrders(
  db: Db,
  services: Services,
  cursor: ExpiryCursor,
  opts: ExpirySweepOptions = {},
): Promise<ExpirySweepResult> {
  const batchSize = opts.batchSize ?? services.fulfilment.expiryBatchSize;
  const maxBatches = opts.maxBatches ?? 10;
  const concurrency = opts.concurrency ?? 4;
  const cutoff = services.now().getTime() - services.fulfilment.pendingOrderTtlMs;
  const result: ExpirySweepResult = { scanned: 0, expired: 0, fulfilled: 0, canceled: 0, waiting: 0, roundDone: false };

  for (let batch = 0; batch < maxBatches && !result.roundDone; batch++) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'public_id', 'status', 'kind', 'payment_intent_id', 'created_at'])
      .where('id', '>', cursor.afterId)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    result.scanned += rows.length;
    const old = [];
    let youngAt: number | null = null;
    for (const r of rows) {
      if (Date.parse(r.created_at) > cutoff) {
        youngAt = r.id;
        break;
      }
      old.push(r);
    }
    const due = old.filter((r) => (UNPAID_STATES as readonly string[]).includes(r.status));
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, due.length) }, async () => {
        while (next < due.length) {
          const order = due[next++]!;
          const outcome = await expireOne(db, services, order);
          if (outcome === 'waiting') cursor.lowestWaiting = Math.min(cursor.lowestWaiting ?? order.id, order.id);
          if (outcome !== 'none') result[outcome]++;
        }
      }),
    );
    if (old.length > 0) cursor.afterId = old[old.length - 1]!.id;
    if (youngAt !== null || rows.length < batchSize) {
      // The round is over: start the next one at the lowest order still waiting, if any.
      result.roundDone = true;
      if (cursor.lowestWaiting !== null) cursor.afterId = Math.min(cursor.afterId, cursor.lowestWaiting - 1);
      cursor.lowestWaiting = null;
    }
  }
  if (result.expired + result.fulfilled + result.canceled + result.waiting > 0) services.log.info('pending orders swept', { ...result });
  return result;
}

async function expireOne(
  db: Db,
  services: Services,
  order: { id: number; public_id: string; kind: string; payment_intent_id: string | null },
): Promise<Outcome> {
  if (order.payment_intent_id !== null) {
    let info: PaymentIntentInfo | 'gone';
    try {
      info = await stopPayment(services, order.payment_intent_id, order.kind === 'subscription');
    } catch (e) {
      return waiting(services, order, e);
    }
    if (info !== 'gone') {
      if (info.status === 'succeeded') return (await fulfilOrder(db, services, info.id)).claimed ? 'fulfilled' : 'none';
      if (info.status === 'canceled' && info.cancellationReason !== 'abandoned')
        return (await markCanceled(db, services, info.id)) ? 'canceled' : 'none';
      if (info.status === 'processing' || info.status === 'requires_capture')
        return waiting(services, order, `the payment is ${info.status}`);
    }
  }
  if (await expireOrder(db, services, { orderId: order.id })) return 'expired';
  // The provider's cancel event may have expired it already (the demo provider reports in process).
  const row = await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst();
  return row?.status === 'expired' ? 'expired' : 'none';
}

/**
 * Cancels the payment (a subscription's: only reads it) and answers how it is now; 'gone' when the
 * provider has no such payment (nothing can be paid). Throws when the provider cannot be asked.
 */
async function stopPayment(services: Services, paymentIntentId: string, readOnly: boolean): Promise<PaymentIntentInfo | 'gone'> {
  try {
    if (readOnly) return await services.payments.retrievePaymentIntent(paymentIntentId);
    try {
      return await services.payments.cancelPaymentIntent(paymentIntentId, 'abandoned');
    } catch (e) {
      if (!isPaymentProviderError(e) || e.retryable || e.code === 'resource_missing') throw e;
      // Not cancelable as it is (succeeded, processing, canceled already): see what it is.
      return await services.payments.retrievePaymentIntent(paymentIntentId);
    }
  } catch (e) {
    if (isPaymentProviderError(e) && e.code === 'resource_missing') return 'gone';
    throw e;
  }
}

function waiting(services: Services, order: { public_id: string }, why: unknown): Outcome {
  services.log.warn('pending order not expired yet: its payment could not be canceled now', {
    orderId: order.public_id,
    error: errorText(why),
  });
  return 'waiting';
}

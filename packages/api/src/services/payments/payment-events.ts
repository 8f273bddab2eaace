// Payment events, from Stripe's webhook (POST /api/webhooks/stripe) or straight from the demo
// provider: verified on the raw body, recorded under the event id's unique key (a redelivery is a
// no-op), then acted on by re-reading the current state from the provider — events come at least
// once and in any order, so the event's own snapshot is never trusted for what to do.
import type { Db } from '@esim/db';
import type { Services } from '../types.ts';
import { HANDLED_PAYMENT_EVENTS, summarizeEvent } from '../../providers/payments/index.ts';
import type { PaymentEvent, PaymentEventSummary, PaymentIntentInfo } from '../../providers/payments/index.ts';
import { settleHeldPayment } from '../promotions/payment-holds.ts';
import { fulfilOrder, markPaymentFailed } from '../order-life/claim.ts';
import { markRefunded, recordPartialRefund } from '../order-life/refunds.ts';
import { settleCanceledIntent } from '../orders/order-expiry.ts';
import { iso } from '../../domain/time.ts';
import { handleInvoiceEvent, handleSubscriptionEvent } from '../orders/subscriptions.ts';
import { handleEarlyFraudWarning, holdIfUnderReview, recordRefundedCharge, syncDispute, syncReview } from './payment-risk.ts';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface WebhookResult {
  outcome: WebhookOutcome;
  eventId: string;
  type: string;
}

/**
 * Verifies a webhook delivery (signature over the raw body, |now − t| ≤ 300 s) and handles it.
 * Throws WebhookVerificationError for a bad delivery (the route answers 400).
 */
export async function receiveWebhook(
  db: Db,
  services: Services,
  rawBody: string,
  signature: string | null | undefined,
): Promise<WebhookResult> {
  const event = services.payments.verifyWebhook(rawBody, signature, Math.floor(services.now().getTime() / 1000));
  return handlePaymentEvent(db, services, event);
}

const HANDLED = new Set<string>(HANDLED_PAYMENT_EVENTS);

/**
 * Acts on a verified event once. A handler failure un-records the event so the redelivery is
 * processed. `record: false` skips the dedupe row for an event that cannot be redelivered (the
 * demo provider's in-process call, made once per event); every handler is idempotent anyway, so a
 * later webhook delivery of the same event changes nothing.
 */
export async function handlePaymentEvent(
  db: Db,
  services: Services,
  event: PaymentEvent,
  opts: { record?: boolean } = {},
): Promise<WebhookResult> {
  const base = { eventId: event.id, type: event.type };
  if (!HANDLED.has(event.type)) return { outcome: 'ignored', ...base };
  if (opts.record === false) {
    await dispatch(db, services, summarizeEvent(event), event);
    return { outcome: 'processed', ...base };
  }
  const recorded = await db
    .insertInto('payment_events')
    .values({ event_id: event.id, type: event.type, provider: services.payments.name, received_at: iso(services.now()) })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (!recorded) return { outcome: 'duplicate', ...base };
  try {
    await dispatch(db, services, summarizeEvent(event), event);
  } catch (e) {
    await db.deleteFrom('payment_events').where('event_id', '=', event.id).execute();
    throw e;
  }
  return { outcome: 'processed', ...base };
}

async function dispatch(db: Db, services: Services, s: PaymentEventSummary, event: PaymentEvent): Promise<void> {
  switch (s.kind) {
    case 'payment_intent':
      await settlePaymentIntent(db, services, s.paymentIntentId);
      return;
    case 'refund':
      if (!s.paymentIntentId) return;
      if (s.refunded)
        await markRefunded(db, services, { paymentIntentId: s.paymentIntentId }, { amountRefundedMinor: s.amountRefundedMinor });
      else if (s.amountRefundedMinor > 0) await recordPartialRefund(db, services, s.paymentIntentId, s.amountRefundedMinor);
      return;
    case 'invoice':
      await handleInvoiceEvent(db, services, s, event.data.object);
      return;
    case 'subscription':
      await handleSubscriptionEvent(db, services, s);
      return;
    case 'risk':
      switch (s.type) {
        case 'review.opened':
        case 'review.closed':
          await syncReview(db, services, s.objectId, s.paymentIntentId);
          return;
        case 'radar.early_fraud_warning.created':
          await handleEarlyFraudWarning(db, services, s.objectId, s.paymentIntentId);
          return;
        case 'charge.dispute.created':
        case 'charge.dispute.closed':
          await syncDispute(db, services, s.objectId, s.paymentIntentId);
          return;
      }
      return;
    case 'ignored':
      return;
  }
}

/**
 * The order is made before its intent, and the intent id stored right after: an event in that
 * instant finds its order through the intent's metadata. True when an order was attached.
 */
async function attachIntent(db: Db, paymentIntentId: string, orderRef: string | undefined): Promise<boolean> {
  if (!orderRef) return false;
  const r = await db
    .updateTable('orders')
    .set({ payment_intent_id: paymentIntentId })
    .where('public_id', '=', orderRef)
    .where('payment_intent_id', 'is', null)
    .where('kind', '=', 'one_time')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Re-reads an intent and moves its order accordingly: succeeded → fulfil (an expired order too);
 * canceled → canceled (expired when canceled as abandoned, by the expiry sweep);
 * back at requires_payment_method with an error → payment_failed; requires_capture (a hold) →
 * payment-holds.ts decides, then capture → as succeeded, or cancel. Returns the status read.
 */
export async function settlePaymentIntent(
  db: Db,
  services: Services,
  paymentIntentId: string,
  opts: { inline?: boolean } = {},
): Promise<string> {
  return settleIntentInfo(db, services, await services.payments.retrievePaymentIntent(paymentIntentId), opts);
}

/** settlePaymentIntent on an intent as just read (or as a capture answered it). */
async function settleIntentInfo(db: Db, services: Services, info: PaymentIntentInfo, opts: { inline?: boolean }): Promise<string> {
  switch (info.status) {
    case 'requires_capture': {
      // Issue 29: a held payment (an order with a code or a referral): the card checked, then
      // captured (and settled as succeeded) or canceled (the order failed with its reason).
      const after = await settleHeldPayment(db, services, info);
      if (after && after.status !== 'requires_capture') return settleIntentInfo(db, services, after, opts);
      break;
    }
    case 'succeeded':
      // A Radar review still open holds the order before its claim (the charge came in this read).
      if (info.charge) await holdIfUnderReview(db, services, info);
      if (!(await fulfilOrder(db, services, info.id, opts)).claimed && (await attachIntent(db, info.id, info.metadata.orderId))) {
        if (info.charge) await holdIfUnderReview(db, services, info);
        await fulfilOrder(db, services, info.id, opts);
      }
      // Refunded at Stripe already (a refused review), whichever event came first: recorded once.
      if (info.charge?.refunded) await recordRefundedCharge(db, services, info);
      break;
    case 'canceled':
      await settleCanceledIntent(db, services, info);
      break;
    case 'requires_payment_method':
      if (info.lastError) await markPaymentFailed(db, services, info.id, info.lastError.message);
      break;
    default:
      break;
  }
  return info.status;
}

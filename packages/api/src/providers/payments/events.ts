// Turns a verified event (Stripe's shape, from Stripe or the demo) into the few facts the
// services act on. The services still re-read the current state (retrievePaymentIntent) before
// acting, since events arrive at least once and in any order.
import type { PaymentEvent } from './types.ts';

/** The event types the shop handles; everything else is acknowledged and ignored. */
export const HANDLED_PAYMENT_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  // Issue 29: a held payment (capture_method manual) reached requires_capture: check the card, then capture or cancel.
  'payment_intent.amount_capturable_updated',
  'charge.refunded',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  // Radar and disputes (issue 31): payment-risk.ts.
  'review.opened',
  'review.closed',
  'radar.early_fraud_warning.created',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

export type HandledPaymentEventType = (typeof HANDLED_PAYMENT_EVENTS)[number];

export type PaymentEventSummary =
  | {
      kind: 'payment_intent';
      type:
        | 'payment_intent.succeeded'
        | 'payment_intent.payment_failed'
        | 'payment_intent.canceled'
        | 'payment_intent.amount_capturable_updated';
      eventId: string;
      paymentIntentId: string;
      status: string | null;
      metadata: Record<string, string>;
    }
  | {
      kind: 'refund';
      type: 'charge.refunded';
      eventId: string;
      chargeId: string;
      paymentIntentId: string | null;
      amountMinor: number;
      amountRefundedMinor: number;
      /** Fully refunded. */
      refunded: boolean;
      currency: string;
    }
  | {
      kind: 'invoice';
      type: 'invoice.paid' | 'invoice.payment_failed';
      eventId: string;
      invoiceId: string;
      subscriptionId: string | null;
      amountPaidMinor: number;
      currency: string;
      /** 'subscription_create' for the first invoice, 'subscription_cycle' for renewals. */
      billingReason: string | null;
      /** End of the period the invoice pays for (Unix seconds), when known. */
      periodEnd: number | null;
      metadata: Record<string, string>;
    }
  | {
      kind: 'subscription';
      type: 'customer.subscription.updated' | 'customer.subscription.deleted';
      eventId: string;
      subscriptionId: string;
      status: string | null;
      cancelAtPeriodEnd: boolean;
      metadata: Record<string, string>;
    }
  | {
      /** A Radar review, an early fraud warning or a dispute: the object's id, re-read before acting. */
      kind: 'risk';
      type: 'review.opened' | 'review.closed' | 'radar.early_fraud_warning.created' | 'charge.dispute.created' | 'charge.dispute.closed';
      eventId: string;
      objectId: string;
      /** The payment intent as the event names it (a string, or expanded), when it does. */
      paymentIntentId: string | null;
      chargeId: string | null;
    }
  | { kind: 'ignored'; type: string; eventId: string };

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** An id field that may be expanded into an object. */
const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : isObj(v) ? str(v.id) : null);

function metadataOf(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isObj(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

export function summarizeEvent(event: PaymentEvent): PaymentEventSummary {
  const o: Obj = event.data.object;
  const eventId = event.id;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
    case 'payment_intent.amount_capturable_updated': {
      const id = str(o.id);
      if (!id) break;
      return {
        kind: 'payment_intent',
        type: event.type,
        eventId,
        paymentIntentId: id,
        status: str(o.status),
        metadata: metadataOf(o.metadata),
      };
    }
    case 'charge.refunded': {
      const id = str(o.id);
      if (!id) break;
      return {
        kind: 'refund',
        type: event.type,
        eventId,
        chargeId: id,
        paymentIntentId: idOf(o.payment_intent),
        amountMinor: num(o.amount),
        amountRefundedMinor: num(o.amount_refunded),
        refunded: o.refunded === true,
        currency: (str(o.currency) ?? '').toUpperCase(),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const id = str(o.id);
      if (!id) break;
      // Current API: invoice.parent.subscription_details.{subscription, metadata}.
      const parent = isObj(o.parent) ? o.parent : {};
      const details = isObj(parent.subscription_details) ? parent.subscription_details : {};
      const lines = isObj(o.lines) && Array.isArray(o.lines.data) ? o.lines.data : [];
      const firstLine: unknown = lines[0];
      const period = isObj(firstLine) && isObj(firstLine.period) ? firstLine.period : {};
      return {
        kind: 'invoice',
        type: event.type,
        eventId,
        invoiceId: id,
        subscriptionId: idOf(details.subscription),
        amountPaidMinor: num(o.amount_paid),
        currency: (str(o.currency) ?? '').toUpperCase(),
        billingReason: str(o.billing_reason),
        periodEnd: typeof period.end === 'number' ? period.end : null,
        metadata: metadataOf(details.metadata),
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const id = str(o.id);
      if (!id) break;
      return {
        kind: 'subscription',
        type: event.type,
        eventId,
        subscriptionId: id,
        status: str(o.status),
        cancelAtPeriodEnd: o.cancel_at_period_end === true,
        metadata: metadataOf(o.metadata),
      };
    }
    case 'review.opened':
    case 'review.closed':
    case 'radar.early_fraud_warning.created':
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const id = str(o.id);
      if (!id) break;
      return {
        kind: 'risk',
        type: event.type,
        eventId,
        objectId: id,
        paymentIntentId: idOf(o.payment_intent),
        chargeId: idOf(o.charge),
      };
    }
  }
  return { kind: 'ignored', type: event.type, eventId };
}

// A small stateful Stripe for msw (nothing leaves the machine: onUnhandledRequest 'error'):
// payment intents honouring Idempotency-Key, refunds, customers, products and subscriptions with
// a first invoice paid through a payment intent — enough for the shop's Stripe paths — plus
// webhook deliveries signed with the SDK's own generateTestHeaderString. Issue 31 adds charges (the
// Charge object: outcome, review, amount_refunded, refunded, disputed), Radar reviews, early fraud
// warnings and disputes, shaped as Stripe's API reference documents them (docs.stripe.com/api:
// Charges, Reviews, Radar › Early Fraud Warnings, Disputes), and `expand[]` of latest_charge and
// latest_charge.review on a payment intent (docs.stripe.com/api/expanding_objects).
// Issue 29 adds holds (docs.stripe.com/payments/place-a-hold-on-a-payment-method): an intent
// created with capture_method=manual (API reference, Create a PaymentIntent › capture_method) stops
// at requires_capture once authorised, its charge uncaptured (captured false, amount_captured 0)
// with payment_method_details.card.fingerprint (Charges › The Charge object); Capture a
// PaymentIntent (POST /v1/payment_intents/:id/capture: only from requires_capture, else 400
// payment_intent_unexpected_state; then succeeded) and Cancel a PaymentIntent (allowed from
// requires_capture too: "the remaining amount_capturable is automatically refunded", i.e. the hold
// is released); an uncaptured hold expires (7 days for online card payments) as canceled.
import { http, HttpResponse } from 'msw';
import Stripe from 'stripe';

export const API = 'https://api.stripe.com';
export const WHSEC = 'whsec_test_orders';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  latest_charge: string | null;
  cancellation_reason?: string | null;
  /** 'automatic' unless created with capture_method=manual. */
  capture_method: 'automatic' | 'manual';
  amount_capturable: number;
  amount_received: number;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; current_period_start: number; current_period_end: number }[] };
  latest_invoice: string;
  customer: string;
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

/** docs.stripe.com/api/charges/object (the fields the shop reads, and a few around them). */
export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  disputed: boolean;
  outcome: { network_status: string; reason: string | null; risk_level: string; seller_message: string; type: string };
  paid: boolean;
  payment_intent: string;
  refunded: boolean;
  review: string | null;
  status: 'succeeded';
  /** docs.stripe.com/api/charges/object#charge_object-payment_method_details-card-fingerprint */
  payment_method_details: { type: 'card'; card: { brand: string; last4: string; fingerprint: string } };
}

/** docs.stripe.com/api/radar/reviews/object */
export interface FakeReview {
  id: string;
  object: 'review';
  billing_zip: string | null;
  charge: string;
  closed_reason: string | null;
  created: number;
  ip_address: string | null;
  livemode: boolean;
  open: boolean;
  opened_reason: 'rule' | 'manual';
  payment_intent: string;
  reason: string;
}

/** docs.stripe.com/api/radar/early_fraud_warnings/object */
export interface FakeEarlyFraudWarning {
  id: string;
  object: 'radar.early_fraud_warning';
  actionable: boolean;
  charge: string;
  created: number;
  fraud_type: string;
  livemode: boolean;
  payment_intent: string;
}

/** docs.stripe.com/api/disputes/object */
export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  balance_transactions: unknown[];
  charge: string;
  created: number;
  currency: string;
  evidence_details: { due_by: number; has_evidence: boolean; past_due: boolean; submission_count: number };
  is_charge_refundable: boolean;
  livemode: boolean;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string;
  status: string;
}

const missing = (what: string) =>
  HttpResponse.json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } }, { status: 404 });

export function createStripeFake() {
  let seq = 0;
  const intents = new Map<string, FakeIntent>();
  const subscriptions = new Map<string, FakeSubscription>();
  const charges = new Map<string, FakeCharge>();
  const reviews = new Map<string, FakeReview>();
  const warnings = new Map<string, FakeEarlyFraudWarning>();
  const disputes = new Map<string, FakeDispute>();
  const keys = new Map<string, unknown>();
  const refunds: { id: string; payment_intent: string; amount: number; key: string | null }[] = [];
  const calls: { method: string; path: string; key: string | null }[] = [];
  const captures: { payment_intent: string; amount: number }[] = [];
  let failRefunds = 0;
  const next = (prefix: string) => `${prefix}_${(++seq).toString().padStart(6, '0')}`;

  function newIntent(
    amount: number,
    currency: string,
    metadata: Record<string, string>,
    captureMethod: 'automatic' | 'manual' = 'automatic',
  ): FakeIntent {
    const id = next('pi');
    const pi: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${Math.random().toString(36).slice(2, 12)}`,
      metadata,
      last_payment_error: null,
      latest_charge: null,
      capture_method: captureMethod,
      amount_capturable: 0,
      amount_received: 0,
    };
    intents.set(id, pi);
    return pi;
  }

  async function form(request: Request): Promise<URLSearchParams> {
    return new URLSearchParams(await request.text());
  }

  function idempotent<T>(request: Request, make: () => T): T {
    const key = request.headers.get('idempotency-key');
    calls.push({ method: request.method, path: new URL(request.url).pathname, key });
    // Stripe replays the first response as it was (a snapshot), not the object as it is now.
    if (key && keys.has(key)) return structuredClone(keys.get(key)) as T;
    const v = make();
    if (key) keys.set(key, structuredClone(v));
    return v;
  }

  const handlers = [
    http.post(`${API}/v1/payment_intents`, async ({ request }) => {
      const f = await form(request.clone());
      const manual = f.get('capture_method') === 'manual';
      const pi = idempotent(request, () =>
        newIntent(Number(f.get('amount')), f.get('currency') ?? 'usd', metadataOf(f), manual ? 'manual' : 'automatic'),
      );
      return HttpResponse.json(pi);
    }),
    http.get(`${API}/v1/payment_intents/:id`, ({ params, request }) => {
      calls.push({ method: 'GET', path: new URL(request.url).pathname, key: null });
      const pi = intents.get(String(params.id));
      if (!pi)
        return HttpResponse.json(
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
          { status: 404 },
        );
      // expand[]=latest_charge | latest_charge.review (stripe-node sends expand[0]=…).
      const expand = [...new URL(request.url).searchParams].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      const charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (charge && expand.some((e) => e === 'latest_charge' || e.startsWith('latest_charge.'))) {
        const review = expand.includes('latest_charge.review') && charge.review ? reviews.get(charge.review) : charge.review;
        return HttpResponse.json({ ...pi, latest_charge: { ...charge, review: review ?? null } });
      }
      return HttpResponse.json(pi);
    }),
    http.get(`${API}/v1/reviews/:id`, ({ params }) => {
      const r = reviews.get(String(params.id));
      return r ? HttpResponse.json(r) : missing('review');
    }),
    http.get(`${API}/v1/radar/early_fraud_warnings/:id`, ({ params }) => {
      const w = warnings.get(String(params.id));
      return w ? HttpResponse.json(w) : missing('early fraud warning');
    }),
    http.get(`${API}/v1/disputes/:id`, ({ params }) => {
      const d = disputes.get(String(params.id));
      return d ? HttpResponse.json(d) : missing('dispute');
    }),
    http.post(`${API}/v1/payment_intents/:id/cancel`, async ({ params, request }) => {
      const f = await form(request.clone());
      calls.push({ method: 'POST', path: new URL(request.url).pathname, key: request.headers.get('idempotency-key') });
      const pi = intents.get(String(params.id));
      if (!pi)
        return HttpResponse.json(
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
          { status: 404 },
        );
      if (pi.status === 'succeeded' || pi.status === 'processing' || pi.status === 'canceled') {
        const message = `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`;
        return HttpResponse.json(
          { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message } },
          { status: 400 },
        );
      }
      // A held intent's cancel releases the hold: nothing captured, the authorisation refunded (Cancel a PaymentIntent).
      pi.status = 'canceled';
      pi.cancellation_reason = f.get('cancellation_reason');
      pi.amount_capturable = 0;
      return HttpResponse.json(pi);
    }),
    // docs.stripe.com/api/payment_intents/capture: only a requires_capture intent; in full unless amount_to_capture.
    http.post(`${API}/v1/payment_intents/:id/capture`, async ({ params, request }) => {
      const f = await form(request.clone());
      const pi = intents.get(String(params.id));
      if (!pi) return missing('payment_intent');
      const out = idempotent(request, () => {
        if (pi.status !== 'requires_capture') return { error: pi.status };
        const amount = f.has('amount_to_capture') ? Number(f.get('amount_to_capture')) : pi.amount_capturable;
        const ch = charges.get(pi.latest_charge!)!;
        ch.captured = true;
        ch.amount_captured = amount;
        captures.push({ payment_intent: pi.id, amount });
        pi.status = 'succeeded';
        pi.amount_received = amount;
        pi.amount_capturable = 0;
        return structuredClone(pi);
      });
      if ('error' in out) {
        const message = `This PaymentIntent could not be captured because it has a status of ${out.error}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`;
        return HttpResponse.json(
          { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message } },
          { status: 400 },
        );
      }
      const expand = [...f].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      const charge = charges.get(out.latest_charge!);
      return HttpResponse.json(expand.length && charge ? { ...out, latest_charge: { ...charge, review: null } } : out);
    }),
    http.post(`${API}/v1/refunds`, async ({ request }) => {
      const f = await form(request.clone());
      if (failRefunds > 0) {
        failRefunds--;
        return HttpResponse.json({ error: { type: 'api_error', message: 'refunds are down' } }, { status: 500 });
      }
      const r = idempotent(request, () => {
        const pi = intents.get(f.get('payment_intent') ?? '');
        const refund = {
          id: next('re'),
          object: 'refund',
          status: 'succeeded',
          payment_intent: pi?.id ?? '',
          amount: Number(f.get('amount') ?? pi?.amount ?? 0),
        };
        const ch = pi?.latest_charge ? charges.get(pi.latest_charge) : undefined;
        if (ch) {
          ch.amount_refunded += refund.amount;
          ch.refunded = ch.amount_refunded >= ch.amount;
        }
        refunds.push({
          id: refund.id,
          payment_intent: refund.payment_intent,
          amount: refund.amount,
          key: request.headers.get('idempotency-key'),
        });
        return refund;
      });
      return HttpResponse.json(r);
    }),
    http.post(`${API}/v1/customers`, async ({ request }) => {
      const f = await form(request.clone());
      return HttpResponse.json(idempotent(request, () => ({ id: next('cus'), object: 'customer', email: f.get('email') })));
    }),
    http.post(`${API}/v1/products`, async ({ request }) => {
      const f = await form(request.clone());
      return HttpResponse.json(idempotent(request, () => ({ id: next('prod'), object: 'product', name: f.get('name') })));
    }),
    http.post(`${API}/v1/subscriptions`, async ({ request }) => {
      const f = await form(request.clone());
      const out = idempotent(request, () => {
        const id = next('sub');
        const pi = newIntent(Number(f.get('items[0][price_data][unit_amount]')), f.get('items[0][price_data][currency]') ?? 'usd', {
          subscriptionId: id,
        });
        const invoice = next('in');
        const sub: FakeSubscription = {
          id,
          object: 'subscription',
          status: 'incomplete',
          cancel_at_period_end: false,
          metadata: metadataOf(f),
          items: {
            object: 'list',
            data: [{ id: next('si'), object: 'subscription_item', current_period_start: 0, current_period_end: 0 }],
          },
          latest_invoice: invoice,
          customer: f.get('customer') ?? '',
        };
        subscriptions.set(id, sub);
        return {
          ...sub,
          latest_invoice: {
            id: invoice,
            object: 'invoice',
            confirmation_secret: { client_secret: pi.client_secret, type: 'payment_intent' },
          },
        };
      });
      return HttpResponse.json(out);
    }),
    http.get(`${API}/v1/subscriptions/:id`, ({ params }) => {
      const sub = subscriptions.get(String(params.id));
      if (!sub)
        return HttpResponse.json(
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } },
          { status: 404 },
        );
      return HttpResponse.json(sub);
    }),
    http.post(`${API}/v1/subscriptions/:id`, async ({ request, params }) => {
      const f = await form(request.clone());
      const sub = subscriptions.get(String(params.id));
      if (!sub)
        return HttpResponse.json(
          { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } },
          { status: 404 },
        );
      if (f.has('cancel_at_period_end')) sub.cancel_at_period_end = f.get('cancel_at_period_end') === 'true';
      return HttpResponse.json(sub);
    }),
  ];

  let eventSeq = 0;
  return {
    handlers,
    intents,
    subscriptions,
    refunds,
    calls,
    failNextRefunds(n: number) {
      failRefunds = n;
    },
    /** What Stripe.js + the bank would do: the intent succeeds (or fails). */
    pay(id: string, outcome: 'succeeded' | 'declined' = 'succeeded', card: { fingerprint?: string } = {}) {
      const pi = intents.get(id)!;
      if (outcome === 'succeeded') {
        // capture_method=manual: authorised only (requires_capture, amount_capturable), the charge uncaptured.
        const held = pi.capture_method === 'manual';
        pi.status = held ? 'requires_capture' : 'succeeded';
        pi.amount_capturable = held ? pi.amount : 0;
        pi.amount_received = held ? 0 : pi.amount;
        pi.last_payment_error = null;
        pi.latest_charge = `ch_${id.slice(3)}`;
        charges.set(pi.latest_charge, {
          id: pi.latest_charge,
          object: 'charge',
          amount: pi.amount,
          amount_captured: held ? 0 : pi.amount,
          amount_refunded: 0,
          captured: !held,
          payment_method_details: {
            type: 'card',
            card: { brand: 'visa', last4: '4242', fingerprint: card.fingerprint ?? 'fp_default_4242' },
          },
          currency: pi.currency,
          disputed: false,
          outcome: {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
          paid: true,
          payment_intent: id,
          refunded: false,
          review: null,
          status: 'succeeded',
        });
      } else {
        pi.status = 'requires_payment_method';
        pi.last_payment_error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        };
      }
      return pi;
    },
    /** Captures made (amounts), for "captured once". */
    captures,
    /** Stripe cancels a hold not captured in time (7 days for online card payments): payment_intent.canceled. */
    expireHold(id: string) {
      const pi = intents.get(id)!;
      pi.status = 'canceled';
      pi.cancellation_reason = 'automatic';
      pi.amount_capturable = 0;
      return pi;
    },
    charges,
    reviews,
    warnings,
    disputes,
    /** Radar holds the charge for manual review (docs.stripe.com/radar/reviews): outcome.type 'manual_review', a Review opened. */
    openReview(piId: string, created = 0): FakeReview {
      const pi = intents.get(piId)!;
      const ch = charges.get(pi.latest_charge!)!;
      const review: FakeReview = {
        id: next('prv'),
        object: 'review',
        billing_zip: null,
        charge: ch.id,
        closed_reason: null,
        created,
        ip_address: '203.0.113.7',
        livemode: false,
        open: true,
        opened_reason: 'rule',
        payment_intent: piId,
        reason: 'rule',
      };
      reviews.set(review.id, review);
      ch.review = review.id;
      ch.outcome = {
        ...ch.outcome,
        type: 'manual_review',
        risk_level: 'elevated',
        seller_message: 'Stripe evaluated this payment as having elevated risk, and placed it in your manual review queue.',
      };
      return review;
    },
    /** The reviewer decides (Dashboard): approve, or refund (Stripe refunds the charge in full). */
    closeReview(id: string, closedReason: 'approved' | 'refunded' | 'refunded_as_fraud'): FakeReview {
      const r = reviews.get(id)!;
      r.open = false;
      r.closed_reason = closedReason;
      r.reason = closedReason;
      if (closedReason !== 'approved') {
        const ch = charges.get(r.charge)!;
        refunds.push({ id: next('re'), payment_intent: r.payment_intent, amount: ch.amount - ch.amount_refunded, key: null });
        ch.amount_refunded = ch.amount;
        ch.refunded = true;
      }
      return r;
    },
    earlyFraudWarning(piId: string, opts: { actionable?: boolean; fraudType?: string } = {}): FakeEarlyFraudWarning {
      const pi = intents.get(piId)!;
      const w: FakeEarlyFraudWarning = {
        id: next('issfr'),
        object: 'radar.early_fraud_warning',
        actionable: opts.actionable ?? true,
        charge: pi.latest_charge!,
        created: 0,
        fraud_type: opts.fraudType ?? 'unauthorized_use_of_card',
        livemode: false,
        payment_intent: piId,
      };
      warnings.set(w.id, w);
      return w;
    },
    dispute(piId: string, reason = 'fraudulent'): FakeDispute {
      const pi = intents.get(piId)!;
      const ch = charges.get(pi.latest_charge!)!;
      ch.disputed = true;
      const d: FakeDispute = {
        id: next('du'),
        object: 'dispute',
        amount: ch.amount,
        balance_transactions: [],
        charge: ch.id,
        created: 0,
        currency: ch.currency,
        evidence_details: { due_by: 0, has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: piId,
        reason,
        status: 'needs_response',
      };
      disputes.set(d.id, d);
      return d;
    },
    closeDispute(id: string, status: 'won' | 'lost'): FakeDispute {
      const d = disputes.get(id)!;
      d.status = status;
      return d;
    },
    /** The charge as a charge.refunded event carries it (docs.stripe.com/api/events/types#event_types-charge.refunded). */
    chargeOf(piId: string): FakeCharge {
      return structuredClone(charges.get(intents.get(piId)!.latest_charge!)!);
    },
    event(type: string, object: unknown, created: number, id = `evt_${++eventSeq}`) {
      return {
        id,
        object: 'event',
        type,
        created,
        api_version: Stripe.API_VERSION,
        livemode: false,
        pending_webhooks: 1,
        data: { object },
      };
    },
    sign(payload: string, timestamp: number, secret = WHSEC) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    },
  };
}

export type StripeFake = ReturnType<typeof createStripeFake>;

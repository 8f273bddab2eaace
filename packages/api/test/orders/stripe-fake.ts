// A small stateful Stripe for msw (nothing leaves the machine: onUnhandledRequest 'error'):
// payment intents honouring Idempotency-Key, refunds, customers, products and subscriptions with
// a first invoice paid through a payment intent — enough for the shop's Stripe paths — plus
// webhook deliveries signed with the SDK's own generateTestHeaderString.
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

export function createStripeFake() {
  let seq = 0;
  const intents = new Map<string, FakeIntent>();
  const subscriptions = new Map<string, FakeSubscription>();
  const keys = new Map<string, unknown>();
  const refunds: { id: string; payment_intent: string; amount: number; key: string | null }[] = [];
  const calls: { method: string; path: string; key: string | null }[] = [];
  let failRefunds = 0;
  const next = (prefix: string) => `${prefix}_${(++seq).toString().padStart(6, '0')}`;

  function newIntent(amount: number, currency: string, metadata: Record<string, string>): FakeIntent {
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
      const pi = idempotent(request, () => newIntent(Number(f.get('amount')), f.get('currency') ?? 'usd', metadataOf(f)));
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
      return HttpResponse.json(pi);
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
      pi.status = 'canceled';
      pi.cancellation_reason = f.get('cancellation_reason');
      return HttpResponse.json(pi);
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
    pay(id: string, outcome: 'succeeded' | 'declined' = 'succeeded') {
      const pi = intents.get(id)!;
      if (outcome === 'succeeded') {
        pi.status = 'succeeded';
        pi.last_payment_error = null;
        pi.latest_charge = `ch_${id.slice(3)}`;
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

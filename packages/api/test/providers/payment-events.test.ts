import { describe, expect, it } from 'vitest';
import { HANDLED_PAYMENT_EVENTS, summarizeEvent } from '../../src/providers/payments/index.ts';
import type { PaymentEvent } from '../../src/providers/payments/index.ts';

const ev = (type: string, object: Record<string, unknown>): PaymentEvent => ({ id: 'evt_1', type, created: 1, data: { object } });

describe('summarizeEvent (Stripe shapes of the current API)', () => {
  it.each([
    [
      ev('payment_intent.payment_failed', {
        id: 'pi_1',
        object: 'payment_intent',
        status: 'requires_payment_method',
        metadata: { orderId: 'o1', n: 3 },
      }),
      {
        kind: 'payment_intent',
        type: 'payment_intent.payment_failed',
        paymentIntentId: 'pi_1',
        status: 'requires_payment_method',
        metadata: { orderId: 'o1' },
      },
    ],
    [
      ev('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        payment_intent: { id: 'pi_2' },
        amount: 1000,
        amount_refunded: 400,
        refunded: false,
        currency: 'eur',
      }),
      {
        kind: 'refund',
        chargeId: 'ch_1',
        paymentIntentId: 'pi_2',
        amountMinor: 1000,
        amountRefundedMinor: 400,
        refunded: false,
        currency: 'EUR',
      },
    ],
    [
      ev('invoice.paid', {
        id: 'in_1',
        object: 'invoice',
        amount_paid: 1699,
        currency: 'usd',
        billing_reason: 'subscription_cycle',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: { planId: 'p1' } } },
        lines: { data: [{ period: { start: 100, end: 200 } }] },
      }),
      {
        kind: 'invoice',
        invoiceId: 'in_1',
        subscriptionId: 'sub_1',
        amountPaidMinor: 1699,
        currency: 'USD',
        billingReason: 'subscription_cycle',
        periodEnd: 200,
        metadata: { planId: 'p1' },
      },
    ],
    [
      ev('invoice.payment_failed', { id: 'in_2', object: 'invoice', parent: null }),
      { kind: 'invoice', invoiceId: 'in_2', subscriptionId: null, amountPaidMinor: 0, periodEnd: null, metadata: {} },
    ],
    [
      ev('customer.subscription.deleted', {
        id: 'sub_1',
        object: 'subscription',
        status: 'canceled',
        cancel_at_period_end: false,
        metadata: { userId: 'u1' },
      }),
      { kind: 'subscription', subscriptionId: 'sub_1', status: 'canceled', cancelAtPeriodEnd: false, metadata: { userId: 'u1' } },
    ],
    [ev('customer.created', { id: 'cus_1' }), { kind: 'ignored', type: 'customer.created', eventId: 'evt_1' }],
    [ev('payment_intent.succeeded', { object: 'payment_intent' }), { kind: 'ignored', type: 'payment_intent.succeeded' }],
  ])('%#: %o', (event, expected) => {
    expect(summarizeEvent(event)).toMatchObject(expected);
  });

  it('lists the handled types', () => {
    expect(HANDLED_PAYMENT_EVENTS).toEqual(
      expect.arrayContaining([
        'payment_intent.succeeded',
        'payment_intent.payment_failed',
        'charge.refunded',
        'invoice.paid',
        'customer.subscription.deleted',
      ]),
    );
  });
});

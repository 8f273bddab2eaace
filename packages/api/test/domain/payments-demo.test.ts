import { describe, expect, it } from 'vitest';
import {
  DEMO_MESSAGES,
  activateSubscription,
  addMonthsUtc,
  cancelIntent,
  completeAction,
  confirmIntent,
  decideCardOutcome,
  refundIntent,
  renewSubscription,
  settleRenewal,
} from '../../src/domain/payments-demo.ts';
import type { DemoCard, DemoIntent, DemoSubscription } from '../../src/domain/payments-demo.ts';

const today = { year: 2026, month: 5 };
const card = (number: string, over: Partial<DemoCard> = {}): DemoCard => ({ number, expMonth: 12, expYear: 2030, cvc: '123', ...over });

describe('decideCardOutcome (Stripe test cards)', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeded', undefined, undefined],
    ['4242-4242-4242-4242', 'succeeded', undefined, undefined],
    ['4000 0000 0000 0002', 'failed', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'failed', 'card_declined', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'failed', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'failed', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4000 0027 6000 3184', 'requires_action', undefined, undefined],
    ['5555 5555 5555 4444', 'succeeded', undefined, undefined], // other Luhn-valid number
    ['3782 822463 10005', 'succeeded', undefined, undefined], // 15-digit Amex test number
    ['4242 4242 4242 4241', 'failed', 'incorrect_number', 'Your card number is invalid.'], // Luhn-invalid
    ['4242', 'failed', 'incorrect_number', 'Your card number is invalid.'],
    ['abcd efgh ijkl mnop', 'failed', 'incorrect_number', 'Your card number is invalid.'],
  ])('%s → %s %s', (number, kind, code, message) => {
    const o = decideCardOutcome(card(number), today);
    expect(o.kind).toBe(kind);
    if (o.kind === 'failed') {
      expect(o.error.code).toBe(code);
      expect(o.error.message).toBe(message);
    }
  });

  it('gives the decline codes Stripe gives', () => {
    const insufficient = decideCardOutcome(card('4000000000009995'), today);
    expect(insufficient.kind === 'failed' && insufficient.error.declineCode).toBe('insufficient_funds');
    const generic = decideCardOutcome(card('4000000000000002'), today);
    expect(generic.kind === 'failed' && generic.error.declineCode).toBe('generic_decline');
  });

  it.each([
    [{ expMonth: 4, expYear: 2026 }, 'expired_card'], // last month
    [{ expMonth: 12, expYear: 2025 }, 'expired_card'],
    [{ expMonth: 4, expYear: 26 }, 'expired_card'], // two-digit year
    [{ expMonth: 5, expYear: 2026 }, null], // this month is still valid
    [{ expMonth: 1, expYear: 27 }, null],
    [{ expMonth: 13, expYear: 2030 }, 'invalid_expiry_month'],
    [{ expMonth: 0, expYear: 2030 }, 'invalid_expiry_month'],
    [{ expMonth: 1.5, expYear: 2030 }, 'invalid_expiry_month'],
    [{ expMonth: 1, expYear: 2099 }, 'invalid_expiry_year'],
    [{ cvc: '12' }, 'invalid_cvc'],
    [{ cvc: '12345' }, 'invalid_cvc'],
    [{ cvc: 'abc' }, 'invalid_cvc'],
    [{ cvc: '1234' }, null],
  ])('form check %o → %s', (over, code) => {
    const o = decideCardOutcome(card('4242424242424242', over), today);
    if (code === null) expect(o.kind).toBe('succeeded');
    else expect(o.kind === 'failed' && o.error.code).toBe(code);
  });

  it('runs the form checks before the test-card table', () => {
    const o = decideCardOutcome(card('4000002760003184', { expYear: 2020 }), today);
    expect(o.kind === 'failed' && o.error.message).toBe(DEMO_MESSAGES.expired);
  });
});

const intent = (over: Partial<DemoIntent> = {}): DemoIntent => ({
  id: 'pi_demo_1',
  clientSecret: 'pi_demo_1_secret_x',
  amountMinor: 1000,
  currency: 'USD',
  status: 'requires_payment_method',
  created: 0,
  metadata: { orderId: 'o1' },
  refunds: [],
  ...over,
});

describe('payment intent transitions', () => {
  it.each([
    ['4242424242424242', 'succeeded', 'succeeded'],
    ['4000000000000002', 'failed', 'requires_payment_method'],
    ['4000002760003184', 'requires_action', 'requires_action'],
  ])('confirm with %s → effect %s, status %s', (number, effect, status) => {
    const t = confirmIntent(intent(), decideCardOutcome(card(number), today), number.slice(-4));
    expect(t.ok && t.effect).toBe(effect);
    expect(t.ok && t.intent.status).toBe(status);
    expect(t.ok && t.intent.cardLast4).toBe(number.slice(-4));
  });

  it('a failed attempt keeps the intent usable for another card, and success clears the error', () => {
    const failed = confirmIntent(intent(), decideCardOutcome(card('4000000000009995'), today));
    if (!failed.ok) throw new Error('expected ok');
    expect(failed.intent.lastError?.message).toBe('Your card has insufficient funds.');
    const ok = confirmIntent(failed.intent, decideCardOutcome(card('4242424242424242'), today));
    expect(ok.ok && ok.intent.status).toBe('succeeded');
    expect(ok.ok && ok.intent.lastError).toBeUndefined();
  });

  it.each(['succeeded', 'canceled', 'requires_action', 'processing'] as const)('cannot confirm when %s', (status) => {
    const t = confirmIntent(intent({ status }), { kind: 'succeeded' });
    expect(t.ok).toBe(false);
    expect(!t.ok && t.error.code).toBe('payment_intent_unexpected_state');
  });

  it.each([
    [true, 'succeeded', 'succeeded'],
    [false, 'failed', 'requires_payment_method'],
  ])('completeAction(approve=%s) → %s', (approve, effect, status) => {
    const t = completeAction(intent({ status: 'requires_action' }), approve);
    expect(t.ok && t.effect).toBe(effect);
    expect(t.ok && t.intent.status).toBe(status);
    if (!approve) expect(t.ok && t.intent.lastError?.code).toBe('payment_intent_authentication_failure');
  });

  it('completeAction needs requires_action', () => {
    expect(completeAction(intent(), true).ok).toBe(false);
  });

  it('cancel only before success', () => {
    expect(cancelIntent(intent()).ok).toBe(true);
    expect(cancelIntent(intent({ status: 'succeeded' })).ok).toBe(false);
  });
});

describe('refundIntent', () => {
  const paid = intent({ status: 'succeeded' });
  const r = (key: string, amountMinor?: number) => ({ refundId: `re_${key}`, amountMinor, idempotencyKey: key, created: 1 });

  it('refunds all by default, once per idempotency key', () => {
    const t = refundIntent(paid, r('k1'));
    if (!t.ok) throw new Error('expected ok');
    expect(t.effect).toBe('refunded');
    expect(t.refund?.amountMinor).toBe(1000);
    const again = refundIntent(t.intent, r('k1'));
    expect(again.ok && again.effect).toBe('duplicate');
    expect(again.ok && again.intent.refunds).toHaveLength(1);
    const other = refundIntent(t.intent, r('k2'));
    expect(!other.ok && other.error.code).toBe('charge_already_refunded');
  });

  it('allows partial refunds up to the amount', () => {
    const a = refundIntent(paid, r('a', 300));
    if (!a.ok) throw new Error('expected ok');
    const b = refundIntent(a.intent, r('b', 800));
    expect(!b.ok && b.error.code).toBe('amount_too_large');
    const c = refundIntent(a.intent, r('c'));
    expect(c.ok && c.refund?.amountMinor).toBe(700);
  });

  it.each([
    [intent(), 'payment_intent_unexpected_state'],
    [paid, 'invalid_amount', 0],
    [paid, 'invalid_amount', 1.5],
  ] as const)('rejects %#', (i, code, amount?: number) => {
    const t = refundIntent(i, r('x', amount));
    expect(!t.ok && t.error.code).toBe(code);
  });
});

describe('subscriptions', () => {
  const t0 = Date.UTC(2026, 0, 31, 12) / 1000; // 31 Jan 2026
  const sub = (over: Partial<DemoSubscription> = {}): DemoSubscription => ({
    id: 'sub_1',
    customerEmail: 'a@b.example',
    productName: 'Japan 5GB monthly',
    priceMinor: 850,
    currency: 'USD',
    status: 'incomplete',
    cancelAtPeriodEnd: false,
    billingCycleAnchor: t0,
    currentPeriodStart: t0,
    currentPeriodEnd: t0,
    metadata: {},
    latestInvoiceId: 'in_1',
    latestPaymentIntentId: 'pi_1',
    invoiceCount: 1,
    ...over,
  });
  const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

  it.each([
    [Date.UTC(2026, 0, 31) / 1000, 1, '2026-02-28'],
    [Date.UTC(2024, 0, 31) / 1000, 1, '2024-02-29'],
    [Date.UTC(2026, 0, 31) / 1000, 2, '2026-03-31'],
    [Date.UTC(2026, 11, 15) / 1000, 1, '2027-01-15'],
  ])('addMonthsUtc(%i, %i) → %s', (start, n, expected) => {
    expect(iso(addMonthsUtc(start, n))).toBe(expected);
  });

  it('activates for a month, renews on the anchor day, ends when set to cancel', () => {
    const active = activateSubscription(sub(), t0);
    expect(active.status).toBe('active');
    expect(iso(active.currentPeriodEnd)).toBe('2026-02-28');
    const r1 = renewSubscription(active, { invoiceId: 'in_2', paymentIntentId: 'pi_2' });
    if (r1.kind !== 'invoice') throw new Error('expected invoice');
    expect(iso(r1.sub.currentPeriodStart)).toBe('2026-02-28');
    expect(iso(r1.sub.currentPeriodEnd)).toBe('2026-03-31'); // back on the 31st, no drift
    expect(r1.sub.invoiceCount).toBe(2);
    expect(settleRenewal(r1.sub, false).status).toBe('past_due');
    const paid = settleRenewal(r1.sub, true);
    const ended = renewSubscription({ ...paid, cancelAtPeriodEnd: true }, { invoiceId: 'in_3', paymentIntentId: 'pi_3' });
    expect(ended.kind).toBe('ended');
    expect(ended.sub.status).toBe('canceled');
    expect(renewSubscription(ended.sub, { invoiceId: 'x', paymentIntentId: 'y' }).kind).toBe('not_renewable');
    expect(renewSubscription(sub(), { invoiceId: 'x', paymentIntentId: 'y' }).kind).toBe('not_renewable');
  });
});

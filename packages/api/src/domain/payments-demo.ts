// The demo payment provider's rules, kept pure: which outcome a card number gives (Stripe's
// test cards), and how a payment intent, a refund and a monthly subscription move between
// states. The provider (providers/payments/demo.ts) stores the states and emits the events;
// the clock comes in as arguments.
import { luhnValid } from './iccid.ts';
import type { PaymentIntentStatus } from './payment-status.ts';

export interface DemoCard {
  number: string;
  expMonth: number;
  /** Four digits, or two (26 → 2026). */
  expYear: number;
  cvc: string;
}

/** Stripe's error codes for the cases the demo reproduces. */
export type DemoPaymentErrorCode =
  | 'card_declined'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'incorrect_number'
  | 'invalid_expiry_month'
  | 'invalid_expiry_year'
  | 'invalid_cvc'
  | 'payment_intent_authentication_failure';

export interface DemoPaymentError {
  code: DemoPaymentErrorCode;
  /** As Stripe's `decline_code`: 'generic_decline', 'insufficient_funds'. */
  declineCode?: string;
  /** Shopper-facing text, Stripe's wording. */
  message: string;
}

export type DemoCardOutcome = { kind: 'succeeded' } | { kind: 'requires_action' } | { kind: 'failed'; error: DemoPaymentError };

export const DEMO_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  invalidNumber: 'Your card number is invalid.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  invalidCvc: "Your card's security code is invalid.",
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

/** Stripe's test cards and what they do. Any other Luhn-valid number succeeds. */
export const DEMO_TEST_CARDS: Readonly<Record<string, DemoCardOutcome>> = {
  '4242424242424242': { kind: 'succeeded' },
  '4000000000000002': { kind: 'failed', error: { code: 'card_declined', declineCode: 'generic_decline', message: DEMO_MESSAGES.declined } },
  '4000000000009995': {
    kind: 'failed',
    error: { code: 'card_declined', declineCode: 'insufficient_funds', message: DEMO_MESSAGES.insufficientFunds },
  },
  '4000000000000069': { kind: 'failed', error: { code: 'expired_card', declineCode: 'expired_card', message: DEMO_MESSAGES.expired } },
  '4000000000000127': {
    kind: 'failed',
    error: { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: DEMO_MESSAGES.incorrectCvc },
  },
  '4000002760003184': { kind: 'requires_action' },
};

/** '4242 4242-4242 4242' → '4242424242424242'. */
export function normalizeCardNumber(s: string): string {
  return s.replace(/[\s-]/g, '');
}

function fail(code: DemoPaymentErrorCode, message: string): DemoCardOutcome {
  return { kind: 'failed', error: { code, message } };
}

/**
 * The outcome of paying with `card` when today is `today` (UTC year and month 1–12).
 * Form checks first (number, expiry, CVC), then the test-card table.
 */
export function decideCardOutcome(card: DemoCard, today: { year: number; month: number }): DemoCardOutcome {
  const number = normalizeCardNumber(card.number);
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return fail('incorrect_number', DEMO_MESSAGES.invalidNumber);
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return fail('invalid_expiry_month', DEMO_MESSAGES.invalidExpiryMonth);
  }
  if (!Number.isInteger(card.expYear) || card.expYear < 0) return fail('invalid_expiry_year', DEMO_MESSAGES.invalidExpiryYear);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (year < today.year || (year === today.year && card.expMonth < today.month)) {
    return { kind: 'failed', error: { code: 'expired_card', declineCode: 'expired_card', message: DEMO_MESSAGES.expired } };
  }
  if (year > today.year + 50) return fail('invalid_expiry_year', DEMO_MESSAGES.invalidExpiryYear);
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return fail('invalid_cvc', DEMO_MESSAGES.invalidCvc);
  return DEMO_TEST_CARDS[number] ?? { kind: 'succeeded' };
}

/** UTC year and month (1–12) of a Date, for decideCardOutcome. */
export function yearMonthOf(d: Date): { year: number; month: number } {
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

// ---------------------------------------------------------------------------------------------
// Payment intents

export interface DemoRefund {
  id: string;
  amountMinor: number;
  idempotencyKey: string;
  /** Unix seconds. */
  created: number;
}

export interface DemoIntent {
  id: string;
  clientSecret: string;
  amountMinor: number;
  /** Upper case, e.g. 'USD'. */
  currency: string;
  /** Stripe's statuses; the demo uses all but requires_confirmation/requires_capture. */
  status: PaymentIntentStatus;
  /** Unix seconds. */
  created: number;
  email?: string | undefined;
  metadata: Record<string, string>;
  lastError?: DemoPaymentError | undefined;
  cardLast4?: string | undefined;
  /** The card's network as Stripe names it ('visa', 'mastercard', 'amex', …), from its number. */
  cardBrand?: string | undefined;
  /** Issue 29: the card's fingerprint (demo.ts demoCardFingerprint), as Stripe's card.fingerprint. */
  cardFingerprint?: string | undefined;
  refunds: DemoRefund[];
  /** Set for the payment of a subscription invoice. */
  subscriptionId?: string | undefined;
  invoiceId?: string | undefined;
  /** Why it was canceled, as Stripe's cancellation_reason (e.g. 'abandoned'). */
  cancellationReason?: string | undefined;
}

export type DemoTransitionError = {
  code: 'payment_intent_unexpected_state' | 'charge_already_refunded' | 'amount_too_large' | 'invalid_amount';
  message: string;
};

export type DemoTransition<E extends string> = { ok: true; intent: DemoIntent; effect: E } | { ok: false; error: DemoTransitionError };

export function refundedMinor(intent: DemoIntent): number {
  return intent.refunds.reduce((s, r) => s + r.amountMinor, 0);
}

const unexpected = (intent: DemoIntent, action: string): { ok: false; error: DemoTransitionError } => ({
  ok: false,
  error: {
    code: 'payment_intent_unexpected_state',
    message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
  },
});

/**
 * Confirming with a card: allowed from requires_payment_method / requires_confirmation.
 * A failure returns the intent to requires_payment_method with lastError (Stripe's behaviour),
 * so the shopper can try another card on the same intent.
 */
export function confirmIntent(
  intent: DemoIntent,
  outcome: DemoCardOutcome,
  cardLast4?: string,
): DemoTransition<'succeeded' | 'failed' | 'requires_action'> {
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
    return unexpected(intent, 'confirm');
  }
  const base = { ...intent, cardLast4 };
  switch (outcome.kind) {
    case 'succeeded':
      return { ok: true, intent: { ...base, status: 'succeeded', lastError: undefined }, effect: 'succeeded' };
    case 'requires_action':
      return { ok: true, intent: { ...base, status: 'requires_action', lastError: undefined }, effect: 'requires_action' };
    case 'failed':
      return { ok: true, intent: { ...base, status: 'requires_payment_method', lastError: outcome.error }, effect: 'failed' };
  }
}

/** The extra confirmation step (3-D Secure in Stripe): approve → succeeded, deny → failed. */
export function completeAction(intent: DemoIntent, approve: boolean): DemoTransition<'succeeded' | 'failed'> {
  if (intent.status !== 'requires_action') return unexpected(intent, 'complete the action for');
  if (approve) return { ok: true, intent: { ...intent, status: 'succeeded', lastError: undefined }, effect: 'succeeded' };
  return {
    ok: true,
    intent: {
      ...intent,
      status: 'requires_payment_method',
      lastError: { code: 'payment_intent_authentication_failure', message: DEMO_MESSAGES.authenticationFailed },
    },
    effect: 'failed',
  };
}

/** Cancels an intent that has not succeeded (Stripe: not once succeeded, processing or canceled). */
export function cancelIntent(intent: DemoIntent, reason?: string): DemoTransition<'canceled'> {
  if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') return unexpected(intent, 'cancel');
  return { ok: true, intent: { ...intent, status: 'canceled', ...(reason ? { cancellationReason: reason } : {}) }, effect: 'canceled' };
}

/**
 * A (partial) refund of a succeeded intent. The same idempotency key returns the earlier refund
 * unchanged (effect 'duplicate'); the amount defaults to what is left.
 */
export function refundIntent(
  intent: DemoIntent,
  r: { refundId: string; amountMinor?: number | undefined; idempotencyKey: string; created: number },
): DemoTransition<'refunded' | 'duplicate'> & { refund?: DemoRefund } {
  const earlier = intent.refunds.find((x) => x.idempotencyKey === r.idempotencyKey);
  if (earlier) return { ok: true, intent, effect: 'duplicate', refund: earlier };
  if (intent.status !== 'succeeded') return unexpected(intent, 'refund');
  const left = intent.amountMinor - refundedMinor(intent);
  if (left <= 0) return { ok: false, error: { code: 'charge_already_refunded', message: 'This charge has already been refunded.' } };
  const amount = r.amountMinor ?? left;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    return { ok: false, error: { code: 'invalid_amount', message: 'The refund amount must be a positive integer.' } };
  }
  if (amount > left) {
    return {
      ok: false,
      error: { code: 'amount_too_large', message: `Refund amount (${amount}) is greater than unrefunded amount (${left}).` },
    };
  }
  const refund: DemoRefund = { id: r.refundId, amountMinor: amount, idempotencyKey: r.idempotencyKey, created: r.created };
  return { ok: true, intent: { ...intent, refunds: [...intent.refunds, refund] }, effect: 'refunded', refund };
}

// ---------------------------------------------------------------------------------------------
// Monthly subscriptions

export type DemoSubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled';

export interface DemoSubscription {
  id: string;
  customerEmail: string;
  productName: string;
  priceMinor: number;
  currency: string;
  status: DemoSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** Unix seconds. Periods are whole months from the anchor (the first payment), as Stripe's billing cycle. */
  billingCycleAnchor: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  metadata: Record<string, string>;
  /** The invoice being paid or last paid, and its payment intent. */
  latestInvoiceId: string;
  latestPaymentIntentId: string;
  /** Invoices issued so far (1 after creation). */
  invoiceCount: number;
}

/** Unix seconds plus n calendar months (UTC); the 31st becomes the month's last day. */
export function addMonthsUtc(epochSeconds: number, n: number): number {
  const d = new Date(epochSeconds * 1000);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** The first invoice was paid: the subscription becomes active for one month from `paidAt`. */
export function activateSubscription(sub: DemoSubscription, paidAt: number): DemoSubscription {
  if (sub.status !== 'incomplete') return sub;
  return { ...sub, status: 'active', billingCycleAnchor: paidAt, currentPeriodStart: paidAt, currentPeriodEnd: addMonthsUtc(paidAt, 1) };
}

export type RenewalStep =
  | { kind: 'ended'; sub: DemoSubscription } // cancel at period end reached
  | { kind: 'invoice'; sub: DemoSubscription } // a new period's invoice is issued; pay it next
  | { kind: 'retry'; sub: DemoSubscription } // the unpaid invoice is charged again (same invoice id, same period)
  | { kind: 'not_renewable'; sub: DemoSubscription };

/**
 * The period end is reached: a subscription set to cancel at period end ends; an active one moves
 * to the next period and issues a new invoice (ids supplied by the caller); a past-due one has its
 * unpaid invoice charged again with a new payment (as Stripe's retries of a failed invoice).
 */
export function renewSubscription(sub: DemoSubscription, ids: { invoiceId: string; paymentIntentId: string }): RenewalStep {
  if (sub.status === 'canceled' || sub.status === 'incomplete') return { kind: 'not_renewable', sub };
  if (sub.cancelAtPeriodEnd) return { kind: 'ended', sub: { ...sub, status: 'canceled' } };
  if (sub.status === 'past_due') return { kind: 'retry', sub: { ...sub, latestPaymentIntentId: ids.paymentIntentId } };
  return {
    kind: 'invoice',
    sub: {
      ...sub,
      currentPeriodStart: sub.currentPeriodEnd,
      currentPeriodEnd: addMonthsUtc(sub.billingCycleAnchor, sub.invoiceCount + 1),
      latestInvoiceId: ids.invoiceId,
      latestPaymentIntentId: ids.paymentIntentId,
      invoiceCount: sub.invoiceCount + 1,
    },
  };
}

/** The renewal invoice was paid (active) or failed (past_due). */
export function settleRenewal(sub: DemoSubscription, paid: boolean): DemoSubscription {
  if (sub.status === 'canceled') return sub;
  return { ...sub, status: paid ? 'active' : 'past_due' };
}

/** A card number's network, as Stripe names it; null when the number says nothing known. */
export function cardBrandOf(cardNumber: string): string | null {
  const n = normalizeCardNumber(cardNumber);
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  if (/^35/.test(n)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(n)) return 'diners';
  return null;
}

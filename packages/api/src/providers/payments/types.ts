// One payment interface for the checkout service, implemented by Stripe and by the offline demo.
// Amounts are integer minor units; currencies are upper-case ISO codes at this boundary.

import type { PaymentIntentStatus } from '../../domain/payment-status.ts';

export type { PaymentIntentStatus };

/** Only these are final: act on them, and reuse the order's intent while it is not. */
export function isFinalPaymentStatus(s: PaymentIntentStatus): boolean {
  return s === 'succeeded' || s === 'canceled';
}

export interface CreatePaymentIntentInput {
  orderId: string;
  amountMinor: number;
  currency: string;
  /** Receipt e-mail. */
  email?: string | undefined;
  metadata?: Record<string, string> | undefined;
  /** Default idempotencyKeys.paymentIntent(orderId) = 'order:<id>:pi'. */
  idempotencyKey?: string | undefined;
  /**
   * Issue 29: 'manual' places a hold (Stripe: capture_method manual, "Place a hold on a payment
   * method"): the intent stops at requires_capture until capturePaymentIntent or a cancel. Default
   * automatic. The demo provider ignores it (it checks the card before charging instead).
   */
  captureMethod?: 'automatic' | 'manual' | undefined;
}

export interface CreatedPaymentIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
}

export interface PaymentErrorInfo {
  /** e.g. 'card_declined', 'expired_card'. */
  code?: string | undefined;
  declineCode?: string | undefined;
  /** Shopper-facing text. */
  message: string;
}

export interface PaymentIntentInfo {
  id: string;
  status: PaymentIntentStatus;
  amountMinor: number;
  currency: string;
  /** Metadata as created (orderId is always there). */
  metadata: Record<string, string>;
  lastError?: PaymentErrorInfo | undefined;
  /** Why a canceled intent was canceled (Stripe's cancellation_reason); 'abandoned': the shop's expiry. */
  cancellationReason?: string | undefined;
  /**
   * The intent's latest charge, when the provider read it in the same call (Stripe: expanded with
   * its review). Absent: not read (the demo provider; a charge not made yet).
   */
  charge?: ChargeFacts | undefined;
}

/** What the shop reads of a charge: its Radar review, refunds and dispute flag. */
export interface ChargeFacts {
  id: string;
  /** Radar's outcome.type ('authorized', 'manual_review', …); null when not given. */
  outcomeType: string | null;
  /** The charge's review (Stripe: Charge.review), when there is one. */
  review: ReviewInfo | null;
  amountMinor: number;
  amountRefundedMinor: number;
  refunded: boolean;
  disputed: boolean;
  /** Issue 29: payment_method_details.card.fingerprint ("Uniquely identifies this particular card number"); null when not a card. */
  cardFingerprint?: string | null | undefined;
}

/** A Radar review (Stripe API reference, Reviews: the Review object). */
export interface ReviewInfo {
  id: string;
  /** True while the review waits for a decision. */
  open: boolean;
  /** Why it was opened ('rule', 'manual'). */
  openedReason: string | null;
  /** Why it was closed ('approved', 'refunded', 'refunded_as_fraud', 'disputed', 'redacted', 'acknowledged'); null while open. */
  closedReason: string | null;
  chargeId: string | null;
  paymentIntentId: string | null;
}

/** A Radar early fraud warning (Stripe API reference, Early Fraud Warnings: the object). */
export interface EarlyFraudWarningInfo {
  id: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  /** e.g. 'unauthorized_use_of_card', 'card_never_received'. */
  fraudType: string | null;
  /** Whether a refund or dispute can still follow. */
  actionable: boolean;
}

/** A dispute (Stripe API reference, Disputes: the Dispute object). */
export interface DisputeInfo {
  id: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  amountMinor: number;
  currency: string;
  /** e.g. 'fraudulent', 'product_not_received'. */
  reason: string | null;
  /** warning_needs_response, warning_under_review, warning_closed, needs_response, under_review, won, lost, prevented. */
  status: string;
}

/** Stripe's reasons a caller may give for canceling a PaymentIntent. */
export type CancellationReason = 'abandoned' | 'duplicate' | 'fraudulent' | 'requested_by_customer';

export interface RefundInput {
  paymentIntentId: string;
  /** Default: all that is left. */
  amountMinor?: number | undefined;
  /** idempotencyKeys.refund(orderId) = 'order:<id>:refund'. */
  idempotencyKey: string;
}

export interface RefundResult {
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  amountMinor: number;
}

/**
 * A verified webhook event, Stripe's shape: `data.object` is the Stripe-like object (payment
 * intent, charge, invoice, subscription). summarizeEvent() pulls out what the services need.
 */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: Record<string, unknown> & { id?: string; object?: string } };
}

export interface CreateSubscriptionInput {
  customerEmail: string;
  /** Shown on invoices, e.g. 'Japan 5GB monthly'. */
  productName: string;
  /** Reuse an existing Stripe Product instead of creating one. */
  productId?: string | undefined;
  priceMinor: number;
  currency: string;
  interval: 'month';
  idempotencyKey: string;
  metadata?: Record<string, string> | undefined;
}

export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export interface SubscriptionInfo {
  id: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** Unix seconds. */
  currentPeriodEnd: number;
  metadata: Record<string, string>;
}

export interface CreatedSubscription {
  id: string;
  /** Client secret of the first invoice's payment, confirmed like a one-off payment. */
  clientSecret: string;
  /** Id of that payment intent (for the demo confirm endpoint and for reconciliation). */
  paymentIntentId: string | null;
  status: SubscriptionStatus;
  currentPeriodEnd: number;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  /** Stripe's publishable key for Stripe.js; null for demo payments. */
  readonly publishableKey: string | null;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<CreatedPaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo>;
  /**
   * Cancels an intent that has not succeeded, so it can no longer be paid. Throws
   * PaymentProviderError 'payment_intent_unexpected_state' when it cannot be canceled (it
   * succeeded, is being processed, or was canceled already): re-read it to see which.
   */
  cancelPaymentIntent(id: string, reason?: CancellationReason): Promise<PaymentIntentInfo>;
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Issue 29: captures a held intent (status requires_capture) in full (Stripe: POST
   * /v1/payment_intents/:id/capture); under `idempotencyKey` a retry is the same capture. Throws
   * PaymentProviderError 'payment_intent_unexpected_state' when it is not requires_capture (captured
   * already, canceled, or the hold expired): re-read it to see which.
   */
  capturePaymentIntent(id: string, idempotencyKey: string): Promise<PaymentIntentInfo>;
  /**
   * Verifies a webhook on its raw body. Throws WebhookVerificationError on a missing or bad
   * signature, or when |nowSeconds − t| > 300 (either direction).
   */
  verifyWebhook(rawBody: string, signatureHeader: string | null | undefined, nowSeconds: number): PaymentEvent;
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  retrieveSubscription(id: string): Promise<SubscriptionInfo>;
  cancelSubscriptionAtPeriodEnd(id: string): Promise<SubscriptionInfo>;
  /** Undoes cancelSubscriptionAtPeriodEnd before the period ends (Stripe: cancel_at_period_end false). */
  resumeSubscription(id: string): Promise<SubscriptionInfo>;
  /** The card that paid an intent, for the receipt; null when unknown (not paid by card, or not at hand). */
  paymentCard(paymentIntentId: string): Promise<PaymentCardInfo | null>;
  /** Re-reads a Radar review (webhooks: review.opened / review.closed). */
  retrieveReview(id: string): Promise<ReviewInfo>;
  /** Re-reads a Radar early fraud warning (radar.early_fraud_warning.created). */
  retrieveEarlyFraudWarning(id: string): Promise<EarlyFraudWarningInfo>;
  /** Re-reads a dispute (charge.dispute.created / charge.dispute.closed). */
  retrieveDispute(id: string): Promise<DisputeInfo>;
}

export interface PaymentCardInfo {
  /** e.g. 'visa', 'mastercard'; null when the provider does not say. */
  brand: string | null;
  last4: string | null;
  /**
   * Issue 29: the card's fingerprint when the provider gives one (Stripe: charge
   * payment_method_details.card.fingerprint, "Uniquely identifies this particular card number").
   */
  fingerprint?: string | null | undefined;
}

/** Webhook timestamps further than this from now (either way) are rejected. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookVerificationReason =
  | 'missing_header'
  | 'malformed_header'
  | 'bad_signature'
  | 'timestamp_out_of_tolerance'
  | 'bad_payload';

export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;
  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

export function isWebhookVerificationError(e: unknown): e is WebhookVerificationError {
  return e instanceof WebhookVerificationError;
}

/** A provider call that failed (Stripe API error, demo rule). `retryable` for outages. */
export class PaymentProviderError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly status: number | undefined;
  constructor(code: string, message: string, opts: { retryable?: boolean; status?: number | undefined } = {}) {
    super(message);
    this.name = 'PaymentProviderError';
    this.code = code;
    this.retryable = opts.retryable ?? false;
    this.status = opts.status;
  }
}

export function isPaymentProviderError(e: unknown): e is PaymentProviderError {
  return e instanceof PaymentProviderError;
}

/** The idempotency keys the reference asks for: one PaymentIntent per order, one refund per refund row. */
export const idempotencyKeys = {
  paymentIntent: (orderId: string) => `order:${orderId}:pi`,
  refund: (orderId: string) => `order:${orderId}:refund`,
  /** Refund number <seq> of the order (refunds.seq): one payment refund per refund row. */
  refundOf: (orderId: string, seq: number) => `order:${orderId}:refund:${seq}`,
  subscription: (subscriptionRef: string) => `subscription:${subscriptionRef}`,
  esim: (orderId: string) => `order:${orderId}:esim`,
  /** Issue 29: the capture of an order's held payment. */
  capture: (orderId: string) => `order:${orderId}:capture`,
  /** A top-up or renewal order's package on an existing eSIM. */
  topUp: (orderId: string) => `order:${orderId}:topup`,
} as const;

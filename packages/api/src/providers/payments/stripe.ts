// Stripe behind the PaymentProvider interface. One PaymentIntent per order under the key
// 'order:<id>:pi'; refunds under 'order:<id>:refund'; webhooks verified by the SDK on the raw body
// plus our own check that the timestamp is not in the future. The API version is the SDK's own.
import Stripe from 'stripe';
import { PAYMENT_INTENT_STATUSES } from '../../domain/payment-status.ts';
import { checkSignatureHeader } from './signature.ts';
import type {
  CancellationReason,
  ChargeFacts,
  DisputeInfo,
  EarlyFraudWarningInfo,
  ReviewInfo,
  CreatePaymentIntentInput,
  CreateSubscriptionInput,
  CreatedPaymentIntent,
  CreatedSubscription,
  PaymentEvent,
  PaymentIntentInfo,
  PaymentIntentStatus,
  PaymentProvider,
  RefundInput,
  RefundResult,
  PaymentCardInfo,
  SubscriptionInfo,
  SubscriptionStatus,
} from './types.ts';
import { PaymentProviderError, WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError, idempotencyKeys } from './types.ts';

export type StripeClientConfig = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Extra SDK settings (timeout, maxNetworkRetries, …). */
  clientConfig?: StripeClientConfig | undefined;
  /** A ready client (tests); otherwise one is built from secretKey. */
  client?: Stripe | undefined;
}

const SUB_STATUSES: readonly SubscriptionStatus[] = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];
const REFUND_STATUSES: readonly RefundResult['status'][] = ['pending', 'succeeded', 'failed', 'canceled', 'requires_action'];

/** A status this code does not know is treated as not final. */
function piStatus(s: string): PaymentIntentStatus {
  return (PAYMENT_INTENT_STATUSES as readonly string[]).includes(s) ? (s as PaymentIntentStatus) : 'processing';
}
function subStatus(s: string): SubscriptionStatus {
  return (SUB_STATUSES as readonly string[]).includes(s) ? (s as SubscriptionStatus) : 'incomplete';
}
function refundStatus(s: string | null): RefundResult['status'] {
  return s !== null && (REFUND_STATUSES as readonly string[]).includes(s) ? (s as RefundResult['status']) : 'pending';
}

function assertAmount(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new PaymentProviderError('invalid_amount', `amount must be a positive integer in minor units, got ${amountMinor}`);
  }
}

function stringMetadata(m: Stripe.Metadata | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (m) for (const [k, v] of Object.entries(m)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Stripe SDK errors → PaymentProviderError (retryable for connection, API and rate-limit errors). */
function mapError(e: unknown): never {
  if (e instanceof Stripe.errors.StripeError) {
    const retryable =
      e instanceof Stripe.errors.StripeConnectionError ||
      e instanceof Stripe.errors.StripeAPIError ||
      e instanceof Stripe.errors.StripeRateLimitError;
    throw new PaymentProviderError(e.code ?? e.type, e.message, { retryable, status: e.statusCode });
  }
  throw e;
}

/** A Stripe PaymentIntent as the shop reads it. */
function intentInfo(pi: Stripe.PaymentIntent): PaymentIntentInfo {
  const err = pi.last_payment_error;
  return {
    id: pi.id,
    status: piStatus(pi.status),
    amountMinor: pi.amount,
    currency: pi.currency.toUpperCase(),
    metadata: stringMetadata(pi.metadata),
    ...(err
      ? {
          lastError: {
            code: err.code,
            declineCode: err.decline_code,
            message: err.message ?? 'Payment failed. Please check your card details and try again.',
          },
        }
      : {}),
    ...(pi.cancellation_reason ? { cancellationReason: pi.cancellation_reason } : {}),
    ...(pi.latest_charge && typeof pi.latest_charge === 'object' ? { charge: chargeFacts(pi.latest_charge) } : {}),
  };
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** A charge as the shop reads it; its review counts when expanded (an id alone says nothing of its state). */
function chargeFacts(ch: Stripe.Charge): ChargeFacts {
  return {
    id: ch.id,
    outcomeType: ch.outcome?.type ?? null,
    review: ch.review && typeof ch.review === 'object' ? reviewInfo(ch.review) : null,
    amountMinor: ch.amount,
    amountRefundedMinor: ch.amount_refunded,
    refunded: ch.refunded,
    disputed: ch.disputed,
    cardFingerprint: ch.payment_method_details?.card?.fingerprint ?? null,
  };
}

function reviewInfo(r: Stripe.Review): ReviewInfo {
  return {
    id: r.id,
    open: r.open,
    openedReason: r.opened_reason ?? null,
    closedReason: r.closed_reason ?? null,
    chargeId: idOf(r.charge),
    paymentIntentId: idOf(r.payment_intent ?? null),
  };
}

function periodEndOf(sub: Stripe.Subscription): number {
  // Current API: the period lives on the subscription items.
  const ends = sub.items.data.map((i) => i.current_period_end);
  return ends.length ? Math.min(...ends) : 0;
}

function subscriptionInfo(sub: Stripe.Subscription): SubscriptionInfo {
  return {
    id: sub.id,
    status: subStatus(sub.status),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: periodEndOf(sub),
    metadata: stringMetadata(sub.metadata),
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(opts: StripeProviderOptions) {
    this.publishableKey = opts.publishableKey;
    this.webhookSecret = opts.webhookSecret;
    this.stripe = opts.client ?? new Stripe(opts.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...opts.clientConfig });
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<CreatedPaymentIntent> {
    assertAmount(input.amountMinor);
    const pi = await this.stripe.paymentIntents
      .create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          // Issue 29: a hold, captured once the shop has checked the card (docs.stripe.com/payments/place-a-hold-on-a-payment-method).
          ...(input.captureMethod === 'manual' ? { capture_method: 'manual' as const } : {}),
          ...(input.email ? { receipt_email: input.email } : {}),
          metadata: { ...input.metadata, orderId: input.orderId },
        },
        { idempotencyKey: input.idempotencyKey ?? idempotencyKeys.paymentIntent(input.orderId) },
      )
      .catch(mapError);
    if (!pi.client_secret) throw new PaymentProviderError('missing_client_secret', 'Stripe returned no client secret');
    return { id: pi.id, clientSecret: pi.client_secret, status: piStatus(pi.status) };
  }

  /**
   * One call: the intent with its latest charge and that charge's review expanded (API reference,
   * Expanding responses), so an open Radar review is seen on the normal path without a second trip.
   */
  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo> {
    return intentInfo(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge.review'] }).catch(mapError));
  }

  async retrieveReview(id: string): Promise<ReviewInfo> {
    return reviewInfo(await this.stripe.reviews.retrieve(id).catch(mapError));
  }

  async retrieveEarlyFraudWarning(id: string): Promise<EarlyFraudWarningInfo> {
    const w = await this.stripe.radar.earlyFraudWarnings.retrieve(id).catch(mapError);
    return {
      id: w.id,
      chargeId: idOf(w.charge),
      paymentIntentId: idOf(w.payment_intent ?? null),
      fraudType: w.fraud_type ?? null,
      actionable: w.actionable,
    };
  }

  async retrieveDispute(id: string): Promise<DisputeInfo> {
    const d = await this.stripe.disputes.retrieve(id).catch(mapError);
    return {
      id: d.id,
      chargeId: idOf(d.charge),
      paymentIntentId: idOf(d.payment_intent),
      amountMinor: d.amount,
      currency: d.currency.toUpperCase(),
      reason: d.reason ?? null,
      status: d.status,
    };
  }

  async cancelPaymentIntent(id: string, reason?: CancellationReason): Promise<PaymentIntentInfo> {
    return intentInfo(await this.stripe.paymentIntents.cancel(id, reason ? { cancellation_reason: reason } : {}).catch(mapError));
  }

  /** The expanded answer (latest_charge.review), so the caller reads the charge it just captured. */
  async capturePaymentIntent(id: string, idempotencyKey: string): Promise<PaymentIntentInfo> {
    return intentInfo(
      await this.stripe.paymentIntents.capture(id, { expand: ['latest_charge.review'] }, { idempotencyKey }).catch(mapError),
    );
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    if (input.amountMinor !== undefined) assertAmount(input.amountMinor);
    const r = await this.stripe.refunds
      .create(
        { payment_intent: input.paymentIntentId, ...(input.amountMinor !== undefined ? { amount: input.amountMinor } : {}) },
        { idempotencyKey: input.idempotencyKey },
      )
      .catch(mapError);
    return { id: r.id, status: refundStatus(r.status), amountMinor: r.amount };
  }

  verifyWebhook(rawBody: string, signatureHeader: string | null | undefined, nowSeconds: number): PaymentEvent {
    // Ours first: header shape and |now − t| ≤ 300 (the SDK only rejects old timestamps).
    checkSignatureHeader(signatureHeader, nowSeconds);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader ?? '',
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        nowSeconds * 1000, // receivedAt is in milliseconds
      );
    } catch (e) {
      if (e instanceof Stripe.errors.StripeSignatureVerificationError) {
        const stale = /tolerance/i.test(e.message);
        throw new WebhookVerificationError(stale ? 'timestamp_out_of_tolerance' : 'bad_signature', e.message.split('\n')[0] ?? e.message);
      }
      throw new WebhookVerificationError('bad_payload', e instanceof Error ? e.message : 'Invalid webhook payload');
    }
    return {
      id: event.id,
      type: event.type,
      created: event.created,
      data: { object: event.data.object as unknown as PaymentEvent['data']['object'] },
    };
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    assertAmount(input.priceMinor);
    const key = input.idempotencyKey;
    const customer = await this.stripe.customers
      .create({ email: input.customerEmail, metadata: input.metadata ?? {} }, { idempotencyKey: `${key}:customer` })
      .catch(mapError);
    const productId =
      input.productId ??
      (await this.stripe.products.create({ name: input.productName }, { idempotencyKey: `${key}:product` }).catch(mapError)).id;
    const sub = await this.stripe.subscriptions
      .create(
        {
          customer: customer.id,
          items: [
            {
              price_data: {
                currency: input.currency.toLowerCase(),
                product: productId,
                unit_amount: input.priceMinor,
                recurring: { interval: input.interval },
              },
            },
          ],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: input.metadata ?? {},
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `${key}:subscription` },
      )
      .catch(mapError);
    const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
    const clientSecret = invoice?.confirmation_secret?.client_secret;
    if (!clientSecret) throw new PaymentProviderError('missing_client_secret', 'Stripe returned no invoice confirmation secret');
    // The confirmation secret is the invoice payment intent's client secret: 'pi_…_secret_…'.
    const piId = invoice?.confirmation_secret?.type === 'payment_intent' ? clientSecret.split('_secret_')[0] : undefined;
    return {
      id: sub.id,
      clientSecret,
      paymentIntentId: piId ?? null,
      status: subStatus(sub.status),
      currentPeriodEnd: periodEndOf(sub),
    };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo> {
    return subscriptionInfo(await this.stripe.subscriptions.retrieve(id).catch(mapError));
  }

  async cancelSubscriptionAtPeriodEnd(id: string): Promise<SubscriptionInfo> {
    return subscriptionInfo(await this.stripe.subscriptions.update(id, { cancel_at_period_end: true }).catch(mapError));
  }

  async resumeSubscription(id: string): Promise<SubscriptionInfo> {
    return subscriptionInfo(await this.stripe.subscriptions.update(id, { cancel_at_period_end: false }).catch(mapError));
  }

  /** One call (the intent with its charge expanded); the receipt's only use, so not on the checkout's path. */
  async paymentCard(paymentIntentId: string): Promise<PaymentCardInfo | null> {
    const pi = await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }).catch(mapError);
    const charge = pi.latest_charge;
    const card = charge && typeof charge === 'object' ? charge.payment_method_details?.card : undefined;
    return card ? { brand: card.brand ?? null, last4: card.last4 ?? null, fingerprint: card.fingerprint ?? null } : null;
  }
}

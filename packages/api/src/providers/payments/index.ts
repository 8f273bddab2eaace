// Chooses the payment provider: Stripe when all three Stripe settings are present, demo
// payments when none is. A partial Stripe configuration is a mistake and fails loudly rather
// than silently taking money offline.
import { DemoPaymentProvider } from './demo.ts';
import type { DemoProviderOptions } from './demo.ts';
import { StripePaymentProvider } from './stripe.ts';
import type { StripeClientConfig } from './stripe.ts';

export interface PaymentProviderConfig {
  /** STRIPE_SECRET_KEY */
  stripeSecretKey?: string | undefined;
  /** STRIPE_PUBLISHABLE_KEY */
  stripePublishableKey?: string | undefined;
  /** STRIPE_WEBHOOK_SECRET */
  stripeWebhookSecret?: string | undefined;
  stripeClientConfig?: StripeClientConfig | undefined;
  demo?: DemoProviderOptions | undefined;
}

/** Narrow on `.name`: 'demo' has confirm/confirmAction/advanceRenewal/signEvent. */
export type AnyPaymentProvider = StripePaymentProvider | DemoPaymentProvider;

export class PaymentConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentConfigError';
  }
}

export function createPaymentProvider(config: PaymentProviderConfig = {}): AnyPaymentProvider {
  const keys = {
    STRIPE_SECRET_KEY: config.stripeSecretKey?.trim() || undefined,
    STRIPE_PUBLISHABLE_KEY: config.stripePublishableKey?.trim() || undefined,
    STRIPE_WEBHOOK_SECRET: config.stripeWebhookSecret?.trim() || undefined,
  };
  const missing = Object.entries(keys)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length === 0) {
    return new StripePaymentProvider({
      secretKey: keys.STRIPE_SECRET_KEY!,
      publishableKey: keys.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: keys.STRIPE_WEBHOOK_SECRET!,
      clientConfig: config.stripeClientConfig,
    });
  }
  if (missing.length < 3) {
    throw new PaymentConfigError(
      `Stripe is partly configured: set ${missing.join(', ')} too, or unset all STRIPE_* settings for demo payments`,
    );
  }
  return new DemoPaymentProvider(config.demo);
}

/** The server refuses demo payments together with a real eSIM provider (free real eSIMs). */
export function assertProvidersCompatible(payments: { name: string }, esim: { isReal: boolean; name: string }): void {
  if (payments.name === 'demo' && esim.isReal) {
    throw new PaymentConfigError(
      `Demo payments cannot be used with the real eSIM provider '${esim.name}': configure Stripe (STRIPE_*) or use ESIM_PROVIDER=simulator`,
    );
  }
}

export { DemoPaymentProvider, memoryDemoStore } from './demo.ts';
export type { DemoConfirmInput, DemoConfirmResult, DemoPaymentStore, DemoProviderOptions, DemoRenewalResult } from './demo.ts';
export { StripePaymentProvider } from './stripe.ts';
export { paymentDomainProblem, registerPaymentMethodDomain } from './stripe-domains.ts';
export type { PaymentMethodDomainInfo, WalletStatus } from './stripe-domains.ts';
export type { StripeClientConfig, StripeProviderOptions } from './stripe.ts';
export { HANDLED_PAYMENT_EVENTS, summarizeEvent } from './events.ts';
export type { HandledPaymentEventType, PaymentEventSummary } from './events.ts';
export { parseSignatureHeader, signWebhookPayload } from './signature.ts';
export {
  PaymentProviderError,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookVerificationError,
  idempotencyKeys,
  isFinalPaymentStatus,
  isPaymentProviderError,
  isWebhookVerificationError,
} from './types.ts';
export type * from './types.ts';

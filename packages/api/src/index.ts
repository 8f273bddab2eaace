export { appRouter, createCaller } from './root.ts';
export type { AppRouter } from './root.ts';
export type { Context, SessionUser } from './services/types.ts';
export { createServices } from './context.ts';
export type { Services, ShopConfig } from './services/types.ts';
export { AppError, APP_ERRORS, TRPC_TO_HTTP, isAppError } from './errors.ts';
export type { AppErrorCode } from './errors.ts';
export { CatalogCache, serialized } from './services/catalog/catalog-cache.ts';
export type { CatalogSnapshot, Serialized } from './services/catalog/catalog-cache.ts';
export { sessionUsers, validateSessionToken } from './services/accounts/sessions.ts';
export { requireStepUp, resetSecondFactors, hasSecondFactor } from './services/accounts/second-factor.ts';
export {
  toSessionUser,
  findUserByUsername,
  findUserByEmail,
  insertUser,
  setPasswordHash,
  setRole,
  toPublicUser,
} from './services/accounts/users.ts';
export type { PublicUser } from './services/accounts/users.ts';
export { hashPassword } from './services/accounts/auth.ts';
export { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './services/accounts/common-passwords.ts';
export { SESSION_COOKIE_NAME } from './domain/session.ts';
export { SHOP_LANGUAGES, languageFromAcceptLanguage, shopLanguage } from './domain/language.ts';
export type { ShopLanguage } from './domain/language.ts';
// Checkout, orders, fulfilment: what the server wires up.
export type { ServiceLog } from './services/types.ts';
export {
  assertProvidersCompatible,
  createEsimProvider,
  createEsimProviders,
  createMailer,
  describeSmtpUrl,
  isWebhookVerificationError,
  qrPng,
  qrSvg,
  PaymentConfigError,
  seededRandom,
} from './providers/index.ts';
export type { AnyPaymentProvider, EsimProvider, Mailer, PaymentProviderConfig, SimulatorOptions } from './providers/index.ts';
export { createShopPaymentProvider } from './services/payments/payments-provider.ts';
export { isUnsubscribeToken } from './services/support/newsletter.ts';
export { paymentDomainProblem, registerPaymentMethodDomain } from './providers/payments/stripe-domains.ts';
export type { PaymentMethodDomainInfo } from './providers/payments/stripe-domains.ts';
export { receiveWebhook, handlePaymentEvent } from './services/payments/payment-events.ts';
export type { WebhookResult } from './services/payments/payment-events.ts';
export { reconcileOrders, runDueWork } from './services/order-life/due-work.ts';
export type { DueWorkResult, ReconcileResult } from './services/order-life/due-work.ts';
export { expireStaleOrders, newExpiryCursor } from './services/orders/order-expiry.ts';
export type { ExpiryCursor, ExpirySweepResult } from './services/orders/order-expiry.ts';
export { DEFAULT_FULFILMENT_POLICY } from './services/order-life/fulfilment-policy.ts';
export type { FulfilmentPolicy } from './services/order-life/fulfilment-policy.ts';
export { JobQueue } from './services/order-life/fulfilment-queue.ts';
// What the readiness check and the metrics read: backlogs, orders by status, a database ping.
export { countOrdersByStatus, pingDatabase, readBacklog } from './services/shared/operations-stats.ts';
export type { BacklogStats } from './services/shared/operations-stats.ts';
export { createRateLimitSettings, pruneRateLimits } from './services/shared/rate-limit.ts';
export type { RateLimitSettings } from './services/types.ts';
export { advanceDemoRenewal } from './services/orders/subscriptions.ts';
// The eSIM's life: provider events, polling, the simulator's shared state and signed deliveries.
export { receiveEsimWebhook, handleEsimEvent } from './services/esims/esim-events.ts';
export { esimProviderFor, esimProviders, findEsimProvider } from './services/shared/esim-providers.ts';
export type { EsimEventOutcome, EsimWebhookResult } from './services/esims/esim-events.ts';
export { applyUsageSnapshot, pollEsimUsage, queueDueValidityAlerts } from './services/esims/esim-sync.ts';
export { snapshotOfUsage } from './providers/esim/index.ts';
export type { EsimPollResult, SyncResult } from './services/esims/esim-sync.ts';
export {
  DbSimulatorStore,
  DbTokenStore,
  ESIM_SIGNATURE_HEADER,
  EsimAccessProvider,
  EsimSimulator,
  EsimWebhookError,
  esimWebhookSignature,
} from './providers/esim/index.ts';
export type { SignedDelivery, SimulatedChange } from './providers/esim/index.ts';
export { finishClaimedRefunds } from './services/order-life/refunds.ts';
export type { ClaimedRefundsResult } from './services/order-life/refunds.ts';
// The provider's catalogue imported into regions and plans (`cli.js catalog sync`).
export {
  syncCatalog,
  readCatalogVersion,
  bumpCatalogVersion,
  CATALOG_VERSION_KEY,
  CATALOG_CHANNEL,
} from './services/catalog/catalog-sync.ts';
export type { CatalogSyncOptions, CatalogSyncReport } from './services/catalog/catalog-sync.ts';
export { DEFAULT_PRICING_RULE, retailPrice, checkPricingRule } from './domain/pricing.ts';
export type { PricingRule, PricingRounding } from './domain/pricing.ts';
export { ESIM_PROVIDER_NAMES, isEsimProviderError, EsimProviderError } from './providers/esim/index.ts';
export type { EsimProviderName, EsimProviderConfig } from './providers/esim/index.ts';
// Support tickets' inbound e-mail (issue 30): the server's webhook route.
export { receiveInboundEmail, ZPostmarkInbound } from './services/support/ticket-inbound.ts';
// The live chat (issue 30): the server's SSE streams and its sweep.
export { chatUpdates, conversationFor, escalateDueChats } from './services/support/chat.ts';
export type { ChatMessageView, ChatStateView } from './services/support/chat.ts';
export type { InboundOutcome, TPostmarkInbound } from './services/support/ticket-inbound.ts';
export { DEFAULT_INVOICE_CONFIG } from './services/order-life/invoices.ts';
export { PdfFontsMissing, invoicePdf, renderInvoicePdf, type InvoicePdf, type PdfDocumentRef } from './services/orders/invoice-pdf.ts';
export type { InvoiceAccess, InvoiceView } from './services/orders/invoice-views.ts';
export type { InvoiceConfig } from './services/types.ts';
export { createViesChecker, fakeViesChecker } from './providers/vat/vies.ts';
export type { VatIdChecker, ViesAnswer } from './providers/vat/vies.ts';
export { parseVatRates } from './domain/invoices.ts';
export { applyRatesFeed } from './services/admin/rates.ts';
export type { RatesFeedResult } from './services/admin/rates.ts';
export { EcbDailyRates, FakeExchangeRates, RatesFeedError, ecbPerUsdMicros, parseEcbDaily } from './providers/rates/ecb.ts';
export type { ExchangeRateProvider, RateSnapshot } from './providers/rates/ecb.ts';

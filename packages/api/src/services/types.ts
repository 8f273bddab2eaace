// The types the services share, below every service: the dependency bag (Services) and its
// configuration, the signed-in user, and the per-request Context the procedures receive.
// context.ts builds the bag on top of the services; trpc.ts re-exports these types.
import type { ReferralRules } from '../domain/referrals.ts';
import type { AdminRole, Db } from '@esim/db';
import type { ShopLanguage } from '../domain/language.ts';
import type { Allowlist } from '../domain/rate-limit.ts';
import type { EsimProvider } from '../providers/esim/index.ts';
import type { Mailer } from '../providers/mail/index.ts';
import type { AnyPaymentProvider, PaymentEvent } from '../providers/payments/index.ts';
import type { CatalogCache } from './catalog/catalog-cache.ts';
import type { FulfilmentPolicy } from './order-life/fulfilment-policy.ts';
import type { JobQueue } from './order-life/fulfilment-queue.ts';
import type { SellerFacts, VatRateTable } from '../domain/invoices.ts';
import type { VatIdChecker } from '../providers/vat/vies.ts';

export interface ShopConfig {
  /** Public origin, e.g. http://localhost:3000; used for links in e-mails and the CSRF origin check. */
  publicUrl: string;
  productName: string;
  supportEmail: string;
  phone: string;
  postalAddress: string;
  /** Days before each subscription renewal its reminder is sent (RENEWAL_REMINDER_DAYS; default 3, 0: none). */
  renewalReminderDays?: number | undefined;
  /** The seller's facts and VAT table on invoices (issue 31). Default: DEFAULT_INVOICE_CONFIG. */
  invoice?: InvoiceConfig | undefined;
  /** Issue 29: the referral discount, reward and monthly limit. Default: domain/referrals.ts REFERRAL_DEFAULTS. */
  referrals?: Partial<ReferralRules> | undefined;
}

/** What invoices say about the seller and which VAT applies (env.ts INVOICE_* and VAT_*). */
export interface InvoiceConfig {
  seller: SellerFacts;
  /** Basis points per customer country where the seller is registered for VAT. */
  vatRates: VatRateTable;
  /** The customer's country when the order does not say (no business details given). */
  defaultCountry: string;
}

export interface Services {
  config: ShopConfig;
  /** VIES, when VIES_CHECK is on (issue 31); unset: VAT IDs are checked for format only. */
  vatIds?: VatIdChecker | undefined;
  /** The clock; tests pass a fake one. */
  now(): Date;
  /** Regions, plans, coverage and rates held in memory; invalidate() after catalogue edits. */
  catalog: CatalogCache;
  /** Stripe or demo payments (createShopPaymentProvider). Default: demo, its state in the db. */
  payments: AnyPaymentProvider;
  /** eSIM provisioning: the default provider (the first of ESIM_PROVIDERS). Default: the simulator. */
  esim: EsimProvider;
  /**
   * Every configured eSIM provider, in order of preference (ESIM_PROVIDERS), `esim` among them.
   * Unset: `esim` alone. Route an eSIM's or a plan's calls with esimProviderFor (esim-providers.ts).
   */
  esimProviders?: readonly EsimProvider[] | undefined;
  /** Default: an in-memory mailer (the server passes SMTP or the .eml outbox). */
  mailer: Mailer;
  /** Background fulfilment work (provisioning, e-mail) after a payment; idle() in tests. */
  jobs: JobQueue;
  /** Retry and back-off settings for provisioning and e-mail. */
  fulfilment: FulfilmentPolicy;
  /** Where the services report what operators need to see (e-mail outbox paths, retries). */
  log: ServiceLog;
  /** The allowance and key of the request limits (services/shared/rate-limit.ts). Default: no allowance. */
  rateLimits: RateLimitSettings;
  /** What the back-office roles may do (issue 27). Default: DEFAULT_ADMIN_POLICY. */
  adminPolicy: AdminPolicy;
  /**
   * Support tickets' mail (issue 30): the inbound address whose plus-addressed form
   * (support+t12-…@…) ticket e-mails carry as Reply-To (INBOUND_MAIL_ADDRESS). Unset: no Reply-To;
   * the e-mails link back to the thread.
   */
  supportMail?: { inboundAddress: string | null } | undefined;
  /** Test hooks (the server's crash test): called before a payment event is acted on. */
  testHooks?: { beforePaymentEvent?: ((event: PaymentEvent) => void) | undefined } | undefined;
}

export interface RateLimitSettings {
  /** Client addresses exempt from the per-client limits (RATE_LIMIT_ALLOWLIST). */
  allowlist: Allowlist;
  /** Every request limit times this (RATE_LIMIT_MULTIPLIER); 1 by default. Failure throttles are not scaled. */
  multiplier: number;
  /** Key of the card-number fingerprints (RATE_LIMIT_SECRET); random per process by default. */
  secret: string;
}

export interface AdminPolicy {
  /**
   * The largest refund the support role may give, in US cents (SUPPORT_REFUND_LIMIT_USD_MINOR);
   * converted at the order's own rate. Larger refunds are an owner's, with the second factor again.
   */
  supportRefundLimitUsdMinor: number;
}

export const DEFAULT_ADMIN_POLICY: AdminPolicy = { supportRefundLimitUsdMinor: 5000 };

export interface ServiceLog {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  role: 'customer' | 'admin';
  /** Which back-office account (owner, support, catalogue) when role is 'admin'; else null. */
  adminRole: AdminRole | null;
}

export interface Context {
  db: Db;
  services: Services;
  /** The signed-in user, resolved by the server from the session cookie; null for guests. */
  user: SessionUser | null;
  /**
   * A traveller whose session still owes its second factor (issue 27): signed in with the password
   * only; `user` is null meanwhile, so every procedure treats them as a guest but the factor
   * procedures that finish the sign-in (services/accounts/sessions.ts sessionUsers). Else null.
   */
  pendingUser: SessionUser | null;
  /** Id of the session row (for logout); null for guests. */
  sessionId: string | null;
  /**
   * The traveller's language: the request's Accept-Language (the web app sends its interface
   * language on every call) resolved to one of the ten, else 'en'. Orders and accounts store it;
   * e-mails a request causes are written in it.
   */
  locale: ShopLanguage;
  /** Request facts the services may need (client address for throttling, user agent for audit). */
  req: {
    ip: string;
    userAgent: string;
    secure: boolean;
    currency?: string | undefined;
    /**
     * Issue 29: SHA-256 (hex) of the shop's first-party device cookie (apps/server middleware/device.ts);
     * absent when the request has none. Only the hash is ever stored (device_sightings, referrals).
     */
    deviceHash?: string | undefined;
  };
  /** Response hooks: set or clear the session cookie. */
  res: { setSessionCookie(token: string, expiresAt: Date): void; clearSessionCookie(): void };
}

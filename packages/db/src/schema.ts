// The database as TypeScript sees it. Columns are snake_case, exactly as stored.
// Booleans are stored as integers (0/1) so one schema serves SQLite and PostgreSQL.
// Money is always integer minor units plus a currency code.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamp stored as ISO-8601 text (UTC), identical on SQLite and PostgreSQL. */
export type IsoTimestamp = string;

export interface RegionsTable {
  id: Generated<number>;
  /** ISO 3166-1 alpha-2, except the spec's own codes (UK), or a bundle code (EU, GLOBAL, ASIA…). */
  code: string;
  name: string;
  /** One of: Europe, Asia, Middle East, Africa, North America, South America, Central America, Caribbean, Oceania; null for GLOBAL. */
  continent: string | null;
  /** Path of a flag bundled with the app, e.g. /flags/4x3/jp.svg */
  flag_icon: string | null;
  is_popular: ColumnType<number, number | undefined, number>;
  /** 'country' or 'bundle' */
  kind: string;
  sort_order: ColumnType<number, number | undefined, number>;
  /** 0: hidden from the shop by an admin, with its plans (migration 2026-11-28-001). */
  visible: ColumnType<number, number | undefined, number>;
}

/** Which countries a region covers: the 'Countries Covered' chips. A country covers itself. */
export interface RegionCountriesTable {
  region_id: number;
  country_code: string;
  position: number;
}

export interface PlansTable {
  id: Generated<number>;
  region_id: number;
  /** Stable natural key used by the seed, e.g. 'jp-5gb-30d'. */
  slug: string;
  name: string;
  description: string;
  /** Integer minor units of `currency` (always USD for list prices). */
  price_minor: number;
  currency: string;
  validity_days: number;
  /** Display text such as '5GB' or 'Unlimited'. */
  data_amount: string;
  /** Data allowance in MB; null means unlimited. */
  data_mb: number | null;
  /** JSON array of feature strings. */
  features: string;
  is_popular: ColumnType<number, number | undefined, number>;
  active: ColumnType<number, number | undefined, number>;
  sort_order: ColumnType<number, number | undefined, number>;
  // ── imported from a wholesale provider by `catalog sync` (migration 2026-11-28-002) ──
  /** 'airalo', 'esimaccess', 'simulator'; null for the seed's own plans. */
  provider: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider's package id that order()/topUp() buy. */
  provider_package: ColumnType<string | null, string | null | undefined, string | null>;
  /** Wholesale cost in integer minor units of wholesale_currency. */
  wholesale_minor: ColumnType<number | null, number | null | undefined, number | null>;
  wholesale_currency: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: sold only as a top-up (not shown as a new eSIM). */
  topup_only: ColumnType<number, number | undefined, number>;
  synced_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the provider says about the plan (ProviderPackage.facts as JSON); null: it said nothing (migration 2026-11-28-050). */
  facts: ColumnType<string | null, string | null | undefined, string | null>;
  // ── several providers at once (migration 2026-11-28-110) ──
  /** The equivalence key of a provider's plan (services/catalog-offers.ts); null: never grouped. */
  offer_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set on an equivalent plan that is not the best offer: the listed plan's id (the shop lists only plans without it). */
  alternate_of: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The owner's wording of a plan in one language (migration 2026-11-28-050); overrides the composed texts. */
export interface PlanTextsTable {
  plan_id: number;
  lang: string;
  name: string | null;
  description: string | null;
  updated_at: IsoTimestamp;
}

export interface ExchangeRatesTable {
  /** ISO 4217 code. */
  currency: string;
  name: string;
  symbol: string;
  /** Units of this currency per 1 USD, times 1,000,000 (USD = 1,000,000). Integer so conversion is exact. */
  rate_micros: number;
  updated_at: IsoTimestamp;
  /** Where the rate in force came from: 'seed', 'admin', … (migration 2026-11-28-001). */
  source: ColumnType<string, string | undefined, string>;
  /** The admin who set it (null: the seed, or the account is gone). */
  updated_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export type UserRole = 'customer' | 'admin';
/** Which back-office account an admin is (migration 2026-11-28-090); null for customers. */
export type AdminRole = 'owner' | 'support' | 'catalogue';

export interface UsersTable {
  id: Generated<number>;
  /** As typed at registration (trimmed). */
  username: string;
  /** username NFKC-folded and lowercased: the unique, case-insensitive sign-in key. */
  username_key: string;
  /** Trimmed and lowercased. */
  email: string;
  /** argon2id PHC string. Never leaves the server. */
  password_hash: string;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  mobile: string | null;
  photo_url: string | null;
  travel_preferences: string | null;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  /** When the owner opened the verification link sent to `email`; null until then. */
  email_verified_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** The traveller's language at their last registration, sign-in or profile update ('en', 'ar', …; migration 2026-11-26-001). */
  locale: ColumnType<string, string | undefined, string>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** Set by an admin: the account cannot sign in and has no sessions (migration 2026-11-28-001). */
  disabled_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** owner | support | catalogue for an admin, null for a customer (migration 2026-11-28-090). */
  admin_role: ColumnType<AdminRole | null, AdminRole | null | undefined, AdminRole | null>;
}

export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  /** The address this link proves (trimmed, lowercased). */
  email: string;
  /** Lowercase hex SHA-256 of the link's token. */
  token_hash: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
  /** 'verify': proves the account's current address; 'change': moves the account to `email` when opened. */
  purpose: ColumnType<EmailVerificationPurpose, EmailVerificationPurpose | undefined, EmailVerificationPurpose>;
}

export type EmailVerificationPurpose = 'verify' | 'change';

/** A password reset link: one use, short-lived, only the latest of a user's links works. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** The address the link was sent to (trimmed, lowercased). */
  email: string;
  /** Lowercase hex SHA-256 of the link's token. */
  token_hash: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
  /** A newer link was requested. */
  superseded_at: IsoTimestamp | null;
}

/** Issue 26: a 'Manage your eSIM' link to one order's eSIM page, usable without an account. */
export interface EsimLinksTable {
  id: Generated<number>;
  order_id: number;
  /** Lowercase hex SHA-256 of the link's token. */
  token_hash: string;
  created_at: IsoTimestamp;
  revoked_at: IsoTimestamp | null;
}

/** Issue 26: a one-time code e-mailed to an order's address before a refund through its link. */
export interface RefundCodesTable {
  id: Generated<number>;
  order_id: number;
  /** HMAC-SHA-256 (hex) of the code under the server secret. */
  code_hash: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
  failed_attempts: ColumnType<number, number | undefined, number>;
}

export type AccountEmailKind = 'password_reset' | 'account_exists' | 'email_change';

/** Account e-mails a stranger can trigger, counted per address and per client to limit them. */
export interface AccountEmailLogTable {
  id: Generated<number>;
  kind: AccountEmailKind;
  /** The typed e-mail or username (folded), the owner's address, or 'user:<id>'. */
  address_key: string;
  ip: string;
  created_at: IsoTimestamp;
}

export interface SessionsTable {
  /** Lowercase hex SHA-256 of the cookie token. */
  id: string;
  user_id: number;
  expires_at: IsoTimestamp;
  /** Start of the session, for the absolute maximum lifetime. */
  created_at: IsoTimestamp;
  /** When a second factor was last given in this session (admin enforcement, step-up; migration 2026-11-28-080). */
  second_factor_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** Last request seen (back-office idle expiry, the Sessions page). */
  last_seen_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** Client address and browser at sign-in (the Sessions page). */
  ip: ColumnType<string, string | undefined, string>;
  user_agent: ColumnType<string, string | undefined, string>;
}

/** A TOTP authenticator (RFC 6238); confirmed_at null while the enrolment waits for its first code. */
export interface UserTotpTable {
  user_id: number;
  secret_hex: string;
  confirmed_at: IsoTimestamp | null;
  /** The last 30-second step accepted: it and earlier ones are refused (no replay). */
  last_step: number | null;
  created_at: IsoTimestamp;
}

/** A WebAuthn credential (passkey). */
export interface UserPasskeysTable {
  /** Credential id, base64url. */
  id: string;
  user_id: number;
  public_key_hex: string;
  /** COSE algorithm: -7 (ES256) or -257 (RS256). */
  algorithm: number;
  sign_count: ColumnType<number, number | undefined, number>;
  name: string;
  created_at: IsoTimestamp;
  last_used_at: IsoTimestamp | null;
}

/** A one-use recovery code, stored as SHA-256 hex. */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
}

/** A WebAuthn challenge (SHA-256 hex), used once. user_id null: a sign-in with a passkey alone. */
export interface WebauthnChallengesTable {
  id: string;
  user_id: number | null;
  purpose: 'register' | 'authenticate';
  expires_at: IsoTimestamp;
}

/** An address or browser an account has signed in from (a new one is told by e-mail). */
export interface KnownDevicesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'ip' | 'agent';
  value_hash: string;
  first_seen_at: IsoTimestamp;
}

/**
 * Failed-attempt counters per key, so throttling survives restarts: sign-in ('pair:<client>|<username
 * lowercased>', 'ip:<client>', 'user:<username lowercased>') and declined card payments ('declines:<payment intent>').
 */
export interface LoginThrottleTable {
  key: string;
  window_start: IsoTimestamp;
  failures: number;
  locked_until: IsoTimestamp | null;
  updated_at: IsoTimestamp;
}

/**
 * Request counters per key and fixed window (migration 2026-11-25-010), shared by every server
 * process; rows past expires_at are pruned in the background. Times in ms since 1970.
 */
export interface RateLimitCountersTable {
  key: string;
  window_start: number;
  hits: number;
  expires_at: number;
}

export type LoginOutcome = 'success' | 'bad_credentials' | 'throttled' | 'invalid';

/** Every login attempt and its outcome; never the password. */
export interface LoginAuditTable {
  id: Generated<number>;
  username_tried: string;
  user_id: number | null;
  ip: string;
  user_agent: string;
  outcome: LoginOutcome;
  created_at: IsoTimestamp;
  /**
   * Attempts this row stands for: 1, or more on the last of the few rows kept per address, failed
   * outcome and minute (migration 2026-11-25-020; services/accounts/login-audit.ts).
   */
  attempts: ColumnType<number, number | undefined, number>;
}

/** 'read' is from before the admin area (migration 2026-11-28-001 added 'answered'); the inbox shows it as new. */
export type ContactMessageStatus = 'new' | 'read' | 'answered' | 'closed';

/** A message from the support page's contact form, kept for support staff. */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  /** Trimmed and lowercased. */
  email: string;
  subject: string;
  message: string;
  /** The signed-in sender, if any (set null when the account is deleted). */
  user_id: number | null;
  ip: string;
  user_agent: ColumnType<string, string | undefined, string>;
  status: ColumnType<ContactMessageStatus, ContactMessageStatus | undefined, ContactMessageStatus>;
  created_at: IsoTimestamp;
  /** When an admin last changed the status. */
  status_changed_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
}

/** One row per newsletter address; subscribing again changes nothing. */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Trimmed and lowercased; unique. */
  email: string;
  /** Site language at subscription, e.g. 'en'. */
  locale: ColumnType<string, string | undefined, string>;
  /** Where the form was, e.g. 'blog'. */
  source: ColumnType<string, string | undefined, string>;
  created_at: IsoTimestamp;
  /** Double opt-in (migration 2026-11-28-220): on the list only once confirmed; null = waiting for the click. */
  confirmed_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** When the last confirmation e-mail went out (at most one per 10 minutes per address). */
  confirm_sent_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** Left through the unsubscribe link; subscribing again needs a new confirmation. */
  unsubscribed_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
}

// ── orders (migration 2026-11-21-004) ──────────────────────────────────────────────────────

/** 'expired': never paid within PENDING_ORDER_TTL_HOURS (migration 2026-11-25-002). */
export type OrderStatus =
  | 'pending_payment'
  | 'payment_failed'
  | 'paid'
  | 'provisioning'
  | 'fulfilled'
  | 'refunded'
  | 'canceled'
  | 'expired';
export type OrderKind = 'one_time' | 'subscription';
export type PaymentProviderName = 'stripe' | 'demo';

/** One order line: a plan bought once, or one paid month of a subscription. */
export interface OrdersTable {
  id: Generated<number>;
  /** The order number the shopper sees ('ORD-…'); also in idempotency keys. */
  public_id: string;
  /** Null for a guest (until they register with `email`). */
  user_id: number | null;
  /** Trimmed and lowercased. */
  email: string;
  plan_id: number;
  plan_name: string;
  plan_data_amount: string;
  plan_data_mb: number | null;
  plan_validity_days: number;
  kind: ColumnType<OrderKind, OrderKind | undefined, OrderKind>;
  subscription_id: number | null;
  invoice_id: string | null;
  currency: string;
  unit_amount_minor: number;
  total_amount_minor: number;
  usd_amount_minor: number;
  rate_micros: number;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  payment_provider: PaymentProviderName;
  payment_intent_id: string | null;
  /** SHA-256 hex of the intent's client secret. */
  client_secret_hash: string | null;
  /** SHA-256 hex of the shopper's checkout token and what was bought. */
  checkout_key: string | null;
  /** The language of the checkout ('en', 'ja', …): the order's e-mails are written in it. */
  locale: ColumnType<string, string | undefined, string>;
  paid_at: IsoTimestamp | null;
  fulfilled_at: IsoTimestamp | null;
  refunded_at: IsoTimestamp | null;
  refund_id: string | null;
  amount_refunded_minor: ColumnType<number, number | undefined, number>;
  provision_attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: IsoTimestamp | null;
  lease_until: IsoTimestamp | null;
  provider_ref: string | null;
  last_error: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /**
   * The equivalent plan of another provider this order is provisioned from, after its own provider
   * refused it as out of stock or unavailable (set once, before that provider is asked); null: the
   * order's own plan. Migration 2026-11-28-110.
   */
  provision_plan_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Rewards points spent on this order (1 point = 1 USD cent of its USD price). */
  points_used: ColumnType<number, number | undefined, number>;
  /** What those points took off, in minor units of `currency`; the card pays total − this. */
  points_discount_minor: ColumnType<number, number | undefined, number>;
  /** A top-up or a subscription renewal: the eSIM its data goes to (null: the order gets a new eSIM). Migration 2026-11-27-001. */
  topup_esim_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The traveller asked for a refund: claimed once, carried out (and retried) from here. */
  refund_requested_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** Who made the last move of status, and why (set by transition() with it; SQLite's trigger writes the event from them). Migration 2026-11-28-100. */
  status_actor: ColumnType<OrderActor | null, OrderActor | null | undefined, OrderActor | null>;
  status_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Why provisioning waits although the order is paid (migration 2026-11-28-240): 'review' (a Radar
   * manual review still open), 'refused' (the review closed unapproved, or an early fraud warning).
   */
  payment_hold: ColumnType<PaymentHold | null, PaymentHold | null | undefined, PaymentHold | null>;
  /**
   * The purchase's client address and browser (User-Agent, at most 300 characters), evidence for a
   * card dispute; cleared after PURCHASE_EVIDENCE_DAYS and on erasure. Migration 2026-11-28-340.
   */
  purchase_ip: ColumnType<string | null, string | null | undefined, string | null>;
  purchase_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

export type PaymentHold = 'review' | 'refused';

/** Who moved an order: the traveller, the shop's owner, the system (worker, expiry), a provider. */
export type OrderActor = 'traveller' | 'owner' | 'system' | 'provider';

/** One move of orders.status (migration 2026-11-28-010), written with it in one transaction. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  /** Null only for rows backfilled when the table began (the earlier state is unknown). */
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: OrderActor;
  reason: string;
  created_at: IsoTimestamp;
}

export type EsimStatus = 'not_installed' | 'active' | 'expired' | 'canceled';

export interface EsimsTable {
  id: Generated<number>;
  public_id: string;
  /** Unique: one eSIM per order line. */
  order_id: number;
  user_id: number | null;
  iccid: string;
  smdp_address: string;
  matching_id: string;
  activation_code: string;
  confirmation_code_required: ColumnType<number, number | undefined, number>;
  confirmation_code: string | null;
  apn: string;
  /** The APN on iPhones / on Android when the provider gives one each ('' = automatic there); null: `apn` (migration 2026-11-28-040-apn-per-os). */
  apn_ios: ColumnType<string | null, string | null | undefined, string | null>;
  apn_android: ColumnType<string | null, string | null | undefined, string | null>;
  provider: string;
  /**
   * The provider's own reference of the eSIM (eSIM Access esimTranNo, Airalo '<order>:<iccid>', the
   * simulator's ref); (provider, provider_ref) is unique, the ICCID is not: providers recycle them
   * (migration 2026-11-28-040-recycled-iccids).
   */
  provider_ref: string;
  /** Capability for the QR image URL. */
  access_token: string;
  status: ColumnType<EsimStatus, EsimStatus | undefined, EsimStatus>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  // ── the eSIM's life as the provider reports it (migration 2026-11-27-001) ──
  /** On the SM-DP+: released → downloaded → installed → enabled ⇄ disabled → deleted. */
  profile_state: ColumnType<EsimProfileStateValue, EsimProfileStateValue | undefined, EsimProfileStateValue>;
  /** The data: not_active → active → finished (used up) | expired. */
  plan_state: ColumnType<EsimPlanStateValue, EsimPlanStateValue | undefined, EsimPlanStateValue>;
  /** Cumulative MB used over every package (as the provider counts it). */
  data_used_mb: ColumnType<number, number | undefined, number>;
  /** MB of every package put on the eSIM (initial + top-ups + renewals); null: unlimited. */
  data_total_mb: ColumnType<number | null, number | null | undefined, number | null>;
  /** First connection in the coverage area: validity starts here. */
  activated_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  expires_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** When the newest provider state applied was true (event occurredAt or poll time): older events are ignored. */
  state_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  /** Last reconciliation poll. */
  synced_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
}

export type EsimProfileStateValue = 'released' | 'downloaded' | 'installed' | 'enabled' | 'disabled' | 'deleted';
export type EsimPlanStateValue = 'not_active' | 'active' | 'finished' | 'expired';
export type EsimPackageKind = 'initial' | 'topup' | 'renewal';
export type EsimPackageState = 'queued' | 'active' | 'finished' | 'expired' | 'refunded';

/** One paid order's data on an eSIM (unique order_id). Used in `position` order: the next takes over when one ends. */
export interface EsimPackagesTable {
  id: Generated<number>;
  esim_id: number;
  order_id: number;
  kind: EsimPackageKind;
  /** null: unlimited. */
  data_mb: number | null;
  validity_days: number;
  used_mb: ColumnType<number, number | undefined, number>;
  state: ColumnType<EsimPackageState, EsimPackageState | undefined, EsimPackageState>;
  /** 1, 2, … per eSIM. */
  position: number;
  started_at: IsoTimestamp | null;
  expires_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** MB used per eSIM and UTC day ('YYYY-MM-DD'): the account's usage chart. */
export interface EsimUsageDaysTable {
  esim_id: number;
  day: string;
  used_mb: ColumnType<number, number | undefined, number>;
}

/** eSIM provider events seen (dedupe on the event id). */
export interface EsimEventsTable {
  event_id: string;
  provider: string;
  type: string;
  iccid: string | null;
  occurred_at: IsoTimestamp | null;
  received_at: IsoTimestamp;
}

/** The built-in eSIM simulator's records (JSON), shared by the server and `cli.js esim simulate`. */
export interface SimulatorEsimsTable {
  provider_ref: string;
  idempotency_key: string;
  iccid: string;
  data: string;
  updated_at: IsoTimestamp;
}

/** Generated settings shared by every process on the database (e.g. the simulator's webhook secret). */
export interface AppSettingsTable {
  key: string;
  value: string;
  created_at: IsoTimestamp;
}

/** Webhook events seen (dedupe on the event id). */
export interface PaymentEventsTable {
  event_id: string;
  type: string;
  provider: string;
  received_at: IsoTimestamp;
}

export type EmailOutboxStatus = 'pending' | 'sent' | 'failed';

/** One e-mail per (order, kind), sent by the worker with retries. */
export interface EmailOutboxTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  to_address: string;
  status: ColumnType<EmailOutboxStatus, EmailOutboxStatus | undefined, EmailOutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: IsoTimestamp;
  lease_until: IsoTimestamp | null;
  last_error: string | null;
  sent_at: IsoTimestamp | null;
  message_id: string | null;
  location: string | null;
  created_at: IsoTimestamp;
}

export type SubscriptionStatusValue = 'incomplete' | 'active' | 'past_due' | 'canceled';

export interface SubscriptionsTable {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  email: string;
  plan_id: number;
  plan_name: string;
  currency: string;
  price_minor: number;
  payment_provider: PaymentProviderName;
  provider_subscription_id: string | null;
  status: ColumnType<SubscriptionStatusValue, SubscriptionStatusValue | undefined, SubscriptionStatusValue>;
  current_period_end: IsoTimestamp | null;
  cancel_at_period_end: ColumnType<number, number | undefined, number>;
  ended_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** The eSIM each renewal tops up (set when the first month's eSIM is delivered). Migration 2026-11-27-001. */
  esim_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last renewal payment failed at this time (cleared when a renewal is paid). */
  renewal_failed_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
}

/** The demo payment provider's documents (JSON), so demo payments survive a restart. */
export interface DemoDocumentsTable {
  id: string;
  data: string;
  updated_at: IsoTimestamp;
}

export interface DemoIdempotencyKeysTable {
  key: string;
  object_id: string;
  created_at: IsoTimestamp;
}

// ── rewards (migration 2026-11-25-001) ────────────────────────────────────────────────────

export interface TravelerLevelsTable {
  id: Generated<number>;
  /** Stable snake_case name the web translates ('traveler', 'explorer'). */
  key: string;
  name: string;
  description: string;
  /** '#rrggbb'. */
  color: string;
  /** Lifetime points earned at which the level starts. */
  points_required: number;
  /** Purchase points multiplier × 100 (120 = ×1.2). */
  multiplier_percent: ColumnType<number, number | undefined, number>;
  /** JSON array of perk texts. */
  perks: ColumnType<string, string | undefined, string>;
}

export interface AchievementsTable {
  id: Generated<number>;
  /** Stable snake_case name; also names the rule that computes progress. */
  key: string;
  name: string;
  description: string;
  /** snake_case words, e.g. 'check_ins'. */
  category: string;
  points_awarded: number;
  target_progress: ColumnType<number, number | undefined, number>;
  sort_order: ColumnType<number, number | undefined, number>;
}

export type PointsSource = 'purchase' | 'check_in' | 'achievement' | 'redemption' | 'refund' | 'adjustment' | 'release';

/** The points ledger: every change of a user's points is one row under a unique key. */
export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  source: PointsSource;
  /** Signed. */
  amount: number;
  description: string | null;
  /** e.g. 'purchase:order:12'; unique, so an event counts once. */
  unique_key: string;
  order_id: number | null;
  created_at: IsoTimestamp;
}

export interface CheckInsTable {
  id: Generated<number>;
  user_id: number;
  region_id: number;
  /** UTC day 'YYYY-MM-DD'. */
  check_in_day: string;
  location_name: string | null;
  points_awarded: ColumnType<number, number | undefined, number>;
  verified_trip: ColumnType<number, number | undefined, number>;
  zero_reason: string | null;
  /** 1..3 for a rewarded check-in, null otherwise. */
  reward_slot: number | null;
  created_at: IsoTimestamp;
}

export interface UserAchievementsTable {
  id: Generated<number>;
  user_id: number;
  achievement_id: number;
  progress: ColumnType<number, number | undefined, number>;
  completed_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** One refund of an order, full or partial (migration 2026-11-28-020). */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  /** 1, 2, … per order; the payment's idempotency key is 'order:<public id>:refund:<seq>'. */
  seq: number;
  /** 1: the whole order (refunded, eSIM canceled); 0: a part (goodwill). */
  full: number;
  state: RefundState;
  actor: RefundActor;
  reason: string;
  /** The language of the person who caused it (the refund e-mail's). */
  language: string;
  /** The share of the card payment this refund settles: amount_minor + cash_deducted_minor. */
  gross_minor: number;
  /** What goes back to the card. */
  amount_minor: ColumnType<number, number | undefined, number>;
  currency: string;
  points_taken: ColumnType<number, number | undefined, number>;
  points_settled_in_cash: ColumnType<number, number | undefined, number>;
  cash_deducted_minor: ColumnType<number, number | undefined, number>;
  points_unsettled: ColumnType<number, number | undefined, number>;
  points_returned: ColumnType<number, number | undefined, number>;
  provider_refund_id: string | null;
  created_at: IsoTimestamp;
  completed_at: IsoTimestamp | null;
}

export type RefundState = 'requested' | 'settled' | 'done';
export type RefundActor = 'traveller' | 'owner' | 'system';
export type RefundRow = Selectable<RefundsTable>;

/** Every change made in the admin area: who, what, before → after, when (migration 2026-11-28-001). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_username: string;
  /** 'plan.update', 'order.refund', 'user.disable', … */
  action: string;
  /** 'plan', 'region', 'order', 'user', 'exchange_rate', 'level', 'achievement', 'contact_message', 'email', … */
  entity: string;
  entity_id: string;
  /** One line for people. */
  summary: string;
  /** JSON of the changed fields before and after; null for a creation, a deletion or an action. */
  before_json: string | null;
  after_json: string | null;
  ip: ColumnType<string, string | undefined, string>;
  created_at: IsoTimestamp;
  /** The admin's step-up (second factor given again) before a sensitive change (migration 2026-11-28-080). */
  step_up_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
}

/** A wholesale provider's access token shared by every process (migration 2026-11-28-040-provider-tokens). */
export interface ProviderTokensTable {
  provider: string;
  token: string | null;
  expires_at: IsoTimestamp | null;
  /** The process refreshing the token now, until lease_until. */
  lease_owner: string | null;
  lease_until: IsoTimestamp | null;
  updated_at: IsoTimestamp;
}

/** Issue 31: an account deletion link (one use, short-lived; only the newest works). */
export interface AccountDeletionsTable {
  id: Generated<number>;
  user_id: number;
  /** Lowercase hex SHA-256 of the link's token. */
  token_hash: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
  superseded_at: IsoTimestamp | null;
}

export type DataRequestKind = 'export' | 'erasure';

/** Issue 31: every data export and erasure, without the person's data (the account's id only). */
export interface DataRequestsTable {
  id: Generated<number>;
  kind: DataRequestKind;
  subject_user_id: number;
  actor: 'traveller' | 'owner';
  created_at: IsoTimestamp;
}

// ── support tickets (migration 2026-11-28-220) ─────────────────────────────────────────────

/** 'waiting': waiting for the traveller (an agent answered). */
export type TicketStatus = 'open' | 'waiting' | 'solved';
export type TicketSource = 'contact' | 'esim' | 'email' | 'chat';
export type TicketAuthor = 'customer' | 'agent' | 'note';

export interface TicketsTable {
  id: Generated<number>;
  subject: string;
  status: ColumnType<TicketStatus, TicketStatus | undefined, TicketStatus>;
  /** Trimmed and lowercased. */
  email: string;
  name: string;
  user_id: number | null;
  locale: ColumnType<string, string | undefined, string>;
  source: ColumnType<TicketSource, TicketSource | undefined, TicketSource>;
  contact_message_id: ColumnType<number | null, number | null | undefined, number | null>;
  esim_id: ColumnType<number | null, number | null | undefined, number | null>;
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface TicketMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author: TicketAuthor;
  author_user_id: number | null;
  body: string;
  via: ColumnType<'web' | 'link' | 'email', 'web' | 'link' | 'email' | undefined, 'web' | 'link' | 'email'>;
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: IsoTimestamp;
}

export interface TicketEventsTable {
  id: Generated<number>;
  ticket_id: number;
  from_status: TicketStatus | null;
  to_status: TicketStatus;
  actor: 'traveller' | 'agent' | 'system';
  actor_user_id: number | null;
  created_at: IsoTimestamp;
}

export interface CannedAnswersTable {
  id: Generated<number>;
  locale: string;
  title: string;
  body: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Issue 29: a promo code (migration 2026-11-28-210). */
export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'fixed';
  percent: number | null;
  /** JSON {"USD":500,…}: a fixed code's amount per currency (minor units). */
  amounts_json: string | null;
  starts_at: IsoTimestamp | null;
  ends_at: IsoTimestamp | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  min_spend_usd_minor: ColumnType<number, number | undefined, number>;
  /** JSON arrays of ids; null: any. */
  region_ids_json: string | null;
  plan_ids_json: string | null;
  first_order_only: ColumnType<number, number | undefined, number>;
  combines_with_points: ColumnType<number, number | undefined, number>;
  paused: ColumnType<number, number | undefined, number>;
  /** Uses held by live orders: the atomic gate of max_uses. */
  uses_count: ColumnType<number, number | undefined, number>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Issue 29: one code's use on one order. */
export interface PromoRedemptionsTable {
  id: Generated<number>;
  code_id: number;
  order_id: number;
  user_id: number | null;
  email_norm: string;
  card_fingerprint: string | null;
  currency: string;
  list_minor: number;
  discount_minor: number;
  usd_discount_minor: number;
  state: ColumnType<'active' | 'released', 'active' | 'released' | undefined, 'active' | 'released'>;
  created_at: IsoTimestamp;
  released_at: IsoTimestamp | null;
}

export interface Database {
  regions: RegionsTable;
  region_countries: RegionCountriesTable;
  plans: PlansTable;
  plan_texts: PlanTextsTable;
  exchange_rates: ExchangeRatesTable;
  users: UsersTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  esim_links: EsimLinksTable;
  refund_codes: RefundCodesTable;
  account_email_log: AccountEmailLogTable;
  sessions: SessionsTable;
  user_totp: UserTotpTable;
  user_passkeys: UserPasskeysTable;
  user_recovery_codes: UserRecoveryCodesTable;
  webauthn_challenges: WebauthnChallengesTable;
  known_devices: KnownDevicesTable;
  login_throttle: LoginThrottleTable;
  rate_limit_counters: RateLimitCountersTable;
  login_audit: LoginAuditTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  esims: EsimsTable;
  esim_packages: EsimPackagesTable;
  esim_usage_days: EsimUsageDaysTable;
  esim_events: EsimEventsTable;
  simulator_esims: SimulatorEsimsTable;
  provider_tokens: ProviderTokensTable;
  app_settings: AppSettingsTable;
  payment_events: PaymentEventsTable;
  email_outbox: EmailOutboxTable;
  subscriptions: SubscriptionsTable;
  demo_payment_intents: DemoDocumentsTable;
  demo_subscriptions: DemoDocumentsTable;
  demo_idempotency_keys: DemoIdempotencyKeysTable;
  traveler_levels: TravelerLevelsTable;
  achievements: AchievementsTable;
  points_ledger: PointsLedgerTable;
  check_ins: CheckInsTable;
  user_achievements: UserAchievementsTable;
  audit_log: AuditLogTable;
  refunds: RefundsTable;
  account_deletions: AccountDeletionsTable;
  data_requests: DataRequestsTable;
  payment_risks: PaymentRisksTable;
  subscription_reminders: SubscriptionRemindersTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
  ticket_events: TicketEventsTable;
  canned_answers: CannedAnswersTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  credit_notes: CreditNotesTable;
  invoice_buyers: InvoiceBuyersTable;
  esim_gifts: EsimGiftsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_agents: ChatAgentsTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  payment_holds: PaymentHoldsTable;
  device_sightings: DeviceSightingsTable;
  checkout_gifts: CheckoutGiftsTable;
}

// ── invoices and credit notes (issue 31; migration 2026-11-28-230) ──
/** One row per numbering series ('INV', 'CN'): the next number, taken in the issuing transaction. */
export interface DocumentCountersTable {
  series: string;
  next_number: number;
}

/** One per paid order; what it says is frozen at issue (the rate, the seller's facts). */
export interface InvoicesTable {
  id: Generated<number>;
  order_id: number;
  number: number;
  issued_at: IsoTimestamp;
  currency: string;
  total_minor: number;
  points_discount_minor: number;
  vat_country: string;
  vat_rate_bp: number;
  vat_basis: 'registered' | 'not_registered';
  seller_json: string;
}
export type InvoiceRow = Selectable<InvoicesTable>;

/** One per completed refund, referencing the order's invoice. */
export interface CreditNotesTable {
  id: Generated<number>;
  refund_id: number;
  invoice_id: number;
  number: number;
  issued_at: IsoTimestamp;
  gross_minor: number;
}
export type CreditNoteRow = Selectable<CreditNotesTable>;

/** A business traveller's details for the order's invoice. */
export interface InvoiceBuyersTable {
  order_id: number;
  company_name: string;
  address: string;
  country: string;
  vat_id: string | null;
  vat_status: 'valid' | 'invalid' | 'not_checked' | 'unverified';
  vat_checked_at: IsoTimestamp | null;
  updated_at: IsoTimestamp;
}

export type PaymentRiskKind = 'review' | 'early_fraud_warning' | 'dispute';

/** A Radar review, early fraud warning or dispute of an order's payment (migration 2026-11-28-240). */
export interface PaymentRisksTable {
  id: Generated<number>;
  order_id: number;
  kind: PaymentRiskKind;
  /** Stripe's id of the review (prv_…), warning (issfr_…) or dispute (du_…). */
  provider_ref: string;
  charge_id: string | null;
  /** As last re-read from Stripe ('open'/'closed'; a dispute's status, e.g. 'needs_response', 'won', 'lost'). */
  status: string;
  /** Stripe's reason (a review's opened/closed reason, a warning's fraud_type, a dispute's reason). */
  reason: string | null;
  amount_minor: number | null;
  currency: string | null;
  /** What the shop did: 'held', 'released', 'refused', 'refunded', 'flagged', 'won', 'lost'. */
  outcome: string | null;
  /** The eSIM at the provider: 'suspended', 'resumed', 'unsupported', 'not_delivered', 'failed', 'canceled'. */
  esim_action: string | null;
  /** Points of the order taken into the held state (a dispute); given back when it is won. */
  points_frozen: ColumnType<number, number | undefined, number>;
  /** Points earned by the order that were spent already, so could not be frozen. */
  points_short: ColumnType<number, number | undefined, number>;
  note: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  closed_at: IsoTimestamp | null;
}

/** One renewal reminder per subscription period, with its cancel link's token hash (migration 2026-11-28-240). */
export interface SubscriptionRemindersTable {
  id: Generated<number>;
  subscription_id: number;
  period_end: IsoTimestamp;
  token_hash: string;
  created_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
}

export type PaymentRisk = Selectable<PaymentRisksTable>;

export type Region = Selectable<RegionsTable>;
export type NewRegion = Insertable<RegionsTable>;
export type Plan = Selectable<PlansTable>;
export type NewPlan = Insertable<PlansTable>;
export type PlanUpdate = Updateable<PlansTable>;
export type ExchangeRate = Selectable<ExchangeRatesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type PasswordReset = Selectable<PasswordResetsTable>;
export type EsimLink = Selectable<EsimLinksTable>;
export type LoginThrottle = Selectable<LoginThrottleTable>;
export type LoginAudit = Selectable<LoginAuditTable>;
export type ContactMessage = Selectable<ContactMessagesTable>;
export type NewContactMessage = Insertable<ContactMessagesTable>;
export type NewsletterSubscriber = Selectable<NewsletterSubscribersTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type OrderEvent = Selectable<OrderEventsTable>;
export type Esim = Selectable<EsimsTable>;
export type NewEsim = Insertable<EsimsTable>;
export type EsimPackage = Selectable<EsimPackagesTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type NewSubscription = Insertable<SubscriptionsTable>;
export type TravelerLevelRow = Selectable<TravelerLevelsTable>;
export type AchievementRow = Selectable<AchievementsTable>;
export type PointsLedgerRow = Selectable<PointsLedgerTable>;
export type CheckInRow = Selectable<CheckInsTable>;
export type UserAchievementRow = Selectable<UserAchievementsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type TicketRow = Selectable<TicketsTable>;
export type TicketMessageRow = Selectable<TicketMessagesTable>;
export type CannedAnswerRow = Selectable<CannedAnswersTable>;
export type PromoCode = Selectable<PromoCodesTable>;
export type PromoRedemption = Selectable<PromoRedemptionsTable>;

// ── eSIM gifts (issue 29; migration 2026-11-28-270) ──
export type EsimGiftStatus = 'scheduled' | 'sent' | 'claimed' | 'refunded';
/** An eSIM given by its buyer to someone by e-mail: once per eSIM; moved only by services/gifts/gift-life.ts. */
export interface EsimGiftsTable {
  id: Generated<number>;
  /** 'GIFT-…'. */
  public_id: string;
  esim_id: number;
  /** The order that bought the eSIM (its refund goes to the buyer). */
  order_id: number;
  /** Null: a guest's order (a gift bought at checkout; migration 2026-11-28-320). */
  giver_user_id: number | null;
  /** Normalised (lower case). */
  recipient_email: string;
  message: string;
  /** The language the buyer chose for the gift e-mail. */
  locale: string;
  /** When the gift e-mail goes out (ISO; the moment of giving when no date was chosen). */
  deliver_at: IsoTimestamp;
  /** SHA-256 of the claim link's token. */
  token_hash: string;
  status: EsimGiftStatus;
  /** Claimed while signed in: the account that holds the eSIM now. */
  recipient_user_id: number | null;
  /** Claimed as a guest: the one 'Manage your eSIM' link (esim_links.id) that opens the eSIM now. */
  recipient_link_id: number | null;
  created_at: IsoTimestamp;
  sent_at: IsoTimestamp | null;
  claimed_at: IsoTimestamp | null;
  refunded_at: IsoTimestamp | null;
}
export type EsimGift = Selectable<EsimGiftsTable>;

// ── live chat (issue 30; migration 2026-11-28-290) ──
export type ChatStatus = 'open' | 'needs_email' | 'ticket' | 'closed';
export type ChatAuthor = 'customer' | 'agent' | 'system';

export interface ChatConversationsTable {
  id: Generated<number>;
  status: ColumnType<ChatStatus, ChatStatus | undefined, ChatStatus>;
  user_id: number | null;
  name: ColumnType<string | null, string | null | undefined, string | null>;
  email: ColumnType<string | null, string | null | undefined, string | null>;
  locale: ColumnType<string, string | undefined, string>;
  waiting_since: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  customer_typing_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  agent_typing_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined, IsoTimestamp | null>;
  customer_read_id: ColumnType<number, number | undefined, number>;
  agent_read_id: ColumnType<number, number | undefined, number>;
  ticket_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}
export type ChatConversationRow = Selectable<ChatConversationsTable>;

export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  author: ChatAuthor;
  author_user_id: number | null;
  body: string;
  created_at: IsoTimestamp;
}

/** An agent is online while their chat view's heartbeat is recent. */
export interface ChatAgentsTable {
  user_id: number;
  last_seen_at: IsoTimestamp;
}

// ── referrals (issue 29; migration 2026-11-28-260) ──
export interface ReferralCodesTable {
  user_id: number;
  code: string;
  created_at: IsoTimestamp;
}

export type ReferralStatus = 'pending' | 'credited' | 'refused' | 'canceled' | 'clawed_back';

/** One order a referral link priced, and the referrer's reward for it. */
export interface ReferralsTable {
  id: Generated<number>;
  referrer_user_id: number;
  /** Null: the link was refused at checkout (no order made). */
  order_id: number | null;
  friend_user_id: number | null;
  friend_email_norm: string;
  status: ReferralStatus;
  reason: string | null;
  currency: string;
  discount_minor: number;
  points: ColumnType<number, number | undefined, number>;
  clawback_points: ColumnType<number, number | undefined, number>;
  clawback_unsettled: ColumnType<number, number | undefined, number>;
  created_at: IsoTimestamp;
  decided_at: IsoTimestamp | null;
  /** SHA-256 of the device cookie the friend's order came from (migration 2026-11-28-330). */
  friend_device_hash: ColumnType<string | null, string | null | undefined, string | null>;
}
export type ReferralRow = Selectable<ReferralsTable>;

// ── holds and devices (issue 29; migration 2026-11-28-330) ──
/** A payment placed on hold (manual capture) and what the shop decided once the card was known. */
export interface PaymentHoldsTable {
  payment_intent_id: string;
  order_id: number;
  card_fingerprint: string | null;
  decision: 'capture' | 'cancel';
  /** 'promo' | 'referral' for a cancel; null for a capture. */
  refused_by: 'promo' | 'referral' | null;
  /** PROMO_ALREADY_USED, or a referral reason (same_card, …); null for a capture. */
  reason: string | null;
  decided_at: IsoTimestamp;
}

/** An account signed in from a device (the hash of the shop's first-party device cookie). */
export interface DeviceSightingsTable {
  user_id: number;
  device_hash: string;
  first_seen_at: IsoTimestamp;
  last_seen_at: IsoTimestamp;
}

// ── a gift bought at checkout (issue 29; migration 2026-11-28-320) ──
/** 'This is a gift' on a pending order: made into its eSIM's gift (esim_gifts) when the order is fulfilled. */
export interface CheckoutGiftsTable {
  id: Generated<number>;
  order_id: number;
  /** Normalised (lower case). */
  recipient_email: string;
  message: string;
  /** The language the buyer chose for the gift e-mail. */
  locale: string;
  /** When the gift e-mail goes out (ISO); null: once the eSIM is delivered. */
  deliver_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
}
export type CheckoutGift = Selectable<CheckoutGiftsTable>;

// The shape every wholesale eSIM API shares (order, details, usage, cancel), as one interface.
// The shop puts its own idempotency (one provisioning per order line) in front of any provider,
// and still passes an idempotency key down for the providers that honour one.

/** On the SM-DP+: released → downloaded → installed → enabled ⇄ disabled → deleted. */
export type EsimProfileState = 'released' | 'downloaded' | 'installed' | 'enabled' | 'disabled' | 'deleted';

/** The data package: not active → active → finished (data used up) or expired. */
export type EsimPlanState = 'not_active' | 'active' | 'finished' | 'expired';

export interface EsimProfile {
  /** 89…, 19–20 digits. */
  iccid: string;
  /** Bare host name. */
  smdpAddress: string;
  matchingId: string;
  /** 'LPA:1$<smdp>$<matchingId>[$<oid>[$1]]'. */
  activationCode: string;
  confirmationCodeRequired: boolean;
  /** Present when required; deliver it separately from the activation code. */
  confirmationCode?: string | undefined;
  apn: string;
  /**
   * The APN per device system when the provider gives one each (Airalo `apn.ios` / `apn.android`):
   * '' = set automatically on that system. Undefined: `apn` for every device.
   */
  apnByOs?: { ios?: string | undefined; android?: string | undefined } | undefined;
  /** The provider's own id for this order/eSIM. */
  providerRef: string;
  /**
   * The provider's own reference of this eSIM, unique at the provider even when the ICCID is
   * recycled (eSIM Access esimTranNo; Airalo '<order id>:<iccid>'). The shop keys eSIMs by
   * (provider, esimRef ?? providerRef), never by ICCID alone.
   */
  esimRef?: string | undefined;
}

export interface EsimOrderInput {
  /** The shop's order (or order line) id. */
  orderId: string;
  planId: string;
  planSlug?: string | undefined;
  /** null for unlimited plans. */
  dataMb: number | null;
  validityDays: number;
  /** e.g. 'order:<id>:esim'. The same key must never yield a second eSIM. */
  idempotencyKey: string;
  /** The provider's package to buy (plans.provider_package, set by `catalog sync`); the simulator needs none. */
  packageCode?: string | undefined;
}

export type EsimOrderResult = { status: 'ready'; esim: EsimProfile } | { status: 'pending'; providerRef: string };

export type EsimDetails =
  | { status: 'pending'; providerRef: string }
  | { status: 'ready'; esim: EsimProfile; profileState: EsimProfileState; planState: EsimPlanState };

export interface EsimUsage {
  iccid: string;
  usedMb: number;
  /** null for unlimited plans. */
  totalMb: number | null;
  remainingMb: number | null;
  planState: EsimPlanState;
  profileState: EsimProfileState;
  /** When validity started (first connection in the coverage area), or null before that. */
  activatedAt: Date | null;
  /** activatedAt + validity, or null before activation. */
  expiresAt: Date | null;
}

export type EsimCancelResult =
  | { canceled: true; iccid: string }
  /** Providers refund only before installation or activation. */
  | { canceled: false; iccid: string; reason: 'installed' | 'activated' | 'already_canceled' };

export type EsimProviderErrorCode = 'unavailable' | 'rejected' | 'not_found' | 'conflict';

export class EsimProviderError extends Error {
  readonly code: EsimProviderErrorCode;
  /** Worth retrying with back-off (outages, timeouts, rate limits); false for rejections. */
  readonly retryable: boolean;
  /** The provider asked to wait this long before the next call (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  /**
   * The provider refused this package itself: out of stock, withdrawn, or its operator down (each
   * adapter maps its documented codes). With several providers configured, provisioning tries the
   * next provider's equivalent package once before refunding (issue 25).
   */
  readonly packageUnavailable: boolean;
  constructor(
    code: EsimProviderErrorCode,
    message: string,
    retryable = code === 'unavailable',
    options: { retryAfterMs?: number | undefined; packageUnavailable?: boolean | undefined } = {},
  ) {
    super(message);
    this.name = 'EsimProviderError';
    this.code = code;
    this.retryable = retryable;
    this.retryAfterMs = options.retryAfterMs;
    this.packageUnavailable = options.packageUnavailable === true;
  }
}

export function isEsimProviderError(e: unknown): e is EsimProviderError {
  return e instanceof EsimProviderError;
}

/** A package of data put on an existing eSIM (a top-up or a subscription renewal). */
export interface EsimTopUpInput {
  iccid: string;
  /** The shop's order id of the top-up. */
  orderId: string;
  planId: string;
  /** null for unlimited. */
  dataMb: number | null;
  validityDays: number;
  /** e.g. 'order:<id>:topup'. The same key never applies a second package. */
  idempotencyKey: string;
  /** The provider's top-up package (plans.provider_package); the simulator needs none. */
  packageCode?: string | undefined;
}

export interface EsimTopUpResult {
  iccid: string;
  /** The provider's id of the applied package. */
  providerRef: string;
}

/**
 * What a provider tells the shop happened to an eSIM (normalised from its webhook). 'ready': an
 * asynchronous order's eSIM can be fetched now (providerRef names the order; the shop provisions
 * it at once through getEsim instead of waiting for its next poll).
 */
export type EsimEventType = 'installed' | 'activated' | 'usage' | 'low_data' | 'validity_ending' | 'finished' | 'expired' | 'ready';

export interface EsimEvent {
  /** The provider's event id (dedupe key). */
  id: string;
  type: EsimEventType;
  iccid: string;
  /** When it happened at the provider (ISO); older than the eSIM's stored state → ignored. */
  occurredAt: string;
  /** The eSIM's state at occurredAt when the provider sends it (most do); else the shop re-reads usage(). */
  usage?: EsimUsageSnapshot | undefined;
  /** For 'ready': the providerRef order() answered with (iccid may be '' when the provider does not say it yet). */
  providerRef?: string | undefined;
  /**
   * The provider's own reference of the eSIM when the delivery names it (eSIM Access esimTranNo):
   * ICCIDs are recycled, so this, not the ICCID, says which eSIM the event is about.
   */
  esimRef?: string | undefined;
  /**
   * Accepted without a signature (eSIM Access's documented deliveries): the shop re-reads the eSIM
   * before applying it, and the server route checks the sender against ESIM_WEBHOOK_ALLOWED_IPS.
   */
  unsigned?: boolean | undefined;
}

/** A package the provider sells (its catalogue), in the shop's units: what `catalog sync` imports. */
export interface ProviderPackage {
  /** The provider's package id: what order() and topUp() buy (stored as plans.provider_package). */
  code: string;
  /** The provider's name for it (the shop composes its own texts). */
  name: string;
  /** ISO 3166-1 alpha-2 codes it covers, upper case. One: a country plan; several: a bundle. */
  countries: string[];
  /** For a multi-country package: the provider's area ('Europe', 'Global', 'Asia'), when it names one. */
  area?: string | undefined;
  /** null: unlimited. */
  dataMb: number | null;
  validityDays: number;
  /** What the shop pays the provider, integer minor units. */
  wholesale: { minor: number; currency: string };
  /** The provider's recommended retail price, when it gives one. */
  suggestedRetail?: { minor: number; currency: string } | undefined;
  /** Sold as a top-up for an eSIM of the same area (some providers keep separate top-up packages). */
  topUp: boolean;
  /** Sold as a new eSIM. */
  newEsim: boolean;
  /** What the provider says about the plan beyond data and validity; undefined (or absent) = it did not say. */
  facts?: PlanFacts | undefined;
}

// PlanFacts and PlanOperator live in domain/plan-facts.ts (the catalogue's DTOs carry them too).
export type { PlanFacts, PlanOperator } from '../../domain/plan-facts.ts';
import type { PlanFacts } from '../../domain/plan-facts.ts';

/** What every HTTP adapter accepts besides its credentials; tests pass their own clock and sleep. */
export interface ProviderHttpOptions {
  /** Defaults to the global fetch (msw intercepts it in tests). */
  fetch?: typeof fetch | undefined;
  now?: (() => Date) | undefined;
  /** Waits between retries; tests pass one that does not wait. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Per request (default 15 s): a slow or dropped answer becomes a retryable 'unavailable'. */
  timeoutMs?: number | undefined;
  /** Attempts per call for retryable failures (default 3), with back-off honouring Retry-After. */
  maxAttempts?: number | undefined;
  /** Never given secrets: adapters log paths, statuses and provider error codes only. */
  log?: { warn(msg: string, extra?: Record<string, unknown>): void } | undefined;
}

/** Airalo Partner API v2 (ESIM_PROVIDER=airalo). */
export interface AiraloConfig extends ProviderHttpOptions {
  /** AIRALO_BASE_URL, default https://partners-api.airalo.com (sandbox: https://sandbox-partners-api.airalo.com). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Key of the airalo-signature HMAC-SHA512; Airalo signs with the API secret, so default clientSecret. */
  webhookSecret?: string | undefined;
}

/** eSIM Access open API (ESIM_PROVIDER=esimaccess). */
export interface EsimAccessConfig extends ProviderHttpOptions {
  /** ESIMACCESS_BASE_URL, default https://api.esimaccess.com. */
  baseUrl: string;
  accessCode: string;
  secretKey: string;
  /** How webhook deliveries are authenticated (the adapter documents it); default secretKey. */
  webhookSecret?: string | undefined;
}

/** EsimUsage in JSON form (dates as ISO strings), as events carry it. */
export interface EsimUsageSnapshot {
  usedMb: number;
  totalMb: number | null;
  planState: EsimPlanState;
  profileState: EsimProfileState;
  activatedAt: string | null;
  expiresAt: string | null;
}

/** usage() in the JSON form events carry. */
export function snapshotOfUsage(u: EsimUsage): EsimUsageSnapshot {
  return {
    usedMb: u.usedMb,
    totalMb: u.totalMb,
    planState: u.planState,
    profileState: u.profileState,
    activatedAt: u.activatedAt?.toISOString() ?? null,
    expiresAt: u.expiresAt?.toISOString() ?? null,
  };
}

export interface EsimProvider {
  readonly name: string;
  /** True for a provider that issues real, billed eSIMs. The server refuses demo payments with a real provider. */
  readonly isReal: boolean;
  order(input: EsimOrderInput): Promise<EsimOrderResult>;
  /** Details by providerRef; polls a pending order. Throws EsimProviderError('not_found'). */
  getEsim(providerRef: string): Promise<EsimDetails>;
  usage(iccid: string): Promise<EsimUsage>;
  cancel(iccid: string): Promise<EsimCancelResult>;
  /**
   * Suspends the eSIM's service (data stops, the profile stays) and resumes it: only adapters whose
   * provider offers it implement these (the simulator models them); absent: the provider cannot,
   * and the shop records that instead of pretending. Idempotent. Throws EsimProviderError('not_found').
   */
  suspend?(iccid: string): Promise<void>;
  resume?(iccid: string): Promise<void>;
  /** Puts a package of data on an eSIM that is not expired; idempotent on idempotencyKey. Throws EsimProviderError('rejected') after expiry. */
  topUp(input: EsimTopUpInput): Promise<EsimTopUpResult>;
  /** The provider's catalogue, every page of it (the simulator offers the seed catalogue). */
  listPackages(): Promise<ProviderPackage[]>;
  /**
   * The top-up packages the provider offers for this eSIM now, as package codes (listPackages'
   * `code`, stored as plans.provider_package): Airalo GET /v2/sims/{iccid}/topups, eSIM Access
   * package/list {type: TOPUP, iccid}. Empty when it takes no more (expired, canceled, recycled).
   * 'any': the provider applies any package of the eSIM's destination (the simulator).
   */
  topUpsFor(iccid: string): Promise<string[] | 'any'>;
  /**
   * Verifies a webhook delivery (signature over the raw body, replay window) and normalises it.
   * Throws EsimWebhookError on a bad signature, a stale timestamp or a body it cannot read.
   */
  parseWebhook(rawBody: string, headers: Headers, now: Date): EsimEvent[];
}

export class EsimWebhookError extends Error {
  /** 'sender': an unsigned delivery from an address not on ESIM_WEBHOOK_ALLOWED_IPS. */
  readonly reason: 'signature' | 'stale' | 'malformed' | 'sender';
  constructor(reason: 'signature' | 'stale' | 'malformed' | 'sender', message: string) {
    super(message);
    this.name = 'EsimWebhookError';
    this.reason = reason;
  }
}

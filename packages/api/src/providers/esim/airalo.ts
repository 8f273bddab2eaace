// Airalo Partner API v2 behind EsimProvider. Shapes from Airalo's published OpenAPI fragments
// (api-evangelist/airalo: openapi/airalo-rest-api-endpoints-*.yml, errors/airalo-problem-types.yml,
// asyncapi/airalo-webhooks.yml).
//
// - Auth: POST /v2/token (form: client_id, client_secret, grant_type=client_credentials) → a Bearer
//   token cached until it expires (minus a minute), in this process and in the token store shared by
//   every process (provider_tokens, refreshed under a lease by one process at a time); a 401
//   refreshes it once and repeats the call once.
// - Airalo has no idempotency key. The shop's order id goes into `description`, and every order
//   (and top-up) first looks for an order with exactly that description (GET /v2/orders
//   ?filter[description]=, a LIKE search, so the match is checked here): a retry, a second call
//   with the same key, or a call after a dropped answer returns the eSIM already bought.
// - providerRef: the ICCID for an eSIM (sync orders, getEsim, usage); an asynchronous order that is
//   not ready yet is 'async:<request_id>:<description>' until its webhook or a poll finds it.
// - Airalo reports no SM-DP+ profile state: it reports the package's status (GET
//   /v2/sims/{iccid}/usage). The two states are derived from it, kept apart:
//
//   | Airalo status | planState  | profileState | why                                                  |
//   |---------------|------------|--------------|------------------------------------------------------|
//   | NOT_ACTIVE    | not_active | released     | never connected: Airalo cannot tell installed or not |
//   | ACTIVE        | active     | enabled      | it connected in its coverage area, so installed      |
//   | FINISHED      | finished   | enabled      | data used up                                         |
//   | EXPIRED       | expired    | enabled      | validity over                                        |
//   | RECYCLED      | expired    | deleted      | Airalo took the ICCID back; nothing more on it       |
//   | UNKNOWN/other | not_active | released     | read again later                                     |
//
//   So cancel() refuses ('activated') once Airalo has seen the eSIM connect; an eSIM installed but
//   never connected reads NOT_ACTIVE and its refund request goes to Airalo's manual review.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { resolveHttp, sendOnce, statusError, withRetries } from './http.ts';
import type { HttpAnswer, HttpRequest, ResolvedHttp } from './http.ts';
import { bestGeneration, compactFacts, fairUseOf } from './provider-facts.ts';
import { MemoryTokenStore, newLeaseOwner } from './token-store.ts';
import type { StoredToken, TokenStore } from './token-store.ts';
import { EsimProviderError, EsimWebhookError } from './types.ts';
import type {
  AiraloConfig,
  EsimCancelResult,
  EsimDetails,
  EsimEvent,
  EsimOrderInput,
  EsimOrderResult,
  EsimPlanState,
  EsimProfile,
  EsimProfileState,
  EsimProvider,
  EsimTopUpInput,
  EsimTopUpResult,
  EsimUsage,
  PlanFacts,
  PlanOperator,
  ProviderPackage,
} from './types.ts';

export const AIRALO_SIGNATURE_HEADER = 'airalo-signature';
/** Token kept until this long before Airalo says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** How long one process may take to fetch the token before another may try (the request times out sooner). */
const TOKEN_LEASE_MS = 30_000;
/** Waiting for another process's token: this often, this many times (30 s in all). */
const TOKEN_WAIT_MS = 500;
const TOKEN_WAITS = 60;
/**
 * Airalo retries a failed delivery 20 times every 15 minutes (asyncapi/airalo-webhooks.yml,
 * delivery.retries/interval), so a genuine delivery can arrive 5 hours after it was made; its
 * documents name no timestamp in the payload at all. A payload timestamp (when one is present) is
 * therefore allowed 5 h + 15 min of age, not 300 s (which would refuse every retry); replays inside
 * that window are caught by the event id (a hash of the signed body). Dated ahead: 300 s at most.
 */
const DEFAULT_WEBHOOK_TOLERANCE_SEC = 21 * 15 * 60;
const WEBHOOK_FUTURE_TOLERANCE_MS = 300_000;
const MAX_PAGES = 500;

export interface AiraloOptions extends AiraloConfig {
  /** Order through POST /v2/orders-async (the eSIM arrives by the async_orders webhook or a poll). */
  async?: boolean | undefined;
  /** Webhook deliveries whose timestamp (when the payload has one) is older than this are refused. */
  webhookToleranceSec?: number | undefined;
  /** Where the access token is shared between processes (the server passes DbTokenStore); default: this process only. */
  tokenStore?: TokenStore | undefined;
}

/** Business error codes (HTTP 422 `code`) that mean "try again later" rather than "no". */
const RETRYABLE_CODES = new Set([13, 53]);

/**
 * Airalo's refusals of the package itself (errors/airalo-problem-types.yml business_codes): 33
 * "Insufficient eSIM stock", 34 "Package invalid or out of stock", 13 "Operator under maintenance"
 * (remediation: "Retry later or offer an alternative package from another operator"). Also read as
 * such, since the documents allow it: a 422 validation answer naming `package_id` ("The selected
 * package is invalid.": withdrawn since the last sync) and the documented example "Submit Order
 * (422) SIM quantity is not available". With several providers, the order then fails over (issue 25).
 */
const PACKAGE_UNAVAILABLE_CODES = new Set([13, 33, 34]);
const PACKAGE_UNAVAILABLE_TEXT = /out of stock|insufficient stock|quantity is not available|not available/i;

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** Airalo's dates: 'YYYY-MM-DD HH:MM[:SS]' (UTC) or ISO 8601. */
export function parseAiraloDate(v: unknown): Date | null {
  if (typeof v !== 'string' || v.trim() === '') return null;
  const s = v.trim();
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(s);
  const d = new Date(m ? `${m[1]}T${m[2]}${m[3] ?? ':00'}Z` : s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The table above. */
export function airaloStates(status: string | undefined): { planState: EsimPlanState; profileState: EsimProfileState } {
  switch ((status ?? '').toUpperCase()) {
    case 'ACTIVE':
      return { planState: 'active', profileState: 'enabled' };
    case 'FINISHED':
      return { planState: 'finished', profileState: 'enabled' };
    case 'EXPIRED':
      return { planState: 'expired', profileState: 'enabled' };
    case 'RECYCLED':
      return { planState: 'expired', profileState: 'deleted' };
    default:
      return { planState: 'not_active', profileState: 'released' };
  }
}

/** An Airalo sim object (order response `sims[]`, GET /v2/sims/{iccid} `data`) as the shop's profile. */
export function profileOfSim(sim: Json, orderId?: string): EsimProfile {
  const iccid = str(sim.iccid);
  const lpa = str(sim.lpa);
  const matchingId = str(sim.matching_id);
  if (!iccid || !lpa || !matchingId)
    throw new EsimProviderError('unavailable', 'airalo: the eSIM came without iccid, lpa or matching_id', true);
  const qrcode = str(sim.qrcode);
  const confirmation = str(sim.confirmation_code);
  return {
    iccid,
    // Airalo's `lpa` is the SM-DP+ host; the activation code is its `qrcode`.
    smdpAddress: lpa,
    matchingId,
    activationCode: qrcode?.startsWith(`LPA:1$${lpa}$${matchingId}`) ? qrcode : `LPA:1$${lpa}$${matchingId}`,
    confirmationCodeRequired: Boolean(confirmation),
    confirmationCode: confirmation || undefined,
    apn: str(sim.apn_value) ?? '',
    apnByOs: apnByOsOf(sim),
    providerRef: iccid,
    // Airalo takes ICCIDs back (RECYCLED) and issues them again: its order plus the ICCID names one eSIM.
    esimRef: orderId ? `${orderId}:${iccid}` : undefined,
  };
}

/**
 * Airalo's sim object has one APN (`apn_type`, `apn_value`) and one per system
 * (`apn: { ios: { apn_type, apn_value? }, android: { … } }`, place-order OpenAPI example). Both are
 * kept: 'automatic' on a system → '' (nothing to enter there); 'manual' → that system's apn_value,
 * else the sim's. Undefined when Airalo gives no per-system block.
 */
function apnByOsOf(sim: Json): EsimProfile['apnByOs'] {
  if (!isObj(sim.apn)) return undefined;
  const one = (v: unknown): string | undefined => {
    if (!isObj(v)) return undefined;
    if (str(v.apn_type) === 'automatic') return '';
    return str(v.apn_value) ?? str(sim.apn_value) ?? undefined;
  };
  const ios = one(sim.apn.ios);
  const android = one(sim.apn.android);
  return ios === undefined && android === undefined ? undefined : { ios, android };
}

interface AsyncRef {
  requestId: string;
  description: string;
}
const asyncRef = (requestId: string, description: string) => `async:${requestId}:${encodeURIComponent(description)}`;
function parseAsyncRef(ref: string): AsyncRef | undefined {
  const m = /^async:([^:]+):(.+)$/.exec(ref);
  return m ? { requestId: m[1]!, description: decodeURIComponent(m[2]!) } : undefined;
}

export class AiraloProvider implements EsimProvider {
  readonly name = 'airalo';
  readonly isReal = true;
  private readonly http: ResolvedHttp;
  private readonly base: string;
  private token: StoredToken | undefined;
  private tokenRequest: Promise<string> | undefined;
  private readonly tokens: TokenStore;
  private readonly leaseOwner = newLeaseOwner();
  /** A token Airalo refused (401): not taken from the store again. */
  private refused: string | undefined;

  constructor(readonly config: AiraloOptions) {
    this.http = resolveHttp('airalo', config);
    this.base = config.baseUrl.replace(/\/+$/, '');
    this.tokens = config.tokenStore ?? new MemoryTokenStore();
  }

  // --- token and calls ------------------------------------------------------------------------------
  //
  // The token is cached in this process until it expires (less a minute), and in the token store
  // (the database: provider_tokens) for every other process. When neither has a good one, the
  // process that takes the store's lease asks Airalo (one request however many processes and calls
  // want it: 3 token requests a minute are allowed); the others wait for it to be stored.

  private accessToken(): Promise<string> {
    if (this.token && this.token.value !== this.refused && this.http.now().getTime() < this.token.until)
      return Promise.resolve(this.token.value);
    this.tokenRequest ??= this.sharedToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async sharedToken(): Promise<string> {
    for (let waited = 0; ; waited++) {
      const now = this.http.now();
      const stored = await this.tokens.read('airalo', now);
      if (stored && stored.value !== this.refused) {
        this.token = stored;
        return stored.value;
      }
      if (await this.tokens.lease('airalo', this.leaseOwner, now, TOKEN_LEASE_MS)) {
        try {
          const token = await this.requestToken();
          await this.tokens.write('airalo', this.leaseOwner, token, this.http.now());
          this.token = token;
          return token.value;
        } catch (e) {
          await this.tokens.release('airalo', this.leaseOwner);
          throw e;
        }
      }
      if (waited >= TOKEN_WAITS)
        throw new EsimProviderError('unavailable', 'airalo: another process is still asking for the access token', true);
      await this.http.sleep(TOKEN_WAIT_MS);
    }
  }

  private async requestToken(): Promise<StoredToken> {
    const req: HttpRequest = {
      method: 'POST',
      url: `${this.base}/v2/token`,
      label: 'POST /v2/token',
      body: new URLSearchParams({
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        grant_type: 'client_credentials',
      }),
    };
    const answer = await sendOnce(this.http, req);
    if (answer.status === 401 || answer.status === 403 || answer.status === 422) {
      throw new EsimProviderError(
        'rejected',
        `airalo: POST /v2/token refused the client credentials (${answer.status}); check AIRALO_CLIENT_ID and AIRALO_CLIENT_SECRET`,
        false,
      );
    }
    if (answer.status < 200 || answer.status >= 300) throw statusError(this.http, req, answer);
    const data = isObj(answer.json) && isObj(answer.json.data) ? answer.json.data : undefined;
    const value = str(data?.access_token);
    if (!value) throw new EsimProviderError('unavailable', 'airalo: POST /v2/token answered without an access_token', true);
    const expiresInSec = num(data?.expires_in) ?? 3600;
    return { value, until: this.http.now().getTime() + Math.max(0, expiresInSec * 1000 - TOKEN_MARGIN_MS) };
  }

  /** One authorised request: a 401 refreshes the token once and repeats it once. Non-2xx → EsimProviderError. */
  private async once(req: HttpRequest): Promise<Json> {
    let token = await this.accessToken();
    let answer = await sendOnce(this.http, { ...req, headers: { ...req.headers, Authorization: `Bearer ${token}` } });
    if (answer.status === 401) {
      this.refused = token;
      if (this.token?.value === token) this.token = undefined;
      token = await this.accessToken();
      answer = await sendOnce(this.http, { ...req, headers: { ...req.headers, Authorization: `Bearer ${token}` } });
      if (answer.status === 401) {
        throw new EsimProviderError('rejected', `airalo: ${req.label} refused a fresh token (401); check the API credentials`, false);
      }
    }
    if (answer.status >= 200 && answer.status < 300) return isObj(answer.json) ? answer.json : {};
    throw this.errorOf(req, answer);
  }

  private errorOf(req: HttpRequest, answer: HttpAnswer): EsimProviderError {
    const body = isObj(answer.json) ? answer.json : {};
    const inner = isObj(body.data) ? body.data : {};
    const meta = isObj(body.meta) ? body.meta : {};
    const code = num(body.code ?? inner.code);
    const reason = str(body.reason ?? inner.reason ?? meta.message ?? body.message);
    // Validation errors name the fields in `data` ({ package_id: 'The selected package is invalid.' }).
    const fields = Object.entries(inner)
      .filter(([k, v]) => k !== 'code' && k !== 'reason' && typeof v === 'string')
      .map(([k, v]) => `${k}: ${v as string}`);
    const detail = [code !== undefined ? `[${code}]` : '', reason ?? '', ...fields].join(' ').trim().slice(0, 300) || undefined;
    const packageUnavailable =
      answer.status === 422 &&
      ((code !== undefined && PACKAGE_UNAVAILABLE_CODES.has(code)) ||
        typeof inner.package_id === 'string' ||
        (code === undefined && PACKAGE_UNAVAILABLE_TEXT.test(reason ?? '')));
    if (answer.status === 422 && code !== undefined && RETRYABLE_CODES.has(code)) {
      return new EsimProviderError('unavailable', `airalo: ${req.label} cannot be served now: ${detail}`, true, { packageUnavailable });
    }
    const e = statusError(this.http, req, answer, detail);
    return packageUnavailable
      ? new EsimProviderError(e.code, e.message, e.retryable, { retryAfterMs: e.retryAfterMs, packageUnavailable })
      : e;
  }

  private url(path: string, query?: Record<string, string>): string {
    const q = query ? `?${new URLSearchParams(query).toString()}` : '';
    return `${this.base}${path}${q}`;
  }

  private get(path: string, label: string, query?: Record<string, string>): Promise<Json> {
    return withRetries(this.http, label, () => this.once({ method: 'GET', url: this.url(path, query), label }));
  }

  // --- orders ---------------------------------------------------------------------------------------

  /** The order whose description is exactly `description` (Airalo's filter is a LIKE search), or undefined. */
  private async findOrder(description: string): Promise<Json | undefined> {
    const body = await this.get('/v2/orders', 'GET /v2/orders', {
      'filter[description]': description,
      include: 'sims,status',
      limit: '50',
    });
    const list = Array.isArray(body.data) ? body.data : [];
    return list.filter(isObj).find((o) => o.description === description);
  }

  private static readySims(order: Json): Json[] {
    return Array.isArray(order.sims) ? order.sims.filter(isObj).filter((s) => str(s.iccid)) : [];
  }

  private static failed(order: Json): boolean {
    return isObj(order.status) && str(order.status.slug) === 'failed';
  }

  async order(input: EsimOrderInput): Promise<EsimOrderResult> {
    const packageId = input.packageCode;
    if (!packageId) throw new EsimProviderError('rejected', 'airalo: the plan has no Airalo package (run catalog sync)', false);
    const description = input.orderId;
    const label = this.config.async ? 'POST /v2/orders-async' : 'POST /v2/orders';
    return withRetries(this.http, label, async (): Promise<EsimOrderResult> => {
      // Always look first: a retry, a second call with the same key, or a restart after a dropped answer.
      const existing = await this.findOrder(description);
      if (existing) {
        if (AiraloProvider.failed(existing))
          throw new EsimProviderError('rejected', `airalo: order ${str(existing.code) ?? ''} failed at Airalo`, false);
        const sim = AiraloProvider.readySims(existing)[0];
        if (sim) return { status: 'ready', esim: profileOfSim(sim, str(existing.id)) } as const;
        // Listed but its eSIM not made yet: wait for it, never order a second one.
        return { status: 'pending', providerRef: asyncRef(str(existing.request_id) ?? 'listed', description) } as const;
      }
      const form = new URLSearchParams({ quantity: '1', package_id: packageId, description });
      if (this.config.async) return this.orderAsync(form, description);
      const body = await this.once({ method: 'POST', url: this.url('/v2/orders'), label, body: form });
      const data = isObj(body.data) ? body.data : {};
      const sim = AiraloProvider.readySims(data)[0];
      if (!sim) throw new EsimProviderError('unavailable', 'airalo: POST /v2/orders answered without an eSIM', true);
      return { status: 'ready', esim: profileOfSim(sim, str(data.id)) } as const;
    });
  }

  private async orderAsync(form: URLSearchParams, description: string): Promise<EsimOrderResult> {
    const req: HttpRequest = { method: 'POST', url: this.url('/v2/orders-async'), label: 'POST /v2/orders-async', body: form };
    let body: Json;
    try {
      body = await this.once(req);
    } catch (e) {
      // Accepted or not is unknown after a timeout, a dropped answer or a 5xx, and an accepted order
      // is not listed until it is made: no inline retry (the shop's next attempt looks it up first).
      // A 429 was not accepted, so it may be retried at once.
      if (e instanceof EsimProviderError && e.retryable && !/\(429\)/.test(e.message)) {
        throw new EsimProviderError(e.code, e.message, false, { retryAfterMs: e.retryAfterMs, packageUnavailable: e.packageUnavailable });
      }
      throw e;
    }
    const data = isObj(body.data) ? body.data : {};
    const requestId = str(data.request_id);
    if (!requestId) throw new EsimProviderError('rejected', 'airalo: POST /v2/orders-async answered without a request_id', false);
    return { status: 'pending', providerRef: asyncRef(requestId, description) };
  }

  async getEsim(providerRef: string): Promise<EsimDetails> {
    const pending = parseAsyncRef(providerRef);
    if (pending) {
      const order = await this.findOrder(pending.description);
      if (order && AiraloProvider.failed(order)) {
        throw new EsimProviderError('rejected', `airalo: asynchronous order ${pending.requestId} failed at Airalo`, false);
      }
      const sim = order ? AiraloProvider.readySims(order)[0] : undefined;
      if (!sim) return { status: 'pending', providerRef };
      const esim = profileOfSim(sim, order ? str(order.id) : undefined);
      const u = await this.usage(esim.iccid);
      return { status: 'ready', esim, profileState: u.profileState, planState: u.planState };
    }
    const iccid = this.iccidOf(providerRef);
    const body = await this.get(`/v2/sims/${iccid}`, 'GET /v2/sims/{iccid}');
    if (!isObj(body.data)) throw new EsimProviderError('not_found', 'airalo: GET /v2/sims/{iccid} found no eSIM', false);
    const esim = profileOfSim(body.data);
    const u = await this.usage(iccid);
    return { status: 'ready', esim, profileState: u.profileState, planState: u.planState };
  }

  private iccidOf(v: string): string {
    if (!/^\d{18,22}$/.test(v)) throw new EsimProviderError('not_found', 'airalo: not an ICCID (18 to 22 digits)', false);
    return v;
  }

  // --- usage, top-ups, refunds ----------------------------------------------------------------------

  async usage(iccid: string): Promise<EsimUsage> {
    this.iccidOf(iccid);
    const body = await this.get(`/v2/sims/${iccid}/usage`, 'GET /v2/sims/{iccid}/usage');
    const d = isObj(body.data) ? body.data : {};
    const status = str(d.status);
    const states = airaloStates(status);
    // Unlimited packages report total/remaining 0: ignore them (Airalo's note on this endpoint).
    const unlimited = d.is_unlimited === true;
    const total = num(d.total) ?? 0;
    const remaining = num(d.remaining) ?? 0;
    const expiresAt = states.planState === 'not_active' ? null : parseAiraloDate(d.expired_at);
    let activatedAt: Date | null = null;
    if (states.planState !== 'not_active' && states.profileState !== 'deleted') activatedAt = await this.firstActivation(iccid);
    return {
      iccid,
      usedMb: unlimited ? 0 : Math.max(0, total - remaining),
      totalMb: unlimited ? null : total,
      remainingMb: unlimited ? null : remaining,
      planState: states.planState,
      profileState: states.profileState,
      activatedAt,
      expiresAt,
    };
  }

  /** The earliest activated_at in the eSIM's package history (the first package and its top-ups). */
  private async firstActivation(iccid: string): Promise<Date | null> {
    const body = await this.get(`/v2/sims/${iccid}/packages`, 'GET /v2/sims/{iccid}/packages');
    const list = Array.isArray(body.data) ? body.data.filter(isObj) : [];
    const times = list.map((p) => parseAiraloDate(p.activated_at)?.getTime()).filter((t): t is number => t !== undefined);
    return times.length ? new Date(Math.min(...times)) : null;
  }

  async topUp(input: EsimTopUpInput): Promise<EsimTopUpResult> {
    const iccid = this.iccidOf(input.iccid);
    const packageId = input.packageCode;
    if (!packageId) throw new EsimProviderError('rejected', 'airalo: the top-up plan has no Airalo package (run catalog sync)', false);
    const description = input.orderId;
    return withRetries(this.http, 'POST /v2/orders/topups', async () => {
      const existing = await this.findOrder(description);
      if (existing && existing.id !== undefined) return { iccid, providerRef: String(existing.id) };
      const offered = await this.get(`/v2/sims/${iccid}/topups`, 'GET /v2/sims/{iccid}/topups');
      const list = Array.isArray(offered.data) ? offered.data.filter(isObj) : [];
      if (!list.some((p) => p.id === packageId)) {
        throw new EsimProviderError('rejected', `airalo: package ${packageId} is not offered as a top-up for this eSIM`, false);
      }
      const body = await this.once({
        method: 'POST',
        url: this.url('/v2/orders/topups'),
        label: 'POST /v2/orders/topups',
        body: new URLSearchParams({ package_id: packageId, iccid, description }),
      });
      const data = isObj(body.data) ? body.data : {};
      const id = str(data.id);
      if (!id) throw new EsimProviderError('unavailable', 'airalo: POST /v2/orders/topups answered without an order id', true);
      return { iccid, providerRef: id };
    });
  }

  /**
   * openapi/airalo-rest-api-endpoints-top-up-esim-api-openapi.yml, GET /v2/sims/{iccid}/topups: the
   * top-up packages this eSIM can take (data[].id). A recycled SIM (error 73) takes none.
   */
  async topUpsFor(iccid: string): Promise<string[]> {
    this.iccidOf(iccid);
    let offered: Json;
    try {
      offered = await this.get(`/v2/sims/${iccid}/topups`, 'GET /v2/sims/{iccid}/topups');
    } catch (e) {
      if (e instanceof EsimProviderError && e.code === 'rejected' && /\[73\]/.test(e.message)) return [];
      throw e;
    }
    const list = Array.isArray(offered.data) ? offered.data.filter(isObj) : [];
    return list.map((p) => str(p.id)).filter((id): id is string => Boolean(id));
  }

  async cancel(iccid: string): Promise<EsimCancelResult> {
    this.iccidOf(iccid);
    const u = await this.usage(iccid);
    if (u.profileState === 'deleted') return { canceled: false, iccid, reason: 'already_canceled' };
    if (u.planState !== 'not_active') return { canceled: false, iccid, reason: 'activated' };
    const form = new FormData();
    form.append('iccids[]', iccid);
    form.append('reason', 'OTHERS');
    form.append('notes', 'Unused eSIM: the traveller canceled the order before installing it.');
    // Not retried inline: a second request for the same ICCID is refused as a duplicate anyway.
    await this.once({ method: 'POST', url: this.url('/v2/refund'), label: 'POST /v2/refund', body: form });
    return { canceled: true, iccid };
  }

  // --- catalogue ------------------------------------------------------------------------------------

  async listPackages(): Promise<ProviderPackage[]> {
    const byCode = new Map<string, ProviderPackage>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const body = await this.get('/v2/packages', 'GET /v2/packages', { include: 'topup', limit: '100', page: String(page) });
      // Page 1 has an array; later pages an object keyed by the entry's index.
      const entries = Array.isArray(body.data) ? body.data : isObj(body.data) ? Object.values(body.data) : [];
      const pricing = pricingOf(body.pricing);
      for (const entry of entries.filter(isObj)) {
        for (const p of packagesOfEntry(entry, pricing)) if (!byCode.has(p.code)) byCode.set(p.code, p);
      }
      // Paging is described two ways (browse-packages, GET /v2/packages): "Results are paginated,
      // retrieve all pages" (links.next / meta.last_page, page 2+ keyed by index), and "call the
      // endpoint without a limit parameter to retrieve the full catalogue in a single response" (no
      // links, no meta paging). Both are read: another page is asked for only while links.next is
      // set or meta says a later page exists.
      const links = isObj(body.links) ? body.links : {};
      const meta = isObj(body.meta) ? body.meta : {};
      const current = num(meta.current_page) ?? page;
      const last = num(meta.last_page);
      const more = last !== undefined ? current < last : Boolean(links.next);
      // Follow it by page number on our own base URL (never send the token to a URL from a body).
      if (!more || entries.length === 0) break;
    }
    return [...byCode.values()];
  }

  // --- webhooks -------------------------------------------------------------------------------------

  parseWebhook(rawBody: string, headers: Headers, now: Date): EsimEvent[] {
    const given = headers.get(AIRALO_SIGNATURE_HEADER)?.trim() ?? '';
    if (!given) throw new EsimWebhookError('signature', `missing ${AIRALO_SIGNATURE_HEADER} header`);
    const expected = createHmac('sha512', this.config.webhookSecret ?? this.config.clientSecret)
      .update(rawBody, 'utf8')
      .digest();
    const ok = /^[0-9a-f]{128}$/i.test(given) && timingSafeEqual(Buffer.from(given, 'hex'), expected);
    if (!ok) throw new EsimWebhookError('signature', 'signature does not match the body (wrong secret, or the body was changed)');
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new EsimWebhookError('malformed', 'the body is not JSON');
    }
    if (!isObj(body)) throw new EsimWebhookError('malformed', 'the body is not a JSON object');
    const stamp = parseAiraloDate(body.timestamp ?? body.created_at);
    if (stamp) {
      const tolerance = (this.config.webhookToleranceSec ?? DEFAULT_WEBHOOK_TOLERANCE_SEC) * 1000;
      const age = now.getTime() - stamp.getTime();
      if (age > tolerance || age < -WEBHOOK_FUTURE_TOLERANCE_MS)
        throw new EsimWebhookError('stale', 'the delivery is too old (a replay) or dated in the future');
    }
    const id = `airalo:${createHash('sha256').update(rawBody).digest('hex').slice(0, 32)}`;
    // Never later than now: a delivery dated ahead (within the tolerance) must not outrank the
    // reports that follow it.
    const occurredAt = (stamp && stamp.getTime() < now.getTime() ? stamp : now).toISOString();
    // Async order completion: "the same shape as the synchronous POST /v2/orders response, plus a
    // `request_id`" (asyncapi/airalo-webhooks.yml, async_order_notification; no example given). The
    // order response wraps the order in `data`, so request_id may sit at the top level or inside
    // `data`: both are read. A failure has `reason` and no sims.
    const inner = isObj(body.data) ? body.data : undefined;
    const requestId = str(body.request_id) ?? str(inner?.request_id);
    if (requestId) {
      const data = inner ?? body;
      const sim = AiraloProvider.readySims(data)[0];
      if (!sim) return [];
      const description = str(data.description) ?? '';
      return [{ id, type: 'ready', iccid: str(sim.iccid) ?? '', occurredAt, providerRef: asyncRef(requestId, description) }];
    }
    // Low data / expiring: level '75%' | '90%' | '3days' | '1days'.
    const level = str(body.level);
    const iccid = str(body.iccid);
    if (level && iccid) {
      const type = /day/i.test(level) ? 'validity_ending' : 'low_data';
      return [{ id, type, iccid, occurredAt }];
    }
    // Credit limit notices concern the partner account, not an eSIM.
    if (body.message !== undefined || body.remaining !== undefined || body.level !== undefined) return [];
    throw new EsimWebhookError('malformed', 'not an Airalo async order, low data or credit limit notification');
  }
}

/** The account's pricing model: GET /v2/packages `pricing { model, discount_percentage }`. */
export interface AiraloPricing {
  model: string | undefined;
  discountPercentage: number | undefined;
}

export function pricingOf(v: unknown): AiraloPricing | undefined {
  if (!isObj(v)) return undefined;
  return { model: str(v.model), discountPercentage: num(v.discount_percentage) };
}

/**
 * What the shop pays for one package, in USD cents, or undefined when it cannot be known.
 *
 * openapi/airalo-rest-api-endpoints-browse-packages-api-openapi.yml (GET /v2/packages) gives a
 * top-level `pricing { model, discount_percentage }`; an account on `discount_pricing` gets
 * `net_price: null` and pays the recommended retail price less `discount_percentage` (the same
 * block appears in the place-order and top-up-esim examples). The documents leave room, so every
 * reading is accepted:
 *   - a net price (`prices.net_price.USD` or `net_price`) wins whenever it is a number;
 *   - else the discount comes from the package's own `pricing` block, else the response's;
 *   - the retail price is `prices.recommended_retail_price.USD`, else `price`;
 *   - a percentage is read as 0–100 (never a fraction: 0.15 would be 0.15 %, which the docs' integer
 *     type rules out) and must lie in [0, 100).
 * Rounded up to the cent: the shop never under-counts its cost.
 */
export function costOfPackage(p: Json, pricing: AiraloPricing | undefined): number | undefined {
  const prices = isObj(p.prices) ? p.prices : {};
  const netUsd = num(isObj(prices.net_price) ? prices.net_price.USD : undefined) ?? num(p.net_price);
  if (netUsd !== undefined) return Math.round(netUsd * 100);
  const own = pricingOf(p.pricing);
  const pct = own?.discountPercentage ?? pricing?.discountPercentage;
  const model = own?.model ?? pricing?.model;
  if (pct === undefined || pct < 0 || pct >= 100) return undefined;
  if (model !== undefined && model !== 'discount_pricing') return undefined;
  const retailUsd = num(isObj(prices.recommended_retail_price) ? prices.recommended_retail_price.USD : undefined) ?? num(p.price);
  if (retailUsd === undefined || retailUsd <= 0) return undefined;
  return Math.ceil(Math.round(retailUsd * 100) * ((100 - pct) / 100) - 1e-9);
}

/**
 * Plan facts from an operator of GET /v2/packages (browse-packages OpenAPI, operators[]):
 * coverages[{ code, networks[{ name, types[] }] }] → operators per country with their best
 * generation; rechargeability → top-ups; activation_policy → when validity starts ('first-usage':
 * at the first connection; 'installation'/'purchase' as named; anything else: not said). Airalo says
 * nothing about hotspot or the IP's exit country: left undefined.
 */
export function airaloOperatorFacts(op: Json): PlanFacts {
  const coverages = Array.isArray(op.coverages) ? op.coverages.filter(isObj) : [];
  const operators: PlanOperator[] = [];
  for (const c of coverages) {
    const country = (str(c.code) ?? '').toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) continue;
    for (const n of Array.isArray(c.networks) ? c.networks.filter(isObj) : []) {
      const name = str(n.name);
      if (!name) continue;
      const types = Array.isArray(n.types) ? n.types.map((t) => str(t) ?? '') : [str(n.type) ?? ''];
      const generation = bestGeneration(types);
      operators.push({ country, name, ...(generation ? { generation } : {}) });
    }
  }
  const policy = (str(op.activation_policy) ?? '').toLowerCase();
  const validityStarts = /first|usage|connect/.test(policy)
    ? 'first_connection'
    : /install/.test(policy)
      ? 'installation'
      : /purchase/.test(policy)
        ? 'purchase'
        : undefined;
  return {
    operators: operators.length ? operators : undefined,
    topUps: typeof op.rechargeability === 'boolean' ? op.rechargeability : undefined,
    validityStarts,
  };
}

/** is_fair_usage_policy false on a package: no daily cap; true: the cap and speed its fair_usage_policy text names. */
function airaloFairUse(p: Json, unlimited: boolean): PlanFacts {
  if (p.is_fair_usage_policy === false) return unlimited ? { dailyCapMb: null } : {};
  if (p.is_fair_usage_policy !== true) return {};
  return fairUseOf(str(p.fair_usage_policy));
}

/** One entry of GET /v2/packages (a country, or a region for global operators) → packages in the shop's units. */
export function packagesOfEntry(entry: Json, pricing?: AiraloPricing): ProviderPackage[] {
  const out: ProviderPackage[] = [];
  const operators = Array.isArray(entry.operators) ? entry.operators.filter(isObj) : [];
  for (const op of operators) {
    const listed = Array.isArray(op.countries) ? op.countries.filter(isObj).map((c) => str(c.country_code)) : [];
    const codes = [...listed, ...(listed.length ? [] : [str(entry.country_code)])]
      .filter((c): c is string => Boolean(c))
      .map((c) => c.toUpperCase())
      .filter((c) => /^[A-Z]{2}$/.test(c));
    const countries = [...new Set(codes)];
    if (countries.length === 0) continue;
    const global = str(op.type) === 'global';
    const packages = Array.isArray(op.packages) ? op.packages.filter(isObj) : [];
    const operatorFacts = airaloOperatorFacts(op);
    for (const p of packages) {
      const code = str(p.id);
      const days = num(p.day);
      const unlimited = p.is_unlimited === true;
      const amount = num(p.amount);
      const prices = isObj(p.prices) ? p.prices : {};
      const costMinor = costOfPackage(p, pricing);
      const retailUsd = num(isObj(prices.recommended_retail_price) ? prices.recommended_retail_price.USD : undefined) ?? num(p.price);
      if (!code || !days || days <= 0 || costMinor === undefined) continue;
      // Voice-and-text only packages (no data) are not sold by this shop.
      if (!unlimited && !(amount && amount > 0)) continue;
      out.push({
        code,
        name: str(p.title) ?? code,
        countries,
        area: global ? str(entry.title) : undefined,
        dataMb: unlimited ? null : Math.round(amount!),
        validityDays: Math.round(days),
        wholesale: { minor: costMinor, currency: 'USD' },
        suggestedRetail: retailUsd !== undefined ? { minor: Math.round(retailUsd * 100), currency: 'USD' } : undefined,
        topUp: str(p.type) === 'topup',
        newEsim: str(p.type) !== 'topup',
        facts: compactFacts({ ...operatorFacts, ...airaloFairUse(p, unlimited) }),
      });
    }
  }
  return out;
}

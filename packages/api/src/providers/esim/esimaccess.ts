// eSIM Access open API (https://api.esimaccess.com, /api/v1/open/*) behind EsimProvider.
//
// Every request is a POST with a JSON body and four headers: RT-AccessCode, RT-Timestamp (ms),
// RT-RequestID (a fresh UUID, hex) and RT-Signature = lower-case hex HMAC-SHA256, keyed with the
// secret key, of timestamp + requestId + accessCode + body (plain concatenation, the exact body
// bytes sent). That is eSIM Access's documented scheme; its worked example (timestamp 1628670421,
// request id 4ce9d9cd…, access code 11111, secret 1111, body {"imsi":"326543826"} → 7eb765e2…) is
// a test. Each retry signs again (a fresh timestamp and request id).
//
// The API answers HTTP 200 with { success, errorCode, errorMsg, obj }; success:false is mapped by
// errorCode (ERRORS below). HTTP 429/5xx, timeouts and dropped connections are retryable
// 'unavailable' (shared plumbing in http.ts: back-off honouring Retry-After).
//
// Choices where eSIM Access leaves room:
// - order() sends transactionId = the shop's idempotency key, so eSIM Access never sells twice for
//   one key. A repeat is refused as a duplicate: the adapter then finds the first order's orderNo
//   by listing recent eSIMs (/esim/query by time range, page by page) and matching transactionId.
//   It never orders again; when the first order is not visible yet it throws a retryable error.
// - The profile arrives asynchronously. order() polls /esim/query a couple of times (3 s apart,
//   eSIM Access's advice) and answers 'ready' when the profile is there, else 'pending' with
//   providerRef = orderNo: the shop then polls getEsim(orderNo), or the ORDER_STATUS webhook
//   ('ready') makes it fetch at once. Most orders are allocated within seconds, so most travellers
//   get their eSIM in the first call.
// - providerRef is always the orderNo. usage, top-up and cancel need the eSIM's esimTranNo: the
//   adapter looks it up by ICCID (/esim/query {iccid}), so nothing provider-specific is stored.
// - Webhooks: eSIM Access does not document a signature on its deliveries. The adapter accepts a
//   delivery only when it carries the same RT-* headers as a request, signed the same way over the
//   raw body with ESIMACCESS_WEBHOOK_SECRET (default: the secret key), RT-AccessCode equal to ours
//   and RT-Timestamp within 300 s. Unsigned deliveries are refused (fail closed): the shop still
//   learns everything by polling (getEsim, usage), so a webhook that cannot be trusted is never
//   needed. See parseWebhook.
// - Secrets (the secret key, the webhook secret) never leave this file except inside the HMAC; the
//   provider's own error texts are passed through redact() before they reach a message or a log.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { tryParseActivationCode } from '../../domain/activation-code.ts';
import { resolveHttp, sendOnce, statusError, withRetries } from './http.ts';
import type { HttpRequest, ResolvedHttp } from './http.ts';
import { bytesToMb, eaTime, planStateOf, profileStateOf, toProviderPackage, transactionIdOf } from './esimaccess-map.ts';
import type { EaEsim, EaPackage } from './esimaccess-map.ts';
import { EsimProviderError, EsimWebhookError } from './types.ts';
import type {
  EsimAccessConfig,
  EsimCancelResult,
  EsimDetails,
  EsimEvent,
  EsimEventType,
  EsimOrderInput,
  EsimOrderResult,
  EsimProfile,
  EsimProvider,
  EsimProviderErrorCode,
  EsimTopUpInput,
  EsimTopUpResult,
  EsimUsage,
  ProviderPackage,
} from './types.ts';

const API = '/api/v1/open';
const PROVIDER = 'eSIM Access';
/** A webhook's RT-Timestamp may be this far from now, either way. */
const WEBHOOK_TOLERANCE_MS = 300_000;
/** How far back a duplicate transactionId's first order is searched for, and how many pages. */
const LOOKBACK_MS = 7 * 24 * 3600_000;
const LOOKUP_PAGE_SIZE = 50;
const LOOKUP_MAX_PAGES = 20;

export interface EsimAccessOptions extends EsimAccessConfig {
  /** Queries for the profile inside order() before answering 'pending' (default 2). */
  orderPolls?: number | undefined;
  /** Wait before each of those queries (default 3,000 ms; tests pass a sleep that does not wait). */
  orderPollMs?: number | undefined;
}

/** The signature of one request: lower-case hex HMAC-SHA256 of timestamp + requestId + accessCode + body. */
export function esimAccessSignature(secret: string, timestamp: string, requestId: string, accessCode: string, body: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + requestId + accessCode + body)
    .digest('hex');
}

// errorCode → what it means for the shop. Not listed: 'rejected', not retryable (the order is
// refunded and the log names the code). A bad signature, an expired timestamp or a blocked IP are
// the operator's to fix (keys, clock, allow-list): retryable, so orders wait for the fix within the
// fulfilment's attempts instead of being refunded at once.
// packageUnavailable: eSIM Access refused the package itself (out of stock, or not sold any more):
// with several providers the order fails over to the next provider's equivalent (issue 25).
const ERRORS: Record<string, { code: EsimProviderErrorCode; retryable: boolean; what: string; packageUnavailable?: true }> = {
  '000001': { code: 'unavailable', retryable: true, what: 'server error' },
  '900001': { code: 'unavailable', retryable: true, what: 'system busy' },
  '101001': { code: 'unavailable', retryable: true, what: 'request timestamp expired (check the server clock)' },
  '101002': { code: 'unavailable', retryable: true, what: "this server's IP address is not on the allow-list" },
  '101003': {
    code: 'unavailable',
    retryable: true,
    what: 'request signature refused (check ESIMACCESS_ACCESS_CODE and ESIMACCESS_SECRET_KEY)',
  },
  '000101': { code: 'unavailable', retryable: true, what: 'a mandatory header is missing' },
  // Only getEsim asks by orderNo, and answers 'pending' for it (the shop polls again): no retry here.
  '200010': { code: 'unavailable', retryable: false, what: 'profile not yet allocated' },
  '200007': { code: 'rejected', retryable: false, what: 'insufficient balance on the eSIM Access account' },
  '200011': { code: 'rejected', retryable: false, what: 'out of stock (no profiles available)', packageUnavailable: true },
  '310201': { code: 'rejected', retryable: false, what: 'package not found', packageUnavailable: true },
  '310241': { code: 'rejected', retryable: false, what: 'package not found', packageUnavailable: true },
  '310243': { code: 'rejected', retryable: false, what: 'package not found', packageUnavailable: true },
  '200005': { code: 'rejected', retryable: false, what: 'package price changed (run catalog sync)' },
  '200006': { code: 'rejected', retryable: false, what: 'wrong total amount' },
  '310272': { code: 'not_found', retryable: false, what: 'order not found' },
  '310403': { code: 'not_found', retryable: false, what: 'ICCID not found' },
  '200002': { code: 'conflict', retryable: false, what: 'not allowed in the eSIM’s current state' },
  '200009': { code: 'conflict', retryable: false, what: 'not allowed in the order’s current state' },
};

const RATE_LIMITED = /rate.?limit|too many|frequen/i;
const DUPLICATE = /transaction.?id.*(?:exist|duplicat|repeat|already|used)|(?:duplicat|repeat).*transaction/i;

/** An answer with success:false, with eSIM Access's code kept for the operation to read. */
export class EsimAccessApiError extends EsimProviderError {
  readonly errorCode: string;
  /** eSIM Access refused a transactionId it has seen before. */
  readonly duplicate: boolean;
  constructor(
    code: EsimProviderErrorCode,
    message: string,
    retryable: boolean,
    errorCode: string,
    duplicate: boolean,
    packageUnavailable = false,
  ) {
    super(code, message, retryable, { packageUnavailable });
    this.errorCode = errorCode;
    this.duplicate = duplicate;
  }
}

interface Envelope {
  success?: boolean | string;
  errorCode?: string | number | null;
  errorMsg?: string | null;
  obj?: unknown;
}

export class EsimAccessProvider implements EsimProvider {
  readonly name = 'esimaccess';
  readonly isReal = true;
  private readonly http: ResolvedHttp;
  private readonly baseUrl: string;
  private readonly accessCode: string;
  private readonly secretKey: string;
  private readonly webhookSecret: string;
  private readonly orderPolls: number;
  private readonly orderPollMs: number;

  constructor(config: EsimAccessOptions) {
    if (!config.accessCode || !config.secretKey) throw new Error('eSIM Access needs ESIMACCESS_ACCESS_CODE and ESIMACCESS_SECRET_KEY');
    this.http = resolveHttp(PROVIDER, config);
    this.baseUrl = (config.baseUrl || 'https://api.esimaccess.com').replace(/\/+$/, '');
    this.accessCode = config.accessCode;
    this.secretKey = config.secretKey;
    this.webhookSecret = config.webhookSecret || config.secretKey;
    this.orderPolls = Math.max(0, Math.floor(config.orderPolls ?? 2));
    this.orderPollMs = config.orderPollMs ?? 3000;
  }

  // --- the signed call ---------------------------------------------------------------------------

  /** A provider text with our credentials taken out, shortened: safe for messages and logs. */
  private redact(text: unknown): string {
    let s = typeof text === 'string' ? text : '';
    for (const secret of [this.secretKey, this.webhookSecret, this.accessCode]) {
      if (secret) s = s.split(secret).join('[redacted]');
    }
    return s.length > 200 ? `${s.slice(0, 200)}…` : s;
  }

  private apiError(label: string, env: Envelope): EsimAccessApiError {
    const code = String(env.errorCode ?? '');
    const msg = this.redact(env.errorMsg);
    const duplicate = DUPLICATE.test(msg);
    const known = ERRORS[code];
    const meaning: { code: EsimProviderErrorCode; retryable: boolean; what: string; packageUnavailable?: true } = duplicate
      ? { code: 'conflict' as const, retryable: false, what: 'duplicate transactionId' }
      : RATE_LIMITED.test(msg)
        ? { code: 'unavailable' as const, retryable: true, what: 'rate limited' }
        : (known ?? { code: 'rejected' as const, retryable: false, what: 'refused' });
    const detail = msg && msg !== meaning.what ? ` (${msg})` : '';
    return new EsimAccessApiError(
      meaning.code,
      `${PROVIDER}: ${label} answered ${code || 'an error'}: ${meaning.what}${detail}`,
      meaning.retryable,
      code,
      duplicate,
      meaning.packageUnavailable === true,
    );
  }

  /** One signed POST (retried when retryable); resolves to the answer's obj. */
  private call<T>(path: string, payload: Record<string, unknown>): Promise<T> {
    const label = `POST ${API}${path}`;
    return withRetries(this.http, label, async () => {
      const body = JSON.stringify(payload);
      const timestamp = String(this.http.now().getTime());
      const requestId = randomUUID().replace(/-/g, '');
      const req: HttpRequest = {
        method: 'POST',
        url: `${this.baseUrl}${API}${path}`,
        label,
        body,
        headers: {
          'Content-Type': 'application/json',
          'RT-AccessCode': this.accessCode,
          'RT-Timestamp': timestamp,
          'RT-RequestID': requestId,
          'RT-Signature': esimAccessSignature(this.secretKey, timestamp, requestId, this.accessCode, body),
        },
      };
      const answer = await sendOnce(this.http, req);
      const env = answer.json as Envelope | undefined;
      if (answer.status < 200 || answer.status > 299) {
        throw statusError(this.http, req, answer, env && typeof env === 'object' ? this.redact(env.errorMsg) || undefined : undefined);
      }
      if (!env || typeof env !== 'object')
        throw new EsimProviderError('unavailable', `${PROVIDER}: ${label} answered something that is not JSON`, true);
      const ok = env.success === true || env.success === 'true';
      if (!ok) throw this.apiError(label, env);
      return env.obj as T;
    });
  }

  // --- catalogue ---------------------------------------------------------------------------------

  private async packageList(filter: Record<string, unknown>): Promise<EaPackage[]> {
    const obj = await this.call<{ packageList?: EaPackage[] } | null>('/package/list', {
      locationCode: '',
      packageCode: '',
      slug: '',
      iccid: '',
      ...filter,
    });
    return Array.isArray(obj?.packageList) ? obj.packageList : [];
  }

  /** The whole catalogue: new-eSIM packages (type BASE) and top-up packages (type TOPUP). One page each (the API does not page it). */
  async listPackages(): Promise<ProviderPackage[]> {
    const byCode = new Map<string, ProviderPackage>();
    const skipped: string[] = [];
    for (const kind of ['BASE', 'TOPUP'] as const) {
      for (const raw of await this.packageList({ type: kind })) {
        const p = toProviderPackage(raw, kind);
        if ('skip' in p) {
          skipped.push(`${String(raw.packageCode)}: ${p.skip}`);
          continue;
        }
        const seen = byCode.get(p.code);
        byCode.set(p.code, seen ? { ...seen, topUp: seen.topUp || p.topUp, newEsim: seen.newEsim || p.newEsim } : p);
      }
    }
    if (skipped.length > 0)
      this.http.log?.warn(`${PROVIDER}: packages left out of the catalogue`, { count: skipped.length, first: skipped.slice(0, 5) });
    return [...byCode.values()];
  }

  /**
   * The top-ups eSIM Access offers for this eSIM: /package/list with type TOPUP and the ICCID
   * (its API docs, "Query All Data Packages": "Query available Top Up plans with `iccid` or
   * `packageCode`"; esimaccess.com/esim-top-up-with-the-api: the answer lists the TOPUP_ packages).
   */
  async topUpsFor(iccid: string): Promise<string[]> {
    const list = await this.packageList({ type: 'TOPUP', iccid });
    return list.map((p) => p.packageCode).filter((c): c is string => typeof c === 'string' && c !== '');
  }

  // --- orders ------------------------------------------------------------------------------------

  private transactionId(key: string): string {
    return transactionIdOf(key, (s) => createHash('sha256').update(s).digest('hex'));
  }

  async order(input: EsimOrderInput): Promise<EsimOrderResult> {
    const packageCode = input.packageCode;
    if (!packageCode) {
      throw new EsimProviderError('rejected', `${PROVIDER}: plan ${input.planId} has no provider package (run \`catalog sync\`)`, false);
    }
    const transactionId = this.transactionId(input.idempotencyKey);
    // Today's price, sent with the order so eSIM Access charges what we expect (200005 otherwise).
    // A package no longer listed is still ordered without a price: if an earlier attempt with this
    // key landed, eSIM Access answers 'duplicate' and the eSIM is found; else 'package not found'.
    const listed = (await this.packageList({ packageCode, type: 'BASE' })).find((p) => p.packageCode === packageCode);
    const price = typeof listed?.price === 'number' ? { price: listed.price } : {};
    let orderNo: string;
    try {
      const obj = await this.call<{ orderNo?: string } | null>('/esim/order', {
        transactionId,
        ...(listed ? { amount: listed.price } : {}),
        packageInfoList: [{ packageCode, count: 1, ...price }],
      });
      if (!obj?.orderNo) throw new EsimProviderError('unavailable', `${PROVIDER}: the order answer had no orderNo`, true);
      orderNo = obj.orderNo;
    } catch (e) {
      if (!(e instanceof EsimAccessApiError && e.duplicate)) throw e;
      // An earlier attempt with this key landed (its answer was lost, or the shop retried): find it.
      orderNo = await this.orderNoOfTransaction(transactionId);
    }
    for (let i = 0; i < this.orderPolls; i++) {
      await this.http.sleep(this.orderPollMs);
      const details = await this.getEsim(orderNo);
      if (details.status === 'ready') return { status: 'ready', esim: details.esim };
    }
    return { status: 'pending', providerRef: orderNo };
  }

  /** The orderNo of the order placed earlier with this transactionId (recent eSIMs, page by page). */
  private async orderNoOfTransaction(transactionId: string): Promise<string> {
    const now = this.http.now().getTime();
    const fmt = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
    for (let pageNum = 1; pageNum <= LOOKUP_MAX_PAGES; pageNum++) {
      const obj = await this.call<{ esimList?: EaEsim[]; pager?: { total?: number } } | null>('/esim/query', {
        orderNo: '',
        iccid: '',
        esimTranNo: '',
        startTime: fmt(now - LOOKBACK_MS),
        endTime: fmt(now + 3600_000),
        pager: { pageNum, pageSize: LOOKUP_PAGE_SIZE },
      });
      const list = obj?.esimList ?? [];
      const hit = list.find((e) => e.transactionId === transactionId);
      if (hit) return hit.orderNo;
      const total = obj?.pager?.total ?? 0;
      if (list.length < LOOKUP_PAGE_SIZE || pageNum * LOOKUP_PAGE_SIZE >= total) break;
    }
    throw new EsimProviderError(
      'unavailable',
      `${PROVIDER}: an order with this transactionId exists but is not listed yet; not ordering again (will retry)`,
      true,
    );
  }

  private async queryOne(filter: { orderNo?: string; iccid?: string }): Promise<EaEsim | undefined> {
    const obj = await this.call<{ esimList?: EaEsim[] } | null>('/esim/query', {
      orderNo: filter.orderNo ?? '',
      iccid: filter.iccid ?? '',
      esimTranNo: '',
      pager: { pageNum: 1, pageSize: 20 },
    });
    const list = obj?.esimList ?? [];
    if (!filter.iccid) return list[0];
    // eSIM Access recycles ICCIDs: several eSIMs may carry this one. The one holding it now is the
    // one not canceled or revoked, the newest of those (esimTranNo grows with time); never simply the first.
    const same = list.filter((e) => e.iccid === filter.iccid);
    const gone = (e: EaEsim) => ['CANCEL', 'REVOKED'].includes((e.esimStatus ?? '').toUpperCase());
    const key = (e: EaEsim) => e.esimTranNo ?? '';
    const newest = (xs: EaEsim[]) =>
      [...xs].sort((a, b) => key(b).length - key(a).length || (key(b) > key(a) ? 1 : key(b) < key(a) ? -1 : 0))[0];
    return newest(same.filter((e) => !gone(e))) ?? newest(same);
  }

  private profileOf(e: EaEsim, orderNo: string): EsimProfile {
    const ac = (e.ac ?? '').trim();
    const parts = tryParseActivationCode(ac);
    if (!parts || !e.iccid)
      throw new EsimProviderError('unavailable', `${PROVIDER}: order ${orderNo} answered an unreadable activation code`, true);
    return {
      iccid: e.iccid,
      smdpAddress: parts.smdpAddress,
      matchingId: parts.matchingId,
      activationCode: ac,
      confirmationCodeRequired: parts.confirmationCodeRequired,
      apn: e.apn ?? '',
      providerRef: orderNo,
      esimRef: e.esimTranNo || undefined,
    };
  }

  async getEsim(providerRef: string): Promise<EsimDetails> {
    let e: EaEsim | undefined;
    try {
      e = await this.queryOne({ orderNo: providerRef });
    } catch (err) {
      if (err instanceof EsimAccessApiError && err.errorCode === '200010') return { status: 'pending', providerRef };
      throw err;
    }
    if (!e || !e.ac || !e.iccid) return { status: 'pending', providerRef };
    return {
      status: 'ready',
      esim: this.profileOf(e, providerRef),
      profileState: profileStateOf(e.smdpStatus),
      planState: planStateOf(e.esimStatus, e.activateTime),
    };
  }

  private async esimByIccid(iccid: string): Promise<EaEsim> {
    const e = await this.queryOne({ iccid });
    if (!e) throw new EsimProviderError('not_found', `${PROVIDER}: no eSIM with ICCID ${iccid}`, false);
    return e;
  }

  // --- usage, top-up, cancel ---------------------------------------------------------------------

  async usage(iccid: string): Promise<EsimUsage> {
    const e = await this.esimByIccid(iccid);
    const obj = await this.call<{ esimUsageList?: Array<{ esimTranNo: string; dataUsage?: number; totalData?: number }> } | null>(
      '/esim/usage/query',
      { esimTranNoList: [e.esimTranNo] },
    );
    const u = obj?.esimUsageList?.find((x) => x.esimTranNo === e.esimTranNo);
    const usedBytes = u?.dataUsage ?? e.orderUsage ?? 0;
    const totalBytes = u?.totalData ?? e.totalVolume ?? 0;
    const unlimited = e.dataType === 4;
    const usedMb = bytesToMb(usedBytes);
    const totalMb = unlimited ? null : bytesToMb(totalBytes);
    const activatedAt = eaTime(e.activateTime);
    return {
      iccid,
      usedMb,
      totalMb,
      remainingMb: totalMb === null ? null : Math.max(0, Math.round((totalMb - usedMb) * 100) / 100),
      planState: planStateOf(e.esimStatus, e.activateTime),
      profileState: profileStateOf(e.smdpStatus),
      activatedAt,
      // Before activation expiredTime is the deadline to start using it, not the plan's end.
      expiresAt: activatedAt ? eaTime(e.expiredTime) : null,
    };
  }

  async topUp(input: EsimTopUpInput): Promise<EsimTopUpResult> {
    if (!input.packageCode) {
      throw new EsimProviderError(
        'rejected',
        `${PROVIDER}: top-up plan ${input.planId} has no provider package (run \`catalog sync\`)`,
        false,
      );
    }
    const e = await this.esimByIccid(input.iccid);
    if (planStateOf(e.esimStatus, e.activateTime) === 'expired') {
      throw new EsimProviderError(
        'rejected',
        `${PROVIDER}: eSIM ${input.iccid} has expired or was canceled; it cannot be topped up`,
        false,
      );
    }
    const transactionId = this.transactionId(input.idempotencyKey);
    try {
      const obj = await this.call<{ transactionId?: string } | null>('/esim/topup', {
        esimTranNo: e.esimTranNo,
        iccid: '',
        packageCode: input.packageCode,
        transactionId,
      });
      return { iccid: input.iccid, providerRef: obj?.transactionId || transactionId };
    } catch (err) {
      // The same key again: eSIM Access applied it the first time.
      if (err instanceof EsimAccessApiError && err.duplicate) return { iccid: input.iccid, providerRef: transactionId };
      if (err instanceof EsimAccessApiError && err.code === 'conflict') {
        throw new EsimProviderError('rejected', `${PROVIDER}: the top-up of ${input.iccid} was refused (${err.message})`, false);
      }
      throw err;
    }
  }

  private cancelRefusal(e: EaEsim, iccid: string): EsimCancelResult | null {
    const status = (e.esimStatus ?? '').toUpperCase();
    if (status === 'CANCEL' || status === 'REVOKED') return { canceled: false, iccid, reason: 'already_canceled' };
    if (profileStateOf(e.smdpStatus) !== 'released') return { canceled: false, iccid, reason: 'installed' };
    if (planStateOf(e.esimStatus, e.activateTime) !== 'not_active') return { canceled: false, iccid, reason: 'activated' };
    return null;
  }

  /** eSIM Access refunds (to the account balance) an eSIM nobody downloaded or used; anything else is refused with the reason. */
  async cancel(iccid: string): Promise<EsimCancelResult> {
    const e = await this.esimByIccid(iccid);
    const refused = this.cancelRefusal(e, iccid);
    if (refused) return refused;
    try {
      await this.call('/esim/cancel', { esimTranNo: e.esimTranNo });
      return { canceled: true, iccid };
    } catch (err) {
      if (!(err instanceof EsimAccessApiError && err.code === 'conflict')) throw err;
      // Changed meanwhile: our own earlier attempt canceled it (its answer was lost), or it was installed or used.
      const now = await this.esimByIccid(iccid);
      if ((now.esimStatus ?? '').toUpperCase() === 'CANCEL') return { canceled: true, iccid };
      return this.cancelRefusal(now, iccid) ?? { canceled: false, iccid, reason: 'installed' };
    }
  }

  // --- webhooks ----------------------------------------------------------------------------------

  /**
   * eSIM Access documents its deliveries as plain JSON POSTs with no signature, secured by an IP
   * allow-list on the receiver's side, and a CHECK_HEALTH test send that must get HTTP 200 before
   * the URL can be saved in its console (esimaccess.com/docs/what-webhook-notifications-do-you-send;
   * docs.esimaccess.com, "Webhook"). So:
   *   - an unsigned delivery is accepted, but never trusted as it comes: its events carry no usage
   *     snapshot and are dated now (the body's eventGenerateTime is not believed), so the shop
   *     re-reads the eSIM from the API (usage(), or getEsim() for 'ready') before applying anything;
   *     its event id is a hash of the body (a sender cannot pick the id of a later real event);
   *   - a delivery that does carry RT-* headers (a relay that signs like a request) must sign
   *     correctly: RT-Signature = HMAC-SHA256(webhookSecret, timestamp + requestId + accessCode +
   *     raw body), RT-AccessCode ours, RT-Timestamp within 300 s; a wrong one is refused;
   *   - its events are marked `unsigned`, and the sender's address is checked against
   *     ESIM_WEBHOOK_ALLOWED_IPS (when set) for them only: signed deliveries of any provider pass.
   * Then reads { notifyType, notifyId?, eventGenerateTime?, content }:
   *   ORDER_STATUS GOT_RESOURCE     → 'ready' (providerRef = orderNo)
   *   ESIM_STATUS IN_USE            → 'activated'; USED_UP → 'finished'; *_EXPIRED → 'expired';
   *               GOT_RESOURCE with the profile installed → 'installed'; others → nothing
   *   SMDP_EVENT INSTALLATION/ENABLED → 'installed'
   *   DATA_USAGE                    → 'low_data'; VALIDITY_USAGE → 'validity_ending'
   *   CHECK_HEALTH, anything else   → no events (answered 200)
   * Events carry the eSIM's esimTranNo when the delivery names it (providerRef), so a recycled
   * ICCID is never mistaken for an earlier eSIM.
   */
  parseWebhook(rawBody: string, headers: Headers, now: Date): EsimEvent[] {
    const ts = headers.get('rt-timestamp');
    const requestId = headers.get('rt-requestid');
    const signature = headers.get('rt-signature');
    if (!signature) return this.eventsOf(rawBody, now, false);
    const accessCode = headers.get('rt-accesscode');
    if (!ts || !requestId || !accessCode) {
      throw new EsimWebhookError('signature', 'RT-Signature without RT-AccessCode, RT-Timestamp and RT-RequestID');
    }
    const expected = Buffer.from(esimAccessSignature(this.webhookSecret, ts, requestId, accessCode, rawBody), 'hex');
    const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
    const codeOk = accessCode.length === this.accessCode.length && timingSafeEqual(Buffer.from(accessCode), Buffer.from(this.accessCode));
    if (given.length !== expected.length || !timingSafeEqual(given, expected) || !codeOk) {
      throw new EsimWebhookError('signature', 'signature does not match the body (wrong secret, or the body was changed)');
    }
    if (!/^\d{10,13}$/.test(ts)) throw new EsimWebhookError('signature', 'RT-Timestamp must be a Unix time in milliseconds');
    const tMs = ts.length <= 10 ? Number(ts) * 1000 : Number(ts);
    if (Math.abs(now.getTime() - tMs) > WEBHOOK_TOLERANCE_MS) {
      throw new EsimWebhookError('stale', 'timestamp is more than 300 s away from now (replayed or clock skew)');
    }
    return this.eventsOf(rawBody, now, true);
  }

  private eventsOf(rawBody: string, now: Date, signed: boolean): EsimEvent[] {
    let body: { notifyType?: unknown; notifyId?: unknown; eventGenerateTime?: unknown; content?: Record<string, unknown> };
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new EsimWebhookError('malformed', 'the body is not JSON');
    }
    if (!body || typeof body !== 'object' || typeof body.notifyType !== 'string') {
      throw new EsimWebhookError('malformed', 'the body has no notifyType');
    }
    const type = body.notifyType;
    if (type === 'CHECK_HEALTH') return [];
    const c = body.content;
    if (!c || typeof c !== 'object') throw new EsimWebhookError('malformed', `${type} has no content`);
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const hash = createHash('sha256').update(rawBody).digest('hex').slice(0, 32);
    const id = signed ? (typeof body.notifyId === 'string' && body.notifyId ? body.notifyId : `ea-${hash}`) : `ea-u-${hash}`;
    // Never later than now, and an unsigned delivery's own date is not believed at all.
    const said = signed ? eaTime(str(body.eventGenerateTime)) : null;
    const occurredAt = (said && said.getTime() < now.getTime() ? said : now).toISOString();
    const esimTranNo = str(c.esimTranNo);
    const one = (t: EsimEventType, extra: Partial<EsimEvent> = {}): EsimEvent[] => {
      const iccid = str(c.iccid);
      if (t !== 'ready' && !iccid) throw new EsimWebhookError('malformed', `${type} has no iccid`);
      return [
        {
          id,
          type: t,
          iccid,
          occurredAt,
          ...(esimTranNo && t !== 'ready' ? { esimRef: esimTranNo } : {}),
          ...(signed ? {} : { unsigned: true }),
          ...extra,
        },
      ];
    };
    switch (type) {
      case 'ORDER_STATUS': {
        if (str(c.orderStatus) !== 'GOT_RESOURCE') return [];
        const orderNo = str(c.orderNo);
        if (!orderNo) throw new EsimWebhookError('malformed', 'ORDER_STATUS has no orderNo');
        return one('ready', { providerRef: orderNo });
      }
      case 'ESIM_STATUS': {
        const s = str(c.esimStatus).toUpperCase();
        if (s === 'IN_USE') return one('activated');
        if (s === 'USED_UP') return one('finished');
        if (s === 'USED_EXPIRED' || s === 'UNUSED_EXPIRED') return one('expired');
        if (s === 'GOT_RESOURCE' && ['installed', 'enabled'].includes(profileStateOf(str(c.smdpStatus)))) return one('installed');
        return [];
      }
      case 'SMDP_EVENT':
        return ['installed', 'enabled'].includes(profileStateOf(str(c.smdpStatus))) ? one('installed') : [];
      case 'DATA_USAGE':
        return one('low_data');
      case 'VALIDITY_USAGE':
        return one('validity_ending');
      default:
        return [];
    }
  }
}

// The HTTP plumbing the wholesale adapters share: one call with a timeout, JSON parsing, the map
// from HTTP failures to EsimProviderError, and a retry loop with back-off that honours Retry-After.
// Messages name the provider, the method and the path only: never a header, a token or a body.
import { backoffDelay } from '../retry.ts';
import { EsimProviderError, isEsimProviderError } from './types.ts';
import type { ProviderHttpOptions } from './types.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_ATTEMPTS = 3;
/** First retry delay when the provider does not say (doubles each retry). */
export const RETRY_BASE_MS = 500;
/** A Retry-After longer than this is not waited out inside one call: the error goes up with it. */
export const MAX_INLINE_WAIT_MS = 30_000;

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string> | undefined;
  body?: string | URLSearchParams | FormData | undefined;
  /** What the messages call this request, e.g. 'GET /v2/packages' (no query string: it may carry ids). */
  label: string;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON, or undefined when the body was empty or not JSON. */
  json: unknown;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The adapter's HTTP settings with their defaults filled in. */
export interface ResolvedHttp {
  provider: string;
  fetch: typeof fetch;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  timeoutMs: number;
  maxAttempts: number;
  log: NonNullable<ProviderHttpOptions['log']> | undefined;
}

export function resolveHttp(provider: string, o: ProviderHttpOptions): ResolvedHttp {
  return {
    provider,
    // Read globalThis.fetch at call time, so msw (which patches it) intercepts.
    fetch: o.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: o.now ?? (() => new Date()),
    sleep: o.sleep ?? realSleep,
    timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxAttempts: Math.max(1, Math.floor(o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)),
    log: o.log,
  };
}

/**
 * One request, no retry. A timeout, a dropped connection or a refused one throws a retryable
 * 'unavailable'; any HTTP status comes back as an answer (the caller maps it, see statusError).
 */
export async function sendOnce(http: ResolvedHttp, req: HttpRequest): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await http.fetch(req.url, {
      method: req.method,
      headers: { Accept: 'application/json', ...req.headers },
      body: req.body,
      signal: AbortSignal.timeout(http.timeoutMs),
    });
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new EsimProviderError(
      'unavailable',
      timedOut
        ? `${http.provider}: ${req.label} did not answer within ${http.timeoutMs} ms`
        : `${http.provider}: ${req.label} could not be reached (connection failed or dropped)`,
      true,
    );
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new EsimProviderError('unavailable', `${http.provider}: ${req.label} dropped the connection while answering`, true);
  }
  let json: unknown;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, headers: res.headers, json };
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

/**
 * An HTTP failure as the interface's error: 429 and 5xx → 'unavailable' (retryable, with the
 * provider's Retry-After); 404 → 'not_found'; 409 → 'conflict'; other 4xx → 'rejected' (not
 * retryable). `detail` is the provider's own reason (never a secret), appended when given.
 */
export function statusError(http: ResolvedHttp, req: HttpRequest, answer: HttpAnswer, detail?: string): EsimProviderError {
  const s = answer.status;
  const tail = detail ? `: ${detail}` : '';
  if (s === 429 || s >= 500) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'), http.now());
    const what = s === 429 ? 'is rate limited (429)' : `failed on the provider's side (${s})`;
    return new EsimProviderError('unavailable', `${http.provider}: ${req.label} ${what}${tail}`, true, { retryAfterMs });
  }
  if (s === 404) return new EsimProviderError('not_found', `${http.provider}: ${req.label} found nothing (404)${tail}`, false);
  if (s === 409) return new EsimProviderError('conflict', `${http.provider}: ${req.label} conflicts (409)${tail}`, false);
  return new EsimProviderError('rejected', `${http.provider}: ${req.label} was refused (${s})${tail}`, false);
}

/**
 * Calls fn until it resolves, a non-retryable error comes, or maxAttempts run out. Waits the
 * provider's Retry-After when it gave one (up to MAX_INLINE_WAIT_MS; longer: the error goes up with
 * it), else RETRY_BASE_MS doubling. fn gets the attempt number, so a call that is not idempotent
 * can first look up whether an earlier attempt landed after all.
 */
export async function withRetries<T>(http: ResolvedHttp, label: string, fn: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (!isEsimProviderError(e) || !e.retryable || attempt >= http.maxAttempts) throw e;
      const delay = e.retryAfterMs ?? backoffDelay(attempt, RETRY_BASE_MS);
      if (delay > MAX_INLINE_WAIT_MS) throw e;
      http.log?.warn(`${http.provider}: ${label} failed, retrying`, { attempt, code: e.code, delayMs: delay });
      await http.sleep(delay);
    }
  }
}

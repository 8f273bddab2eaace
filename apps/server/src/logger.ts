// A JSON-lines logger: one object per line on stdout (errors on stderr), easy to grep and to ship.
//
// Lines written while a request is handled carry its request id: middleware/request-log.ts puts
// `requestLogger(deps.log, id)` on the request (c.var.log), and the tRPC context hands the
// procedures a services bag whose `log` is that one (trpc-context.ts servicesFor), so a service's
// `services.log.info(...)` needs no argument for it. (Not AsyncLocalStorage: on Node 20 its
// promise hooks cost about a quarter of a catalogue request's CPU, measured.)
//
// Secrets and card data never reach a line: every value is passed through `redactReplacer` on its
// way into JSON, which blanks values under sensitive keys (password, token, secret, cookie, card
// number, CVC, expiry, API keys, signatures, at any depth) and rewrites sensitive text anywhere
// (card-number-like digit runs keep their last four, Stripe secret and webhook keys, bearer
// tokens, session cookies, secrets in query strings).
//
// Warnings and errors are bounded: anyone can send requests that fail (a bad webhook signature,
// a request that trips a bug), and one line per such request would let them fill the disk. Lines
// that repeat, the same level and message for the same route and code (extra.path / extra.route,
// extra.code / extra.reason), are written at most `repeatsPerMinute` times per minute; the rest
// are counted and, when that minute is over, one line says how many were left out:
//   {"level":"warn","msg":"repeated log lines suppressed","like":"webhook refused","suppressed":980,…}
// Info lines (what the shop did: orders paid, e-mails sent; the access log) are not bounded.
import type { Logger, LogLevel } from './types.ts';

export type { LogLevel } from './types.ts';

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** True when a logger at `level` writes lines of level `line`. */
export function levelEnabled(level: LogLevel, line: Exclude<LogLevel, 'silent'>): boolean {
  return RANK[level] >= RANK[line];
}

// ---------------------------------------------------------------------------------------------
// The request a line belongs to

/** A logger whose lines carry `requestId` (right after the message); one small object per request. */
class RequestLogger implements Logger {
  constructor(
    readonly base: Logger,
    readonly requestId: string,
  ) {}
  get level(): LogLevel | undefined {
    return this.base.level;
  }
  debug(msg: string, extra?: Record<string, unknown>): void {
    this.base.debug?.(msg, { requestId: this.requestId, ...extra });
  }
  info(msg: string, extra?: Record<string, unknown>): void {
    this.base.info(msg, { requestId: this.requestId, ...extra });
  }
  warn(msg: string, extra?: Record<string, unknown>): void {
    this.base.warn(msg, { requestId: this.requestId, ...extra });
  }
  error(msg: string, extra?: Record<string, unknown>): void {
    this.base.error(msg, { requestId: this.requestId, ...extra });
  }
}

/** `base`, writing `requestId` into every line. */
export function requestLogger(base: Logger, requestId: string): Logger {
  return new RequestLogger(base instanceof RequestLogger ? base.base : base, requestId);
}

// ---------------------------------------------------------------------------------------------
// Redaction

export const REDACTED = '[redacted]';

/** Keys whose values are never written, compared lowercased without '-', '_' and spaces. */
const SECRET_KEYS = new Set([
  'password',
  'pass',
  'pwd',
  'passphrase',
  'token',
  'secret',
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'card',
  'cardnumber',
  'pan',
  'number',
  'cvc',
  'cvv',
  'cvc2',
  'cvv2',
  'csc',
  'exp',
  'expiry',
  'expmonth',
  'expyear',
  'expdate',
  'expiration',
  'expirationdate',
  'clientsecret',
  'apikey',
  'xapikey',
  'accesscode',
  'accesskey',
  'privatekey',
  'secretkey',
  'signature',
  'stripesignature',
  'webhooksecret',
  'smtpurl',
  'databaseurl',
]);
/** Parts of keys that make them sensitive wherever they appear ('newPassword', 'sessionToken', 'STRIPE_SECRET_KEY'). */
const SECRET_KEY_PARTS = /password|passwd|secret|token|authoriz|cookie|apikey|cardnumber|signature|cvc|cvv/;

const keyCache = new Map<string, boolean>();

/** True for a key whose value must not be logged. */
export function isSecretKey(key: string): boolean {
  let hit = keyCache.get(key);
  if (hit === undefined) {
    const k = key.toLowerCase().replace(/[-_\s]/g, '');
    hit = SECRET_KEYS.has(k) || SECRET_KEY_PARTS.test(k);
    if (keyCache.size < 10_000) keyCache.set(key, hit);
  }
  return hit;
}

/**
 * Text that must not be logged wherever it appears, one alternative per kind (the replacer below
 * says what each becomes):
 * 1 a card-number-like run: 13 to 19 digits in a row (not part of a longer run), or a card number
 *   written in groups (4-4-4-4, 4-4-4-4-3, 4-6-5, split by spaces or dashes) standing alone; ICCIDs
 *   (18 to 20 digits from 89, the telecom prefix no card number has) are kept: operators look
 *   eSIMs up by them;
 * 2 Stripe secret, restricted and webhook keys, a PaymentIntent's client secret;
 * 3 'Bearer <token>' / 'Basic <credentials>';
 * 4 a value after a sensitive name, in a header, cookie, query string, form, JSON or inspected
 *   object ('session=…', '?token=…', '"password":"…"', "cvc: '123'", 'Authorization: Bearer …');
 * 5 credentials in a URL (smtp://user:pass@host).
 */
const SECRET_TEXT = new RegExp(
  [
    String.raw`((?<!\d)\d{13,19}(?!\d)|(?<![\w-])(?:(?:\d{4}[ -]){3}\d{4}(?:[ -]?\d{1,3})?|\d{4}[ -]\d{6}[ -]\d{5})(?![\w-]))`,
    String.raw`(\b(?:sk|rk)_(?:live|test)_|\bwhsec_|_secret_)[A-Za-z0-9]+`,
    String.raw`\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+`,
    String.raw`((?:["']?)\b(?:password|passwd|pwd|secret|client_?secret|token|access_?token|refresh_?token|session|cookie|authorization|api_?key|signature|cvc|cvv|card_?number)(?:["']?)\s*[:=]\s*)(?:(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,;&}"']+)`,
    String.raw`(\b[a-z][a-z0-9+.-]*:\/\/)[^\s:/@"']+:[^\s@/"']+@`,
  ].join('|'),
  'gi',
);

function secretTextReplacement(match: string, card?: string, keyPrefix?: string, scheme?: string, named?: string, url?: string): string {
  if (card !== undefined) {
    const digits = card.replace(/\D/g, '');
    return digits.startsWith('89') && digits.length >= 18 ? match : `[card ****${digits.slice(-4)}]`;
  }
  if (keyPrefix !== undefined) return `${keyPrefix}${REDACTED}`;
  if (scheme !== undefined) return `${scheme} ${REDACTED}`;
  if (named !== undefined) return `${named}${REDACTED}`;
  if (url !== undefined) return `${url}${REDACTED}@`;
  return REDACTED;
}

/** True when `text` holds something redactText would blank. */
export function hasSecretText(text: string): boolean {
  SECRET_TEXT.lastIndex = 0;
  const found = SECRET_TEXT.test(text);
  SECRET_TEXT.lastIndex = 0;
  return found;
}

/** `text` with card numbers, keys, tokens and secrets in it blanked (card numbers keep their last four digits). */
export function redactText(text: string): string {
  return text.replace(SECRET_TEXT, secretTextReplacement);
}

/**
 * JSON.stringify's replacer: sensitive keys → '[redacted]' at any depth, strings through
 * redactText, Errors as their (redacted) stack, so `log.error('x', { error: err })` keeps the message.
 */
export function redactReplacer(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (key !== '' && isSecretKey(key)) return REDACTED;
  // Request ids are generated here or checked on the way in (middleware/request-log.ts): as they are.
  if (typeof value === 'string') return key === 'requestId' ? value : redactText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return redactText(String(value.stack ?? value));
  return value;
}

/** A deep copy of `value` with what must not be logged blanked (for tests and for callers that print elsewhere). */
export function redact<T>(value: T): unknown {
  const json = JSON.stringify(value, redactReplacer);
  return json === undefined ? undefined : JSON.parse(json);
}

/** Identical warn/error lines written per minute and kind before the rest are only counted. */
export const LOG_REPEATS_PER_MINUTE = 20;
export const LOG_REPEAT_WINDOW_MS = 60_000;
/** Kinds of line (level, message, route, code) tracked at once; past it, level and message alone. */
const MAX_TRACKED = 1000;

export interface LoggerOptions {
  repeatsPerMinute?: number;
  /** The clock (tests). */
  now?: () => number;
}

interface Repeats {
  windowStart: number;
  written: number;
  suppressed: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  level: 'error' | 'warn';
  msg: string;
  route: unknown;
  code: unknown;
}

export function createLogger(
  level: LogLevel = 'info',
  out: (line: string, isError: boolean) => void = defaultOut,
  opts: LoggerOptions = {},
): Logger {
  const limit = opts.repeatsPerMinute ?? LOG_REPEATS_PER_MINUTE;
  const now = opts.now ?? (() => Date.now());
  const tracked = new Map<string, Repeats>();

  const emit = (lvl: 'error' | 'warn' | 'info' | 'debug', msg: string, extra?: Record<string, unknown>) => {
    const record = { time: new Date(now()).toISOString(), level: lvl, msg, ...extra };
    let line: string;
    try {
      line = JSON.stringify(record, redactReplacer);
    } catch {
      // A value JSON cannot hold (a cycle): the message alone rather than no line.
      line = JSON.stringify({ time: record.time, level: lvl, msg: redactText(msg), requestId: extra?.requestId, unserializable: true });
    }
    out(line, lvl === 'error');
  };

  const summarize = (key: string, r: Repeats) => {
    if (r.timer) clearTimeout(r.timer);
    r.timer = undefined;
    if (tracked.get(key) === r) tracked.delete(key);
    if (r.suppressed === 0) return;
    emit(r.level, 'repeated log lines suppressed', {
      like: r.msg,
      ...(r.route !== undefined ? { route: r.route } : {}),
      ...(r.code !== undefined ? { code: r.code } : {}),
      suppressed: r.suppressed,
      windowStart: new Date(r.windowStart).toISOString(),
      windowSeconds: LOG_REPEAT_WINDOW_MS / 1000,
    });
  };

  const keyFor = (lvl: 'error' | 'warn', msg: string, route: unknown, code: unknown): string => {
    const full = `${lvl}\u0000${msg}\u0000${String(route ?? '')}\u0000${String(code ?? '')}`;
    if (tracked.has(full) || tracked.size < MAX_TRACKED) return full;
    const t = now();
    for (const [k, r] of tracked) if (t - r.windowStart >= LOG_REPEAT_WINDOW_MS) summarize(k, r);
    // Still full: tell lines apart by level and message only (messages are written in the code,
    // so there are only so many).
    return tracked.size < MAX_TRACKED ? full : `${lvl}\u0000${msg}`;
  };

  /** True when this warn/error line may be written now; else it is counted. */
  const admit = (lvl: 'error' | 'warn', msg: string, extra?: Record<string, unknown>): boolean => {
    const route = extra?.path ?? extra?.route;
    const code = extra?.code ?? extra?.reason;
    const key = keyFor(lvl, msg, route, code);
    const t = now();
    let r = tracked.get(key);
    if (r && t - r.windowStart >= LOG_REPEAT_WINDOW_MS) {
      summarize(key, r);
      r = undefined;
    }
    if (!r) {
      r = { windowStart: t, written: 0, suppressed: 0, timer: undefined, level: lvl, msg, route, code };
      tracked.set(key, r);
    }
    if (r.written < limit) {
      r.written += 1;
      return true;
    }
    r.suppressed += 1;
    if (!r.timer) {
      const current = r;
      current.timer = setTimeout(() => summarize(key, current), Math.max(0, current.windowStart + LOG_REPEAT_WINDOW_MS - t));
      current.timer.unref?.();
    }
    return false;
  };

  const write = (lvl: 'error' | 'warn' | 'info' | 'debug', msg: string, extra?: Record<string, unknown>) => {
    const need = RANK[lvl];
    if (RANK[level] < need) return;
    if ((lvl === 'warn' || lvl === 'error') && !admit(lvl, msg, extra)) return;
    emit(lvl, msg, extra);
  };
  return {
    level,
    debug: (msg, extra) => write('debug', msg, extra),
    info: (msg, extra) => write('info', msg, extra),
    warn: (msg, extra) => write('warn', msg, extra),
    error: (msg, extra) => write('error', msg, extra),
  };
}

function defaultOut(line: string, isError: boolean): void {
  (isError ? process.stderr : process.stdout).write(line + '\n');
}

export const silentLogger: Logger = createLogger('silent');

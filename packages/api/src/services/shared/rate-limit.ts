// Request limits, counted in the database so every server process shares them (SQLite or
// PostgreSQL): the rules and decisions are domain/rate-limit.ts; this file keeps the counters.
//
// One check is one statement: an upsert on (key, window) that adds one and returns the count, so
// concurrent requests each see a different count and exactly `limit` of them get through. Rows of
// past windows are deleted in the background by pruneRateLimits (the fulfilment worker calls it),
// a bounded batch at a time, never on the request path.
import { createHmac, randomBytes } from 'node:crypto';
import { Statement, type Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import {
  EMPTY_ALLOWLIST,
  clientKey,
  isAllowlisted,
  limitMessage,
  parseAllowlist,
  scaledLimit,
  windowStartOf,
  windowVerdict,
  type LimitVerdict,
  type RateRule,
} from '../../domain/rate-limit.ts';
import { iso } from '../../domain/time.ts';
import type { RateLimitSettings, Services } from '../types.ts';

/**
 * The settings from their configured text (apps/server/src/env.ts): allowlist 'a.b.c.d, net/bits, …'
 * (throws naming a bad entry), multiplier (default 1), secret (default: random for this process).
 */
export function createRateLimitSettings(
  opts: { allowlist?: string | undefined; multiplier?: number | undefined; secret?: string | undefined } = {},
): RateLimitSettings {
  return {
    allowlist: opts.allowlist ? parseAllowlist(opts.allowlist) : EMPTY_ALLOWLIST,
    multiplier: opts.multiplier ?? 1,
    secret: opts.secret ?? randomBytes(32).toString('hex'),
  };
}

/** A 429 with the rule's words, when to retry, and which limit it was. */
export function tooManyRequests(message: string, retryAfterSeconds: number, reason: string): AppError {
  return new AppError('TOO_MANY_REQUESTS', limitMessage(message, retryAfterSeconds), { retryAfterSeconds, reason });
}

const HIT = new Statement<{ hits: number }>(
  'insert into "rate_limit_counters" ("key", "window_start", "hits", "expires_at") values (?, ?, 1, ?) ' +
    'on conflict ("key", "window_start") do update set "hits" = "rate_limit_counters"."hits" + 1 returning "hits"',
);

/** Counts one request against `key` in the window `nowMs` falls in; allowed while the count is ≤ limit. */
export async function hitCounter(db: Db, key: string, limit: number, windowMs: number, nowMs: number): Promise<LimitVerdict> {
  const start = windowStartOf(nowMs, windowMs);
  const row = await HIT.first(db, [key, start, start + windowMs]);
  return windowVerdict(Number(row?.hits ?? 1), limit, start, windowMs, nowMs);
}

/** One request against `rule` for `subject` ('ip:…', 'order:…'); throws 429 past the limit. */
export async function enforceRate(db: Db, services: Services, rule: RateRule, subject: string): Promise<void> {
  const limit = scaledLimit(rule.limit, services.rateLimits.multiplier);
  const v = await hitCounter(db, `${rule.name}:${subject}`, limit, rule.windowMs, services.now().getTime());
  if (!v.allowed) throw tooManyRequests(rule.message, v.retryAfterSeconds, rule.name);
}

/** Whether the client is exempt from the per-client limits (RATE_LIMIT_ALLOWLIST). */
export function isExemptClient(services: Services, ip: string): boolean {
  return isAllowlisted(services.rateLimits.allowlist, ip);
}

/** One request from the client `ip` against a per-client rule (nothing for an allowlisted client). */
export async function enforceClientRate(db: Db, services: Services, rule: RateRule, ip: string): Promise<void> {
  if (isExemptClient(services, ip)) return;
  await enforceRate(db, services, rule, `ip:${clientKey(ip)}`);
}

const ADD_MEMBER = new Statement<{ hits: number }>(
  'insert into "rate_limit_counters" ("key", "window_start", "hits", "expires_at") values (?, ?, 1, ?) ' +
    'on conflict ("key", "window_start") do nothing returning "hits"',
);
const DROP_MEMBER = new Statement('delete from "rate_limit_counters" where "key" = ? and "window_start" = ?');

/**
 * At most rule.limit different `member`s (e.g. card fingerprints) per client per window. A member
 * seen in this window costs nothing more; a new one is counted, and forgotten again when refused
 * (so trying it again is refused again).
 */
export async function enforceDistinctPerClient(db: Db, services: Services, rule: RateRule, ip: string, member: string): Promise<void> {
  if (isExemptClient(services, ip)) return;
  const nowMs = services.now().getTime();
  const start = windowStartOf(nowMs, rule.windowMs);
  const counter = `${rule.name}:ip:${clientKey(ip)}`;
  const memberKey = `${counter}#${member}`;
  if (!(await ADD_MEMBER.first(db, [memberKey, start, start + rule.windowMs]))) return;
  const v = await hitCounter(db, counter, scaledLimit(rule.limit, services.rateLimits.multiplier), rule.windowMs, nowMs);
  if (v.allowed) return;
  await DROP_MEMBER.execute(db, [memberKey, start]);
  throw tooManyRequests(rule.message, v.retryAfterSeconds, rule.name);
}

/** A card number's fingerprint: HMAC-SHA-256 under the configured secret, 32 hex digits. The number itself is never stored. */
export function cardFingerprint(secret: string, cardNumber: string): string {
  return createHmac('sha256', secret).update(`card:${cardNumber}`).digest('hex').slice(0, 32);
}

// ── pruning ─────────────────────────────────────────────────────────────────────────────────

const PRUNE_COUNTERS = new Statement(
  'delete from "rate_limit_counters" where ("key", "window_start") in ' +
    '(select "key", "window_start" from "rate_limit_counters" where "expires_at" <= ? limit ?)',
);
const PRUNE_LOGIN_THROTTLE = new Statement(
  'delete from "login_throttle" where "key" in (select "key" from "login_throttle" where "updated_at" < ? limit ?)',
);

/** Failure-throttle rows untouched this long are forgotten (every rule's window and lock is far shorter). */
export const THROTTLE_ROW_TTL_MS = 24 * 3600_000;

/**
 * Deletes up to `batch` counters of past windows and up to `batch` failure-throttle rows untouched
 * for THROTTLE_ROW_TTL_MS (both by index). → how many of each went.
 */
export async function pruneRateLimits(db: Db, now: Date, batch = 1000): Promise<{ counters: number; throttles: number }> {
  const counters = await PRUNE_COUNTERS.changes(db, [now.getTime(), batch]);
  const throttles = await PRUNE_LOGIN_THROTTLE.changes(db, [iso(new Date(now.getTime() - THROTTLE_ROW_TTL_MS)), batch]);
  return { counters, throttles };
}

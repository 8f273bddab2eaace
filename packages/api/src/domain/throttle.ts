// Login throttling policy. Pure: the clock comes in as an argument; the counters are kept in the
// database by services/throttle.ts so they survive restarts.
//
// Failures are counted per key: per account ('user:<username lowercased>', whether or not such a
// user exists, so the throttle reveals nothing) and per client address ('ip:<address>').
// - Failures that follow each other within 15 minutes count together; 15 quiet minutes reset the count.
// - The first few failures are free: 5 per account, 20 per address.
// - From then on every failure imposes a wait before the next attempt is even looked at:
//   15 s, 30 s, 1 min, 2 min, 4 min, 8 min, then 10 min each. Attempts during the wait are refused
//   with 429 and told when to retry; they do not count as failures (the password is not checked).
// - The wait is capped below the 15-minute window, so a blocked key never resets by waiting out
//   its lock: an attacker keeps paying 10 minutes per guess. A greedy attacker gets at most 15
//   failures through in the first hour and 6 per hour after that (the tests check ≤ 100 for every
//   schedule of attempts). The victim can sign in again after at most 10 minutes once the attack stops.
// - A successful login resets the account's count, not the address's (so a second account of the
//   attacker's cannot wash an address clean).

export interface ThrottleRule {
  /** Failures less than this far apart count together. */
  windowMs: number;
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait imposed by the first failure past the free ones; doubles with each further failure. */
  baseLockMs: number;
  /** Upper bound of the wait; kept below windowMs. */
  maxLockMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const ACCOUNT_THROTTLE: ThrottleRule = { windowMs: 15 * MINUTE, freeFailures: 5, baseLockMs: 15 * SECOND, maxLockMs: 10 * MINUTE };
export const IP_THROTTLE: ThrottleRule = { windowMs: 15 * MINUTE, freeFailures: 20, baseLockMs: 15 * SECOND, maxLockMs: 10 * MINUTE };

export interface ThrottleState {
  /** First failure of the current run. */
  windowStart: Date;
  /** Time of the latest failure. */
  lastFailureAt: Date;
  /** Failures in the current run. */
  failures: number;
  /** No attempt is looked at before this moment. */
  lockedUntil: Date | null;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAt: Date; retryAfterSeconds: number };

/** May an attempt go ahead at `now`? */
export function throttleVerdict(state: ThrottleState | null | undefined, now: Date): ThrottleVerdict {
  if (state?.lockedUntil && now.getTime() < state.lockedUntil.getTime()) {
    return {
      allowed: false,
      retryAt: state.lockedUntil,
      retryAfterSeconds: Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / SECOND)),
    };
  }
  return { allowed: true };
}

/** Combines the verdicts of several keys: refused if any refuses, retry at the latest moment. */
export function combineVerdicts(verdicts: readonly ThrottleVerdict[]): ThrottleVerdict {
  let worst: ThrottleVerdict = { allowed: true };
  for (const v of verdicts) {
    if (!v.allowed && (worst.allowed || v.retryAt.getTime() > worst.retryAt.getTime())) worst = v;
  }
  return worst;
}

/** The wait imposed after the `failures`-th failure of a run (0 while failures are free). */
export function lockDurationMs(rule: ThrottleRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = failures - rule.freeFailures;
  // 2^doublings overflows nothing: the cap is reached after a handful of doublings.
  return Math.min(rule.baseLockMs * 2 ** Math.min(doublings, 30), rule.maxLockMs);
}

/** The state after a failed attempt at `now`. */
export function recordFailure(state: ThrottleState | null | undefined, rule: ThrottleRule, now: Date): ThrottleState {
  const fresh = !state || now.getTime() - state.lastFailureAt.getTime() >= rule.windowMs;
  const failures = fresh ? 1 : state.failures + 1;
  const lock = lockDurationMs(rule, failures);
  return {
    windowStart: fresh ? now : state.windowStart,
    lastFailureAt: now,
    failures,
    lockedUntil: lock > 0 ? new Date(now.getTime() + lock) : null,
  };
}

/** Words for the 429 message: 'Too many failed sign-in attempts. Please try again in 2 minutes.' */
export function retryMessage(retryAfterSeconds: number): string {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  const when = s < 60 ? `${s} second${s === 1 ? '' : 's'}` : `${Math.ceil(s / 60)} minute${Math.ceil(s / 60) === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Please try again in ${when}.`;
}

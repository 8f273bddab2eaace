// Failed-attempt throttling: sign-in failures and declined card payments. Pure: the clock comes in
// as an argument; the counters are kept in the database by services/shared/throttle.ts so they survive
// restarts and are shared by every server process.
//
// Every rule counts failures per key:
// - Failures that follow each other within the rule's window count together; a quiet window resets the count.
// - The first few failures are free. From then on every failure imposes a wait before the next
//   attempt is even looked at, doubling up to a cap. Attempts during the wait are refused with
//   429 and told when to retry; they do not count as failures (the password is not checked).
// - The wait is capped below the window, so a blocked key never resets by waiting out its lock.
//
// Sign-in (OWASP's advice: throttle, never let strangers lock an account):
// - per account AND client ('pair:<client>|<username lowercased>'): 5 free failures within 15
//   minutes, then 15 s, 30 s, 1 min … 10 min. Someone guessing from elsewhere slows only themselves:
//   the owner's own address has its own count. A greedy guesser gets at most 15 failures through
//   in the first hour and 6 an hour after that from one client.
// - per client across accounts ('ip:<client>'): 20 free failures within 15 minutes, same waits.
// - per account from everywhere ('user:<username lowercased>'): a backstop against guessing from
//   many addresses: 100 free failures within an hour, then short waits (1 s … 30 s), so at most
//   223 guesses get through in the first hour and 120 an hour after that, however many addresses
//   are used. The waits skip an address that signed in to the account within 90 days and has no
//   failures of its own against it (the owner's: services/shared/throttle.ts), so a distributed attack
//   is slowed without ever locking the owner out on their own network.
// Keys are made whether or not such a user exists, so the throttle reveals nothing. A successful
// sign-in resets only its (account, client) count: neither the client's count (so a second
// account of the attacker's cannot wash an address clean) nor the account's.
//
// Declined card payments ('declines:<payment intent>'): 5 per order, then the order takes no
// attempt for 30 minutes (again after each further decline) — card testing stops there, and a
// traveller is told to wait, use another card or ask their bank.

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

export const PAIR_THROTTLE: ThrottleRule = { windowMs: 15 * MINUTE, freeFailures: 5, baseLockMs: 15 * SECOND, maxLockMs: 10 * MINUTE };
export const IP_THROTTLE: ThrottleRule = { windowMs: 15 * MINUTE, freeFailures: 20, baseLockMs: 15 * SECOND, maxLockMs: 10 * MINUTE };
export const ACCOUNT_THROTTLE: ThrottleRule = { windowMs: 60 * MINUTE, freeFailures: 100, baseLockMs: SECOND, maxLockMs: 30 * SECOND };
export const DECLINE_THROTTLE: ThrottleRule = { windowMs: 60 * MINUTE, freeFailures: 5, baseLockMs: 30 * MINUTE, maxLockMs: 30 * MINUTE };

/** The 429 for a locked order; '{wait}' as in domain/rate-limit.ts limitMessage. */
export const DECLINE_LOCK_MESSAGE =
  'Too many declined attempts for this order. Please wait {wait}, then try again or use another card. Your bank can tell you why the card was declined.';

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

/** Whether the key has failures in its current run (a later failure would count with them). */
export function hasRecentFailures(state: ThrottleState | null | undefined, rule: ThrottleRule, now: Date): boolean {
  return !!state && state.failures > 0 && now.getTime() - state.lastFailureAt.getTime() < rule.windowMs;
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

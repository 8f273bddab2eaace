// Login throttle counters in the database (so they hold across restarts), applying the pure
// policy of domain/throttle.ts.
//
// Check → verify password → record runs under an in-process lock per key, so a burst of parallel
// guesses against one account (or from one address) is looked at one by one and cannot slip past
// the count. Several server processes sharing one PostgreSQL database would each have their own
// locks; the counts stay in the database, so the only effect is a few extra guesses per burst.
import type { Db, LoginThrottle } from '@esim/db';
import {
  ACCOUNT_THROTTLE,
  IP_THROTTLE,
  combineVerdicts,
  recordFailure,
  throttleVerdict,
  type ThrottleRule,
  type ThrottleState,
  type ThrottleVerdict,
} from '../domain/throttle.ts';
import { usernameKey } from './users.ts';

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

/** The account key ('user:<username lowercased>', whether or not the user exists) and the address key. */
export function loginThrottleKeys(username: string, ip: string): { account: ThrottleKey; ip: ThrottleKey } {
  return {
    account: { key: `user:${usernameKey(username)}`, rule: ACCOUNT_THROTTLE },
    ip: { key: `ip:${ip.slice(0, 64)}`, rule: IP_THROTTLE },
  };
}

function toState(row: LoginThrottle): ThrottleState {
  return {
    windowStart: new Date(row.window_start),
    lastFailureAt: new Date(row.updated_at),
    failures: row.failures,
    lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
  };
}

export async function loadThrottleState(db: Db, key: string): Promise<ThrottleState | null> {
  const row = await db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
  return row ? toState(row) : null;
}

/** Refused if any key is locked; then retry at the latest of the locks. */
export async function checkThrottle(db: Db, keys: readonly ThrottleKey[], now: Date): Promise<ThrottleVerdict> {
  const verdicts: ThrottleVerdict[] = [];
  for (const k of keys) verdicts.push(throttleVerdict(await loadThrottleState(db, k.key), now));
  return combineVerdicts(verdicts);
}

export async function recordThrottleFailure(db: Db, keys: readonly ThrottleKey[], now: Date): Promise<void> {
  for (const k of keys) {
    const next = recordFailure(await loadThrottleState(db, k.key), k.rule, now);
    const values = {
      window_start: next.windowStart.toISOString(),
      failures: next.failures,
      locked_until: next.lockedUntil?.toISOString() ?? null,
      updated_at: next.lastFailureAt.toISOString(),
    };
    await db
      .insertInto('login_throttle')
      .values({ key: k.key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
  }
}

export async function resetThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

// ── in-process serialisation per key ───────────────────────────────────────────────────
const tails = new Map<string, Promise<void>>();

async function withKeyLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  tails.set(key, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}

/** Runs `fn` holding the locks of all `keys`, taken in the given order (always account, then address). */
export async function withThrottleLocks<T>(keys: readonly ThrottleKey[], fn: () => Promise<T>): Promise<T> {
  const [first, ...rest] = keys;
  if (!first) return fn();
  return withKeyLock(first.key, () => withThrottleLocks(rest, fn));
}

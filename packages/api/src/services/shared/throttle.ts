// Failed-attempt counters in the database (so they hold across restarts and are shared by every
// server process), applying the pure policy of domain/throttle.ts: sign-in failures per (account,
// client), per client and per account; declined card payments per order.
//
// Check → verify → record runs under an in-process lock per (account, client) and per client, so
// a burst of parallel guesses from one address is looked at one by one and cannot slip past the
// count. Several server processes sharing one PostgreSQL database each have their own locks, but
// every failure is counted (recordOne writes compare-and-set), so the only effect is that a burst
// split across N instances may get up to N guesses in before the count refuses it.
import type { Db, LoginThrottle } from '@esim/db';
import { clientKey } from '../../domain/rate-limit.ts';
import {
  ACCOUNT_THROTTLE,
  DECLINE_THROTTLE,
  IP_THROTTLE,
  PAIR_THROTTLE,
  combineVerdicts,
  hasRecentFailures,
  recordFailure,
  throttleVerdict,
  type ThrottleRule,
  type ThrottleState,
  type ThrottleVerdict,
} from '../../domain/throttle.ts';
import { iso } from '../../domain/time.ts';
import { usernameKey } from '../accounts/users.ts';
import { changed } from './db-tx.ts';

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export interface LoginThrottleKeys {
  /** The account from everywhere ('user:<username lowercased>', whether or not such a user exists). */
  account: ThrottleKey;
  /** The account from this client ('pair:<client>|<username lowercased>'). */
  pair: ThrottleKey;
  /** This client across accounts ('ip:<client>'). */
  ip: ThrottleKey;
}

/** An address that signed in to the account within this long is the owner's (exempt from the account-wide waits). */
export const KNOWN_ADDRESS_MS = 90 * 24 * 3600_000;

/** The keys of a sign-in attempt. Clients are counted by domain/rate-limit.ts clientKey (IPv6 per /64). */
export function loginThrottleKeys(username: string, ip: string): LoginThrottleKeys {
  const user = usernameKey(username);
  const client = clientKey(ip);
  return {
    account: { key: `user:${user}`, rule: ACCOUNT_THROTTLE },
    pair: { key: `pair:${client}|${user}`, rule: PAIR_THROTTLE },
    ip: { key: `ip:${client}`, rule: IP_THROTTLE },
  };
}

/**
 * The keys whose locks an attempt holds from check to record, in the order they are taken (always
 * the same, so no two attempts deadlock). Not the account's: parallel attempts from many clients
 * against one account would then wait for each other's password checks, and the owner with them.
 */
export function loginLockOrder(keys: LoginThrottleKeys): ThrottleKey[] {
  return [keys.pair, keys.ip];
}

/** A failed sign-in: counts for the (account, client) pair, the client and the account. Call holding loginLockOrder's locks. */
export async function recordLoginFailure(db: Db, keys: LoginThrottleKeys, now: Date): Promise<void> {
  await recordThrottleFailure(db, [keys.pair, keys.ip], now);
  // The account's count, read and written under its own lock only for this moment.
  await withThrottleLocks([keys.account], () => recordThrottleFailure(db, [keys.account], now));
}

/** A successful sign-in: its (account, client) count starts afresh; the client's and the account's do not. */
export async function recordLoginSuccess(db: Db, keys: LoginThrottleKeys): Promise<void> {
  await resetThrottle(db, keys.pair.key);
}

/** The order's declined-payment key. */
export function declineThrottleKey(paymentIntentId: string): ThrottleKey {
  return { key: `declines:${paymentIntentId.slice(0, 255)}`, rule: DECLINE_THROTTLE };
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

/** The states of several keys in one query (absent keys are missing from the map). */
async function loadThrottleStates(db: Db, keys: readonly string[]): Promise<Map<string, ThrottleState>> {
  const rows = await db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, toState(r)]));
}

/** Refused if any key is locked; then retry at the latest of the locks. */
export async function checkThrottle(db: Db, keys: readonly ThrottleKey[], now: Date): Promise<ThrottleVerdict> {
  if (keys.length === 0) return { allowed: true };
  const states = await loadThrottleStates(
    db,
    keys.map((k) => k.key),
  );
  return combineVerdicts(keys.map((k) => throttleVerdict(states.get(k.key), now)));
}

/**
 * May this sign-in attempt go ahead? The (account, client) and client counts always apply; the
 * account-wide backstop applies unless this client has no failures against the account and signed
 * in to it successfully within KNOWN_ADDRESS_MS (the owner, at home).
 */
export async function checkLoginThrottle(
  db: Db,
  keys: LoginThrottleKeys,
  username: string,
  ip: string,
  now: Date,
): Promise<ThrottleVerdict> {
  const states = await loadThrottleStates(db, [keys.account.key, keys.pair.key, keys.ip.key]);
  const own = combineVerdicts([throttleVerdict(states.get(keys.pair.key), now), throttleVerdict(states.get(keys.ip.key), now)]);
  const accountWide = throttleVerdict(states.get(keys.account.key), now);
  if (accountWide.allowed) return own;
  const pair = states.get(keys.pair.key);
  if (!hasRecentFailures(pair, keys.pair.rule, now) && (await signedInFromHereBefore(db, username, ip, now))) return own;
  return combineVerdicts([own, accountWide]);
}

/** A successful sign-in to the account from this very address (as the audit stores it) within KNOWN_ADDRESS_MS. */
async function signedInFromHereBefore(db: Db, username: string, ip: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('login_audit')
    .innerJoin('users', 'users.id', 'login_audit.user_id')
    .select('login_audit.id')
    .where('users.username_key', '=', usernameKey(username))
    .where('login_audit.ip', '=', ip.slice(0, 64))
    .where('login_audit.outcome', '=', 'success')
    .where('login_audit.created_at', '>', iso(new Date(now.getTime() - KNOWN_ADDRESS_MS)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordThrottleFailure(db: Db, keys: readonly ThrottleKey[], now: Date): Promise<void> {
  const states = await loadThrottleStates(
    db,
    keys.map((k) => k.key),
  );
  for (const k of keys) await recordOne(db, k, states.get(k.key), now);
}

/**
 * One failure counted on one key: read → policy → write only if the row is still what was read
 * (compare-and-set), re-read and again when another process wrote it meanwhile. So two server
 * instances counting the same client at once both count, and neither overwrites the other.
 */
async function recordOne(db: Db, k: ThrottleKey, state: ThrottleState | undefined, now: Date): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const next = recordFailure(state, k.rule, now);
    const values = {
      window_start: next.windowStart.toISOString(),
      failures: next.failures,
      locked_until: next.lockedUntil?.toISOString() ?? null,
      updated_at: next.lastFailureAt.toISOString(),
    };
    if (attempt >= 8) {
      // Contended beyond reason: write the policy's answer as it stands.
      await db
        .insertInto('login_throttle')
        .values({ key: k.key, ...values })
        .onConflict((oc) => oc.column('key').doUpdateSet(values))
        .execute();
      return;
    }
    const r = state
      ? await db
          .updateTable('login_throttle')
          .set(values)
          .where('key', '=', k.key)
          .where('failures', '=', state.failures)
          .where('window_start', '=', state.windowStart.toISOString())
          .where('updated_at', '=', state.lastFailureAt.toISOString())
          .executeTakeFirst()
      : await db
          .insertInto('login_throttle')
          .values({ key: k.key, ...values })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
    if (changed(r) > 0) return;
    state = (await loadThrottleState(db, k.key)) ?? undefined;
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

/** Runs `fn` holding the locks of all `keys`, taken in the given order (for sign-in: loginLockOrder). */
export async function withThrottleLocks<T>(keys: readonly ThrottleKey[], fn: () => Promise<T>): Promise<T> {
  const [first, ...rest] = keys;
  if (!first) return fn();
  return withKeyLock(first.key, () => withThrottleLocks(rest, fn));
}

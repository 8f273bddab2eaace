// Sessions (Lucia's guide): create, validate with sliding expiry and an absolute maximum, delete.
// The cookie token never reaches the database; only its SHA-256 does.
import { randomBytes } from 'node:crypto';
import { Statement, type Db, type User } from '@esim/db';
import {
  BACK_OFFICE_LIFETIMES,
  type BackOfficeLifetimes,
  SESSION_TOKEN_BYTES,
  checkBackOfficeSession,
  checkSession,
  lastSeenDue,
  encodeSessionToken,
  isWellFormedSessionToken,
  newSessionTimes,
  sessionIdFromToken,
} from '../../domain/session.ts';
import { sha256Hex } from '../shared/tokens.ts';
import type { SessionUser } from '../types.ts';
import { toSessionUser } from './users.ts';

export interface NewSession {
  /** Goes into the cookie, never into the database. */
  token: string;
  id: string;
  expiresAt: Date;
}

export interface ValidSession {
  id: string;
  user: User;
  expiresAt: Date;
  /** expiresAt slid: the cookie must be sent again with the new date. */
  refreshed: boolean;
  /**
   * A traveller's account has a second factor (a confirmed TOTP or a passkey) not yet given in this
   * session: the session is only half signed in (sessionUsers: `pendingUser`, not `user`).
   * Back-office accounts are never pending here: adminProcedure's own door asks them (trpc.ts).
   */
  secondFactorPending: boolean;
}

/** Where a session was started (the Sessions page shows it). */
export interface SessionOrigin {
  ip: string;
  userAgent: string;
  /** Issue 29: the device cookie's hash; the sign-in records it in device_sightings (referral self-referral by device). */
  deviceHash?: string | undefined;
}

/** A fresh session for `userId`; `random` is for tests only. */
export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  random: Uint8Array = randomBytes(SESSION_TOKEN_BYTES),
  origin: SessionOrigin | null = null,
): Promise<NewSession> {
  const token = encodeSessionToken(random);
  const id = sessionIdFromToken(token);
  const { createdAt, expiresAt } = newSessionTimes(now);
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: createdAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: createdAt.toISOString(),
      ip: (origin?.ip ?? '').slice(0, 64),
      user_agent: (origin?.userAgent ?? '').slice(0, 512),
    })
    .execute();
  if (origin?.deviceHash) await recordDeviceSighting(db, userId, origin.deviceHash, createdAt.toISOString());
  return { token, id, expiresAt };
}

/**
 * The session and its user, looked up on every signed-in request: SQL text kept once (@esim/db
 * Statement), the same statement the query builder made. A disabled account has no valid session
 * (disabling deletes its sessions too; this keeps a cookie from working in between).
 */
const SESSION_WITH_USER = new Statement<
  User & {
    session_id: string;
    session_expires_at: string;
    session_created_at: string;
    session_last_seen_at: string | null;
    second_factor_pending: number | string;
  }
>(
  'select "users".*, "sessions"."id" as "session_id", "sessions"."expires_at" as "session_expires_at", ' +
    '"sessions"."created_at" as "session_created_at", "sessions"."last_seen_at" as "session_last_seen_at", ' +
    // A traveller with a factor whose session has not given it (two indexed look-ups, only then).
    'case when "users"."role" <> \'admin\' and "sessions"."second_factor_at" is null and (' +
    'exists (select 1 from "user_totp" where "user_totp"."user_id" = "users"."id" and "user_totp"."confirmed_at" is not null) or ' +
    'exists (select 1 from "user_passkeys" where "user_passkeys"."user_id" = "users"."id")) then 1 else 0 end as "second_factor_pending" ' +
    'from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" ' +
    'where "sessions"."id" = ? and "users"."disabled_at" is null',
);

/**
 * The session and user behind a cookie token, or null. An expired session (30 days idle, or past
 * the 90-day absolute maximum; an admin's: 30 minutes idle or 12 hours) is deleted; one with fewer
 * than 15 days left slides. last_seen_at is written at most once a minute.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
  backOfficeLifetimes: BackOfficeLifetimes = BACK_OFFICE_LIFETIMES,
): Promise<ValidSession | null> {
  if (!isWellFormedSessionToken(token)) return null;
  // sessionIdFromToken's digest through node:crypto (the domain's is pure JS, for browsers).
  const id = sha256Hex(token);
  const row = await SESSION_WITH_USER.first(db, [id]);
  if (!row) return null;
  const { session_id, session_expires_at, session_created_at, session_last_seen_at, second_factor_pending, ...user } = row;
  const verdict = checkSession({ createdAt: new Date(session_created_at), expiresAt: new Date(session_expires_at) }, now);
  const lastSeen = session_last_seen_at ? new Date(session_last_seen_at) : null;
  // Back-office sessions: 30 minutes idle, 12 hours in all (issue 27).
  const backOffice =
    user.role === 'admin' ? checkBackOfficeSession(new Date(session_created_at), lastSeen, now, backOfficeLifetimes) : { valid: true };
  if (!verdict.valid || !backOffice.valid) {
    await invalidateSession(db, session_id);
    return null;
  }
  if (lastSeenDue(lastSeen, now)) {
    await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', session_id).execute();
  }
  if (verdict.refreshed) {
    await db.updateTable('sessions').set({ expires_at: verdict.expiresAt.toISOString() }).where('id', '=', session_id).execute();
  }
  return {
    id: session_id,
    user,
    expiresAt: verdict.expiresAt,
    refreshed: verdict.refreshed,
    secondFactorPending: Number(second_factor_pending) === 1,
  };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Signs the user out everywhere except `keepSessionId` (after a password change). */
export async function invalidateOtherSessions(db: Db, userId: number, keepSessionId: string | null): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/** Housekeeping: drop the user's sessions that ran out (called at login, so the table does not grow). */
export async function deleteExpiredSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now.toISOString()).execute();
}

/**
 * Who a request is: `user` for a session fully signed in; `pendingUser` for one still owing its
 * second factor (a traveller with a TOTP or passkey who gave only the password). Every builder of
 * a tRPC context uses this, so a half-signed-in session is a guest everywhere except the factor
 * procedures that finish the sign-in (trpc.ts signingInProcedure).
 */
export function sessionUsers(valid: ValidSession | null): { user: SessionUser | null; pendingUser: SessionUser | null } {
  if (!valid) return { user: null, pendingUser: null };
  const who = toSessionUser(valid.user);
  return valid.secondFactorPending ? { user: null, pendingUser: who } : { user: who, pendingUser: null };
}

/**
 * Issue 29: the account signed in from (or used) this device: the hash of the shop's first-party
 * device cookie, never the cookie. A friend's order from such a device earns the referrer nothing
 * (referrals.ts, reason 'same_device').
 */
export async function recordDeviceSighting(db: Db, userId: number, deviceHash: string, at: string): Promise<void> {
  if (!/^[0-9a-f]{64}$/.test(deviceHash)) return;
  await db
    .insertInto('device_sightings')
    .values({ user_id: userId, device_hash: deviceHash, first_seen_at: at, last_seen_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: at }))
    .execute();
}

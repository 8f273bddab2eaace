// Session tokens and lifetimes, after Lucia's session guide. Pure: randomness and the clock
// come in as arguments.
//
// - The token is 20 random bytes, base32 (lowercase, no padding): 32 characters, 160 bits.
// - The database stores only the session id = lowercase hex SHA-256 of the token, so a leaked
//   sessions table cannot be replayed as cookies.
// - A session lives 30 days. When fewer than 15 days remain and it is used, it slides to
//   now + 30 days…
// - …but never beyond an absolute maximum of 90 days after it was created: a stolen cookie that
//   is used every day still dies, and a user signs in again at least once a quarter.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

const DAY_MS = 24 * 60 * 60 * 1000;

export const SESSION_TOKEN_BYTES = 20;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
export const SESSION_REFRESH_THRESHOLD_MS = 15 * DAY_MS;
export const SESSION_ABSOLUTE_MAX_MS = 90 * DAY_MS;
export const SESSION_COOKIE_NAME = 'session';

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/** Encodes SESSION_TOKEN_BYTES random bytes (from a CSPRNG, supplied by the caller) as a token. */
export function encodeSessionToken(randomBytes: Uint8Array): string {
  if (randomBytes.length !== SESSION_TOKEN_BYTES) {
    throw new RangeError(`A session token needs exactly ${SESSION_TOKEN_BYTES} random bytes`);
  }
  return encodeBase32LowerCaseNoPadding(randomBytes);
}

/** Cheap shape check before touching the database. */
export function isWellFormedSessionToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** The id stored in the database: lowercase hex SHA-256 of the token's UTF-8 bytes. */
export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface SessionTimes {
  createdAt: Date;
  expiresAt: Date;
}

export function newSessionTimes(now: Date): SessionTimes {
  return { createdAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) };
}

/** The latest moment a session created at `createdAt` may live to. */
export function absoluteExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SESSION_ABSOLUTE_MAX_MS);
}

export type SessionCheck = { valid: false; reason: 'expired' | 'absolute_max' } | { valid: true; expiresAt: Date; refreshed: boolean };

/**
 * Decides whether a stored session is still valid at `now`, and whether it slides.
 * `refreshed` means expiresAt moved and the caller must store it and re-send the cookie.
 */
export function checkSession(session: SessionTimes, now: Date): SessionCheck {
  const t = now.getTime();
  const hardEnd = absoluteExpiry(session.createdAt).getTime();
  if (t >= hardEnd) return { valid: false, reason: 'absolute_max' };
  if (t >= session.expiresAt.getTime()) return { valid: false, reason: 'expired' };
  if (session.expiresAt.getTime() - t >= SESSION_REFRESH_THRESHOLD_MS) {
    return { valid: true, expiresAt: session.expiresAt, refreshed: false };
  }
  const slid = Math.min(t + SESSION_LIFETIME_MS, hardEnd);
  if (slid <= session.expiresAt.getTime()) return { valid: true, expiresAt: session.expiresAt, refreshed: false };
  return { valid: true, expiresAt: new Date(slid), refreshed: true };
}

// ── back-office sessions (issue 27) ─────────────────────────────────────────────────────────
// An admin's session ends after 30 minutes without a request and 12 hours after it began, whatever
// its cookie says; customers keep the rules above.
export const BACK_OFFICE_IDLE_MS = 30 * 60_000;
export const BACK_OFFICE_ABSOLUTE_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most this often (one write a minute per session, not one per request). */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export interface BackOfficeLifetimes {
  idleMs: number;
  absoluteMs: number;
}

export const BACK_OFFICE_LIFETIMES: BackOfficeLifetimes = { idleMs: BACK_OFFICE_IDLE_MS, absoluteMs: BACK_OFFICE_ABSOLUTE_MS };

export type BackOfficeCheck = { valid: true } | { valid: false; reason: 'idle' | 'absolute_max' };

/** Is a back-office session started at `createdAt`, last seen at `lastSeenAt` (null: never since), alive at `now`? */
export function checkBackOfficeSession(
  createdAt: Date,
  lastSeenAt: Date | null,
  now: Date,
  lifetimes: BackOfficeLifetimes = BACK_OFFICE_LIFETIMES,
): BackOfficeCheck {
  const t = now.getTime();
  if (t >= createdAt.getTime() + lifetimes.absoluteMs) return { valid: false, reason: 'absolute_max' };
  const seen = Math.max(createdAt.getTime(), lastSeenAt?.getTime() ?? 0);
  if (t >= seen + lifetimes.idleMs) return { valid: false, reason: 'idle' };
  return { valid: true };
}

/** Should this request write last_seen_at? */
export function lastSeenDue(lastSeenAt: Date | null, now: Date): boolean {
  return lastSeenAt === null || now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS;
}

// Second factors (issue 27): TOTP (RFC 6238, @oslojs/otp), one-use recovery codes, and what a
// session knows about them: when the second factor was last given in it (admin enforcement and
// step-up). Passkeys live in passkeys.ts. Codes are throttled like passwords (services/shared/throttle.ts,
// the same rules as a sign-in, keyed by account and by account and client).
import { randomBytes } from 'node:crypto';
import type { Db } from '@esim/db';
import { encodeBase32UpperCaseNoPadding, encodeHexLowerCase, decodeHex } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { AppError } from '../../errors.ts';
import { retryMessage } from '../../domain/throttle.ts';
import { qrSvg } from '../../providers/qr.ts';
import type { AdminActor } from '../admin/views.ts';
import { invalidateOtherSessions } from './sessions.ts';
import {
  checkThrottle,
  loginThrottleKeys,
  recordThrottleFailure,
  resetThrottle,
  withThrottleLocks,
  type ThrottleKey,
} from '../shared/throttle.ts';
import { sha256Hex } from '../shared/tokens.ts';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_KEY_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;
/** A step-up is fresh for this long. */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;

// ── TOTP (pure parts) ───────────────────────────────────────────────────────────────────────
/** The RFC 6238 time step of `now`. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for `step` (tests and authenticators compute the same). */
export function totpCodeAt(key: Uint8Array, step: number): string {
  return generateHOTP(key, BigInt(step), TOTP_DIGITS);
}

/**
 * The step `code` belongs to among now−1, now, now+1 (±1 step of clock drift), newest first, and
 * only steps after `lastStep` (a code accepted once cannot be replayed, nor an older one). null: no match.
 */
export function matchTotpStep(key: Uint8Array, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(now);
  for (const step of [current + 1, current, current - 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqualString(totpCodeAt(key, step), code)) return step;
  }
  return null;
}

function timingSafeEqualString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A recovery code: 16 base32 characters (80 bits) shown as four groups of four. */
export function formatRecoveryCode(bytes: Uint8Array): string {
  const raw = encodeBase32UpperCaseNoPadding(bytes).slice(0, 16);
  return raw.match(/.{4}/g)?.join('-') ?? raw;
}

/** What the user typed, as stored: upper case, no spaces or dashes. */
export function normalizeRecoveryCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

// ── factors of an account ───────────────────────────────────────────────────────────────────
export interface FactorSummary {
  totp: boolean;
  passkeys: Array<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>;
  recoveryCodesLeft: number;
}

export async function listFactors(db: Db, userId: number): Promise<FactorSummary> {
  const totp = await db
    .selectFrom('user_totp')
    .select('confirmed_at')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  const passkeys = await db
    .selectFrom('user_passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const codes = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    totp: totp !== undefined,
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.created_at, lastUsedAt: p.last_used_at })),
    recoveryCodesLeft: Number(codes.n),
  };
}

/** Has the account a confirmed TOTP or a passkey? (Recovery codes alone are not a factor.) */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const totp = await db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (totp) return true;
  const passkey = await db.selectFrom('user_passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return passkey !== undefined;
}

// ── the session's second factor ─────────────────────────────────────────────────────────────
/** When the second factor was last given in this session (null: never). */
export async function sessionSecondFactorAt(db: Db, sessionId: string | null): Promise<Date | null> {
  if (!sessionId) return null;
  const row = await db.selectFrom('sessions').select('second_factor_at').where('id', '=', sessionId).executeTakeFirst();
  return row?.second_factor_at ? new Date(row.second_factor_at) : null;
}

export async function markSecondFactorGiven(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ second_factor_at: now.toISOString() }).where('id', '=', sessionId).execute();
}

/**
 * Admin procedures answer only in a session where a second factor was given; an account without
 * one is sent to enrolment first (trpc.ts adminProcedure).
 */
export async function assertSecondFactorGiven(db: Db, userId: number, sessionId: string | null): Promise<void> {
  if ((await sessionSecondFactorAt(db, sessionId)) !== null) return;
  if (!(await hasSecondFactor(db, userId))) throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED');
  throw new AppError('SECOND_FACTOR_REQUIRED');
}

export interface StepUpContext {
  db: Db;
  sessionId: string | null;
  now: Date;
}

/** A tRPC context (or anything with the db, the session and the clock). */
export interface StepUpRequest {
  db: Db;
  sessionId: string | null;
  services: { now(): Date };
}

/**
 * A sensitive change (role changes, disabling an account, refunds above the support limit, exchange
 * rates, points adjustments, provider settings, revealing personal data) needs the second factor
 * given within the last 5 minutes; else 403 STEP_UP_REQUIRED { action }, which the web turns into a
 * re-auth prompt (factors.verifyTotp or a passkey, then the same call again). Returns the actor with
 * `stepUpAt` set, so recordAudit writes it on the audit row:
 *
 *   const actor = await requireStepUp(ctx, actorOf(ctx), { action: 'rate.update' });
 */
export async function requireStepUp<A extends AdminActor>(
  ctx: StepUpContext | StepUpRequest,
  actor: A,
  { action }: { action: string },
): Promise<A> {
  const now = 'now' in ctx ? ctx.now : ctx.services.now();
  const at = await sessionSecondFactorAt(ctx.db, ctx.sessionId);
  if (!at || now.getTime() - at.getTime() > STEP_UP_MAX_AGE_MS || at.getTime() > now.getTime() + 60_000) {
    throw new AppError('STEP_UP_REQUIRED', undefined, { action });
  }
  return { ...actor, stepUpAt: at };
}

// ── throttling ──────────────────────────────────────────────────────────────────────────────
function codeThrottleKeys(username: string, ip: string): ThrottleKey[] {
  // The sign-in's rules, on keys of their own: a second-factor guess is a guess like a password's.
  const k = loginThrottleKeys(username, ip);
  return [
    { key: `2fa:${k.pair.key}`, rule: k.pair.rule },
    { key: `2fa:${k.account.key}`, rule: k.account.rule },
  ];
}

/** Runs `check` under the code throttle: a false answer counts as a failure, a true one clears the pair's count. */
async function throttledCode(db: Db, username: string, ip: string, now: Date, check: () => Promise<boolean>): Promise<void> {
  const keys = codeThrottleKeys(username, ip);
  await withThrottleLocks(keys, async () => {
    const verdict = await checkThrottle(db, keys, now);
    if (!verdict.allowed) {
      throw new AppError('TOO_MANY_REQUESTS', retryMessage(verdict.retryAfterSeconds), { retryAfterSeconds: verdict.retryAfterSeconds });
    }
    if (!(await check())) {
      await recordThrottleFailure(db, keys, now);
      throw new AppError('INVALID_CODE', undefined, { field: 'code' });
    }
    const pair = keys[0];
    if (pair) await resetThrottle(db, pair.key);
  });
}

export interface CodeAttempt {
  userId: number;
  username: string;
  ip: string;
  now: Date;
}

// ── TOTP enrolment and use ──────────────────────────────────────────────────────────────────
export interface TotpEnrolment {
  /** otpauth:// URI (what the QR code holds). */
  uri: string;
  /** The key in base32, for typing in by hand. */
  secret: string;
  /** The QR code as an SVG document, rendered here (never by an outside service). */
  qrSvg: string;
}

/** Starts (or restarts) a TOTP enrolment: a new key, pending until confirmTotp. A confirmed TOTP stays until replaced. */
export async function beginTotpEnrolment(
  db: Db,
  user: { id: number; username: string },
  issuer: string,
  now: Date,
  random: Uint8Array = randomBytes(TOTP_KEY_BYTES),
): Promise<TotpEnrolment> {
  const existing = await db.selectFrom('user_totp').select('confirmed_at').where('user_id', '=', user.id).executeTakeFirst();
  const secretHex = encodeHexLowerCase(random);
  if (existing?.confirmed_at) {
    // One authenticator app per account: replacing it is removing it (which ends the other sessions) and adding another.
    throw new AppError('CONFLICT', 'An authenticator app is already set up. Remove it first to set up another.');
  }
  // One statement (insert or replace the pending key), so two enrolments started at once cannot collide on the row.
  const result = await db
    .insertInto('user_totp')
    .values({ user_id: user.id, secret_hex: secretHex, confirmed_at: null, last_step: null, created_at: now.toISOString() })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_hex: secretHex, created_at: now.toISOString(), last_step: null })
        .where('user_totp.confirmed_at', 'is', null),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) {
    throw new AppError('CONFLICT', 'An authenticator app is already set up. Remove it first to set up another.');
  }
  const uri = createTOTPKeyURI(issuer, user.username, random, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  return { uri, secret: encodeBase32UpperCaseNoPadding(random), qrSvg: await qrSvg(uri, { width: 220 }) };
}

/**
 * Confirms the pending TOTP with a code from the app; the session counts as having given its second
 * factor; the account's other sessions end (a factor changed). Returns new recovery codes when the
 * account had none left (shown once).
 */
export async function confirmTotp(
  db: Db,
  attempt: CodeAttempt,
  sessionId: string | null,
  code: string,
): Promise<{ recoveryCodes: string[] | null }> {
  const row = await db.selectFrom('user_totp').selectAll().where('user_id', '=', attempt.userId).executeTakeFirst();
  if (!row || row.confirmed_at) throw new AppError('BAD_INPUT', 'Start setting up the authenticator app first.');
  const key = decodeHex(row.secret_hex);
  let step: number | null = null;
  await throttledCode(db, attempt.username, attempt.ip, attempt.now, async () => {
    step = matchTotpStep(key, code.trim(), attempt.now, null);
    return step !== null;
  });
  await db
    .updateTable('user_totp')
    .set({ confirmed_at: attempt.now.toISOString(), last_step: step })
    .where('user_id', '=', attempt.userId)
    .execute();
  return factorAdded(db, attempt, sessionId);
}

/** After a factor was added: the session has given it, the other sessions end, recovery codes made if none are left. */
export async function factorAdded(db: Db, attempt: CodeAttempt, sessionId: string | null): Promise<{ recoveryCodes: string[] | null }> {
  if (sessionId) await markSecondFactorGiven(db, sessionId, attempt.now);
  await invalidateOtherSessions(db, attempt.userId, sessionId);
  const left = await db
    .selectFrom('user_recovery_codes')
    .select('id')
    .where('user_id', '=', attempt.userId)
    .where('used_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return { recoveryCodes: left ? null : await regenerateRecoveryCodes(db, attempt.userId, attempt.now) };
}

/** A TOTP code given at sign-in or for a step-up. A step accepted once is never accepted again. */
export async function verifyTotpCode(db: Db, attempt: CodeAttempt, code: string): Promise<void> {
  await throttledCode(db, attempt.username, attempt.ip, attempt.now, async () => {
    const row = await db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', attempt.userId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    if (!row) return false;
    const step = matchTotpStep(decodeHex(row.secret_hex), code.trim(), attempt.now, row.last_step === null ? null : Number(row.last_step));
    if (step === null) return false;
    // Compare-and-set: of two requests with the same code, one wins.
    let q = db.updateTable('user_totp').set({ last_step: step }).where('user_id', '=', attempt.userId);
    q = row.last_step === null ? q.where('last_step', 'is', null) : q.where('last_step', '=', row.last_step);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/** Removes the TOTP; the account's other sessions end. */
export async function removeTotp(db: Db, userId: number, sessionId: string | null): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await invalidateOtherSessions(db, userId, sessionId);
}

// ── recovery codes ──────────────────────────────────────────────────────────────────────────
/** Ten new codes (the old ones stop working); returned once, stored as SHA-256. */
export async function regenerateRecoveryCodes(db: Db, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(randomBytes(10)));
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(
      codes.map((c) => ({ user_id: userId, code_hash: sha256Hex(normalizeRecoveryCode(c)), used_at: null, created_at: now.toISOString() })),
    )
    .execute();
  return codes;
}

/** A recovery code in place of the second factor: good once. */
export async function useRecoveryCode(db: Db, attempt: CodeAttempt, code: string): Promise<void> {
  await throttledCode(db, attempt.username, attempt.ip, attempt.now, async () => {
    const hash = sha256Hex(normalizeRecoveryCode(code));
    const result = await db
      .updateTable('user_recovery_codes')
      .set({ used_at: attempt.now.toISOString() })
      .where('user_id', '=', attempt.userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/** For tests and the CLI: a confirmed TOTP with a known key. */
export async function enrolTotpDirectly(db: Db, userId: number, key: Uint8Array, now: Date): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_totp')
    .values({
      user_id: userId,
      secret_hex: encodeHexLowerCase(key),
      confirmed_at: now.toISOString(),
      last_step: null,
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * Removes every second factor of the account (TOTP, passkeys, recovery codes) and ends its sessions:
 * the CLI's reset of a locked-out admin, who enrols again at the next sign-in. The caller audits it.
 */
export async function resetSecondFactors(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_passkeys').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await invalidateOtherSessions(db, userId, null);
}

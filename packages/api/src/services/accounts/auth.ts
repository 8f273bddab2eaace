// Register, sign in, sign out, change password; password hashing; the login audit trail.
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import type { Db, User } from '@esim/db';
import { AppError } from '../../errors.ts';
import { retryMessage } from '../../domain/throttle.ts';
import type { TChangePasswordInput, TLoginInput, TRegisterInput } from '../../domain/validation.ts';
import { notifyAccountExists } from './account-notices.ts';
import { assertPasswordNotCommon } from './common-passwords.ts';
import { sendVerificationEmail } from './email-verification.ts';
import { recordLoginAttempt, type RequestMeta } from './login-audit.ts';
import type { Services } from '../types.ts';
import { verifyPasskeyAssertion, type PasskeyAssertion, type RelyingParty } from './passkeys.ts';
import { hasSecondFactor, markSecondFactorGiven } from './second-factor.ts';
import { createSession, deleteExpiredSessions, invalidateOtherSessions, invalidateSession, type NewSession } from './sessions.ts';
import {
  checkLoginThrottle,
  loginLockOrder,
  loginThrottleKeys,
  recordLoginFailure,
  recordLoginSuccess,
  withThrottleLocks,
} from '../shared/throttle.ts';
import {
  findTakenField,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  setPasswordHash,
  setUserLocale,
  toPublicUser,
  type PublicUser,
} from './users.ts';

// ── passwords ───────────────────────────────────────────────────────────────────────────
/** OWASP's argon2id parameters: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum, which isolatedModules cannot reference)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** The start of every hash made with `options` (algorithm, version and parameters). */
const hashPrefix = (options: Options) => `$argon2id$v=19$m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}$`;

/**
 * Verified against when the username is unknown, so an unknown user costs exactly as much time
 * as a wrong password. Its password is random and was thrown away.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$cC2ZIY5g8crif44Cx1eBdA$0MUWp7pvx6Awz4KQsH3M7hWCpjg7qVHgOF0VGeCSbA4';

/** The parameters in use: ARGON2_OPTIONS, unless tests that do not test hashing chose cheaper ones. */
let hashing = { options: ARGON2_OPTIONS, prefix: hashPrefix(ARGON2_OPTIONS), dummyHash: DUMMY_HASH };

/**
 * For tests only (production never calls it): hash with `options` from now on in this process, and
 * verify unknown users against a dummy hash made with them, so that sign-in still costs the same
 * for an unknown user as for a wrong password. ARGON2_OPTIONS restores the production parameters.
 */
export async function setPasswordHashing(options: Options): Promise<void> {
  const dummyHash = options === ARGON2_OPTIONS ? DUMMY_HASH : await hash(crypto.randomUUID(), options);
  hashing = { options, prefix: hashPrefix(options), dummyHash };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashing.options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a crash
  }
}

/** Hashed with other parameters than today's (upgraded on the next successful sign-in). */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(hashing.prefix);
}

// ── audit ───────────────────────────────────────────────────────────────────────────────
// The audit trail, bounded for failed attempts, lives in login-audit.ts.
export { recordLoginAttempt, type RequestMeta } from './login-audit.ts';

// ── sign in / register / sign out ───────────────────────────────────────────────────────
export interface SignedIn {
  user: PublicUser;
  session: NewSession;
  /**
   * A traveller whose account has a second factor: the session is only half signed in until it is
   * given (factors.verifyTotp, useRecoveryCode or verifyPasskey; issue 27). Back-office accounts:
   * always false here (the back office's own door asks them).
   */
  secondFactorRequired: boolean;
  /** The account's language before this sign-in changed it (a new-device warning goes out in it). */
  accountLocale: string;
}

/** A disabled account's sign-in with the right password (403). */
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact support.';

/** Same code, status and words for an unknown username and a wrong password. */
export const BAD_CREDENTIALS_MESSAGE = 'Incorrect username or password.';

function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', retryMessage(retryAfterSeconds), { retryAfterSeconds });
}

/**
 * Signs in: throttle check (services/shared/throttle.ts: per account and client, per client, per account), argon2 verify (against a dummy hash when the
 * user is unknown), audit row, and a fresh session. The user's sessions on other devices are left
 * alone; `replacesSessionId` (the session this browser's cookie held, now overwritten) is deleted.
 */
export async function loginUser(db: Db, input: TLoginInput, meta: RequestMeta, replacesSessionId: string | null = null): Promise<SignedIn> {
  // The username or the e-mail address: an identifier with '@' is tried as an address first, then as a
  // username. The throttle is keyed by the account's username when one is found, so switching between
  // the two names buys no extra attempts; an unknown one costs the same lookups and the dummy verify.
  const user = await findLoginUser(db, input.username);
  const keys = loginThrottleKeys(user?.username ?? input.username, meta.ip);
  return withThrottleLocks(loginLockOrder(keys), async () => {
    const verdict = await checkLoginThrottle(db, keys, user?.username ?? input.username, meta.ip, meta.now);
    if (!verdict.allowed) {
      await recordLoginAttempt(db, { usernameTried: input.username, userId: null, outcome: 'throttled' }, meta);
      throw tooManyAttempts(verdict.retryAfterSeconds);
    }

    const ok = await verifyPassword(user?.password_hash ?? hashing.dummyHash, input.password);
    if (!user || !ok) {
      await recordLoginFailure(db, keys, meta.now);
      await recordLoginAttempt(db, { usernameTried: input.username, userId: user?.id ?? null, outcome: 'bad_credentials' }, meta);
      throw new AppError('UNAUTHORIZED', BAD_CREDENTIALS_MESSAGE);
    }

    // Told only to whoever knows the password, so strangers cannot learn which accounts are disabled.
    if (user.disabled_at !== null) {
      await recordLoginAttempt(db, { usernameTried: input.username, userId: user.id, outcome: 'invalid' }, meta);
      throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE, { reason: 'account_disabled' });
    }
    await recordLoginSuccess(db, keys);
    await recordLoginAttempt(db, { usernameTried: input.username, userId: user.id, outcome: 'success' }, meta);
    if (needsRehash(user.password_hash)) await setPasswordHash(db, user.id, await hashPassword(input.password), meta.now);
    const session = await startSession(db, user, meta, replacesSessionId);
    const secondFactorRequired = user.role !== 'admin' && (await hasSecondFactor(db, user.id));
    // accountLocale: the account's language before this sign-in changed it, for a warning to the owner.
    return { user: toPublicUser(user), session, secondFactorRequired, accountLocale: user.locale };
  });
}

/** A new session for a sign-in that succeeded (with a password, or a passkey alone). */
async function startSession(
  db: Db,
  user: Pick<User, 'id' | 'locale'>,
  meta: RequestMeta,
  replacesSessionId: string | null,
  secondFactorGiven = false,
): Promise<NewSession> {
  // The language the traveller signs in with becomes the account's (written only when it changed).
  if (meta.locale && meta.locale !== user.locale) await setUserLocale(db, user.id, meta.locale);
  await deleteExpiredSessions(db, user.id, meta.now);
  if (replacesSessionId) await invalidateSession(db, replacesSessionId);
  const session = await createSession(db, user.id, meta.now, undefined, {
    ip: meta.ip,
    userAgent: meta.userAgent,
    deviceHash: meta.deviceHash,
  });
  if (secondFactorGiven) await markSecondFactorGiven(db, session.id, meta.now);
  return session;
}

/** A passkey that signed a 'sign in with a passkey' challenge no account has (401; the web says so). */
export const UNKNOWN_PASSKEY_MESSAGE =
  'This passkey is not registered here. Sign in with your password, then add it under Profile Settings.';

/**
 * Sign-in with a passkey alone (issue 27): the browser's answer to a challenge made for nobody
 * (auth.passkeyChallenge) is checked against the stored key its credential id names, and that
 * key's account gets a session in which the second factor counts as given (a passkey is something
 * the person has, unlocked by something they are or know). Traveller and back-office accounts alike.
 */
export async function loginWithPasskey(
  db: Db,
  rp: RelyingParty,
  input: PasskeyAssertion,
  meta: RequestMeta,
  replacesSessionId: string | null = null,
): Promise<SignedIn> {
  let userId: number;
  try {
    ({ userId } = await verifyPasskeyAssertion(db, null, rp, input, meta.now));
  } catch (e) {
    if (e instanceof AppError && e.code === 'UNAUTHORIZED') {
      await recordLoginAttempt(db, { usernameTried: '', userId: null, outcome: 'bad_credentials' }, meta);
      // The sign-in's own words: what to do about it.
      if (e.details?.['reason'] === 'unknown_passkey')
        throw new AppError('UNAUTHORIZED', UNKNOWN_PASSKEY_MESSAGE, { reason: 'unknown_passkey' });
    }
    throw e;
  }
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', UNKNOWN_PASSKEY_MESSAGE, { reason: 'unknown_passkey' });
  if (user.disabled_at !== null) {
    await recordLoginAttempt(db, { usernameTried: user.username, userId: user.id, outcome: 'invalid' }, meta);
    throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE, { reason: 'account_disabled' });
  }
  await recordLoginAttempt(db, { usernameTried: user.username, userId: user.id, outcome: 'success' }, meta);
  const session = await startSession(db, user, meta, replacesSessionId, true);
  return { user: toPublicUser(user), session, secondFactorRequired: false, accountLocale: user.locale };
}

/** The account a sign-in names: by e-mail address when it looks like one, else (or failing that) by username. */
async function findLoginUser(db: Db, identifier: string) {
  if (identifier.includes('@')) {
    const byEmail = await findUserByEmail(db, identifier);
    if (byEmail) return byEmail;
  }
  return findUserByUsername(db, identifier);
}

/** The spec's registration toast; the one answer to a taken username and a taken e-mail alike. */
export const REGISTRATION_TAKEN_MESSAGE = 'This username or email may already be in use.';

/**
 * Creates a customer and signs them in. A taken username or e-mail → CONFLICT (409) with the same
 * message, after the same argon2 work as a success. A taken e-mail's owner is told by e-mail that
 * someone tried (at most once an hour per address).
 */
export async function registerUser(
  db: Db,
  services: Services,
  input: TRegisterInput,
  meta: RequestMeta,
  replacesSessionId: string | null = null,
): Promise<SignedIn> {
  // Before anything else: the answer depends on the password alone, never on who holds the name.
  await assertPasswordNotCommon(input.password, 'password');
  // Hashed first, so a clash costs as much time as a new account.
  const passwordHash = await hashPassword(input.password);
  const emailOwner = await findUserByEmail(db, input.email);
  if (emailOwner || (await findTakenField(db, { username: input.username }))) {
    if (emailOwner) {
      // In the owner's language, not the stranger's.
      const notice = { email: emailOwner.email, reason: 'register' as const, ip: meta.ip, locale: emailOwner.locale };
      await notifyAccountExists(db, services, notice).catch((e: unknown) =>
        services.log.error('account notice not queued', { error: String(e) }),
      );
    }
    throw new AppError('CONFLICT', REGISTRATION_TAKEN_MESSAGE);
  }
  const row = await insertUser(
    db,
    { username: input.username, email: input.email, passwordHash, fullName: input.fullName ?? null, locale: meta.locale },
    meta.now,
  );
  // Guest orders placed with this e-mail join the account once the address is verified
  // (email-verification.ts): the link goes out now.
  // A failure here leaves the account usable: the account page's button sends a new link.
  await sendVerificationEmail(db, services, row, 'verify', meta.locale).catch((e: unknown) =>
    services.log.error('verification e-mail not queued', { userId: row.id, error: String(e) }),
  );
  if (replacesSessionId) await invalidateSession(db, replacesSessionId);
  const session = await createSession(db, row.id, meta.now, undefined, {
    ip: meta.ip,
    userAgent: meta.userAgent,
    deviceHash: meta.deviceHash,
  });
  return { user: toPublicUser(row), session, secondFactorRequired: false, accountLocale: row.locale };
}

/** Deletes the session on the server (no-op for a guest). */
export async function logoutSession(db: Db, sessionId: string | null): Promise<void> {
  if (sessionId) await invalidateSession(db, sessionId);
}

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';

/**
 * Changes the signed-in user's password after checking the current one. A wrong current password
 * counts towards the login throttle like a failed sign-in from this client. Every other session of the user is ended.
 */
export async function changePassword(
  db: Db,
  userId: number,
  currentSessionId: string | null,
  input: TChangePasswordInput,
  meta: RequestMeta,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  await assertPasswordNotCommon(input.newPassword, 'newPassword');
  const keys = loginThrottleKeys(user.username, meta.ip);
  await withThrottleLocks(loginLockOrder(keys), async () => {
    const verdict = await checkLoginThrottle(db, keys, user.username, meta.ip, meta.now);
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
    if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
      await recordLoginFailure(db, keys, meta.now);
      throw new AppError('BAD_INPUT', WRONG_CURRENT_PASSWORD_MESSAGE, { field: 'currentPassword' });
    }
    await recordLoginSuccess(db, keys);
  });
  await setPasswordHash(db, user.id, await hashPassword(input.newPassword), meta.now);
  await invalidateOtherSessions(db, user.id, currentSessionId);
}

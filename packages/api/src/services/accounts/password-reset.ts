// Password reset by e-mail. A request names the account by e-mail address or username and always
// gets the same answer, whether or not such an account exists; the token, the e-mail text and the
// log row are made either way, so an unknown address does not answer measurably faster. The
// account's address gets a link with 32 random bytes (base64url); only their SHA-256 is stored.
// A link works once, for 30 minutes, and only the latest one works. Using it sets the password,
// ends every session of the account, and marks the address verified (the link proves the inbox is
// the traveller's, exactly as the verification link does, so guest orders join as they would there).
//
// Limits: per typed address or username (known or not) and per client address, answered with 429;
// per account, quietly (no e-mail, same answer), since a 429 there would tell the account exists.
import type { Db, PasswordReset, User } from '@esim/db';
import { AppError } from '../../errors.ts';
import { renderPasswordResetEmail } from '../../emails/render.ts';
import { iso } from '../../domain/time.ts';
import type { TPasswordResetRequest, TResetPasswordInput } from '../../domain/validation.ts';
import { HOUR_MS, enforceAccountEmailLimit, logAccountEmail, waitWords, type WindowLimit } from './account-email-log.ts';
import { hashPassword, type RequestMeta } from './auth.ts';
import { assertPasswordNotCommon } from './common-passwords.ts';
import { changed, writeTransaction } from '../shared/db-tx.ts';
import { attachGuestOrders } from '../orders/orders.ts';
import { pooledRandomBytes, sha256Hex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';
import { normalizeEmail, usernameKey } from './users.ts';

export const RESET_LINK_TTL_MS = 30 * 60_000;

export const RESET_LIMITS = {
  /** Requests naming one address or username, whether or not it has an account (429 past it). */
  perAddress: { max: 3, windowMs: HOUR_MS },
  /** Requests from one client address (429 past it). */
  perClient: { max: 20, windowMs: HOUR_MS },
  /** Links e-mailed to one account; past it the answer stays the same and nothing is sent. */
  perAccount: { max: 3, windowMs: HOUR_MS },
} as const satisfies Record<string, WindowLimit>;

/** The one answer to every accepted request. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that address, we've sent a link to reset the password. It expires in 30 minutes.";

export type ResetLinkProblem = 'invalid' | 'expired' | 'used' | 'superseded';

const LINK_MESSAGES: Record<ResetLinkProblem, string> = {
  invalid: 'This password reset link is not valid. Please request a new one.',
  expired: 'This password reset link has expired (links work for 30 minutes). Please request a new one.',
  used: 'This password reset link has already been used. If you need to, request a new one.',
  superseded: 'A newer password reset link was sent. Use the link in the latest e-mail, or request a new one.',
};

function linkError(problem: ResetLinkProblem): AppError {
  return new AppError('BAD_INPUT', LINK_MESSAGES[problem], { field: 'token', reason: problem });
}

export function resetUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

/** The per-address key of a request: the typed text folded like a username (also lowercases an e-mail). */
export function resetAddressKey(identifier: string): string {
  return `id:${usernameKey(identifier)}`;
}

/** The account an identifier names: by e-mail address first, else by username. */
async function findAccount(db: Db, identifier: string): Promise<User | undefined> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', normalizeEmail(identifier)), eb('username_key', '=', usernameKey(identifier))]))
    .limit(2)
    .execute();
  return rows.find((r) => r.email === normalizeEmail(identifier)) ?? rows[0];
}

/**
 * Sends a reset link to the account named by e-mail or username, if there is one.
 * → { ok, message } (the same for every address); 429 past the per-address or per-client limit.
 */
export async function requestPasswordReset(
  db: Db,
  services: Services,
  input: TPasswordResetRequest,
  meta: Pick<RequestMeta, 'ip' | 'locale'>,
): Promise<{ ok: true; message: string }> {
  const now = services.now();
  const addressKey = resetAddressKey(input.identifier);
  // Made whether or not the account exists (see the top of the file).
  const token = pooledRandomBytes(32).toString('base64url');
  const rendered = renderPasswordResetEmail({
    url: resetUrl(services.config.publicUrl, token),
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
    minutes: RESET_LINK_TTL_MS / 60_000,
    // The form's language when it names one, else the request's (Accept-Language).
    locale: input.locale ?? meta.locale,
  });

  const link = await writeTransaction(db, async (trx) => {
    await enforceAccountEmailLimit(
      trx,
      'password_reset',
      { ip: meta.ip },
      RESET_LIMITS.perClient,
      now,
      (s) => `Too many password reset requests from your network. Please try again in ${waitWords(s)}.`,
    );
    await enforceAccountEmailLimit(
      trx,
      'password_reset',
      { addressKey },
      RESET_LIMITS.perAddress,
      now,
      (s) =>
        `Too many password reset requests for this address. Please check your inbox (and spam folder), or try again in ${waitWords(s)}.`,
    );
    await logAccountEmail(trx, 'password_reset', addressKey, meta.ip, now);

    const user = await findAccount(trx, input.identifier);
    if (!user) return null;
    const since = iso(new Date(now.getTime() - RESET_LIMITS.perAccount.windowMs));
    const recent = await trx
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', user.id)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= RESET_LIMITS.perAccount.max) {
      services.log.warn('password reset not sent: account limit', { userId: user.id });
      return null;
    }
    // Only the newest link works.
    await trx
      .updateTable('password_resets')
      .set({ superseded_at: iso(now) })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('password_resets')
      .values({
        user_id: user.id,
        email: user.email,
        token_hash: sha256Hex(token),
        created_at: iso(now),
        expires_at: iso(new Date(now.getTime() + RESET_LINK_TTL_MS)),
        used_at: null,
        superseded_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, userId: user.id, to: user.email };
  });

  if (link) {
    services.jobs.run(`password-reset:${link.id}`, async () => {
      const sent = await services.mailer.send({ to: link.to, ...rendered, tag: `password-reset-${link.id}` });
      services.log.info('password reset e-mail sent', { userId: link.userId, location: sent.location ?? null });
    });
  }
  return { ok: true, message: RESET_REQUESTED_MESSAGE };
}

function problemOf(link: PasswordReset | undefined, now: string): ResetLinkProblem | null {
  if (!link) return 'invalid';
  if (link.used_at !== null) return 'used';
  if (link.superseded_at !== null) return 'superseded';
  if (link.expires_at <= now) return 'expired';
  return null;
}

/**
 * Sets a new password with a reset link: one use; ends every session of the account; marks the
 * address verified (joining guest orders placed with it, as the verification link does).
 * → { ok, userId }; 400 BAD_INPUT { field: 'token', reason } for a link that does not work.
 */
export async function resetPassword(db: Db, services: Services, input: TResetPasswordInput): Promise<{ ok: true; userId: number }> {
  const tokenHash = sha256Hex(input.token);
  const before = await db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  const early = problemOf(before, iso(services.now()));
  if (early) throw linkError(early);
  // Refused before the link is used: the traveller picks another with the same link.
  await assertPasswordNotCommon(input.password, 'password');
  // argon2 outside the write transaction: it takes a while and SQLite would hold its write lock.
  const passwordHash = await hashPassword(input.password);

  return writeTransaction(db, async (trx) => {
    const now = iso(services.now());
    const link = await trx.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    const problem = problemOf(link, now);
    if (problem || !link) throw linkError(problem ?? 'invalid');
    const user = await trx.selectFrom('users').selectAll().where('id', '=', link.user_id).executeTakeFirst();
    // The account's address changed since the link was sent: the link proves nothing now.
    if (!user || user.email !== link.email) throw linkError('invalid');
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .executeTakeFirst();
    if (changed(claimed) !== 1) throw linkError('used');

    const verifiedNow = user.email_verified_at === null;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now, ...(verifiedNow ? { email_verified_at: now } : {}) })
      .where('id', '=', user.id)
      .execute();
    if (verifiedNow) await attachGuestOrders(trx, user.id, user.email);
    // Signed out everywhere: whoever knew the old password is out too.
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    return { ok: true as const, userId: user.id };
  });
}

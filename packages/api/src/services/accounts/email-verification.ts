// E-mail verification. Registration sends a link to the address; opening it marks the address
// verified and only then do guest orders placed with that address join the account. Without
// this, anyone could register with a traveller's address and read their eSIM activation codes.
// Links: 32 random bytes (base64url) in the URL, only their SHA-256 stored; one use; 48 hours.
// Changing the address works the same way: the account keeps its address until the link sent to
// the new one is opened ('change' links), so the profile form never tells whether an address is taken.
import type { Db, EmailVerificationPurpose } from '@esim/db';
import type { Services } from '../types.ts';
import { AppError } from '../../errors.ts';
import { renderVerificationEmail } from '../../emails/render.ts';
import { HOUR_MS, enforceAccountEmailLimit, logAccountEmail, waitWords, type WindowLimit } from './account-email-log.ts';
import { notifyAccountExists } from './account-notices.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { attachGuestOrders } from '../orders/orders.ts';
import { pooledRandomBytes, sha256Hex } from '../shared/tokens.ts';
import { uniqueViolationField } from './users.ts';
import { iso } from '../../domain/time.ts';

export const VERIFY_LINK_TTL_MS = 48 * 3600_000;
/** A new link at most this often per account (the resend button). */
export const RESEND_INTERVAL_MS = 60_000;

const INVALID_LINK = 'This verification link is invalid, used or expired. Sign in and send a new one from your account.';
const ADDRESS_NOW_TAKEN = 'This e-mail address is now used by another account, so your account keeps its current address.';

export function verificationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * Stores a new link for `user.email` and sends it (in the background). Returns the token (tests).
 * purpose 'verify': the account's current address; 'change': an address the account asked to move to.
 * `locale`: the language of the request that caused it (ctx.locale), for the e-mail.
 */
export async function sendVerificationEmail(
  db: Db,
  services: Services,
  user: { id: number; email: string },
  purpose: EmailVerificationPurpose = 'verify',
  locale: string = 'en',
): Promise<string> {
  const now = services.now();
  const token = pooledRandomBytes(32).toString('base64url');
  const row = await db
    .insertInto('email_verifications')
    .values({
      user_id: user.id,
      email: user.email,
      token_hash: sha256Hex(token),
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + VERIFY_LINK_TTL_MS)),
      used_at: null,
      purpose,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = {
    to: user.email,
    ...renderVerificationEmail({
      url: verificationUrl(services.config.publicUrl, token),
      productName: services.config.productName,
      supportEmail: services.config.supportEmail,
      purpose,
      locale,
    }),
    tag: `verify-${row.id}`,
  };
  services.jobs.run(`verify-email:${row.id}`, async () => {
    const sent = await services.mailer.send(message);
    services.log.info('verification e-mail sent', { userId: user.id, location: sent.location ?? null });
  });
  return token;
}

/**
 * Opens a link: marks the address verified and joins the guest orders placed with it. A 'change'
 * link first moves the account to the address it proves (and ends the account's other links).
 */
export async function verifyEmail(
  db: Db,
  services: Services,
  token: string,
): Promise<{ email: string; attachedOrders: number; alreadyConfirmed: boolean }> {
  const now = iso(services.now());
  return db.transaction().execute(async (trx) => {
    const link = await trx.selectFrom('email_verifications').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
    if (!link) throw new AppError('BAD_INPUT', INVALID_LINK, { field: 'token' });
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'email_verified_at'])
      .where('id', '=', link.user_id)
      .executeTakeFirst();
    if (!user) throw new AppError('BAD_INPUT', INVALID_LINK, { field: 'token' });
    // The link opened again (a second click, the e-mail app's preview, another device): the address
    // it confirmed is still the account's and confirmed, so say so rather than 'this link does not work'.
    if (link.used_at !== null && user.email === link.email && user.email_verified_at !== null) {
      return { email: link.email, attachedOrders: 0, alreadyConfirmed: true };
    }
    if (link.used_at !== null || link.expires_at <= now) throw new AppError('BAD_INPUT', INVALID_LINK, { field: 'token' });
    const moves = link.purpose === 'change' && user.email !== link.email;
    // A 'verify' link sent before the address changed proves nothing about the new one.
    if (!moves && user.email !== link.email) throw new AppError('BAD_INPUT', INVALID_LINK, { field: 'token' });
    const used = await trx
      .updateTable('email_verifications')
      .set({ used_at: now })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new AppError('BAD_INPUT', INVALID_LINK, { field: 'token' });
    if (moves) {
      const holder = await trx.selectFrom('users').select('id').where('email', '=', link.email).executeTakeFirst();
      if (holder) throw new AppError('BAD_INPUT', ADDRESS_NOW_TAKEN, { field: 'token' });
      // Links for the old address (or other requested ones) are done with.
      await trx
        .updateTable('email_verifications')
        .set({ expires_at: now })
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
    }
    try {
      await trx
        .updateTable('users')
        .set({ email: link.email, email_verified_at: now, updated_at: now })
        .where('id', '=', user.id)
        .execute();
    } catch (e) {
      // Taken between the check and the write (unique index).
      if (uniqueViolationField(e)) throw new AppError('BAD_INPUT', ADDRESS_NOW_TAKEN, { field: 'token' });
      throw e;
    }
    const attachedOrders = await attachGuestOrders(trx, user.id, link.email);
    return { email: link.email, attachedOrders, alreadyConfirmed: false };
  });
}

/** At most this many address-change requests per account per hour (counted whatever the address). */
export const EMAIL_CHANGE_LIMIT: WindowLimit = { max: 5, windowMs: HOUR_MS };

/**
 * Asks to move the account to `newEmail`. The account keeps its address until the link sent to
 * the new one is opened. When the new address has an account already, its owner gets a notice
 * instead of a link; the answer is the same, so the form does not tell whether an address is known.
 * → { pendingEmail }; 429 past EMAIL_CHANGE_LIMIT.
 */
export async function requestEmailChange(
  db: Db,
  services: Services,
  user: { id: number },
  newEmail: string,
  meta: { ip: string; locale?: string | undefined },
): Promise<{ pendingEmail: string }> {
  const now = services.now();
  const address = newEmail.trim().toLowerCase();
  const accountKey = `user:${user.id}`;
  const owner = await writeTransaction(db, async (trx) => {
    await enforceAccountEmailLimit(
      trx,
      'email_change',
      { addressKey: accountKey },
      EMAIL_CHANGE_LIMIT,
      now,
      (s) => `You have asked to change your e-mail address too many times. Please try again in ${waitWords(s)}.`,
    );
    await logAccountEmail(trx, 'email_change', accountKey, meta.ip, now);
    // Only the latest requested address can be confirmed.
    await trx
      .updateTable('email_verifications')
      .set({ expires_at: iso(now) })
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'change')
      .where('used_at', 'is', null)
      .where('expires_at', '>', iso(now))
      .execute();
    return trx.selectFrom('users').select(['id', 'locale']).where('email', '=', address).where('id', '!=', user.id).executeTakeFirst();
  });
  // The owner of a taken address is told in their own language; the link goes out in the asker's.
  if (owner) await notifyAccountExists(db, services, { email: address, reason: 'email_change', ip: meta.ip, locale: owner.locale });
  else await sendVerificationEmail(db, services, { id: user.id, email: address }, 'change', meta.locale);
  return { pendingEmail: address };
}

/** The account's "send the link again" button: at most one per RESEND_INTERVAL_MS. */
export async function resendVerificationEmail(
  db: Db,
  services: Services,
  userId: number,
  locale: string = 'en',
): Promise<{ sent: boolean; alreadyVerified: boolean }> {
  const user = await db.selectFrom('users').select(['id', 'email', 'email_verified_at']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.email_verified_at) return { sent: false, alreadyVerified: true };
  const since = iso(new Date(services.now().getTime() - RESEND_INTERVAL_MS));
  const recent = await db
    .selectFrom('email_verifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  if (recent)
    throw new AppError('TOO_MANY_REQUESTS', 'A link was sent less than a minute ago. Please check your inbox, or try again in a minute.');
  await sendVerificationEmail(db, services, user, 'verify', locale);
  return { sent: true, alreadyVerified: false };
}

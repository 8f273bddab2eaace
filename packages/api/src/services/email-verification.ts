// E-mail verification. Registration sends a link to the address; opening it marks the address
// verified and only then do guest orders placed with that address join the account. Without
// this, anyone could register with a traveller's address and read their eSIM activation codes.
// Links: 32 random bytes (base64url) in the URL, only their SHA-256 stored; one use; 48 hours.
import type { Db } from '@esim/db';
import type { Services } from './types.ts';
import { AppError } from '../errors.ts';
import { renderVerificationEmail } from '../domain/email-templates.ts';
import { attachGuestOrders } from './orders.ts';
import { pooledRandomBytes, sha256Hex } from './tokens.ts';
import { iso } from '../domain/time.ts';

export const VERIFY_LINK_TTL_MS = 48 * 3600_000;
/** A new link at most this often per account (the resend button). */
export const RESEND_INTERVAL_MS = 60_000;

const INVALID_LINK = 'This verification link is invalid, used or expired. Sign in and send a new one from your account.';

export function verificationUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify-email?token=${encodeURIComponent(token)}`;
}

/** Stores a new link for the user's current address and sends it (in the background). Returns the token (tests). */
export async function sendVerificationEmail(db: Db, services: Services, user: { id: number; email: string }): Promise<string> {
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = {
    to: user.email,
    ...renderVerificationEmail({ url: verificationUrl(services.config.publicUrl, token), productName: services.config.productName }),
    tag: `verify-${row.id}`,
  };
  services.jobs.run(`verify-email:${row.id}`, async () => {
    const sent = await services.mailer.send(message);
    services.log.info('verification e-mail sent', { userId: user.id, location: sent.location ?? null });
  });
  return token;
}

/** Opens a link: marks the address verified and joins the guest orders placed with it. */
export async function verifyEmail(db: Db, services: Services, token: string): Promise<{ email: string; attachedOrders: number }> {
  const now = iso(services.now());
  return db.transaction().execute(async (trx) => {
    const link = await trx.selectFrom('email_verifications').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
    if (!link || link.used_at !== null || link.expires_at <= now) throw new AppError('BAD_INPUT', INVALID_LINK, { field: 'token' });
    const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', link.user_id).executeTakeFirst();
    // The address changed since the link was sent: it proves nothing about the new one.
    if (!user || user.email !== link.email) throw new AppError('BAD_INPUT', INVALID_LINK, { field: 'token' });
    const used = await trx
      .updateTable('email_verifications')
      .set({ used_at: now })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new AppError('BAD_INPUT', INVALID_LINK, { field: 'token' });
    await trx.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', user.id).execute();
    const attachedOrders = await attachGuestOrders(trx, user.id, user.email);
    return { email: user.email, attachedOrders };
  });
}

/** The account's "send the link again" button: at most one per RESEND_INTERVAL_MS. */
export async function resendVerificationEmail(db: Db, services: Services, userId: number): Promise<{ sent: boolean; alreadyVerified: boolean }> {
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
  if (recent) throw new AppError('TOO_MANY_REQUESTS', 'A link was sent less than a minute ago. Please check your inbox, or try again in a minute.');
  await sendVerificationEmail(db, services, user);
  return { sent: true, alreadyVerified: false };
}

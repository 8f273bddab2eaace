// "Someone tried to use your e-mail address": sent to the owner of an address when someone tries
// to register with it or to move another account to it. The one asking gets the same answer as for
// a free address (or the generic registration error), so only the address's owner learns that it
// has an account. At most one notice per address per hour, so it cannot be used to flood an inbox.
import type { Db } from '@esim/db';
import { renderAccountExistsEmail } from '../../emails/render.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { HOUR_MS, logAccountEmail, recentAccountEmails } from './account-email-log.ts';
import type { Services } from '../types.ts';

/** At most one notice per address per hour. */
export const ACCOUNT_EXISTS_NOTICE_INTERVAL_MS = HOUR_MS;

function pageUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * Tells the owner of `email` (an address that has an account) that someone tried to use it.
 * Returns whether a notice was queued (false within an hour of the last one). The e-mail goes out
 * in the background, like the verification e-mail, in `locale`: the owner's own language
 * (users.locale), since the stranger who caused it is not the one who reads it.
 */
export async function notifyAccountExists(
  db: Db,
  services: Services,
  args: { email: string; reason: 'register' | 'email_change'; ip: string; locale?: string | undefined },
): Promise<boolean> {
  const now = services.now();
  const email = args.email.trim().toLowerCase();
  const message = {
    to: email,
    ...renderAccountExistsEmail({
      reason: args.reason,
      productName: services.config.productName,
      supportEmail: services.config.supportEmail,
      loginUrl: pageUrl(services.config.publicUrl, '/login'),
      forgotPasswordUrl: pageUrl(services.config.publicUrl, '/forgot-password'),
      locale: args.locale,
    }),
  };
  const queued = await writeTransaction(db, async (trx) => {
    const recent = await recentAccountEmails(trx, 'account_exists', { addressKey: email }, ACCOUNT_EXISTS_NOTICE_INTERVAL_MS, now);
    if (recent.count > 0) return false;
    await logAccountEmail(trx, 'account_exists', email, args.ip, now);
    return true;
  });
  if (!queued) return false;
  const key = `account-exists:${email}:${now.getTime()}`;
  services.jobs.run(key, async () => {
    const sent = await services.mailer.send({ ...message, tag: `account-exists-${now.getTime()}` });
    services.log.info('account notice sent', { reason: args.reason, location: sent.location ?? null });
  });
  return true;
}

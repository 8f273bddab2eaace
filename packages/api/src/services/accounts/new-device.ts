// A new sign-in to a back-office account from a browser or an address not seen before is told to
// the account by e-mail (issue 27). Addresses and browsers are remembered as SHA-256 of their text
// (known_devices). The e-mail is in the account's language (emails/render.ts renderNewSignInEmail).
// The very first sign-in an account makes after this change only remembers (there
// is nothing to compare it with yet; otherwise every admin would be mailed once on the day it ships).
import type { Db } from '@esim/db';
import { renderNewSignInEmail } from '../../emails/render.ts';
import { sha256Hex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';

export interface SignInFacts {
  userId: number;
  email: string;
  /** The account's language (users.locale) as it was before this sign-in. */
  locale: string;
  role: 'customer' | 'admin';
  ip: string;
  userAgent: string;
  now: Date;
}

/** Remembers the sign-in's address and browser; → whether a 'new sign-in' e-mail was queued. */
export async function noteBackOfficeSignIn(db: Db, services: Services, facts: SignInFacts): Promise<boolean> {
  if (facts.role !== 'admin') return false;
  const values = [
    { kind: 'ip' as const, value_hash: sha256Hex(`ip:${facts.ip}`) },
    { kind: 'agent' as const, value_hash: sha256Hex(`agent:${facts.userAgent}`) },
  ];
  const known = await db.selectFrom('known_devices').select(['kind', 'value_hash']).where('user_id', '=', facts.userId).execute();
  const seen = (v: { kind: string; value_hash: string }) => known.some((k) => k.kind === v.kind && k.value_hash === v.value_hash);
  const fresh = values.filter((v) => !seen(v));
  if (fresh.length === 0) return false;
  await db
    .insertInto('known_devices')
    .values(fresh.map((v) => ({ user_id: facts.userId, kind: v.kind, value_hash: v.value_hash, first_seen_at: facts.now.toISOString() })))
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'value_hash']).doNothing())
    .execute();
  if (known.length === 0) return false;
  // In the account's own language: the sign-in being reported may be a stranger's, whose browser
  // language loginUser has just made the account's.
  const email = renderNewSignInEmail({
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
    locale: facts.locale,
    fresh: { address: fresh.some((v) => v.kind === 'ip'), browser: fresh.some((v) => v.kind === 'agent') },
    at: facts.now,
    ip: facts.ip,
    userAgent: facts.userAgent,
    sessionsUrl: `${services.config.publicUrl.replace(/\/+$/, '')}/account/profile`,
  });
  const key = `new-sign-in:${facts.userId}:${facts.now.getTime()}`;
  services.jobs.run(key, async () => {
    await services.mailer.send({ to: facts.email, ...email, tag: key });
  });
  return true;
}

// A new sign-in to a back-office account from a browser or an address not seen before is told to
// the account by e-mail (issue 27). Addresses and browsers are remembered as SHA-256 of their text
// (known_devices). The very first sign-in an account makes after this change only remembers (there
// is nothing to compare it with yet; otherwise every admin would be mailed once on the day it ships).
import type { Db } from '@esim/db';
import { sha256Hex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';

export interface SignInFacts {
  userId: number;
  email: string;
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
  const when = facts.now.toISOString().replace('T', ' ').slice(0, 16);
  const what = fresh.map((v) => (v.kind === 'ip' ? 'a new address' : 'a new browser or device')).join(' and ');
  const text = [
    `Someone signed in to your ${services.config.productName} back-office account from ${what}.`,
    '',
    `When: ${when} UTC`,
    `Address: ${facts.ip}`,
    `Browser: ${facts.userAgent.slice(0, 200)}`,
    '',
    'If this was you, there is nothing to do.',
    `If not, sign in, end the other sessions on the Sessions page and change your password, or write to ${services.config.supportEmail}.`,
  ].join('\n');
  const html = `<p>${text
    .split('\n')
    .map((l) => l.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c))
    .join('<br>')}</p>`;
  const key = `new-sign-in:${facts.userId}:${facts.now.getTime()}`;
  services.jobs.run(key, async () => {
    await services.mailer.send({
      to: facts.email,
      subject: `New sign-in to your ${services.config.productName} back office`,
      text,
      html,
      tag: key,
    });
  });
  return true;
}

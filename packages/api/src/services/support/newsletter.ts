// The newsletter, double opt-in (issue 30): subscribing stores the address as pending and e-mails a
// confirmation link; only a confirmed address is on the list (the back office's list and CSV). Every
// newsletter e-mail carries an unsubscribe link (emails/render-tickets.ts withUnsubscribe).
//
// Links: '<base64url(address)>.<HMAC-SHA256(key, "newsletter-<purpose>:<address>")>' under support's
// link key (link-key.ts, kept in the database): nothing to store, and one address's link opens nothing for another.
// A confirmation e-mail goes out at most once per NEWSLETTER_CONFIRM_INTERVAL_MS per address, and
// the form answers the same whatever the address's state, so it tells strangers nothing.
import { createHmac } from 'node:crypto';
import type { Db } from '@esim/db';
import { shopLanguage } from '../../domain/language.ts';
import { iso } from '../../domain/time.ts';
import { renderNewsletterConfirmEmail } from '../../emails/render-tickets.ts';
import { AppError } from '../../errors.ts';
import { sameHex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';
import { subscribeNewsletter } from './contact.ts';
import { supportLinkKey } from './link-key.ts';

export const NEWSLETTER_CONFIRM_INTERVAL_MS = 10 * 60 * 1000;

type Purpose = 'confirm' | 'unsubscribe';

function sign(key: string, purpose: Purpose, email: string): string {
  return createHmac('sha256', key).update(`newsletter-${purpose}:${email}`).digest('base64url');
}

export async function newsletterToken(db: Db, purpose: Purpose, email: string): Promise<string> {
  return `${Buffer.from(email, 'utf8').toString('base64url')}.${sign(await supportLinkKey(db), purpose, email)}`;
}

async function emailOfToken(db: Db, purpose: Purpose, token: string): Promise<string> {
  const m = /^([A-Za-z0-9_-]{4,500})\.([A-Za-z0-9_-]{43})$/.exec(token);
  const bad = new AppError('NOT_FOUND', 'This link is not valid. Subscribe again from the blog to get a new one.');
  if (!m) throw bad;
  const email = Buffer.from(m[1]!, 'base64url').toString('utf8');
  if (!sameHex(m[2]!, sign(await supportLinkKey(db), purpose, email))) throw bad;
  return email;
}

/** The blog (where the form is) with the link's token: '/blog?newsletter=<token>' in the reader's language. */
function linkUrl(services: Services, path: string, locale: string, token: string): string {
  const lang = shopLanguage(locale);
  const url = new URL(lang === 'en' ? path : `/${lang}${path}`, services.config.publicUrl);
  url.searchParams.set('newsletter', token);
  return url.href;
}

/** The form: pending until confirmed; a confirmation e-mail when one is due. → { ok } either way. */
export async function requestNewsletterSubscription(
  db: Db,
  services: Services,
  args: { email: string; locale: string; source: string },
): Promise<{ ok: true }> {
  const now = services.now();
  const email = args.email.trim().toLowerCase();
  await subscribeNewsletter(db, { email, locale: args.locale, source: args.source, now });
  const row = await db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  if (row.confirmed_at !== null && row.unsubscribed_at === null) return { ok: true };
  const dueBefore = iso(new Date(now.getTime() - NEWSLETTER_CONFIRM_INTERVAL_MS));
  // One claim per interval: the conditional UPDATE lets one of two racing requests send.
  const claimed = await db
    .updateTable('newsletter_subscribers')
    .set({ confirm_sent_at: iso(now), confirmed_at: null, unsubscribed_at: null, locale: args.locale })
    .where('id', '=', row.id)
    .where((eb) => eb.or([eb('confirm_sent_at', 'is', null), eb('confirm_sent_at', '<=', dueBefore)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return { ok: true };
  const unsubscribeToken = await newsletterToken(db, 'unsubscribe', email);
  const mail = renderNewsletterConfirmEmail({
    locale: args.locale,
    confirmUrl: linkUrl(services, '/blog', args.locale, await newsletterToken(db, 'confirm', email)),
    unsubscribeUrl: linkUrl(services, '/blog', args.locale, `u.${unsubscribeToken}`),
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
  });
  try {
    await services.mailer.send({
      to: email,
      ...mail,
      listUnsubscribe: { oneClick: oneClickUrl(services, unsubscribeToken) },
      tag: `newsletter-confirm-${now.getTime()}`,
    });
  } catch (e) {
    services.log.error('newsletter confirmation not sent', { error: String(e) });
  }
  return { ok: true };
}

/** The confirmation link (a mutation the page calls): on the list from now. Idempotent. */
export async function confirmNewsletter(db: Db, services: Services, token: string): Promise<{ email: string }> {
  const email = await emailOfToken(db, 'confirm', token);
  const r = await db
    .updateTable('newsletter_subscribers')
    .set({ confirmed_at: iso(services.now()) })
    .where('email', '=', email)
    .where('confirmed_at', 'is', null)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) {
    const row = await db.selectFrom('newsletter_subscribers').select(['confirmed_at']).where('email', '=', email).executeTakeFirst();
    if (!row?.confirmed_at) throw new AppError('NOT_FOUND', 'This address is not waiting for confirmation. Subscribe again from the blog.');
  }
  return { email };
}

/** Whether `token` ('u.<…>') is a genuine unsubscribe link (read only: the one-click URL's GET). */
export async function isUnsubscribeToken(db: Db, token: string): Promise<boolean> {
  try {
    await emailOfToken(db, 'unsubscribe', token.replace(/^u\./, ''));
    return true;
  } catch {
    return false;
  }
}

/** The unsubscribe link of every newsletter e-mail: off the list. Idempotent. */
export async function unsubscribeNewsletter(db: Db, services: Services, token: string): Promise<{ email: string }> {
  const email = await emailOfToken(db, 'unsubscribe', token.replace(/^u\./, ''));
  await db
    .updateTable('newsletter_subscribers')
    .set({ unsubscribed_at: iso(services.now()), confirmed_at: null })
    .where('email', '=', email)
    .where('unsubscribed_at', 'is', null)
    .execute();
  return { email };
}

/**
 * The List-Unsubscribe header's URL (RFC 8058 one-click): POST unsubscribes at once, GET sends
 * the reader to the blog's page for the same link (apps/server rest/support.ts).
 */
function oneClickUrl(services: Services, unsubscribeToken: string): string {
  return new URL(`/api/newsletter/unsubscribe/u.${unsubscribeToken}`, services.config.publicUrl).href;
}

/** The List-Unsubscribe (one-click) URL of a newsletter e-mail to `email`: for the list's CSV and any sender. */
export async function newsletterOneClickUrl(db: Db, email: string, services: Services): Promise<string> {
  return oneClickUrl(services, await newsletterToken(db, 'unsubscribe', email.trim().toLowerCase()));
}

/** The unsubscribe URL a newsletter e-mail to `email` must carry (withUnsubscribe). */
export async function newsletterUnsubscribeUrl(db: Db, services: Services, email: string, locale: string): Promise<string> {
  return linkUrl(services, '/blog', locale, `u.${await newsletterToken(db, 'unsubscribe', email.trim().toLowerCase())}`);
}

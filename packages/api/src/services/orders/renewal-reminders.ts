// The renewal reminder (issue 31, UK consumer rules for subscriptions): an e-mail some days before
// each renewal (RENEWAL_REMINDER_DAYS, default 3) with the price, the date and a one-click cancel
// link that works without signing in.
//
// The worker's pass (due-work.ts) finds active subscriptions, set to renew, whose period ends
// within the window and that have no reminder for that period yet; each gets one
// subscription_reminders row (unique on subscription and period end: once per period, however
// many workers look) and one outbox row ('renewal_reminder:<reminder id>', unique per order and
// kind), written in one transaction and sent by the outbox like every other e-mail.
//
// The cancel link carries `<reminder id>.<HMAC-SHA256(key, 'renewal-cancel:<id>')>` (base64url):
// signed for this one purpose (the key is the shop's own, kept in app_settings, made once), so it
// cancels only that subscription, and nothing else accepts it. Used twice: the same answer; after
// the subscription ended or was set to cancel already: the same answer too (idempotent).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@esim/db';
import type { Services } from '../types.ts';
import { AppError } from '../../errors.ts';
import { addMs, iso } from '../../domain/time.ts';
import { pooledRandomBytes, sha256Hex } from '../shared/tokens.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { enqueueEmail, scheduleOrderEmails } from '../mail/mail-outbox.ts';
import type { Order } from '@esim/db';
import type { MailMessage } from '../../providers/mail/index.ts';
import type { EmailPlan } from '../../emails/render.ts';
import { renderRenewalReminderEmail } from '../../emails/render-reminder.ts';
import { subscriptionsPageUrl } from '../esims/esim-emails.ts';
import { cancelSubscription } from './subscriptions.ts';

export const DEFAULT_RENEWAL_REMINDER_DAYS = 3;
export const RENEWAL_REMINDER_PREFIX = 'renewal_reminder:';
export type RenewalReminderKind = `renewal_reminder:${number}`;
const KEY_SETTING = 'renewal_link_key';
const PURPOSE = 'renewal-cancel:';

export function renewalReminderKind(reminderId: number): RenewalReminderKind {
  return `${RENEWAL_REMINDER_PREFIX}${reminderId}`;
}

/** The shop's key for cancel links: made once, kept in app_settings (the same for every process). */
async function linkKey(db: Db, now: string): Promise<Buffer> {
  const found = await db.selectFrom('app_settings').select('value').where('key', '=', KEY_SETTING).executeTakeFirst();
  if (found) return Buffer.from(found.value, 'base64url');
  await db
    .insertInto('app_settings')
    .values({ key: KEY_SETTING, value: pooledRandomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY_SETTING).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

function sign(key: Buffer, reminderId: number): string {
  return createHmac('sha256', key).update(`${PURPOSE}${reminderId}`).digest('base64url');
}

export function renewalCancelUrl(publicUrl: string, token: string): string {
  // The subscription page's cancel mode (no route of its own: the shop's initial chunk is at its budget).
  return `${publicUrl.replace(/\/+$/, '')}/subscribe?cancel=${encodeURIComponent(token)}`;
}

/** The cancel link's token of a reminder (composed when its e-mail is written). */
export async function renewalCancelToken(db: Db, reminderId: number, now: string): Promise<string> {
  return `${reminderId}.${sign(await linkKey(db, now), reminderId)}`;
}

export function renewalReminderDays(services: Services): number {
  return services.config.renewalReminderDays ?? DEFAULT_RENEWAL_REMINDER_DAYS;
}

/** One pass: the reminders now due, each queued once per period. Returns how many were queued. */
export async function queueRenewalReminders(db: Db, services: Services): Promise<number> {
  const days = renewalReminderDays(services);
  if (days <= 0) return 0;
  const now = services.now();
  const horizon = addMs(now, days * 86_400_000);
  const due = await db
    .selectFrom('subscriptions as s')
    .select(['s.id', 's.email', 's.current_period_end'])
    .where('s.status', '=', 'active')
    .where('s.cancel_at_period_end', '=', 0)
    .where('s.current_period_end', '>', iso(now))
    .where('s.current_period_end', '<=', horizon)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscription_reminders as r')
            .select('r.id')
            .whereRef('r.subscription_id', '=', 's.id')
            .whereRef('r.period_end', '=', 's.current_period_end'),
        ),
      ),
    )
    .orderBy('s.current_period_end')
    .limit(100)
    .execute();
  let queued = 0;
  for (const s of due) {
    const first = await db.selectFrom('orders').select('id').where('subscription_id', '=', s.id).orderBy('id').executeTakeFirst();
    if (!first || !s.current_period_end) continue;
    const at = iso(services.now());
    const made = await writeTransaction(db, async (trx) => {
      const row = await trx
        .insertInto('subscription_reminders')
        .values({
          subscription_id: s.id,
          period_end: s.current_period_end!,
          // Filled with the signed token's hash right below (the id signs it).
          token_hash: `pending:${sha256Hex(`${s.id}:${s.current_period_end}`)}`,
          created_at: at,
        })
        .onConflict((oc) => oc.columns(['subscription_id', 'period_end']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      const token = await renewalCancelToken(trx, row.id, at);
      await trx
        .updateTable('subscription_reminders')
        .set({ token_hash: sha256Hex(token) })
        .where('id', '=', row.id)
        .execute();
      return enqueueEmail(trx, { orderId: first.id, kind: renewalReminderKind(row.id), to: s.email, now: at });
    });
    if (made) {
      queued++;
      scheduleOrderEmails(db, services, first.id);
    }
  }
  if (queued > 0) services.log.info('renewal reminders queued', { queued });
  return queued;
}

/** The reminder's e-mail, written when the outbox sends it: the subscription's price and date as they are then. */
export async function composeRenewalReminder(
  db: Db,
  services: Services,
  order: Order,
  plan: EmailPlan,
  kind: string,
  to: string,
): Promise<MailMessage> {
  const reminderId = Number(kind.slice(RENEWAL_REMINDER_PREFIX.length));
  const r = await db
    .selectFrom('subscription_reminders as r')
    .innerJoin('subscriptions as s', 's.id', 'r.subscription_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['r.id', 'r.period_end', 's.public_id', 's.price_minor', 's.currency', 'u.locale'])
    .where('r.id', '=', reminderId)
    .executeTakeFirstOrThrow();
  const locale = r.locale ?? order.locale;
  const token = await renewalCancelToken(db, r.id, iso(services.now()));
  const rendered = renderRenewalReminderEmail({
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
    locale,
    plan,
    amountMinor: r.price_minor,
    currency: r.currency,
    renewsAt: r.period_end,
    cancelUrl: renewalCancelUrl(services.config.publicUrl, token),
    manageUrl: subscriptionsPageUrl(services.config.publicUrl, locale),
  });
  return { to, ...rendered, tag: `${r.public_id}-renewal-reminder-${r.id}` };
}

export interface RenewalCancelResult {
  /** The subscription's number ('SUB-…'). */
  subscriptionId: string;
  planName: string;
  /** It ends at this time (the end of the paid month); null when unknown. */
  endsAt: string | null;
  /** Ended already (not just set to end). */
  ended: boolean;
}

const badLink = () => new AppError('NOT_FOUND', 'This cancel link is not valid. Sign in and cancel from your account instead.');

/** The one-click cancel: checks the signed token and sets the subscription to end at its period's end. */
export async function cancelByReminderToken(db: Db, services: Services, token: string): Promise<RenewalCancelResult> {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw badLink();
  const reminderId = Number(m[1]);
  const now = iso(services.now());
  const expected = Buffer.from(sign(await linkKey(db, now), reminderId));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badLink();
  const reminder = await db
    .selectFrom('subscription_reminders')
    .select(['id', 'subscription_id', 'token_hash'])
    .where('id', '=', reminderId)
    .executeTakeFirst();
  if (!reminder || reminder.token_hash !== sha256Hex(token)) throw badLink();
  const sub = await db
    .selectFrom('subscriptions')
    .select(['user_id', 'public_id'])
    .where('id', '=', reminder.subscription_id)
    .executeTakeFirstOrThrow();
  // The subscriber's own 'Cancel subscription' (a second click, or an ended one: unchanged).
  const view = await cancelSubscription(db, services, sub.user_id, sub.public_id);
  await db.updateTable('subscription_reminders').set({ used_at: now }).where('id', '=', reminder.id).where('used_at', 'is', null).execute();
  return {
    subscriptionId: view.id,
    planName: view.planName,
    endsAt: view.endedAt ?? view.currentPeriodEnd,
    ended: view.status === 'canceled',
  };
}

// The e-mail outbox: one row per (order, kind) — unique, so reaching fulfilment twice queues one
// e-mail — sent by the in-process queue right away and by the worker's tick after a failure, with
// back-off. A failed send changes nothing about the order; after the last attempt the row is
// 'failed' (still listed for an operator to resend).
import type { Db, RefundRow } from '@esim/db';
import type { Services } from '../types.ts';
import { renderConfirmationCodeEmail, renderRefundEmail, type EmailPlan, type RefundEmailInput } from '../../emails/render.ts';
import { FRAUD_WARNING_REFUND_REASON, OUTSIDE_REFUND_REASON } from '../../domain/refunds.ts';
import { composeEsimMail } from '../../providers/mail/index.ts';
import type { MailMessage } from '../../providers/mail/index.ts';
import { backoffDelay } from '../../providers/retry.ts';
import { addMs, iso } from '../../domain/time.ts';
import { eachLimit, leaseFree, takeDueBatch, type DueJob } from '../shared/job-claims.ts';
import { errorText } from '../../errors.ts';
import { changed } from '../shared/db-tx.ts';
import { getPlanDestinations } from '../catalog/plan-facts.ts';
import { ledgerKeys } from '../rewards/rewards-ledger.ts';
import { composeEsimLifeEmail, emailSubscriptionOf, isEsimLifeEmailKind, type EsimLifeEmailKind } from '../esims/esim-emails.ts';
import { accountInviteUrl, withAccountInvite, withManageLink } from '../../emails/manage-link.ts';
import { outboxEsimLink } from '../esims/esim-links.ts';
import { GIFT_EMAIL_KIND, composeGiftEmail } from '../gifts/gifts.ts';
import { GIFT_RECEIPT_EMAIL_KIND, composeGiftReceipt } from '../gifts/checkout-gift.ts';
import { RENEWAL_REMINDER_PREFIX, composeRenewalReminder, type RenewalReminderKind } from '../orders/renewal-reminders.ts';

export type EmailKind =
  | 'esim_delivery'
  | 'confirmation_code'
  | 'refund_notice'
  // A partial (goodwill) refund's e-mail: one per refund row ('refund_notice:<seq>').
  | RefundNoticeKind
  // The eSIM's life (esim-emails.ts composes them): usage alerts per package, one day of validity
  // left, a top-up applied, a subscription renewal's receipt and its failure.
  | EsimLifeEmailKind
  // The eSIM e-mail sent again from the admin area (composed as esim_delivery).
  | EsimResendKind
  // A subscription's renewal reminder, one per period (renewal-reminders.ts), on its first order.
  | RenewalReminderKind
  // The gift e-mail to the recipient (issue 29, services/gifts/gifts.ts), once per order.
  | 'gift'
  // The buyer's receipt for a gift bought at checkout (services/gifts/checkout-gift.ts), instead of esim_delivery.
  | 'gift_receipt';

/**
 * Each resend of the eSIM e-mail is a row of its own, numbered ('esim_resend:1', 'esim_resend:2',
 * …): the unique (order, kind) makes two clicks that count the same number one e-mail, and each
 * resend keeps its own sent_at and Message-ID (the first e-mail's row stays as it was).
 */
export type EsimResendKind = `esim_resend:${number}`;
export type RefundNoticeKind = `refund_notice:${number}`;
const REFUND_NOTICE_PREFIX = 'refund_notice:';
export function refundNoticeKind(seq: number): RefundNoticeKind {
  return `${REFUND_NOTICE_PREFIX}${seq}`;
}

function refundCause(row: RefundRow): RefundEmailInput['cause'] {
  if (row.full !== 1) return { kind: 'partial', reason: row.reason };
  if (row.actor === 'traveller') return { kind: 'requested' };
  // A refund after a card issuer's fraud warning is not 'could not be delivered': a plain notice.
  if (row.actor === 'system') return row.reason.startsWith(FRAUD_WARNING_REFUND_REASON) ? undefined : { kind: 'undeliverable' };
  // A refund made at the payment service has no note of ours.
  return row.reason === OUTSIDE_REFUND_REASON ? undefined : { kind: 'owner', reason: row.reason };
}
export const ESIM_RESEND_PREFIX = 'esim_resend:';
export function esimResendKind(n: number): EsimResendKind {
  return `${ESIM_RESEND_PREFIX}${n}`;
}

/**
 * Queues an e-mail unless this order already has one of this kind (true: queued now). Call inside
 * the transaction that made it due.
 */
export async function enqueueEmail(trx: Db, e: { orderId: number; kind: EmailKind; to: string; now: string }): Promise<boolean> {
  const r = await trx
    .insertInto('email_outbox')
    .values({
      order_id: e.orderId,
      kind: e.kind,
      to_address: e.to,
      status: 'pending',
      attempts: 0,
      next_attempt_at: e.now,
      created_at: e.now,
    })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
    .executeTakeFirst();
  return changed(r) > 0;
}

/** Sends the order's pending e-mails on the background queue. */
export function scheduleOrderEmails(db: Db, services: Services, orderId: number): void {
  services.jobs.run(`mail-order:${orderId}`, async () => {
    const rows = await db.selectFrom('email_outbox').select('id').where('order_id', '=', orderId).where('status', '=', 'pending').execute();
    for (const r of rows) await sendEmail(db, services, r.id);
  });
}

export type SendOutcome = 'sent' | 'retry' | 'failed' | 'skipped';

/**
 * One send attempt of an outbox row, under a lease; 'skipped' when it is not pending or leased
 * elsewhere. `heldLease`: the lease the caller's batch claim took (sendDueEmails on PostgreSQL).
 */
export async function sendEmail(db: Db, services: Services, outboxId: number, opts: { heldLease?: string } = {}): Promise<SendOutcome> {
  const policy = services.fulfilment;
  const now = services.now();
  const row = await db
    .updateTable('email_outbox')
    .set({ lease_until: addMs(now, policy.leaseMs) })
    .where('id', '=', outboxId)
    .where('status', '=', 'pending')
    .where(leaseFree(iso(now), opts.heldLease))
    .returningAll()
    .executeTakeFirst();
  if (!row) return 'skipped';
  const attempts = row.attempts + 1;
  try {
    const order = await db.selectFrom('orders').select(['locale', 'user_id']).where('id', '=', row.order_id).executeTakeFirstOrThrow();
    // Issue 26: every order e-mail carries the 'Manage your eSIM' link.
    // The gift e-mail (issue 29) carries its claim link only: the order's link is the buyer's.
    let composed =
      row.kind === GIFT_EMAIL_KIND
        ? await composeGiftEmail(db, services, row.order_id, row.to_address)
        : row.kind === GIFT_RECEIPT_EMAIL_KIND
          ? await composeGiftReceipt(db, services, row.order_id, row.to_address)
          : withManageLink(
              await composeOutboxMessage(db, services, row.order_id, row.kind as EmailKind, row.to_address),
              await outboxEsimLink(db, services, row.order_id),
              order.locale,
            );
    // A guest's delivery e-mail offers an account for the address, unless one already has it.
    if (row.kind === 'esim_delivery' && order.user_id === null) {
      const holder = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', row.to_address.toLowerCase()))
        .executeTakeFirst();
      if (!holder) {
        composed = withAccountInvite(composed, accountInviteUrl(services.config.publicUrl, order.locale, row.to_address), order.locale);
      }
    }
    // One message per row however often it is attempted (a crash after the send, before the
    // update below, is followed by another attempt): the same Date, Message-ID and outbox file.
    const message = { ...composed, date: new Date(row.created_at), idempotencyKey: `email-outbox:${row.id}:${composed.tag ?? row.kind}` };
    const result = await services.mailer.send(message);
    await db
      .updateTable('email_outbox')
      .set({
        status: 'sent',
        attempts,
        sent_at: iso(services.now()),
        message_id: result.messageId,
        location: result.location ?? null,
        lease_until: null,
        last_error: null,
      })
      .where('id', '=', row.id)
      .execute();
    services.log.info('e-mail sent', {
      kind: row.kind,
      orderId: row.order_id,
      via: services.mailer.kind,
      ...(result.location ? { outbox: result.location } : {}),
    });
    return 'sent';
  } catch (e) {
    const failed = attempts >= policy.mailMaxAttempts;
    await db
      .updateTable('email_outbox')
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        last_error: errorText(e),
        lease_until: null,
        next_attempt_at: addMs(services.now(), backoffDelay(attempts, policy.mailBaseMs, policy.mailMaxMs)),
      })
      .where('id', '=', row.id)
      .execute();
    services.log.warn(failed ? 'e-mail failed for good (order unaffected)' : 'e-mail failed; will retry', {
      kind: row.kind,
      orderId: row.order_id,
      attempt: attempts,
      error: errorText(e),
    });
    return failed ? 'failed' : 'retry';
  }
}

/**
 * The next batch of due e-mails. SQLite: the ids (sendEmail claims each). PostgreSQL: claimed in
 * one statement, FOR UPDATE SKIP LOCKED, so several workers take disjoint batches.
 */
async function selectDueEmails(db: Db, services: Services): Promise<DueJob[]> {
  const now = iso(services.now());
  const due = (q: Db) =>
    q
      .selectFrom('email_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where(leaseFree(now))
      .orderBy('next_attempt_at')
      .limit(services.fulfilment.batchSize);
  return takeDueBatch(db, services, 'email_outbox', due);
}

/** One batch of due e-mails (the worker's pass calls it until none is due). */
export async function sendDueEmails(db: Db, services: Services, concurrency = 4): Promise<{ sent: number; failed: number; seen: number }> {
  const due = await selectDueEmails(db, services);
  let sent = 0;
  let failed = 0;
  await eachLimit(due, concurrency, async ({ id, heldLease }) => {
    const outcome = await sendEmail(db, services, id, heldLease ? { heldLease } : {});
    if (outcome === 'sent') sent++;
    else if (outcome === 'retry' || outcome === 'failed') failed++;
  });
  return { sent, failed, seen: due.length };
}

/** The order's plan as the e-mails describe it: composed in the order's language from its destination. */
export async function emailPlanOf(
  db: Db,
  order: { plan_id: number; plan_name: string; plan_data_amount: string; plan_data_mb: number | null; plan_validity_days: number },
): Promise<EmailPlan> {
  const destination = (await getPlanDestinations(db, [order.plan_id])).get(order.plan_id);
  return {
    name: order.plan_name,
    dataAmount: order.plan_data_amount,
    dataMb: order.plan_data_mb,
    validityDays: order.plan_validity_days,
    region: destination
      ? { code: destination.regionCode, kind: destination.regionKind, name: destination.regionName, coverage: destination.coverage }
      : null,
    provided: destination?.provided ?? null,
  };
}

async function composeOutboxMessage(db: Db, services: Services, orderId: number, kind: EmailKind, to: string): Promise<MailMessage> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const { productName, supportEmail, publicUrl } = services.config;
  // The language of the checkout that placed the order.
  const locale = order.locale;
  const plan = await emailPlanOf(db, order);
  if (isEsimLifeEmailKind(kind)) return composeEsimLifeEmail(db, services, { order, plan, kind, to });
  if (kind.startsWith(RENEWAL_REMINDER_PREFIX)) return composeRenewalReminder(db, services, order, plan, kind, to);
  if (kind === 'refund_notice' || kind.startsWith(REFUND_NOTICE_PREFIX)) {
    // The refund row says what happened and in which language (the person who caused it).
    const seq = kind === 'refund_notice' ? null : Number(kind.slice(REFUND_NOTICE_PREFIX.length));
    const row = await db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .$if(seq === null, (q) => q.where('full', '=', 1))
      .$if(seq !== null, (q) => q.where('seq', '=', seq!))
      .orderBy('seq', 'desc')
      .executeTakeFirst();
    const rendered = renderRefundEmail({
      productName,
      supportEmail,
      locale: row?.language ?? locale,
      orderId: order.public_id,
      plan,
      currency: order.currency,
      // Without a row (a refund from before refunds were rows): the card's part, the points spent back.
      cardMinor: row ? row.amount_minor : order.total_amount_minor - order.points_discount_minor,
      points: row ? row.points_returned : order.points_used,
      cause: row ? refundCause(row) : undefined,
      deducted: row ? { minor: row.cash_deducted_minor, points: row.points_settled_in_cash } : undefined,
    });
    return { to, ...rendered, tag: `${order.public_id}-refund${seq === null ? '' : `-${seq}`}` };
  }
  const esim = await db.selectFrom('esims').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  if (kind === 'confirmation_code') {
    const rendered = renderConfirmationCodeEmail({
      productName,
      supportEmail,
      locale,
      orderId: order.public_id,
      plan,
      code: esim.confirmation_code,
    });
    return { to, ...rendered, tag: `${order.public_id}-code` };
  }
  return composeEsimMail({
    to,
    productName,
    supportEmail,
    locale,
    order: {
      id: order.public_id,
      plan,
      totalMinor: order.total_amount_minor,
      currency: order.currency,
      purchasedAt: order.paid_at ?? order.created_at,
    },
    esim: {
      iccid: esim.iccid,
      activationCode: esim.activation_code,
      smdpAddress: esim.smdp_address,
      matchingId: esim.matching_id,
      confirmationCodeRequired: esim.confirmation_code_required === 1,
      apn: esim.apn,
    },
    accountUrl: order.user_id !== null ? new URL('/account/esim', publicUrl).href : undefined,
    pointsEarned: order.user_id === null ? 0 : await purchasePointsOf(db, order.id),
    pointsUsed: { points: order.points_used, discountMinor: order.points_discount_minor },
    // A subscription's month: its price, next renewal and how to cancel (issue 26).
    subscription: order.subscription_id !== null ? await emailSubscriptionOf(db, services, order.subscription_id, locale) : undefined,
  });
}

/** The purchase credit the paid claim wrote for this order (0 for none). */
async function purchasePointsOf(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('points_ledger')
    .select('amount')
    .where('unique_key', '=', ledgerKeys.purchase(orderId))
    .executeTakeFirst();
  return row?.amount ?? 0;
}

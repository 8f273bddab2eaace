// admin.orders.*: the order table (server-side paging by id desc, filters), one order's page
// (its timeline from what is stored, payment as the provider reports it, eSIM, e-mails, what can
// be done now), and three idempotent actions through the shop's own services:
//   - refund: order-life/refunds.ts (claimOwnerRefund → carryOutOwnerRefund → markRefunded);
//   - resend the eSIM e-mail: a new outbox row 'esim_resend:<n>' sent by the jobs (mail-outbox.ts);
//   - retry provisioning: provisionOrder (fulfilment.ts) under a lease taken with the audit row.
// Each writes its audit row in the transaction of its state change; a repeated click writes none.
import { sql } from 'kysely';
import type { Db, Order } from '@esim/db';
import { orderRiskView } from '../payments/payment-risk-view.ts';
import { AppError, errorText } from '../../errors.ts';
import { PAID_STATES, PROVISIONING_STATES } from '../../domain/orders.ts';
import { giftHoldOf } from '../gifts/gift-life.ts';
import { tryConvertMinor } from '../../domain/money.ts';
import { addMs, iso } from '../../domain/time.ts';
import type { TOrderListInput } from '../../domain/admin.ts';
import { dayAfter, dayStart, likeContains, likePrefix, moneyText, sortTimeline } from '../../domain/admin-orders.ts';
import { pointsPaymentId } from '../../domain/rewards.ts';
import { changed, writeTransaction } from '../shared/db-tx.ts';
import { leaseFree } from '../shared/job-claims.ts';
import { provisionOrder } from '../order-life/provisioning.ts';
import { listOrderEvents } from '../order-life/events.ts';
import { ESIM_RESEND_PREFIX, enqueueEmail, esimResendKind, scheduleOrderEmails } from '../mail/mail-outbox.ts';
import {
  carryOutOwnerRefund,
  claimOwnerRefund,
  listRefunds,
  paidByCard,
  quoteRefund,
  topUpsRefundedWith,
  type OwnerEsimNote,
  type RefundQuote,
} from '../order-life/refunds.ts';
import type { TAdminRefundInput, TAdminRefundQuoteInput } from '../../domain/refunds.ts';
import type { Services } from '../types.ts';
import { recordAudit } from './audit.ts';
import { revokeAndResendForOrder } from '../esims/esim-links.ts';
import type {
  AdminActionResult,
  AdminActor,
  AdminEmailJob,
  AdminOrderDetail,
  AdminOrderRow,
  Paged,
  TimelineEntry,
  TimelineKind,
} from './views.ts';

// ── the table ──────────────────────────────────────────────────────────────────────────────

function orderRows(db: Db) {
  return db
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('plans as p', 'p.id', 'o.plan_id')
    .leftJoin('regions as r', 'r.id', 'p.region_id')
    .leftJoin('esims as own', 'own.order_id', 'o.id')
    .leftJoin('esims as target', 'target.id', 'o.topup_esim_id');
}

type OrderRowsQuery = ReturnType<typeof orderRows>;

const like = (column: string, pattern: string) => sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;

function filtered(q: OrderRowsQuery, f: TOrderListInput): OrderRowsQuery {
  if (f.status) q = q.where('o.status', '=', f.status);
  if (f.from) q = q.where('o.created_at', '>=', dayStart(f.from));
  if (f.to) q = q.where('o.created_at', '<', dayAfter(f.to));
  if (f.email) q = q.where(sql<boolean>`lower(${sql.ref('o.email')}) like ${likeContains(f.email.toLowerCase())} escape '\\'`);
  if (f.iccid) {
    const pattern = likeContains(f.iccid.replace(/\s+/g, ''));
    q = q.where((eb) => eb.or([like('own.iccid', pattern), like('target.iccid', pattern)]));
  }
  if (f.paymentId) q = q.where(like('o.payment_intent_id', likePrefix(f.paymentId)));
  if (f.destination) q = q.where('r.code', '=', f.destination.toUpperCase());
  if (f.orderId) q = q.where(like('o.public_id', likePrefix(f.orderId.toUpperCase())));
  return q;
}

function selectRow(q: OrderRowsQuery) {
  return q.select([
    'o.id',
    'o.public_id',
    'o.status',
    'o.kind',
    'o.topup_esim_id',
    'o.email',
    'o.user_id',
    'u.username',
    'o.plan_name',
    'r.code as region_code',
    'o.currency',
    'o.total_amount_minor',
    'o.points_discount_minor',
    'o.usd_amount_minor',
    'o.payment_intent_id',
    'own.iccid as own_iccid',
    'target.iccid as target_iccid',
    'o.created_at',
    'o.paid_at',
  ]);
}

/** Orders with what the admin tables show: account, destination, the order's eSIM or a top-up's. */
export function adminOrderRows(db: Db) {
  return selectRow(orderRows(db));
}

type RowFacts = Awaited<ReturnType<ReturnType<typeof selectRow>['executeTakeFirstOrThrow']>>;

/** An order as the admin's tables show it (the order table and a customer's page). */
export function toAdminOrderRow(r: RowFacts): AdminOrderRow {
  return {
    orderId: r.public_id,
    status: r.status,
    kind: r.kind,
    topUp: r.topup_esim_id !== null,
    email: r.email,
    user: r.user_id !== null && r.username !== null ? { id: r.user_id, username: r.username } : null,
    planName: r.plan_name,
    regionCode: r.region_code,
    // What the buyer paid: the order's total less what rewards points paid.
    total: { minor: r.total_amount_minor - r.points_discount_minor, currency: r.currency },
    usdMinor: r.usd_amount_minor,
    paymentId: r.payment_intent_id,
    iccid: r.own_iccid ?? r.target_iccid,
    createdAt: r.created_at,
    paidAt: r.paid_at,
  };
}

/** One page of orders, newest first (id desc), with the count of all that match. */
export async function listAdminOrders(db: Db, input: TOrderListInput): Promise<Paged<AdminOrderRow>> {
  const base = filtered(orderRows(db), input);
  const [rows, count] = await Promise.all([
    selectRow(base)
      .orderBy('o.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toAdminOrderRow), total: Number(count.n), page: input.page, pageSize: input.pageSize };
}

// ── one order ──────────────────────────────────────────────────────────────────────────────

async function findOrder(db: Db, publicId: string): Promise<Order> {
  const order = await db.selectFrom('orders').selectAll().where('public_id', '=', publicId.trim().toUpperCase()).executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', `No order has the number ${publicId.trim()}.`);
  return order;
}

const EMAIL_LABELS: Record<string, string> = {
  esim_delivery: 'eSIM e-mail',
  confirmation_code: 'Confirmation code e-mail',
  refund_notice: 'Refund e-mail',
  topup_applied: 'Top-up e-mail',
  renewal_receipt: 'Renewal receipt e-mail',
  renewal_failed: 'Renewal failed e-mail',
  validity_1d: 'Validity ending e-mail',
};

function emailLabel(kind: string): string {
  if (kind.startsWith(ESIM_RESEND_PREFIX)) return 'eSIM e-mail (sent again)';
  if (kind.startsWith('refund_notice:')) return 'Partial refund e-mail';
  if (EMAIL_LABELS[kind]) return EMAIL_LABELS[kind];
  if (kind.startsWith('usage_')) return 'Data usage alert e-mail';
  return `E-mail '${kind}'`;
}

function toEmailJob(r: {
  id: number;
  public_id: string;
  kind: string;
  to_address: string;
  status: AdminEmailJob['status'];
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  sent_at: string | null;
  created_at: string;
}): AdminEmailJob {
  return {
    id: r.id,
    orderId: r.public_id,
    kind: r.kind,
    to: r.to_address,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
    sentAt: r.sent_at,
    createdAt: r.created_at,
  };
}

/** The outbox rows of some orders (or of one row), as the admin area lists them. */
export function emailJobsQuery(db: Db) {
  return db
    .selectFrom('email_outbox as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select([
      'm.id',
      'o.public_id',
      'm.kind',
      'm.to_address',
      'm.status',
      'm.attempts',
      'm.last_error',
      'm.next_attempt_at',
      'm.sent_at',
      'm.created_at',
    ]);
}

export { toEmailJob };

/** At the same instant: an admin's action before what it caused, an e-mail after what it tells. */
const TIMELINE_ORDER: readonly TimelineKind[] = [
  'created',
  'payment_failed',
  'paid',
  'admin',
  'refund_requested',
  'provisioned',
  'installed',
  'activated',
  'refunded',
  'canceled',
  'expired',
  'emailed',
];

/** The card's brand and digits and the intent's status, as the payment provider tells them; nulls when it cannot. */
async function paymentOf(services: Services, order: Order): Promise<AdminOrderDetail['payment']> {
  const payment: AdminOrderDetail['payment'] = {
    provider: order.payment_provider,
    id: order.payment_intent_id,
    status: null,
    cardBrand: null,
    cardLast4: null,
  };
  const pointsOnly = order.points_used > 0 && order.points_discount_minor >= order.total_amount_minor;
  const intentId = order.payment_intent_id;
  if (pointsOnly || !intentId || intentId === pointsPaymentId(order.public_id)) return payment;
  // Another provider than the one the shop runs now (e.g. a Stripe order read in demo mode): not readable.
  if (services.payments.name !== order.payment_provider) return payment;
  const [info, card] = await Promise.all([
    services.payments.retrievePaymentIntent(intentId).catch((e: unknown) => {
      services.log.warn('admin: the payment could not be read from the provider', { orderId: order.public_id, error: errorText(e) });
      return null;
    }),
    services.payments.paymentCard(intentId).catch(() => null),
  ]);
  if (info) {
    // The intent stays 'succeeded' after a refund; the refund is on the order.
    const paidMinor = order.total_amount_minor - order.points_discount_minor;
    payment.status =
      info.status === 'succeeded' && order.amount_refunded_minor > 0
        ? order.amount_refunded_minor >= paidMinor
          ? 'refunded'
          : 'partially_refunded'
        : info.status;
  }
  payment.cardBrand = card?.brand ?? null;
  payment.cardLast4 = card?.last4 ?? null;
  return payment;
}

/** The order page: everything stored about the order, in one view. */
export async function getAdminOrder(db: Db, services: Services, publicId: string): Promise<AdminOrderDetail> {
  const order = await findOrder(db, publicId);
  const [row, esim, target, emails, audit, pkg, payment] = await Promise.all([
    selectRow(orderRows(db)).where('o.id', '=', order.id).executeTakeFirstOrThrow(),
    db.selectFrom('esims').selectAll().where('order_id', '=', order.id).executeTakeFirst(),
    order.topup_esim_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('esims').select(['iccid', 'order_id']).where('id', '=', order.topup_esim_id).executeTakeFirst(),
    emailJobsQuery(db).where('m.order_id', '=', order.id).orderBy('m.id').execute(),
    db
      .selectFrom('audit_log')
      .select(['summary', 'actor_username', 'created_at'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', order.public_id)
      .orderBy('id')
      .execute(),
    db.selectFrom('esim_packages').select('id').where('order_id', '=', order.id).executeTakeFirst(),
    paymentOf(services, order),
  ]);
  // Providers recycle ICCIDs (eSIM Access: track a profile by esimTranNo): the events of this eSIM
  // are its provider's for its ICCID received since it was made; an earlier profile's came before.
  const installedEvent = esim
    ? await db
        .selectFrom('esim_events')
        .select((eb) => eb.fn.min<string | null>('occurred_at').as('at'))
        .where('provider', '=', esim.provider)
        .where('iccid', '=', esim.iccid)
        .where('received_at', '>=', esim.created_at)
        .where('type', '=', 'installed')
        .executeTakeFirst()
    : undefined;

  const timeline: TimelineEntry[] = [];
  const add = (kind: TimelineKind, at: string | null | undefined, detail: string) => {
    if (at) timeline.push({ kind, at, detail });
  };
  const cardMinor = order.total_amount_minor - order.points_discount_minor;
  add('created', order.created_at, `Order placed for ${order.plan_name} by ${order.email}`);
  if (order.status === 'payment_failed')
    add('payment_failed', order.updated_at, `Payment failed${order.last_error ? `: ${order.last_error}` : ''}`);
  add(
    'paid',
    order.paid_at,
    `Paid ${moneyText(cardMinor, order.currency)}${order.points_used > 0 ? ` and ${order.points_used} points` : ''} (${order.payment_provider})`,
  );
  add(
    'provisioned',
    order.fulfilled_at,
    target ? `Data added to eSIM ${target.iccid}` : esim ? `eSIM ${esim.iccid} delivered` : 'Delivered',
  );
  for (const m of emails) if (m.sent_at) add('emailed', m.sent_at, `${emailLabel(m.kind)} sent to ${m.to_address}`);
  if (esim) {
    const installedAt =
      installedEvent?.at ?? (['installed', 'enabled', 'disabled'].includes(esim.profile_state) ? (esim.state_at ?? null) : null);
    add('installed', installedAt, `eSIM installed on a device${installedEvent?.at ? '' : ' (as last reported)'}`);
    add('activated', esim.activated_at, 'eSIM activated (first connection)');
  }
  if (order.refund_requested_at && order.status !== 'refunded') add('refund_requested', order.refund_requested_at, 'Refund under way');
  add(
    'refunded',
    order.refunded_at,
    `Refunded ${moneyText(order.amount_refunded_minor, order.currency)}${order.points_used > 0 ? `; ${order.points_used} points returned` : ''}`,
  );
  if (order.status === 'canceled') add('canceled', order.updated_at, 'Payment canceled');
  if (order.status === 'expired') add('expired', order.updated_at, 'Not paid in time: expired');
  for (const a of audit) add('admin', a.created_at, `${a.summary} (by ${a.actor_username})`);

  const delivered = order.topup_esim_id === null ? esim !== undefined : pkg !== undefined;
  const resendPending = emails.some((m) => m.status === 'pending' && (m.kind === 'esim_delivery' || m.kind.startsWith(ESIM_RESEND_PREFIX)));
  return {
    ...toAdminOrderRow(row),
    locale: order.locale,
    planId: order.plan_id,
    planDataAmount: order.plan_data_amount,
    planValidityDays: order.plan_validity_days,
    subtotal: { minor: order.total_amount_minor, currency: order.currency },
    pointsUsed: order.points_used,
    pointsDiscount: { minor: order.points_discount_minor, currency: order.currency },
    refunded: { minor: order.amount_refunded_minor, currency: order.currency },
    refunds: (await listRefunds(db, order.id)).map((r) => ({
      seq: r.seq,
      full: r.full === 1,
      state: r.state,
      actor: r.actor,
      reason: r.reason,
      amount: { minor: r.amount_minor, currency: r.currency },
      cashDeducted: { minor: r.cash_deducted_minor, currency: r.currency },
      pointsTaken: r.points_taken,
      pointsSettledInCash: r.points_settled_in_cash,
      pointsUnsettled: r.points_unsettled,
      pointsReturned: r.points_returned,
      providerRefundId: r.provider_refund_id,
      createdAt: r.created_at,
      completedAt: r.completed_at,
    })),
    refundable: {
      minor: PAID_STATES.includes(order.status)
        ? paidByCard(order) - (await listRefunds(db, order.id)).reduce((n, r) => n + r.gross_minor, 0)
        : 0,
      currency: order.currency,
    },
    payment,
    esim: esim
      ? {
          iccid: esim.iccid,
          profileState: esim.profile_state,
          planState: esim.plan_state,
          dataUsedMb: esim.data_used_mb,
          dataTotalMb: esim.data_total_mb,
          activatedAt: esim.activated_at,
          expiresAt: esim.expires_at,
          smdpAddress: esim.smdp_address,
          provider: esim.provider,
        }
      : null,
    topUpIccid: target?.iccid ?? null,
    provisioning: {
      attempts: order.provision_attempts,
      lastError: order.last_error,
      nextAttemptAt: PROVISIONING_STATES.includes(order.status) ? order.next_attempt_at : null,
    },
    emails: emails.map(toEmailJob),
    timeline: sortTimeline(timeline, TIMELINE_ORDER),
    statusHistory: await listOrderEvents(db, order.id),
    // Issue 31: reviews, fraud warnings and disputes, with the evidence (absent: none).
    ...(await orderRiskView(db, order).then((risk) => (risk ? { risk } : {}))),
    actions: {
      refund: PAID_STATES.includes(order.status) && order.refund_requested_at === null && refundBlock(services, order) === null,
      resendEmail: order.status === 'fulfilled' && order.topup_esim_id === null && esim !== undefined && !resendPending,
      retryProvisioning: PROVISIONING_STATES.includes(order.status) && order.refund_requested_at === null && !delivered,
    },
  };
}

// ── actions ────────────────────────────────────────────────────────────────────────────────

const WAIT_MS = 3000;
const WAIT_STEP_MS = 50;

/** Another click holds the order: wait a moment for `done` (true) or give up (false). */
async function waitFor(db: Db, orderId: number, done: (o: Order) => boolean): Promise<Order> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    if (done(order) || waited >= WAIT_MS) return order;
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
}

async function answer(
  db: Db,
  services: Services,
  order: Order,
  outcome: AdminActionResult['outcome'],
  message: string,
): Promise<AdminActionResult> {
  return { outcome, message, order: await getAdminOrder(db, services, order.public_id) };
}

function notPaidReason(order: Order): string {
  switch (order.status) {
    case 'pending_payment':
      return 'This order has not been paid, so there is nothing to refund.';
    case 'payment_failed':
      return 'The payment of this order failed, so there is nothing to refund.';
    case 'canceled':
      return 'This order was canceled before it was paid, so there is nothing to refund.';
    case 'expired':
      return 'This order expired unpaid, so there is nothing to refund.';
    default:
      return `This order is ${order.status}, so it cannot be refunded.`;
  }
}

/** Why the shop's refund path cannot refund this paid order's payment (null: it can). */
function refundBlock(services: Services, order: Order): string | null {
  const cardMinor = order.total_amount_minor - order.points_discount_minor;
  if (cardMinor <= 0) return null;
  if (!order.payment_intent_id)
    return 'This order has no payment recorded, so the shop cannot refund it; refund it at the payment provider.';
  if (order.payment_provider !== services.payments.name)
    return `This order was paid through ${order.payment_provider}, but the shop runs ${services.payments.name} payments now; refund it there.`;
  return null;
}

const ESIM_NOTES: Record<OwnerEsimNote, string> = {
  none: '',
  canceled: ' The eSIM is canceled at the provider.',
  already_canceled: ' The eSIM was canceled already.',
  installed: ' The eSIM provider refused to cancel the eSIM because it is installed on a phone: it may keep working until its plan ends.',
  activated: ' The eSIM provider refused to cancel the eSIM because it has been activated: it may keep working until its plan ends.',
  unreachable: ' The eSIM provider could not be reached to cancel the eSIM: it may keep working until its plan ends.',
};

/** What a refund of `amountMinor` (default: all that remains) would do now: the admin refund dialog's figures. */
export async function quoteAdminRefund(db: Db, input: TAdminRefundQuoteInput): Promise<RefundQuote> {
  const order = await findOrder(db, input.orderId);
  if (!PAID_STATES.includes(order.status)) throw new AppError('CONFLICT', notPaidReason(order), { reason: 'not_paid' });
  return quoteRefund(db, order, input.amountMinor);
}

/**
 * Would this refund be above the support role's limit (services.adminPolicy, in US cents, converted
 * at the order's own rate)? An order that cannot be refunded now answers false: refundAdminOrder
 * gives its own answer ('already', not paid).
 */
export async function refundOverSupportLimit(db: Db, services: Services, input: TAdminRefundQuoteInput): Promise<boolean> {
  const order = await findOrder(db, input.orderId);
  if (order.status === 'refunded' || !PAID_STATES.includes(order.status)) return false;
  const quote = await quoteRefund(db, order, input.amountMinor);
  const limit = tryConvertMinor(services.adminPolicy.supportRefundLimitUsdMinor, order.rate_micros);
  return limit === null || quote.grossMinor > limit;
}

export const SUPPORT_REFUND_LIMIT_MESSAGE = 'This refund is above the support limit: ask an owner.';

/**
 * The owner's refund: any paid order not yet refunded (delivered or not, installed or not, a
 * subscription month too; the subscription itself goes on), in full — or a part of what remains
 * with a reason (goodwill: the order and its eSIM stay as they are). Two clicks → one refund.
 */
export async function refundAdminOrder(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: TAdminRefundInput,
): Promise<AdminActionResult> {
  const publicId = input.orderId;
  const order = await findOrder(db, publicId);
  if (order.status === 'refunded')
    return answer(
      db,
      services,
      order,
      'already',
      `This order was refunded already${order.refunded_at ? ` on ${order.refunded_at.slice(0, 10)}` : ''}.`,
    );
  if (!PAID_STATES.includes(order.status)) throw new AppError('CONFLICT', notPaidReason(order), { reason: 'not_paid' });
  const blocked = refundBlock(services, order);
  if (blocked) throw new AppError('CONFLICT', blocked, { reason: 'no_payment' });

  // The figures the claim will use, checked first (an amount above what remains is a 400).
  const quote = await quoteRefund(db, order, input.amountMinor);
  const reason = input.reason?.trim() || undefined;
  const what = quote.full
    ? [
        quote.grossMinor > 0 ? moneyText(quote.grossMinor, order.currency) : null,
        order.points_used > 0 ? `${order.points_used} points` : null,
      ]
        .filter(Boolean)
        .join(' and ')
    : moneyText(quote.grossMinor, order.currency);
  const claim =
    order.refund_requested_at !== null
      ? 'claimed_already'
      : await claimOwnerRefund(
          db,
          services,
          order.id,
          (trx) =>
            recordAudit(
              trx,
              actor,
              {
                action: 'order.refund',
                entity: 'order',
                entityId: order.public_id,
                summary: quote.full
                  ? `Full refund of ${what || 'the order'} (was ${order.status})${reason ? `: ${reason}` : ''}`
                  : `Partial refund of ${what} of ${moneyText(quote.paidMinor, order.currency)}: ${reason ?? ''}`,
                before: { status: order.status, refunded: quote.refundedMinor },
                after: quote.full ? { status: 'refunded' } : { status: order.status, refunded: quote.refundedMinor + quote.grossMinor },
              },
              services.now(),
            ),
          { amountMinor: quote.full ? undefined : quote.grossMinor, reason },
        );
  switch (claim) {
    case 'refunded':
      return answer(db, services, order, 'already', 'This order was refunded already.');
    case 'not_paid':
      throw new AppError('CONFLICT', notPaidReason(await findOrder(db, order.public_id)), { reason: 'not_paid' });
    case 'provisioning_now':
      throw new AppError('CONFLICT', 'The eSIM of this order is being provisioned right now. Try the refund again in a minute.', {
        reason: 'provisioning',
      });
    case 'claimed_already': {
      if (!quote.full)
        throw new AppError('CONFLICT', 'Another refund of this order is under way. Try again once it is done.', { reason: 'in_progress' });
      const after = await waitFor(db, order.id, (o) => o.status === 'refunded');
      return after.status === 'refunded'
        ? answer(db, services, after, 'already', 'This order was refunded already.')
        : answer(db, services, after, 'queued', 'A refund of this order is under way; it shows as refunded once the payment is returned.');
    }
    case 'claimed':
      break;
  }
  const r = await carryOutOwnerRefund(db, services, order.id, { expectedCashDeductedMinor: input.expectedCashDeductedMinor });
  const subscription =
    order.kind === 'subscription' && quote.full ? ' The subscription itself is not canceled: it renews until the customer cancels it.' : '';
  const kept = await lastRefund(db, order.id);
  // A full refund of an eSIM's order takes its waiting top-ups with it: their refunds are part of this one.
  const withIt = quote.full && r.outcome === 'refunded' ? await topUpsRefundedWith(db, order) : [];
  const sameCurrency = withIt.filter((t) => t.currency === order.currency);
  const keptMinor = (kept?.cash_deducted_minor ?? 0) + sameCurrency.reduce((n, t) => n + t.cash_deducted_minor, 0);
  const keptPoints = (kept?.points_settled_in_cash ?? 0) + sameCurrency.reduce((n, t) => n + t.points_settled_in_cash, 0);
  const cashNote =
    (keptMinor > 0
      ? ` ${moneyText(keptMinor, order.currency)} was kept for ${keptPoints} points ${withIt.length > 0 ? 'these orders' : 'this order'} earned that were already used.`
      : '') +
    (withIt.length > 0
      ? ` Its top-up${withIt.length > 1 ? 's' : ''} ${withIt.map((t) => t.public_id).join(', ')} ${withIt.length > 1 ? 'were' : 'was'} refunded with it.`
      : '');
  if (r.outcome === 'refunded')
    return answer(
      db,
      services,
      order,
      'done',
      quote.full
        ? `Refunded ${what || 'the order'}; the customer is e-mailed.${cashNote}${ESIM_NOTES[r.esim]}${subscription}`
        : `Refunded ${what} of the order; it stays ${order.status} and its eSIM keeps working; the customer is e-mailed.${cashNote}`,
    );
  if (r.outcome === 'failed')
    return answer(
      db,
      services,
      order,
      'queued',
      `The payment service could not refund the payment just now; the refund is retried automatically.${ESIM_NOTES[r.esim]}`,
    );
  return answer(db, services, order, 'already', 'This order cannot be refunded any more.');
}

async function lastRefund(db: Db, orderId: number) {
  const rows = await listRefunds(db, orderId);
  return rows.at(-1);
}

/** The eSIM e-mail again, to the order's address; a second click while one waits → 'already'. */
export async function resendAdminOrderEmail(db: Db, services: Services, actor: AdminActor, publicId: string): Promise<AdminActionResult> {
  const order = await findOrder(db, publicId);
  if (order.topup_esim_id !== null) {
    const first = await db
      .selectFrom('esims as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select(['e.iccid', 'o.public_id'])
      .where('e.id', '=', order.topup_esim_id)
      .executeTakeFirst();
    throw new AppError(
      'CONFLICT',
      first
        ? `This order added data to eSIM ${first.iccid}; its install details are in the e-mail of order ${first.public_id}. Resend it from that order.`
        : 'This order added data to an eSIM; its install details are in the e-mail of the eSIM’s first order.',
      { reason: 'top_up' },
    );
  }
  const esim = await db.selectFrom('esims').select(['id', 'iccid']).where('order_id', '=', order.id).executeTakeFirst();
  // Issue 29: a given eSIM's install details belong to its recipient, never to the order's (the buyer's) address.
  if (esim && (await giftHoldOf(db, { esimId: esim.id })))
    throw new AppError(
      'CONFLICT',
      'This eSIM was given as a gift: its install details go only to the person it was given to, so the order e-mail is not sent again.',
      { reason: 'gift_given' },
    );
  if (order.status === 'refunded')
    throw new AppError('CONFLICT', 'This order is refunded and its eSIM canceled, so its e-mail is not sent again.', {
      reason: 'refunded',
    });
  if (order.status !== 'fulfilled' || !esim)
    throw new AppError(
      'CONFLICT',
      PROVISIONING_STATES.includes(order.status)
        ? 'The eSIM of this order has not been delivered yet, so there is no e-mail to send again. Retry provisioning first.'
        : `This order is ${order.status.replace('_', ' ')}: it has no eSIM, so there is no e-mail to send.`,
      { reason: 'no_esim' },
    );

  const now = iso(services.now());
  const queued = await writeTransaction(db, async (trx) => {
    const waiting = await trx
      .selectFrom('email_outbox')
      .select(['kind', 'attempts'])
      .where('order_id', '=', order.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('kind', '=', 'esim_delivery'), like('kind', likePrefix(ESIM_RESEND_PREFIX))]))
      .executeTakeFirst();
    if (waiting) return null;
    const { n } = await trx
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', order.id)
      .where(like('kind', likePrefix(ESIM_RESEND_PREFIX)))
      .executeTakeFirstOrThrow();
    const kind = esimResendKind(Number(n) + 1);
    if (!(await enqueueEmail(trx, { orderId: order.id, kind, to: order.email, now }))) return null;
    await recordAudit(
      trx,
      actor,
      { action: 'order.resend_email', entity: 'order', entityId: order.public_id, summary: `eSIM e-mail sent again to ${order.email}` },
      services.now(),
    );
    return kind;
  });
  if (!queued) return answer(db, services, order, 'already', `The eSIM e-mail to ${order.email} is waiting to be sent already.`);
  scheduleOrderEmails(db, services, order.id);
  return answer(db, services, order, 'queued', `The eSIM e-mail is on its way to ${order.email} again.`);
}

/**
 * Provisions now a paid order whose eSIM (or top-up) is not delivered, whatever its back-off or
 * attempts so far (the attempts start again from 0); delivered → 'already'. The retry takes the
 * provisioning lease in the transaction that records it, so two clicks provision once.
 */
export async function retryAdminProvisioning(db: Db, services: Services, actor: AdminActor, publicId: string): Promise<AdminActionResult> {
  const order = await findOrder(db, publicId);
  if (order.status === 'fulfilled') return answer(db, services, order, 'already', 'The eSIM of this order is delivered already.');
  if (!PROVISIONING_STATES.includes(order.status))
    throw new AppError(
      'CONFLICT',
      order.status === 'refunded'
        ? 'This order is refunded, so there is nothing to provision.'
        : `This order is ${order.status.replace('_', ' ')}: only a paid order waiting for its eSIM can be provisioned.`,
      { reason: 'not_waiting' },
    );
  if (order.refund_requested_at !== null)
    throw new AppError('CONFLICT', 'A refund of this order is under way, so it is not provisioned.', { reason: 'refund_pending' });

  const now = services.now();
  const lease = addMs(now, services.fulfilment.leaseMs);
  const claimed = await writeTransaction(db, async (trx) => {
    const r = await trx
      .updateTable('orders')
      .set({ lease_until: lease, provision_attempts: 0, next_attempt_at: iso(now), updated_at: iso(now) })
      .where('id', '=', order.id)
      .where('status', 'in', PROVISIONING_STATES)
      .where('refund_requested_at', 'is', null)
      .where(leaseFree(iso(now)))
      .executeTakeFirst();
    if (changed(r) === 0) return false;
    await recordAudit(
      trx,
      actor,
      {
        action: 'order.retry_provisioning',
        entity: 'order',
        entityId: order.public_id,
        summary: `Provisioning retried after ${order.provision_attempts} attempt${order.provision_attempts === 1 ? '' : 's'}${
          order.last_error ? ` (last error: ${order.last_error.slice(0, 200)})` : ''
        }`,
        before: { provisionAttempts: order.provision_attempts },
        after: { provisionAttempts: 0 },
      },
      now,
    );
    return true;
  });
  if (!claimed) {
    const after = await waitFor(db, order.id, (o) => o.status !== 'paid' && o.status !== 'provisioning');
    if (after.status === 'fulfilled') return answer(db, services, after, 'already', 'The eSIM of this order is delivered already.');
    return answer(
      db,
      services,
      after,
      'queued',
      'Provisioning of this order is running right now; the page shows the eSIM once it is delivered.',
    );
  }
  const outcome = await provisionOrder(db, services, order.id, { heldLease: lease });
  const after = await findOrder(db, order.public_id);
  switch (outcome) {
    case 'fulfilled':
      return answer(db, services, after, 'done', 'Provisioned: the eSIM is delivered and its e-mail is on its way.');
    case 'pending':
      return answer(db, services, after, 'queued', 'The eSIM provider is preparing the eSIM; the order is fulfilled when it is ready.');
    case 'retry':
      return answer(
        db,
        services,
        after,
        'queued',
        `The eSIM provider failed again (${after.last_error ?? 'no reason given'}); the next attempt is at ${after.next_attempt_at ?? 'the next worker tick'}.`,
      );
    case 'refunded':
      return answer(db, services, after, 'done', 'The eSIM could not be provisioned, so the order was refunded.');
    case 'refund_failed':
    case 'stuck':
      return answer(db, services, after, 'queued', `The eSIM could not be provisioned: ${after.last_error ?? 'see the timeline'}.`);
    case 'skipped':
      return answer(db, services, after, 'already', 'This order is not waiting for provisioning any more.');
  }
}

/** Issue 26: ends every 'Manage your eSIM' link of the order; a new one goes to the order's address. Audited. */
export async function revokeAdminOrderLinks(db: Db, services: Services, actor: AdminActor, publicId: string): Promise<AdminActionResult> {
  const order = await findOrder(db, publicId);
  const ended = await revokeAndResendForOrder(db, services, order.id);
  await recordAudit(
    db,
    actor,
    {
      action: 'order.revoke_links',
      entity: 'order',
      entityId: order.public_id,
      summary: `${ended} 'Manage your eSIM' link(s) revoked; a new one sent to ${order.email}`,
    },
    services.now(),
  );
  return answer(db, services, order, 'done', `The eSIM links of this order no longer work; a new one is on its way to ${order.email}.`);
}

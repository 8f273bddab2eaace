// Refunds: every way an order's payment goes back, through one engine (issue 23).
//
// refundOrder(db, services, { orderId, actor, amountMinor?, reason }) serves the traveller's
// self-service refund, the owner's refund (the admin area: full, partial or goodwill) and the
// system's refund of an order that could not be delivered. Each refund is a row of `refunds`:
//   1. the claim: orders.refund_requested_at set (one refund of an order at a time; a second click
//      waits for the first one's answer) and the refunds row 'requested' (seq n, the amount), in one
//      write transaction;
//   2. a full refund cancels the order's eSIM at the provider, at most once per eSIM: the answer is
//      recorded on the eSIM (status 'canceled') before anything else happens, and nothing asks
//      again. The traveller's refund is refused if the provider refuses (installed meanwhile); the
//      owner's goes on regardless. A partial (goodwill) refund keeps the eSIM: the traveller keeps
//      what they bought and gets some money back;
//   3. the points, before the money ('settled'): the share of the order's purchase points (all of
//      them for a full refund) and the points of achievements the refund ends are taken back from
//      the balance; what was spent already is settled in cash — its value is kept from the refund.
//      A full refund of an eSIM's order takes the eSIM's top-ups with it (those whose package still
//      waits, and those not delivered yet) and settles them as ONE group in the same transaction:
//      each is claimed with a refunds row of its own (actor 'system'), every point the group earned
//      and every achievement the group's refund ends is taken back at once, and the cash value of
//      what was spent comes off the group's refunds (the eSIM's first, then each top-up's). A group
//      whose spent points are worth more than all of its refunds is refused like a single order.
//      The quote (quoteRefund) shows the same figures before the refund is asked for;
//   4. the payment: amount_minor to the card, idempotency key 'order:<id>:refund:<seq>' — once per
//      refund, however often this step is retried;
//   5. done: a full refund moves the order to 'refunded' (transition(), with its order_events row),
//      gives back the points spent on it, refunds its packages, marks the eSIM canceled; a partial
//      one adds to orders.amount_refunded_minor and clears the claim. Either way the refund gets
//      its credit note (invoices.ts), referencing the order's invoice. The e-mail says what happened.
//      Then the group's top-ups go through steps 4–5 from their settled rows (never step 2: the
//      provider is asked once per eSIM, by the eSIM's own refund).
// A crash or an outage anywhere in between leaves the claim and the row; the fulfilment worker's
// tick (finishClaimedRefunds) resumes from the row: same amount, same key.
//
// The payment service's own report of a refund (charge.refunded) is an echo of ours while a row is
// open or once its amount is recorded; a refund made at the payment service itself (the Stripe
// Dashboard) is recorded as a refund by the owner (markRefunded, recordPartialRefund).
import type { Db, Order, RefundActor, RefundRow } from '@esim/db';
import { issueCreditNote } from './invoices.ts';
import { AppError, errorText } from '../../errors.ts';
import { reopenGiftOfDroppedRefund, settleGiftForRefund } from '../gifts/gift-life.ts';
import { refundEligibility, type RefundBlockReason, type RefundFacts } from '../../domain/esim-life.ts';
import { shopLanguage } from '../../domain/language.ts';
import { addMs, iso } from '../../domain/time.ts';
import { OUTSIDE_REFUND_REASON } from '../../domain/refunds.ts';
import { PAID_STATES } from '../../domain/orders.ts';
import { idempotencyKeys } from '../../providers/payments/index.ts';
import { backoffDelay } from '../../providers/retry.ts';
import { changed, writeTransaction } from '../shared/db-tx.ts';
import { leaseFree } from '../shared/job-claims.ts';
import type { RefundResultView } from '../esims/esim-views.ts';
import { enqueueEmail, refundNoticeKind, scheduleOrderEmails } from '../mail/mail-outbox.ts';
import { achievementsLostByRefund } from '../rewards/rewards-achievements.ts';
import {
  applyPointsTakeBack,
  lockUserPoints,
  planPointsTakeBack,
  purchasePointsEarned,
  releaseReservedPoints,
  type LostAchievement,
  type PointsTakeBack,
} from '../rewards/rewards-ledger.ts';
import type { Services } from '../types.ts';
import { esimProviderFor, providerOfOrder } from '../shared/esim-providers.ts';
import { transition } from './transition.ts';

export type { RefundActor };

export interface RefundRequest {
  orderId: number;
  actor: RefundActor;
  /** A part of what remains (the owner's partial or goodwill refund); omitted: all that remains. */
  amountMinor?: number | undefined;
  /** Why, in the refund's own words (the owner's is quoted in the e-mail). */
  reason: string;
  /** The language of the person who asked: the e-mail's (default: the traveller's, else the order's). */
  language?: string | undefined;
  /** The cash deduction the person was shown (quoteRefund); a larger one now is refused (409). */
  expectedCashDeductedMinor?: number | undefined;
}

/** The reason of the refunds rows of the top-ups an eSIM's refund takes with it. */
const TOP_UP_WITH_ESIM_REASON = 'the eSIM it tops up was refunded';

/** What the card paid for the order. */
export function paidByCard(order: Pick<Order, 'total_amount_minor' | 'points_discount_minor'>): number {
  return Math.max(0, order.total_amount_minor - order.points_discount_minor);
}

async function refundRows(db: Db, orderId: number): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
}

/** The card payment not yet refunded (or being refunded): what a next refund may return at most. */
function remainingOf(order: Order, rows: readonly RefundRow[]): number {
  return paidByCard(order) - rows.reduce((n, r) => n + r.gross_minor, 0);
}

async function reload(db: Db, orderId: number): Promise<Order> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** The traveller's language when they are not the one asking (an owner's or the system's refund). */
async function travellerLanguage(db: Db, order: Order): Promise<string> {
  if (order.user_id === null) return order.locale;
  const user = await db.selectFrom('users').select('locale').where('id', '=', order.user_id).executeTakeFirst();
  return user?.locale ?? order.locale;
}

// ── the quote: what a refund would do, before it is asked for ──────────────────────────────

export interface RefundQuote {
  orderId: string;
  currency: string;
  /** What the card paid for the order, and what of it is refunded already. */
  paidMinor: number;
  refundedMinor: number;
  /**
   * The share of the payments this refund settles: all that remains for a full refund — of the
   * order and, for an eSIM's order, of the top-ups it covers in the same currency (topUps).
   */
  grossMinor: number;
  full: boolean;
  /** What goes back to the card(s): grossMinor less cashDeductedMinor. */
  refundMinor: number;
  /** Kept for points already spent (pointsInCash of them), over the same orders as grossMinor. */
  cashDeductedMinor: number;
  pointsInCash: number;
  /** Points taken from the balance. */
  pointsTaken: number;
  /** Points spent on the order (and the top-ups it covers) that come back (a full refund). */
  pointsReturned: number;
  /** Achievements the refund ends (revoked), with the points each takes back; `key` names it in every language. */
  achievementsEnded: { key: string; name: string; points: number }[];
  /** The deduction is larger than the refund: it cannot be made (409 if asked for). */
  blocked: boolean;
  /** The eSIM's top-ups refunded with it (a full refund of an eSIM's order), each in its own currency. */
  topUps: { orderId: string; currency: string; grossMinor: number; refundMinor: number; cashDeductedMinor: number }[];
}

/** One order a refund covers: the order refunded, or a top-up its full refund takes with it. */
interface RefundPart {
  order: Order;
  grossMinor: number;
  /** What earlier refunds of this order settled (their gross). */
  grossBeforeMinor: number;
}

/** The gross of an order's refunds settled already (an open row's not yet: it is the one being settled). */
function grossBefore(rows: readonly RefundRow[]): number {
  return rows.filter((r) => r.state !== 'requested').reduce((n, r) => n + r.gross_minor, 0);
}

/**
 * The top-ups a full refund of an eSIM's first order covers (its group, settled as one): the
 * eSIM's top-ups (not renewals: subscriptions are cancelled) of the same buyer or through its link, paid and not
 * refunded, without a refund of their own under way — delivered ones whose package still waits,
 * and ones not delivered yet that no provisioning holds right now. None for a top-up or a partial refund.
 */
async function coveredTopUps(db: Db, order: Order, now: string | null): Promise<Order[]> {
  if (order.topup_esim_id !== null) return [];
  const esim = await db.selectFrom('esims').select('id').where('order_id', '=', order.id).executeTakeFirst();
  if (!esim) return [];
  return (
    db
      .selectFrom('orders as o')
      .leftJoin('esim_packages as p', 'p.order_id', 'o.id')
      .selectAll('o')
      .where('o.topup_esim_id', '=', esim.id)
      .where('o.kind', '=', 'one_time')
      .where('o.refund_requested_at', 'is', null)
      // The same buyer's, and the guest top-ups bought through the eSIM's 'Manage your eSIM' link
      // (issue 26: a guest order can top up only through that link, so it is this eSIM's holder's).
      .where((eb) =>
        order.user_id === null ? eb('o.user_id', 'is', null) : eb.or([eb('o.user_id', '=', order.user_id), eb('o.user_id', 'is', null)]),
      )
      .where((eb) =>
        eb.or([
          eb.and([eb('o.status', '=', 'fulfilled'), eb('p.state', '=', 'queued')]),
          eb.and([eb('o.status', 'in', ['paid', 'provisioning']), eb('p.id', 'is', null), now === null ? eb.lit(true) : leaseFree(now)]),
        ]),
      )
      .orderBy('o.id')
      .execute()
  );
}

/** The orders a refund of `grossMinor` of `order` covers: the order, and its group's top-ups when `group`. */
async function partsOf(
  db: Db,
  order: Order,
  rows: readonly RefundRow[],
  grossMinor: number,
  group: { full: boolean; now: string | null } | null,
): Promise<RefundPart[]> {
  const parts: RefundPart[] = [{ order, grossMinor, grossBeforeMinor: grossBefore(rows) }];
  if (!group?.full) return parts;
  for (const t of await coveredTopUps(db, order, group.now)) {
    const tRows = await refundRows(db, t.id);
    parts.push({ order: t, grossMinor: remainingOf(t, tRows), grossBeforeMinor: grossBefore(tRows) });
  }
  return parts;
}

async function planOf(db: Db, parts: readonly RefundPart[], full: boolean): Promise<PointsTakeBack> {
  const userId = parts[0]!.order.user_id;
  let lost: LostAchievement[] = [];
  if (full && userId !== null) {
    // The purchase points the levels count (a delivered order's: loadFacts leaves the others out already).
    let earned = 0;
    for (const p of parts) if (p.order.status === 'fulfilled') earned += await purchasePointsEarned(db, p.order.id);
    lost = await achievementsLostByRefund(
      db,
      userId,
      parts.map((p) => p.order.id),
      earned,
    );
  }
  return planPointsTakeBack(
    db,
    userId,
    parts.map((p) => ({
      order: p.order,
      share: { grossMinor: p.grossMinor, grossBeforeMinor: p.grossBeforeMinor, paidMinor: paidByCard(p.order) },
    })),
    lost,
  );
}

/** The cash kept over the parts in the first order's currency (what the person is shown and confirms). */
function cashInCurrency(parts: readonly RefundPart[], plan: PointsTakeBack): number {
  const currency = parts[0]!.order.currency;
  return parts.reduce((n, p, i) => n + (p.order.currency === currency ? plan.parts[i]!.cashMinor : 0), 0);
}

function checkAmount(order: Order, remaining: number, amountMinor: number | undefined): { gross: number; full: boolean } {
  if (amountMinor === undefined || amountMinor === remaining) return { gross: remaining, full: true };
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new AppError('BAD_INPUT', 'The amount to refund must be a whole number of minor units above 0.', { reason: 'amount' });
  if (amountMinor > remaining)
    throw new AppError('BAD_INPUT', `At most ${remaining} (minor units of ${order.currency}) is left to refund on this order.`, {
      reason: 'amount_above_remaining',
    });
  return { gross: amountMinor, full: false };
}

/** What refunding `amountMinor` (default: all that remains) of the order would do now. */
export async function quoteRefund(db: Db, order: Order, amountMinor?: number): Promise<RefundQuote> {
  const rows = await refundRows(db, order.id);
  const remaining = remainingOf(order, rows);
  const { gross, full } = checkAmount(order, remaining, amountMinor);
  // The quote does not ask whether provisioning holds a top-up right now (the settlement does).
  const parts = await partsOf(db, order, rows, gross, { full, now: null });
  const plan = await planOf(db, parts, full);
  const same = parts.filter((p) => p.order.currency === order.currency);
  const grossAll = same.reduce((n, p) => n + p.grossMinor, 0);
  const cash = cashInCurrency(parts, plan);
  return {
    orderId: order.public_id,
    currency: order.currency,
    paidMinor: paidByCard(order),
    refundedMinor: paidByCard(order) - remaining,
    grossMinor: grossAll,
    full,
    refundMinor: grossAll - cash,
    cashDeductedMinor: cash,
    pointsInCash: plan.pointsInCash,
    pointsTaken: plan.pointsTaken,
    pointsReturned: full ? parts.reduce((n, p) => n + p.order.points_used, 0) : 0,
    achievementsEnded: plan.achievements.map((a) => ({ key: a.key, name: a.name, points: a.points })),
    blocked: plan.uncovered > 0,
    topUps: parts.slice(1).map((p, i) => ({
      orderId: p.order.public_id,
      currency: p.order.currency,
      grossMinor: p.grossMinor,
      refundMinor: p.grossMinor - plan.parts[i + 1]!.cashMinor,
      cashDeductedMinor: plan.parts[i + 1]!.cashMinor,
    })),
  };
}

// ── the engine ─────────────────────────────────────────────────────────────────────────────

/** The refunds row a claim opens, in the claim's transaction. */
async function openRefundRow(
  trx: Db,
  order: Order,
  req: { actor: RefundActor; reason: string; language: string },
  gross: number,
  full: boolean,
  now: string,
): Promise<RefundRow> {
  const last = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.max<number | null>('seq').as('seq'))
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  return trx
    .insertInto('refunds')
    .values({
      order_id: order.id,
      seq: Number(last?.seq ?? 0) + 1,
      full: full ? 1 : 0,
      state: 'requested',
      actor: req.actor,
      reason: req.reason.slice(0, 500),
      language: shopLanguage(req.language),
      gross_minor: gross,
      amount_minor: 0,
      currency: order.currency,
      provider_refund_id: null,
      created_at: now,
      completed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function openRowOf(db: Db, orderId: number): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).where('state', '!=', 'done').executeTakeFirst();
}

/** A refund that cannot go on: its row goes, the claim is cleared (the order stays as it was). */
async function dropRefund(db: Db, services: Services, orderId: number, rowId: number): Promise<void> {
  const now = iso(services.now());
  await writeTransaction(db, async (trx) => {
    await trx.deleteFrom('refunds').where('id', '=', rowId).where('state', '=', 'requested').execute();
    const reopened = await trx
      .updateTable('orders')
      .set({ refund_requested_at: null, lease_until: null, updated_at: now })
      .where('id', '=', orderId)
      .where('status', 'in', PAID_STATES)
      .executeTakeFirst();
    // A gift the claim ended (issue 29) goes back to its recipient: nothing was refunded.
    if (Number(reopened.numUpdatedRows) > 0) await reopenGiftOfDroppedRefund(trx, orderId);
  });
}

type CarryOutOutcome = 'refunded' | 'refused' | 'failed';

/** What became of the eSIM at its provider during an owner's refund (the traveller's is refused instead). */
export type OwnerEsimNote = 'none' | 'canceled' | 'already_canceled' | 'installed' | 'activated' | 'unreachable';

interface CarryOut {
  /** 'user': the person waits, so a refusal or an outage is thrown; 'worker': logged and retried. */
  mode: 'user' | 'worker';
  /** The owner's refund: the provider's refusal to cancel does not stop it. */
  esim?: { note: OwnerEsimNote } | undefined;
  expectedCashDeductedMinor?: number | undefined;
}

/**
 * Steps 2–5 for the order's open refund row; each is safe to repeat (the eSIM is asked once and
 * its answer recorded, the points are settled by a conditional move of the row, the payment has
 * the row's idempotency key, the last step is conditional too).
 */
async function carryOutRefund(db: Db, services: Services, orderId: number, how: CarryOut): Promise<CarryOutOutcome> {
  let order = await reload(db, orderId);
  let row = await openRowOf(db, orderId);
  if (!row) {
    if (order.status === 'refunded' || order.refund_requested_at === null || !PAID_STATES.includes(order.status)) return 'refunded';
    // A claim without its row (made before refunds were rows): a full refund, as it was then.
    const language = await travellerLanguage(db, order);
    row = await writeTransaction(db, async (trx) =>
      openRefundRow(
        trx,
        order,
        { actor: how.esim ? 'owner' : 'traveller', reason: 'refund claimed before an upgrade', language },
        remainingOf(order, await refundRows(trx, order.id)),
        true,
        iso(services.now()),
      ),
    );
  }
  const actor = row.actor;
  /** The top-ups this refund claimed and settled with it (its group): their money follows the eSIM's. */
  let groupTopUps: number[] = [];

  /** A settlement refused (the deduction larger than the refunds, or than shown): nothing is done. */
  const refuse = async (outcome: 'too_much' | 'changed', open: RefundRow): Promise<CarryOutOutcome> => {
    await dropRefund(db, services, order.id, open.id);
    if (how.mode === 'worker') return 'refused';
    const q = await quoteRefund(db, order, open.full === 1 ? undefined : open.gross_minor);
    throw outcome === 'changed'
      ? new AppError('CONFLICT', 'What this refund keeps for points already spent has changed. Please review the refund again.', {
          reason: 'quote_changed',
          quote: q,
        })
      : new AppError(
          'CONFLICT',
          'The points this order earned that were already spent are worth more than this refund, so it cannot be made. Please contact support.',
          { reason: 'points_exceed_refund', quote: q },
        );
  };

  if (row.state === 'requested') {
    // A refund its points settlement would refuse is refused before the eSIM is canceled (step 3
    // judges again under the points lock).
    const verdict = await judgeSettlement(db, services, order, row, how.expectedCashDeductedMinor);
    if (verdict !== 'settled') return refuse(verdict, row);

    // 2. The eSIM (a first order's; a top-up's package leaves with the refund), once.
    if (row.full === 1) {
      const esim =
        order.topup_esim_id === null
          ? await db.selectFrom('esims').select(['id', 'iccid', 'status', 'provider']).where('order_id', '=', order.id).executeTakeFirst()
          : undefined;
      if (how.esim) {
        how.esim.note = await cancelForOwner(db, services, order, esim);
      } else if (actor === 'traveller' && esim && esim.status !== 'canceled') {
        let cancel;
        try {
          cancel = await esimProviderFor(services, esim.provider).cancel(esim.iccid);
        } catch (e) {
          services.log.warn('refund: the eSIM provider could not cancel the eSIM', { orderId: order.public_id, error: errorText(e) });
          if (how.mode === 'worker') return 'failed';
          await dropRefund(db, services, order.id, row.id);
          throw new AppError(
            'PAYMENT_PROVIDER_ERROR',
            'The eSIM provider could not be reached, so nothing was refunded. Please try again in a moment.',
          );
        }
        if (!cancel.canceled && cancel.reason !== 'already_canceled') {
          await dropRefund(db, services, order.id, row.id);
          services.log.info('refund refused by the eSIM provider', { orderId: order.public_id, reason: cancel.reason });
          if (how.mode === 'worker') return 'refused';
          throw refusal(services, cancel.reason === 'installed' ? 'provider_installed' : 'provider_activated', order);
        }
        await markEsimCanceled(db, services, esim.id);
      }
    }

    // 3. The points, before the money.
    const settlement = await settlePoints(db, services, order, row, how.expectedCashDeductedMinor);
    if (settlement.outcome !== 'settled') return refuse(settlement.outcome, row);
    groupTopUps = settlement.topUps;
    row = (await openRowOf(db, orderId)) ?? row;
    order = await reload(db, orderId);
  }

  // 4. The payment, once per refund row.
  let providerRefundId: string | null = row.provider_refund_id;
  if (row.state === 'settled' && row.amount_minor > 0) {
    if (!order.payment_intent_id) {
      services.log.error('refund: the order has no payment to refund; needs a person', { orderId: order.public_id });
      if (how.mode === 'worker' || how.esim) return 'failed';
      throw new AppError('CONFLICT', `This order's payment cannot be found. Please contact support at ${services.config.supportEmail}.`);
    }
    try {
      const r = await services.payments.refund({
        paymentIntentId: order.payment_intent_id,
        amountMinor: row.amount_minor,
        idempotencyKey: idempotencyKeys.refundOf(order.public_id, row.seq),
      });
      providerRefundId = r.id;
    } catch (e) {
      services.log.error('refund: the payment could not be refunded; will retry', { orderId: order.public_id, error: errorText(e) });
      if (how.mode === 'worker' || how.esim) return 'failed';
      throw new AppError(
        'PAYMENT_PROVIDER_ERROR',
        row.full === 1
          ? 'Your eSIM is canceled, but the payment service could not be reached to refund the payment just now. The refund will be completed automatically.'
          : 'The payment service could not be reached just now. The refund will be completed automatically.',
      );
    }
  }

  // 5. Done.
  const esimId = await finishRefund(db, services, order, row, providerRefundId);
  services.log.info(
    actor === 'owner'
      ? 'order refunded by the shop'
      : actor === 'system'
        ? 'order refunded: not delivered'
        : 'order refunded at the traveller’s request',
    { orderId: order.public_id, seq: row.seq, full: row.full === 1, amountMinor: row.amount_minor },
  );
  // The group's top-ups, settled with it: each one's payment once under its own row (a failure is
  // finished by the worker's tick from the row, like any claimed refund).
  for (const id of groupTopUps) {
    try {
      await carryOutRefund(db, services, id, { mode: 'worker' });
    } catch (e) {
      services.log.error('refund of a top-up with its eSIM failed; the worker retries', { orderId: id, error: errorText(e) });
    }
  }
  if (esimId !== null) await refundQueuedTopUps(db, services, esimId);
  return 'refunded';
}

/** The eSIM is canceled at the provider (or the owner's decision stands): recorded now, asked never again. */
async function markEsimCanceled(db: Db, services: Services, esimId: number): Promise<void> {
  await db
    .updateTable('esims')
    .set({ status: 'canceled', updated_at: iso(services.now()) })
    .where('id', '=', esimId)
    .where('status', '!=', 'canceled')
    .execute();
}

/** What settlePoints would answer now (read only; no lock): the refusals, judged before anything is done. */
async function judgeSettlement(
  db: Db,
  services: Services,
  order: Order,
  row: RefundRow,
  expectedCash: number | undefined,
): Promise<'settled' | 'too_much' | 'changed'> {
  if (row.actor === 'system' && expectedCash === undefined) return 'settled';
  const parts = await partsOf(db, order, await refundRows(db, order.id), row.gross_minor, {
    full: row.full === 1,
    now: iso(services.now()),
  });
  const plan = await planOf(db, parts, row.full === 1);
  if (plan.uncovered > 0 && row.actor !== 'system') return 'too_much';
  if (expectedCash !== undefined && cashInCurrency(parts, plan) > expectedCash) return 'changed';
  return 'settled';
}

/** A settlement refused inside its transaction: thrown so its claims of top-ups roll back with it. */
class SettlementRefused extends Error {
  constructor(readonly outcome: 'too_much' | 'changed') {
    super(outcome);
  }
}

type Settlement = { outcome: 'settled'; topUps: number[] } | { outcome: 'too_much' | 'changed' };

/**
 * Step 3 in one write transaction under the user's points lock: the row moves requested → settled
 * with its figures, the take-back is written. A full refund of an eSIM's order settles as one group
 * with the top-ups it covers (coveredTopUps): they are claimed in this transaction (a refunds row
 * each, actor 'system', settled here too, their money returned after the eSIM's), the points every
 * order of the group earned and the achievements the group's refund ends are taken back at once —
 * from the balance as far as it goes, the rest in cash kept from the group's refunds (the eSIM's
 * first, then each top-up's). Returns the claimed top-ups.
 * 'too_much': the cash to keep for spent points is more than the group's refunds (a system refund,
 * which cannot be refused — an order not delivered —, keeps all of it and records the rest as
 * unsettled instead, logged); 'changed': more than the person was shown.
 */
async function settlePoints(
  db: Db,
  services: Services,
  order: Order,
  row: RefundRow,
  expectedCash: number | undefined,
): Promise<Settlement> {
  const at = services.now();
  const now = iso(at);
  try {
    return await writeTransaction(db, async (trx): Promise<Settlement> => {
      if (order.user_id !== null) await lockUserPoints(trx, order.user_id);
      const current = await trx.selectFrom('refunds').select('state').where('id', '=', row.id).executeTakeFirst();
      if (current?.state !== 'requested') return { outcome: 'settled', topUps: [] };
      const fresh = await reload(trx, order.id);
      const candidates = await partsOf(trx, fresh, await refundRows(trx, order.id), row.gross_minor, { full: row.full === 1, now });
      // The group's top-ups are claimed here (a race lost, on PostgreSQL: that top-up is not in the group).
      const parts = [candidates[0]!];
      for (const part of candidates.slice(1)) {
        const claimed = await trx
          .updateTable('orders')
          .set({ refund_requested_at: now, lease_until: addMs(at, services.fulfilment.leaseMs), updated_at: now })
          .where('id', '=', part.order.id)
          .where('refund_requested_at', 'is', null)
          .where('status', 'in', PAID_STATES)
          .$if(part.order.status !== 'fulfilled', (q) => q.where(leaseFree(now)))
          .executeTakeFirst();
        if (changed(claimed) > 0) parts.push(part);
      }
      const plan = await planOf(trx, parts, row.full === 1);
      if (plan.uncovered > 0 && row.actor !== 'system') throw new SettlementRefused('too_much');
      if (expectedCash !== undefined && cashInCurrency(parts, plan) > expectedCash) throw new SettlementRefused('changed');
      if (plan.uncovered > 0)
        services.log.error('refund: points spent are worth more than the refund; recorded as unsettled', {
          orderId: order.public_id,
          points: plan.uncovered,
        });
      const rowOf = new Map<number, RefundRow>([[order.id, row]]);
      for (const part of parts.slice(1)) {
        rowOf.set(
          part.order.id,
          await openRefundRow(
            trx,
            part.order,
            { actor: 'system', reason: TOP_UP_WITH_ESIM_REASON, language: row.language },
            part.grossMinor,
            true,
            now,
          ),
        );
      }
      const taken = await applyPointsTakeBack(
        trx,
        plan,
        new Map(parts.map((p) => [p.order.id, { public_id: p.order.public_id, seq: rowOf.get(p.order.id)!.seq }])),
        now,
      );
      for (const [i, part] of parts.entries()) {
        const planned = plan.parts[i]!;
        await trx
          .updateTable('refunds')
          .set({
            state: 'settled',
            amount_minor: part.grossMinor - planned.cashMinor,
            cash_deducted_minor: planned.cashMinor,
            points_taken: taken.get(part.order.id) ?? 0,
            points_settled_in_cash: planned.pointsInCash,
            points_unsettled: i === 0 ? plan.uncovered : 0,
          })
          .where('id', '=', rowOf.get(part.order.id)!.id)
          .where('state', '=', 'requested')
          .execute();
      }
      return { outcome: 'settled', topUps: parts.slice(1).map((p) => p.order.id) };
    });
  } catch (e) {
    if (e instanceof SettlementRefused) return { outcome: e.outcome };
    throw e;
  }
}

/**
 * Step 5, in one write transaction: the row done; a full refund moves the order to 'refunded' and
 * takes its consequences with it, a partial one records its amount and clears the claim. Returns
 * the first order's eSIM when a full refund ended it (its queued top-ups follow).
 */
async function finishRefund(
  db: Db,
  services: Services,
  order: Order,
  row: RefundRow,
  providerRefundId: string | null,
): Promise<number | null> {
  const now = iso(services.now());
  const result = await writeTransaction(db, async (trx) => {
    const done = await trx
      .updateTable('refunds')
      .set({ state: 'done', provider_refund_id: providerRefundId, completed_at: now })
      .where('id', '=', row.id)
      .where('state', '=', 'settled')
      .returning(['amount_minor'])
      .executeTakeFirst();
    if (!done) return null;
    // The refund's credit note, referencing the order's invoice, with the row done (issue 31).
    await issueCreditNote(trx, row.id, order.id, done.amount_minor, now);
    const total = await trx
      .selectFrom('refunds')
      .select((eb) => eb.fn.sum<number>('amount_minor').as('n'))
      .where('order_id', '=', order.id)
      .where('state', '=', 'done')
      .executeTakeFirstOrThrow();
    const refundedMinor = Number(total.n ?? 0);
    if (row.full !== 1) {
      await trx
        .updateTable('orders')
        .set({ amount_refunded_minor: refundedMinor, refund_requested_at: null, lease_until: null, updated_at: now })
        .where('id', '=', order.id)
        .execute();
      await enqueueEmail(trx, { orderId: order.id, kind: refundNoticeKind(row.seq), to: order.email, now });
      return { esimId: null };
    }
    const moved = await transition(trx, { id: order.id }, 'refunded', {
      actor: row.actor,
      reason: refundReasonText(row),
      from: PAID_STATES,
      at: now,
      set: {
        refunded_at: now,
        refund_id: providerRefundId ?? order.refund_id,
        amount_refunded_minor: refundedMinor,
        lease_until: null,
        next_attempt_at: null,
      },
    });
    if (!moved) return { esimId: null };
    // The points spent on the order come back (after the take-back: settlePoints ran before).
    const returned = order.user_id !== null && order.points_used > 0 ? await releaseReservedPoints(trx, order.id, now) : 0;
    if (returned > 0) await trx.updateTable('refunds').set({ points_returned: returned }).where('id', '=', row.id).execute();
    // The package the order put on an eSIM is refunded; a top-up's data leaves the eSIM's total.
    const pkg = await trx
      .updateTable('esim_packages')
      .set({ state: 'refunded', updated_at: now })
      .where('order_id', '=', order.id)
      .where('state', '!=', 'refunded')
      .returning(['esim_id', 'kind'])
      .executeTakeFirst();
    if (pkg && pkg.kind !== 'initial') await recomputeDataTotal(trx, pkg.esim_id, now);
    const esim = await trx.selectFrom('esims').select('id').where('order_id', '=', order.id).executeTakeFirst();
    if (esim) await trx.updateTable('esims').set({ status: 'canceled', updated_at: now }).where('id', '=', esim.id).execute();
    await enqueueEmail(trx, { orderId: order.id, kind: 'refund_notice', to: order.email, now });
    return { esimId: esim?.id ?? null };
  });
  if (result) scheduleOrderEmails(db, services, order.id);
  return result?.esimId ?? null;
}

function refundReasonText(row: Pick<RefundRow, 'actor' | 'reason'>): string {
  switch (row.actor) {
    case 'traveller':
      return 'refunded at the traveller’s request';
    case 'system':
      return `refunded: ${row.reason}`;
    case 'owner':
      return row.reason ? `refunded by the shop: ${row.reason}` : 'refunded by the shop';
  }
}

/** The eSIM's total from its packages that are not refunded (any unlimited one: unlimited). */
async function recomputeDataTotal(trx: Db, esimId: number, now: string): Promise<void> {
  const pkgs = await trx
    .selectFrom('esim_packages')
    .select('data_mb')
    .where('esim_id', '=', esimId)
    .where('state', '!=', 'refunded')
    .execute();
  if (pkgs.length === 0) return;
  const total = pkgs.some((p) => p.data_mb === null) ? null : pkgs.reduce((n, p) => n + (p.data_mb ?? 0), 0);
  await trx.updateTable('esims').set({ data_total_mb: total, updated_at: now }).where('id', '=', esimId).execute();
}

/**
 * One refund of an order, whoever asks: claims it (a refund of the order already under way → 409
 * 'in_progress'), then carries it out. `within` runs in the claim's transaction (the owner's audit
 * row). The traveller's limits (14 days, not installed) are checked by refundOrderForUser. Its two
 * steps, claimRefund and carryOutRefund, are what every refund runs; the traveller's click, the
 * owner's and the undeliverable order's call them directly where a claim already taken is answered
 * otherwise than with a 409 (the traveller waits for it, the owner is told 'under way', the worker
 * resumes it).
 */
export async function refundOrder(
  db: Db,
  services: Services,
  req: RefundRequest,
  opts: { within?: (trx: Db) => Promise<void>; esim?: { note: OwnerEsimNote } } = {},
): Promise<CarryOutOutcome> {
  const order = await reload(db, req.orderId);
  const claim = await claimRefund(db, services, order, req, opts.within);
  if (claim !== 'claimed') throw claimConflict(claim);
  return carryOutRefund(db, services, order.id, {
    mode: 'user',
    esim: req.actor === 'owner' ? (opts.esim ?? { note: 'none' }) : undefined,
    expectedCashDeductedMinor: req.expectedCashDeductedMinor,
  });
}

export type ClaimResult = 'claimed' | 'refunded' | 'claimed_already' | 'provisioning_now' | 'not_paid';

function claimConflict(claim: Exclude<ClaimResult, 'claimed'>): AppError {
  switch (claim) {
    case 'refunded':
      return new AppError('CONFLICT', 'This order is refunded already.', { reason: 'already_refunded' });
    case 'claimed_already':
      return new AppError('CONFLICT', 'A refund of this order is already under way.', { reason: 'in_progress' });
    case 'provisioning_now':
      return new AppError('CONFLICT', 'The eSIM of this order is being provisioned right now. Try the refund again in a minute.', {
        reason: 'provisioning',
      });
    case 'not_paid':
      return new AppError('CONFLICT', 'This order has not been paid, so there is nothing to refund.', { reason: 'not_paid' });
  }
}

/**
 * The claim: refund_requested_at on a paid order not yet refunded and without another refund under
 * way, and the refunds row, in one write transaction. The owner's and the system's claims also take
 * the provisioning lease (unless provisioning holds it right now), so no provisioning starts meanwhile;
 * the traveller refunds delivered orders only.
 */
async function claimRefund(
  db: Db,
  services: Services,
  order: Order,
  req: RefundRequest,
  within?: (trx: Db) => Promise<void>,
): Promise<ClaimResult> {
  const now = services.now();
  const language = req.language ?? (await travellerLanguage(db, order));
  return writeTransaction(db, async (trx) => {
    const lease = req.actor !== 'traveller';
    const r = await trx
      .updateTable('orders')
      .set({
        refund_requested_at: iso(now),
        ...(lease ? { lease_until: addMs(now, services.fulfilment.leaseMs) } : {}),
        updated_at: iso(now),
      })
      .where('id', '=', order.id)
      .where('refund_requested_at', 'is', null)
      .where('status', 'in', req.actor === 'traveller' ? ['fulfilled'] : PAID_STATES)
      .$if(lease && req.actor === 'owner', (q) => q.where(leaseFree(iso(now))))
      .executeTakeFirst();
    if (changed(r) > 0) {
      const fresh = await trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      const { gross, full } = checkAmount(fresh, remainingOf(fresh, await refundRows(trx, order.id)), req.amountMinor);
      await openRefundRow(trx, fresh, { actor: req.actor, reason: req.reason, language }, gross, full, iso(now));
      // A given eSIM (issue 29): refunded to the buyer only while unclaimed; the gift ends with a
      // full refund (an owner's partial, goodwill refund leaves it as it is).
      if (full) await settleGiftForRefund(trx, order.id, req.actor, now);
      if (within) await within(trx);
      return 'claimed';
    }
    const current = await trx
      .selectFrom('orders')
      .select(['status', 'refund_requested_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    if (current.status === 'refunded') return 'refunded';
    if (!PAID_STATES.includes(current.status)) return 'not_paid';
    if (current.refund_requested_at !== null) return 'claimed_already';
    return 'provisioning_now';
  });
}

// ── the system: an order that could not be delivered ───────────────────────────────────────

/**
 * The eSIM could not be delivered: the whole order is refunded by the system (provisioning holds
 * its lease meanwhile). A payment service that fails leaves the row; the next provisioning attempt
 * resumes it (back-off), with the same amount and key.
 */
export async function refundUndeliverable(db: Db, services: Services, order: Order): Promise<'refunded' | 'refund_failed' | 'stuck'> {
  const now = services.now();
  if (!order.payment_intent_id && paidByCard(order) > 0) {
    services.log.error('undeliverable order has no payment intent to refund: needs a person', { orderId: order.public_id });
    await db
      .updateTable('orders')
      .set({ next_attempt_at: null, lease_until: null, updated_at: iso(now) })
      .where('id', '=', order.id)
      .execute();
    return 'stuck';
  }
  if (!(await openRowOf(db, order.id))) {
    const language = await travellerLanguage(db, order);
    await writeTransaction(db, async (trx) => {
      const fresh = await trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      if (!PAID_STATES.includes(fresh.status)) return;
      const remaining = remainingOf(fresh, await refundRows(trx, fresh.id));
      await openRefundRow(trx, fresh, { actor: 'system', reason: 'the eSIM could not be delivered', language }, remaining, true, iso(now));
    });
  }
  const outcome = await carryOutRefund(db, services, order.id, { mode: 'worker' });
  if (outcome === 'refunded') {
    services.log.warn('order refunded: the eSIM could not be provisioned', { orderId: order.public_id });
    return 'refunded';
  }
  await db
    .updateTable('orders')
    .set({
      next_attempt_at: addMs(
        now,
        backoffDelay(order.provision_attempts, services.fulfilment.provisionBaseMs, services.fulfilment.provisionMaxMs),
      ),
      last_error: 'refund failed: the payment service could not refund the payment',
      lease_until: null,
      updated_at: iso(now),
    })
    .where('id', '=', order.id)
    .execute();
  return 'refund_failed';
}

// ── refunds made at the payment service (charge.refunded) ─────────────────────────────────

/**
 * The payment service reports the order's payment refunded in full. Our own refund's echo (a row
 * open, or its amount recorded) changes nothing; a refund made there (the Stripe Dashboard) is
 * recorded as the owner's full refund — the money is gone already, so points spent cannot be
 * settled in cash: the balance gives what it has and the rest is recorded on the row as unsettled.
 */
export async function markRefunded(
  db: Db,
  services: Services,
  where: { orderId: number } | { paymentIntentId: string },
  refund: { refundId?: string | null | undefined; amountRefundedMinor?: number | undefined },
): Promise<boolean> {
  const order = await orderWhere(db, where);
  if (!order || !PAID_STATES.includes(order.status) || (await openRowOf(db, order.id))) return false;
  const rows = await refundRows(db, order.id);
  const remaining = remainingOf(order, rows);
  return recordOutsideRefund(db, services, order, {
    gross: remaining,
    full: true,
    refundId: refund.refundId ?? null,
    amountMinor: refund.amountRefundedMinor !== undefined ? Math.max(0, refund.amountRefundedMinor - refundedOf(rows)) : remaining,
  });
}

/**
 * The payment service reports a part of the payment refunded (`amountRefundedMinor` in all, so a
 * redelivered event changes nothing): what is more than our rows hold is recorded as the owner's
 * partial refund made there.
 */
export async function recordPartialRefund(db: Db, services: Services, paymentIntentId: string, amountRefundedMinor: number): Promise<void> {
  const order = await orderWhere(db, { paymentIntentId });
  if (!order || (await openRowOf(db, order.id))) return;
  const rows = await refundRows(db, order.id);
  const extra = amountRefundedMinor - refundedOf(rows);
  if (extra <= 0) return;
  const remaining = remainingOf(order, rows);
  await recordOutsideRefund(db, services, order, {
    gross: Math.min(extra, remaining),
    full: false,
    refundId: null,
    amountMinor: extra,
  });
}

function refundedOf(rows: readonly RefundRow[]): number {
  return rows.filter((r) => r.state === 'done').reduce((n, r) => n + r.amount_minor, 0);
}

async function orderWhere(db: Db, where: { orderId: number } | { paymentIntentId: string }): Promise<Order | undefined> {
  let q = db.selectFrom('orders').selectAll();
  q = 'orderId' in where ? q.where('id', '=', where.orderId) : q.where('payment_intent_id', '=', where.paymentIntentId);
  return q.executeTakeFirst();
}

async function recordOutsideRefund(
  db: Db,
  services: Services,
  order: Order,
  r: { gross: number; full: boolean; refundId: string | null; amountMinor: number },
): Promise<boolean> {
  const now = iso(services.now());
  const language = await travellerLanguage(db, order);
  const row = await writeTransaction(db, async (trx) => {
    if (order.user_id !== null) await lockUserPoints(trx, order.user_id);
    const open = await trx
      .selectFrom('refunds')
      .select('id')
      .where('order_id', '=', order.id)
      .where('state', '!=', 'done')
      .executeTakeFirst();
    if (open) return null;
    const opened = await openRefundRow(trx, order, { actor: 'owner', reason: OUTSIDE_REFUND_REASON, language }, r.gross, r.full, now);
    let unsettled = 0;
    let taken = 0;
    if (order.user_id !== null) {
      // This order alone: the payment service refunded only its payment.
      const parts = await partsOf(trx, order, await refundRows(trx, order.id), r.gross, null);
      const plan = await planOf(trx, parts, r.full);
      // The money went back already: the balance gives what it has, the rest is recorded.
      await applyPointsTakeBack(trx, plan, new Map([[order.id, { public_id: order.public_id, seq: opened.seq }]]), now);
      taken = plan.pointsTaken;
      unsettled = plan.pointsInCash;
      if (unsettled > 0)
        services.log.error('refund at the payment service: points spent could not be settled; recorded', {
          orderId: order.public_id,
          points: unsettled,
        });
    }
    return trx
      .updateTable('refunds')
      .set({ state: 'settled', amount_minor: r.amountMinor, points_taken: taken, points_unsettled: unsettled })
      .where('id', '=', opened.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (!row) return false;
  await finishRefund(db, services, order, row, r.refundId);
  return true;
}

// ── the traveller's refund ─────────────────────────────────────────────────────────────────
// 'Refund' on the eSIM's page or the order, within 14 days of the purchase while the eSIM is
// neither installed nor activated (a top-up: while its package waits).

/** How long a second click waits for the first one's refund before answering 'under way'. */
const WAIT_FOR_CLAIM_MS = 3000;
const WAIT_STEP_MS = 50;

/** 'Refund': at most once, whatever is clicked twice or retried; someone else's order → 404. */
export async function refundOrderForUser(
  db: Db,
  services: Services,
  userId: RefundHolder,
  publicId: string,
  opts: { language?: string | undefined; expectedCashDeductedMinor?: number | undefined } = {},
): Promise<RefundResultView> {
  const order = await travellersOrder(db, userId, publicId);
  if (order.status === 'refunded') return resultView(db, order);
  if (order.refund_requested_at !== null) return awaitClaim(db, services, order.id, userId, opts);

  const verdict = refundEligibility({ ...(await refundFactsOf(db, order)), refundRequested: false }, services.now());
  if (!verdict.eligible) throw refusal(services, verdict.reason, order);

  const claim = await claimRefund(db, services, order, {
    orderId: order.id,
    actor: 'traveller',
    reason: 'at the traveller’s request',
    language: opts.language,
  });
  if (claim !== 'claimed') return awaitClaim(db, services, order.id, userId, opts);
  services.log.info('refund requested', { orderId: order.public_id });
  await carryOutRefund(db, services, order.id, { mode: 'user', expectedCashDeductedMinor: opts.expectedCashDeductedMinor });
  return resultView(db, await reload(db, order.id));
}

/** Who asks: the signed-in traveller (their id), or the holder of the order's 'Manage your eSIM' link (issue 26). */
export type RefundHolder = number | { orderId: number };

async function travellersOrder(db: Db, userId: RefundHolder, publicId: string): Promise<Order> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('public_id', '=', publicId)
    .where(typeof userId === 'number' ? 'user_id' : 'id', '=', typeof userId === 'number' ? userId : userId.orderId)
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', 'There is no order with this number in your account.');
  return order;
}

/** The quote the traveller's refund dialog shows: what comes back, and what is kept for points spent. */
export async function quoteRefundForUser(db: Db, userId: RefundHolder, publicId: string): Promise<RefundQuote> {
  const order = await travellersOrder(db, userId, publicId);
  if (!PAID_STATES.includes(order.status)) throw new AppError('CONFLICT', 'This order cannot be refunded.', { reason: 'not_refundable' });
  return quoteRefund(db, order);
}

/** The facts refundEligibility reads, from the order, its eSIM (a first order) and its package. */
export async function refundFactsOf(db: Db, order: Order): Promise<Omit<RefundFacts, 'refundRequested'>> {
  const esim =
    order.topup_esim_id === null
      ? await db.selectFrom('esims').select(['profile_state', 'plan_state']).where('order_id', '=', order.id).executeTakeFirst()
      : undefined;
  const pkg = await db.selectFrom('esim_packages').select('state').where('order_id', '=', order.id).executeTakeFirst();
  return {
    orderStatus: order.status,
    kind: order.topup_esim_id === null ? 'initial' : order.kind === 'subscription' ? 'renewal' : 'topup',
    subscription: order.kind === 'subscription',
    paidAt: order.paid_at ? new Date(order.paid_at) : null,
    profileState: esim?.profile_state ?? null,
    planState: esim?.plan_state ?? null,
    packageState: pkg?.state ?? null,
  };
}

function refusal(services: Services, reason: RefundBlockReason | 'provider_installed' | 'provider_activated', order: Order): AppError {
  const support = `If something is wrong with your eSIM, please contact support at ${services.config.supportEmail}.`;
  switch (reason) {
    case 'window_passed':
      return new AppError(
        'CONFLICT',
        `Refunds are possible within 14 days of purchase, and this order was paid on ${(order.paid_at ?? order.created_at).slice(0, 10)}. ${support}`,
        { reason },
      );
    case 'installed':
    case 'provider_installed':
      return new AppError('CONFLICT', `This eSIM is already installed on a phone, so it can no longer be refunded. ${support}`, {
        reason: 'installed',
      });
    case 'activated':
    case 'provider_activated':
      return new AppError(
        'CONFLICT',
        `This eSIM has been activated (it has connected to a network), so it can no longer be refunded. ${support}`,
        { reason: 'activated' },
      );
    case 'package_started':
      return new AppError('CONFLICT', `This top-up is already in use, so it can no longer be refunded. ${support}`, { reason });
    case 'subscription':
      return new AppError(
        'BAD_INPUT',
        'A month of a subscription is not refunded: cancel the subscription instead, and it ends when the paid month does.',
        { reason },
      );
    case 'not_paid':
      return new AppError('CONFLICT', 'This order has not been paid and delivered, so there is nothing to refund.', { reason });
    case 'already_refunded':
      return new AppError('CONFLICT', 'This order is refunded already.', { reason });
  }
}

/** The top-ups refunded because the eSIM `order` delivered was refunded (with it, or just after it), oldest first. */
export async function topUpsRefundedWith(
  db: Db,
  order: Pick<Order, 'id' | 'topup_esim_id'>,
): Promise<
  {
    public_id: string;
    currency: string;
    amount_refunded_minor: number;
    points_used: number;
    cash_deducted_minor: number;
    points_settled_in_cash: number;
  }[]
> {
  if (order.topup_esim_id !== null) return [];
  return db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.topup_esim_id', 'e.id')
    .innerJoin('refunds as f', 'f.order_id', 'o.id')
    .select(['o.public_id', 'o.currency', 'o.amount_refunded_minor', 'o.points_used', 'f.cash_deducted_minor', 'f.points_settled_in_cash'])
    .where('e.order_id', '=', order.id)
    .where('o.status', '=', 'refunded')
    .where('f.full', '=', 1)
    .where('f.actor', '=', 'system')
    .where('f.reason', '=', TOP_UP_WITH_ESIM_REASON)
    .orderBy('o.id')
    .execute();
}

/**
 * What the traveller is told once the order is refunded: for an eSIM's order, with the top-ups its
 * refund took with it (those in the order's currency: one sum of money).
 */
async function resultView(db: Db, order: Order): Promise<RefundResultView> {
  if (order.status !== 'refunded')
    return {
      orderId: order.public_id,
      orderStatus: order.status,
      amountRefundedMinor: order.amount_refunded_minor,
      currency: order.currency,
      pointsReturned: 0,
      cashDeductedMinor: 0,
      pointsSettledInCash: 0,
    };
  const rows = await refundRows(db, order.id);
  const view: RefundResultView = {
    orderId: order.public_id,
    orderStatus: order.status,
    amountRefundedMinor: order.amount_refunded_minor,
    currency: order.currency,
    pointsReturned: order.points_used,
    cashDeductedMinor: rows.reduce((n, r) => n + r.cash_deducted_minor, 0),
    pointsSettledInCash: rows.reduce((n, r) => n + r.points_settled_in_cash, 0),
  };
  for (const t of await topUpsRefundedWith(db, order)) {
    if (t.currency !== order.currency) continue;
    view.amountRefundedMinor += t.amount_refunded_minor;
    view.pointsReturned += t.points_used;
    view.cashDeductedMinor += t.cash_deducted_minor;
    view.pointsSettledInCash += t.points_settled_in_cash;
  }
  return view;
}

function isStale(services: Services, claimedAt: string): boolean {
  return Date.parse(claimedAt) < services.now().getTime() - services.fulfilment.leaseMs;
}

/**
 * Another click (or a retry) holds the claim: wait a moment for its answer. A claim left behind by
 * a crash (older than the lease) is carried out here; a claim cleared meanwhile (the provider
 * refused) is judged again, so this click gets the same reason.
 */
async function awaitClaim(
  db: Db,
  services: Services,
  orderId: number,
  userId: RefundHolder,
  opts: { language?: string | undefined; expectedCashDeductedMinor?: number | undefined },
): Promise<RefundResultView> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const order = await reload(db, orderId);
    if (order.status === 'refunded') return resultView(db, order);
    if (order.refund_requested_at === null) return refundOrderForUser(db, services, userId, order.public_id, opts);
    if (isStale(services, order.refund_requested_at) && (await takeOverStaleClaim(db, services, orderId, order.refund_requested_at))) {
      await carryOutRefund(db, services, orderId, { mode: 'user', esim: await ownerNote(db, orderId) });
      return resultView(db, await reload(db, orderId));
    }
    if (waited >= WAIT_FOR_CLAIM_MS) break;
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  throw new AppError('CONFLICT', 'Your refund is already under way: the order will show as refunded in a moment.', {
    reason: 'in_progress',
  });
}

/** The owner's refund row is open: the provider's refusal to cancel does not stop it. */
async function ownerNote(db: Db, orderId: number): Promise<{ note: OwnerEsimNote } | undefined> {
  const row = await openRowOf(db, orderId);
  return row?.actor === 'owner' ? { note: 'none' } : undefined;
}

/**
 * Takes over a claim left behind (older than the lease) by re-stamping it, conditionally on the
 * stamp seen: of several processes that found it stale at once, one goes on (true).
 */
async function takeOverStaleClaim(db: Db, services: Services, orderId: number, seenAt: string): Promise<boolean> {
  const now = iso(services.now());
  const r = await db
    .updateTable('orders')
    .set({ refund_requested_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('refund_requested_at', '=', seenAt)
    .executeTakeFirst();
  return changed(r) > 0;
}

/**
 * The eSIM was refunded: a delivered top-up still waiting that its refund did not take with it is
 * refunded too, on its own (not renewals: subscriptions are cancelled). A safety net: the group
 * takes the eSIM's top-ups, and one the provider applies meanwhile is refunded as undeliverable
 * (provisioning.ts completeTopUp).
 */
async function refundQueuedTopUps(db: Db, services: Services, esimId: number): Promise<void> {
  const topUps = await db
    .selectFrom('orders as o')
    .innerJoin('esim_packages as p', 'p.order_id', 'o.id')
    .select('o.id')
    .where('o.topup_esim_id', '=', esimId)
    .where('o.kind', '=', 'one_time')
    .where('o.status', '=', 'fulfilled')
    .where('o.refund_requested_at', 'is', null)
    .where('p.state', '=', 'queued')
    .execute();
  for (const { id } of topUps) {
    try {
      const order = await reload(db, id);
      await refundOrder(db, services, {
        orderId: id,
        actor: 'system',
        reason: TOP_UP_WITH_ESIM_REASON,
        language: await travellerLanguage(db, order),
      });
    } catch (e) {
      services.log.error('refund of a top-up failed; the worker retries', { orderId: id, error: errorText(e) });
    }
  }
}

export interface ClaimedRefundsResult {
  refunded: number;
  refused: number;
  failed: number;
}

/**
 * The fulfilment worker's tick: refunds claimed longer ago than the lease and not finished (a crash
 * or an outage in between) are carried out now, from their row.
 */
export async function finishClaimedRefunds(db: Db, services: Services): Promise<ClaimedRefundsResult> {
  const before = new Date(services.now().getTime() - services.fulfilment.leaseMs).toISOString();
  const due = await db
    .selectFrom('orders')
    .select(['id', 'refund_requested_at'])
    .where('refund_requested_at', 'is not', null)
    .where('refund_requested_at', '<', before)
    .where('status', 'in', PAID_STATES)
    .orderBy('refund_requested_at')
    .limit(services.fulfilment.batchSize)
    .execute();
  const result: ClaimedRefundsResult = { refunded: 0, refused: 0, failed: 0 };
  for (const { id, refund_requested_at: claimedAt } of due) {
    // A sibling worker may be on the same stale claim: only the one that re-stamps it goes on.
    if (!(await takeOverStaleClaim(db, services, id, claimedAt!))) continue;
    try {
      const esim = (await ownerNote(db, id)) ?? ((await isOwnerClaim(db, id)) ? { note: 'none' as OwnerEsimNote } : undefined);
      result[await carryOutRefund(db, services, id, { mode: 'worker', esim })]++;
    } catch (e) {
      result.failed++;
      services.log.error('finishing a refund failed', { orderId: id, error: errorText(e) });
    }
  }
  return result;
}

// ── the owner's refund (the admin area) ──────────────────────────────────────────────────────
// The same engine without the traveller's limits (14 days, not installed): a paid order not yet
// refunded, delivered or not, in full or in part (any amount up to what remains, with a reason).
// The provider may refuse to cancel an installed or activated eSIM; the owner's full refund goes on
// regardless (the payment is refunded, the shop marks the eSIM canceled) and the answer says the
// eSIM may keep working at the provider. A partial refund keeps the eSIM.

/** An audit row of an owner's claim made before refunds were rows. */
async function isOwnerClaim(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('audit_log as a', (j) => j.on('a.entity', '=', 'order').onRef('a.entity_id', '=', 'o.public_id'))
    .select('a.id')
    .where('o.id', '=', orderId)
    .where('a.action', '=', 'order.refund')
    .executeTakeFirst();
  return row !== undefined;
}

/** Cancels the order's eSIM at the provider where it can, once; never throws (the note says what happened). */
async function cancelForOwner(
  db: Db,
  services: Services,
  order: Order,
  esim: { id: number; iccid: string; status: string; provider: string } | undefined,
): Promise<OwnerEsimNote> {
  try {
    let iccid = esim?.iccid ?? null;
    if (esim?.status === 'canceled') return 'already_canceled';
    if (!iccid && order.topup_esim_id === null && order.provider_ref) {
      // Not delivered yet, but the provider is preparing it: cancel what it made.
      const details = await (await providerOfOrder(db, services, order)).getEsim(order.provider_ref);
      if (details.status === 'ready') iccid = details.esim.iccid;
    }
    if (!iccid) return 'none';
    const r = await (esim ? esimProviderFor(services, esim.provider) : await providerOfOrder(db, services, order)).cancel(iccid);
    // The owner's decision stands whatever the answer: recorded, so nothing asks again.
    if (esim) await markEsimCanceled(db, services, esim.id);
    return r.canceled ? 'canceled' : r.reason;
  } catch (e) {
    services.log.warn('owner refund: the eSIM provider could not cancel the eSIM', { orderId: order.public_id, error: errorText(e) });
    return 'unreachable';
  }
}

export type OwnerClaimResult = ClaimResult;

/**
 * The owner's claim (full, or `amountMinor` of what remains, with a reason). `within` runs in the
 * claim's transaction (the audit row), only when this call took the claim.
 */
export async function claimOwnerRefund(
  db: Db,
  services: Services,
  orderId: number,
  within: (trx: Db) => Promise<void>,
  refund: { amountMinor?: number | undefined; reason?: string | undefined } = {},
): Promise<OwnerClaimResult> {
  const order = await reload(db, orderId);
  return claimRefund(
    db,
    services,
    order,
    { orderId, actor: 'owner', amountMinor: refund.amountMinor, reason: refund.reason?.trim() ?? '' },
    within,
  );
}

export interface OwnerRefundResult {
  /** 'failed': the payment could not be refunded now; the claim stays and the worker's tick finishes it. */
  outcome: CarryOutOutcome;
  esim: OwnerEsimNote;
}

/** Steps 2–5 for an order the owner claimed (claimOwnerRefund). */
export async function carryOutOwnerRefund(
  db: Db,
  services: Services,
  orderId: number,
  opts: { expectedCashDeductedMinor?: number | undefined } = {},
): Promise<OwnerRefundResult> {
  const esim = { note: 'none' as OwnerEsimNote };
  const outcome = await carryOutRefund(db, services, orderId, {
    mode: 'user',
    esim,
    expectedCashDeductedMinor: opts.expectedCashDeductedMinor,
  });
  return { outcome, esim: esim.note };
}

/** The refunds of an order, oldest first (the admin's and the account's order pages, the receipt). */
export async function listRefunds(db: Db, orderId: number): Promise<RefundRow[]> {
  return refundRows(db, orderId);
}

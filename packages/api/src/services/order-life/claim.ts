// Paid, exactly once: the claim the webhook, the demo provider's events, the return page's settle
// mutation and the startup reconciliation all run, and the other moves a payment makes (failed,
// canceled).
//
// The claim is transition(order, 'paid') from ('pending_payment', 'payment_failed', 'expired'):
// one conditional move plus its order_events row, in one write transaction with the order's
// purchase points (rewards-ledger.ts settlePointsOnPaid), so the points are credited exactly when,
// and only if, the order is marked paid. Only the caller that moved the order goes on (to
// provisioning.ts). An expired order is claimed too: its payment succeeded after all.
//
// The order's invoice (invoices.ts issueInvoice: the next gap-free number, the VAT rate frozen) is
// issued in that same transaction, so every paid order has exactly one invoice and a rolled-back
// claim takes its number back (issue 31).
import type { Db, OrderActor } from '@esim/db';
import type { Services } from '../types.ts';
import { CLAIMABLE_STATES, UNPAID_STATES } from '../../domain/orders.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { iso } from '../../domain/time.ts';
import { releaseReservedPoints, settlePointsOnPaid } from '../rewards/rewards-ledger.ts';
import type { PaidOrderFacts } from '../rewards/rewards-ledger.ts';
import { transition, transitionPaidByIntent, type OrderRef, type OrderSet } from './transition.ts';
import { provisionOrder } from './provisioning.ts';
import { issueInvoice } from './invoices.ts';
import type { ShopConfig } from '../types.ts';

export interface FulfilResult {
  /** This call moved the order to paid (false: someone else did, or no such order). */
  claimed: boolean;
  orderId: number | null;
}

export interface FulfilOptions {
  /** Provision now and wait (the return page); default: queue it and return after the claim. */
  inline?: boolean | undefined;
  /** Who saw the payment succeed (default: the payment provider). */
  actor?: OrderActor | undefined;
  reason?: string | undefined;
}

const PAID_FACTS = ['user_id', 'public_id', 'plan_name', 'usd_amount_minor', 'points_used'] as const;

/**
 * The claim and the order's points, for a write transaction (the caller's, or one of its own).
 * Run afterClaim once committed.
 */
export async function claimPaid(
  db: Db,
  config: ShopConfig,
  order: OrderRef,
  now: string,
  who: { actor: OrderActor; reason: string },
  set: OrderSet = {},
): Promise<PaidOrderFacts | undefined> {
  return writeTransaction(db, async (trx) => {
    const moved = await transition(trx, order, 'paid', {
      ...who,
      from: CLAIMABLE_STATES,
      set: { ...set, paid_at: now, next_attempt_at: now },
      returning: PAID_FACTS,
      at: now,
    });
    if (!moved) return undefined;
    if (moved.order.user_id !== null) await settlePointsOnPaid(trx, moved.order, now);
    await issueInvoice(trx, config, moved.order.id, now);
    return moved.order;
  });
}

/**
 * Fulfils the order paid by `paymentIntentId`, once however often it is called. The caller has
 * seen the intent succeed (re-read from the provider).
 */
export async function fulfilOrder(db: Db, services: Services, paymentIntentId: string, opts: FulfilOptions = {}): Promise<FulfilResult> {
  const now = iso(services.now());
  const by = { ...who(opts), at: now };
  // The hot path: the same claim as claimPaid, its SQL kept once (transition.ts
  // transitionPaidByIntent), in one write transaction with the purchase points (an account's
  // order) and the invoice (every order; issue 31: its number must commit with the move or not at
  // all, so a guest's claim is no longer a statement on its own).
  const claimed = await writeTransaction(db, (trx) =>
    transitionPaidByIntent(trx, paymentIntentId, by).then(async (moved) => {
      if (!moved) return undefined;
      if (moved.order.user_id !== null) await settlePointsOnPaid(trx, moved.order, now);
      await issueInvoice(trx, services.config, moved.order.id, now);
      return moved.order;
    }),
  );
  if (!claimed) return { claimed: false, orderId: null };
  await afterClaim(db, services, claimed.id, opts);
  return { claimed: true, orderId: claimed.id };
}

/** The same claim by order id (a subscription's first invoice paid without a known intent id). */
export async function fulfilOrderById(db: Db, services: Services, orderId: number, opts: FulfilOptions = {}): Promise<FulfilResult> {
  const claimed = await claimPaid(db, services.config, { id: orderId }, iso(services.now()), who(opts));
  if (!claimed) return { claimed: false, orderId: null };
  await afterClaim(db, services, claimed.id, opts);
  return { claimed: true, orderId: claimed.id };
}

function who(opts: FulfilOptions): { actor: OrderActor; reason: string } {
  return { actor: opts.actor ?? 'provider', reason: opts.reason ?? 'payment succeeded' };
}

export async function afterClaim(db: Db, services: Services, orderId: number, opts: FulfilOptions): Promise<void> {
  services.log.info('order paid', { orderId });
  if (opts.inline) await provisionOrder(db, services, orderId);
  else scheduleProvisioning(db, services, orderId);
}

/** Queues provisioning on the in-process queue (the worker's tick is the safety net). */
export function scheduleProvisioning(db: Db, services: Services, orderId: number): void {
  services.jobs.run(`provision:${orderId}`, () => provisionOrder(db, services, orderId));
}

/** A card attempt failed (the intent is back at requires_payment_method; the shopper may retry). */
export async function markPaymentFailed(db: Db, services: Services, paymentIntentId: string, message: string | null): Promise<boolean> {
  const moved = await transition(db, { paymentIntentId }, 'payment_failed', {
    actor: 'provider',
    reason: message ? `card payment failed: ${message}` : 'card payment failed',
    from: ['pending_payment'],
    set: { last_error: message },
    at: iso(services.now()),
  });
  return moved !== null;
}

/**
 * The intent was canceled (final): so is the unpaid order (an expired one stays expired), and the
 * points it reserved come back in the same transaction.
 */
export async function markCanceled(db: Db, services: Services, paymentIntentId: string): Promise<boolean> {
  const now = iso(services.now());
  return writeTransaction(db, async (trx) => {
    const moved = await transition(trx, { paymentIntentId }, 'canceled', {
      actor: 'provider',
      reason: 'payment canceled',
      from: UNPAID_STATES,
      returning: ['points_used'],
      at: now,
    });
    if (!moved) return false;
    if (moved.order.points_used > 0) await releaseReservedPoints(trx, moved.order.id, now);
    return true;
  });
}

// Monthly subscriptions (/subscribe, 85% of the plan price). Signed-in only: a guest would have no
// way to see or cancel one. Each paid month is an order line of kind 'subscription' with its own
// eSIM, fulfilled by the same fulfilOrder step as a one-time purchase:
//   - checkout: the subscription row and the first month's order (pending_payment), then the
//     provider's subscription (Stripe Billing, or the demo's) whose first invoice is paid like a
//     one-off payment (its client secret goes to the card form);
//   - invoice.paid, first invoice: the first order is claimed (if payment_intent.succeeded did not
//     already); later invoices (renewals): one new order per invoice (unique invoice_id), paid, provisioned;
//   - customer.subscription.updated / deleted, invoice.payment_failed: the row follows the provider
//     (re-read); 'Cancel subscription' sets cancel_at_period_end and the provider ends it then.
import type { Db, Order, SubscriptionStatusValue } from '@esim/db';
import type { Services } from '../types.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../types.ts';
import { minorToDecimal } from '../../domain/money.ts';
import { idempotencyKeys, isPaymentProviderError } from '../../providers/payments/index.ts';
import type { DemoRenewalResult, PaymentEventSummary, SubscriptionInfo, SubscriptionStatus } from '../../providers/payments/index.ts';
import { insertPendingOrder, providerFailure, type CheckoutResult, type PreparedOrder } from './order-intake.ts';
import { fulfilOrderById, scheduleProvisioning } from '../order-life/claim.ts';
import { recordInsertedOrder } from '../order-life/transition.ts';
import { emailPlanOf, enqueueEmail, scheduleOrderEmails } from '../mail/mail-outbox.ts';
import { emailSubscriptionOf } from '../esims/esim-emails.ts';
import { renderSubscriptionChangeEmail } from '../../emails/render.ts';
import { PAID_STATES } from '../../domain/orders.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { copyBuyer, scheduleVatCheck, writeBuyer } from './invoice-buyers.ts';
import { settlePointsOnPaid } from '../rewards/rewards-ledger.ts';
import { newPublicId, sha256Hex } from '../shared/tokens.ts';
import { iso } from '../../domain/time.ts';
import type { PlanTextFacts } from '../../domain/catalog.ts';
import { getCatalogPlanFacts } from '../catalog/plan-facts.ts';

export interface SubscriptionView {
  /** e.g. 'SUB-7K3M9Q2XB4'. */
  id: string;
  planId: number;
  planName: string;
  /** What the plan's name is composed from in the traveller's language; null when the plan is gone. */
  planFacts: PlanTextFacts | null;
  /** Monthly price, decimal, in `currency`. */
  amount: number;
  amountMinor: number;
  currency: string;
  status: SubscriptionStatusValue;
  /** End of the paid month (ISO), when known. */
  currentPeriodEnd: string | null;
  /** 'Cancel subscription' was chosen: it ends at currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
  createdAt: string;
  endedAt: string | null;
  /** When the next month is charged (ISO): the period end of a running subscription not set to cancel; else null. */
  nextRenewalAt: string | null;
  /** The last renewal payment failed then (ISO); it is retried, and cleared when a renewal is paid. */
  renewalFailedAt: string | null;
  /** The eSIM each month's data goes to (set once the first month's eSIM is delivered). */
  esimIccid: string | null;
}

/** Starts a subscription checkout (called by createSubscriptionCheckout after pricing). */
export async function startSubscription(db: Db, services: Services, p: PreparedOrder, user: SessionUser): Promise<CheckoutResult> {
  const now = iso(services.now());
  // Issue 31: company details given at checkout are written with the order, in one transaction.
  const business = p.business;
  const order = business
    ? await writeTransaction(db, async (trx) => {
        const o = await insertPendingOrder(trx, services, p, { userId: user.id });
        if (o) await writeBuyer(trx, o.id, business, 'not_checked', now);
        return o;
      })
    : await insertPendingOrder(db, services, p, { userId: user.id });
  if (!order) throw new AppError('CONFLICT', 'This checkout is already being processed. Please reload the page.');
  if (business) scheduleVatCheck(db, services, order.id, business);
  const sub = await db
    .insertInto('subscriptions')
    .values({
      public_id: newPublicId('SUB'),
      user_id: user.id,
      email: p.email,
      plan_id: p.planId,
      plan_name: p.planName,
      currency: p.currency,
      price_minor: p.totalMinor,
      payment_provider: services.payments.name,
      provider_subscription_id: null,
      status: 'incomplete',
      current_period_end: null,
      cancel_at_period_end: 0,
      ended_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('orders').set({ subscription_id: sub.id }).where('id', '=', order.id).execute();
  const row = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  return resumeSubscriptionCheckout(db, services, row, false);
}

/** Creates (or, under the same idempotency key, gets back) the provider's subscription for a checkout order. */
export async function resumeSubscriptionCheckout(db: Db, services: Services, order: Order, reused = true): Promise<CheckoutResult> {
  if (order.subscription_id === null) throw new AppError('CONFLICT', 'This checkout has expired. Please start again.');
  const sub = await db.selectFrom('subscriptions').selectAll().where('id', '=', order.subscription_id).executeTakeFirstOrThrow();
  let created;
  try {
    created = await services.payments.createSubscription({
      customerEmail: sub.email,
      productName: `${sub.plan_name} (monthly)`,
      priceMinor: sub.price_minor,
      currency: sub.currency,
      interval: 'month',
      idempotencyKey: idempotencyKeys.subscription(sub.public_id),
      metadata: { subscriptionId: sub.public_id, planId: String(sub.plan_id), userId: String(sub.user_id) },
    });
  } catch (e) {
    throw providerFailure(services, e, 'creating the subscription');
  }
  if (sub.provider_subscription_id && sub.provider_subscription_id !== created.id) {
    throw new AppError('CONFLICT', 'This checkout has expired. Please start again.');
  }
  const now = iso(services.now());
  if (!sub.provider_subscription_id) {
    await db.updateTable('subscriptions').set({ provider_subscription_id: created.id, updated_at: now }).where('id', '=', sub.id).execute();
  }
  if (!order.client_secret_hash) {
    await db
      .updateTable('orders')
      .set({ payment_intent_id: created.paymentIntentId, client_secret_hash: sha256Hex(created.clientSecret), updated_at: now })
      .where('id', '=', order.id)
      .where('payment_intent_id', 'is', null)
      .execute();
  }
  let paymentStatus = null;
  if (created.paymentIntentId) {
    paymentStatus = reused
      ? ((await services.payments.retrievePaymentIntent(created.paymentIntentId).catch(() => null))?.status ?? null)
      : 'requires_payment_method';
  }
  return {
    clientSecret: created.clientSecret,
    orderId: order.public_id,
    paymentIntentId: created.paymentIntentId,
    provider: services.payments.name,
    publishableKey: services.payments.publishableKey,
    amount: minorToDecimal(order.total_amount_minor, order.currency),
    amountMinor: order.total_amount_minor,
    currency: order.currency,
    kind: 'subscription',
    paymentStatus,
    subscriptionId: sub.public_id,
    reused,
    // Subscriptions are paid by card only.
    pointsUsed: 0,
    pointsDiscountMinor: 0,
    paidWithPoints: false,
    topUpIccid: null,
  };
}

// ── events ──────────────────────────────────────────────────────────────────────────────────

function localStatus(s: SubscriptionStatus): SubscriptionStatusValue {
  switch (s) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
  }
}

async function syncSubscription(db: Db, services: Services, id: number, info: SubscriptionInfo): Promise<void> {
  const now = iso(services.now());
  const status = localStatus(info.status);
  await db
    .updateTable('subscriptions')
    .set((eb) => ({
      status,
      cancel_at_period_end: info.cancelAtPeriodEnd ? 1 : 0,
      current_period_end:
        status === 'incomplete' || info.currentPeriodEnd <= 0 ? null : new Date(info.currentPeriodEnd * 1000).toISOString(),
      ended_at: status === 'canceled' ? eb.fn.coalesce('ended_at', eb.val(now)) : null,
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

/** The invoice's payment intent: legacy `payment_intent`, or the current API's `payments` list. */
export function invoicePaymentIntentId(invoice: Record<string, unknown>): string | null {
  const legacy = invoice.payment_intent;
  if (typeof legacy === 'string') return legacy;
  if (legacy && typeof legacy === 'object' && typeof (legacy as { id?: unknown }).id === 'string') return (legacy as { id: string }).id;
  const payments = invoice.payments as { data?: unknown } | undefined;
  const list = payments && Array.isArray(payments.data) ? (payments.data as unknown[]) : [];
  for (const entry of list) {
    const pi = (entry as { payment?: { payment_intent?: unknown } } | null)?.payment?.payment_intent;
    if (typeof pi === 'string') return pi;
    if (pi && typeof pi === 'object' && typeof (pi as { id?: unknown }).id === 'string') return (pi as { id: string }).id;
  }
  return null;
}

export async function handleInvoiceEvent(
  db: Db,
  services: Services,
  s: Extract<PaymentEventSummary, { kind: 'invoice' }>,
  invoice: Record<string, unknown>,
): Promise<void> {
  if (!s.subscriptionId) return;
  const sub = await db.selectFrom('subscriptions').selectAll().where('provider_subscription_id', '=', s.subscriptionId).executeTakeFirst();
  if (!sub) {
    services.log.warn('invoice for an unknown subscription ignored', { subscription: s.subscriptionId, invoice: s.invoiceId });
    return;
  }
  await syncSubscription(db, services, sub.id, await services.payments.retrieveSubscription(s.subscriptionId));
  if (s.type !== 'invoice.paid' && s.type !== 'invoice.payment_failed') return;

  const piId = invoicePaymentIntentId(invoice);
  const first = await db.selectFrom('orders').selectAll().where('subscription_id', '=', sub.id).orderBy('id').limit(1).executeTakeFirst();
  if (!first) return;
  const isFirstInvoice =
    s.billingReason === 'subscription_create' ||
    first.invoice_id === s.invoiceId ||
    (s.billingReason === null && first.invoice_id === null);
  if (s.type === 'invoice.payment_failed') {
    // The first month's decline is the checkout's to show; a renewal's is the traveller's to hear about.
    if (!isFirstInvoice) await recordRenewalFailure(db, services, sub.id);
    return;
  }
  if (isFirstInvoice) {
    await db.updateTable('orders').set({ invoice_id: s.invoiceId }).where('id', '=', first.id).where('invoice_id', 'is', null).execute();
    if (piId && !first.payment_intent_id) {
      await db
        .updateTable('orders')
        .set({ payment_intent_id: piId })
        .where('id', '=', first.id)
        .where('payment_intent_id', 'is', null)
        .execute();
    }
    await fulfilOrderById(db, services, first.id, { reason: 'first invoice paid' });
    return;
  }

  // A renewal: one order per paid invoice (the unique invoice_id is the claim), paid already. Its
  // data goes on the subscription's eSIM (order-life/provisioning.ts tops it up; a new eSIM if that one is over).
  const now = iso(services.now());
  const topUpEsimId = await renewalEsimId(db, sub.esim_id, first.id);
  const taken = piId ? await db.selectFrom('orders').select('id').where('payment_intent_id', '=', piId).executeTakeFirst() : undefined;
  const amount = s.amountPaidMinor > 0 && s.currency === sub.currency ? s.amountPaidMinor : sub.price_minor;
  // Inserted paid, with its purchase points in the same transaction.
  const inserted = await writeTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('orders')
      .values({
        public_id: newPublicId('ORD'),
        user_id: sub.user_id,
        email: sub.email,
        plan_id: first.plan_id,
        plan_name: first.plan_name,
        plan_data_amount: first.plan_data_amount,
        plan_data_mb: first.plan_data_mb,
        plan_validity_days: first.plan_validity_days,
        kind: 'subscription',
        subscription_id: sub.id,
        invoice_id: s.invoiceId,
        currency: sub.currency,
        unit_amount_minor: amount,
        total_amount_minor: amount,
        usd_amount_minor: first.usd_amount_minor,
        rate_micros: first.rate_micros,
        status: 'paid',
        payment_provider: sub.payment_provider,
        payment_intent_id: taken ? null : piId,
        client_secret_hash: null,
        checkout_key: null,
        locale: first.locale,
        paid_at: now,
        fulfilled_at: null,
        refunded_at: null,
        refund_id: null,
        next_attempt_at: now,
        lease_until: null,
        provider_ref: null,
        last_error: null,
        topup_esim_id: topUpEsimId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('invoice_id').where('invoice_id', 'is not', null).doNothing())
      .returning(['id', 'user_id', 'public_id', 'plan_name', 'usd_amount_minor', 'points_used'])
      .executeTakeFirst();
    if (row) {
      // Issue 31: the month's invoice is made out to the company the subscription was bought for.
      await copyBuyer(trx, first.id, row.id, now);
      await recordInsertedOrder(trx, row.id, 'paid', { actor: 'provider', reason: 'renewal invoice paid', at: now }, services.config);
      await settlePointsOnPaid(trx, row, now);
      await trx.updateTable('subscriptions').set({ renewal_failed_at: null, updated_at: now }).where('id', '=', sub.id).execute();
    }
    return row;
  });
  if (inserted) {
    services.log.info('subscription renewed', { subscription: sub.public_id, invoice: s.invoiceId });
    scheduleProvisioning(db, services, inserted.id);
  }
}

/** The eSIM a renewal tops up: the subscription's (else its first month's), unless it is refunded or expired (then null: a new eSIM). */
async function renewalEsimId(db: Db, esimId: number | null, firstOrderId: number): Promise<number | null> {
  let q = db.selectFrom('esims').select(['id', 'status', 'plan_state']);
  q = esimId !== null ? q.where('id', '=', esimId) : q.where('order_id', '=', firstOrderId);
  const esim = await q.executeTakeFirst();
  if (!esim || esim.status === 'canceled' || esim.status === 'expired' || esim.plan_state === 'expired') return null;
  return esim.id;
}

/**
 * A renewal payment failed: the subscription shows it (renewal_failed_at), and the traveller is
 * e-mailed once per failed invoice — the e-mail hangs on the subscription's latest paid month (one
 * per (order, kind)), and the next month exists only once an invoice is paid, so retries of the
 * same invoice that fail again send nothing more. The provider retries the payment (the demo's
 * next advance does).
 */
async function recordRenewalFailure(db: Db, services: Services, subscriptionId: number): Promise<void> {
  const now = iso(services.now());
  const orderId = await writeTransaction(db, async (trx) => {
    await trx
      .updateTable('subscriptions')
      .set({ renewal_failed_at: now, updated_at: now })
      .where('id', '=', subscriptionId)
      .where('status', '!=', 'canceled')
      .execute();
    const latest = await trx
      .selectFrom('orders')
      .select(['id', 'email'])
      .where('subscription_id', '=', subscriptionId)
      .where('status', 'in', PAID_STATES)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) return null;
    await enqueueEmail(trx, { orderId: latest.id, kind: 'renewal_failed', to: latest.email, now });
    return latest.id;
  });
  services.log.warn('subscription renewal payment failed', { subscriptionId });
  if (orderId !== null) scheduleOrderEmails(db, services, orderId);
}

export async function handleSubscriptionEvent(
  db: Db,
  services: Services,
  s: Extract<PaymentEventSummary, { kind: 'subscription' }>,
): Promise<void> {
  const sub = await db.selectFrom('subscriptions').select('id').where('provider_subscription_id', '=', s.subscriptionId).executeTakeFirst();
  if (!sub) return;
  await syncSubscription(db, services, sub.id, await services.payments.retrieveSubscription(s.subscriptionId));
}

// ── account ─────────────────────────────────────────────────────────────────────────────────

type SubscriptionRow = Awaited<ReturnType<typeof findOwned>>;

function toView(r: NonNullable<SubscriptionRow>, planFacts: PlanTextFacts | null): SubscriptionView {
  const running = r.status === 'active' || r.status === 'past_due';
  return {
    id: r.public_id,
    planId: r.plan_id,
    planName: r.plan_name,
    planFacts,
    amount: minorToDecimal(r.price_minor, r.currency),
    amountMinor: r.price_minor,
    currency: r.currency,
    status: r.status,
    currentPeriodEnd: r.current_period_end,
    cancelAtPeriodEnd: r.cancel_at_period_end === 1,
    createdAt: r.created_at,
    endedAt: r.ended_at,
    nextRenewalAt: running && r.cancel_at_period_end === 0 ? r.current_period_end : null,
    renewalFailedAt: r.renewal_failed_at,
    esimIccid: r.esim_iccid,
  };
}

function selectSubscriptions(db: Db) {
  return db.selectFrom('subscriptions as s').leftJoin('esims as e', 'e.id', 's.esim_id').selectAll('s').select('e.iccid as esim_iccid');
}

function findOwned(db: Db, userId: number, publicId: string) {
  return selectSubscriptions(db).where('s.public_id', '=', publicId).where('s.user_id', '=', userId).executeTakeFirst();
}

/** The user's subscriptions, newest first (incomplete checkouts that were never paid are left out). */
export async function listSubscriptions(db: Db, userId: number): Promise<SubscriptionView[]> {
  const rows = await selectSubscriptions(db)
    .where('s.user_id', '=', userId)
    .where('s.status', '!=', 'incomplete')
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  const facts = await getCatalogPlanFacts(
    db,
    rows.map((r) => r.plan_id),
  );
  return rows.map((r) => toView(r, facts.get(r.plan_id) ?? null));
}

async function viewOf(db: Db, r: NonNullable<SubscriptionRow>): Promise<SubscriptionView> {
  return toView(r, (await getCatalogPlanFacts(db, [r.plan_id])).get(r.plan_id) ?? null);
}

/** 'Cancel subscription': takes effect at the end of the paid month. Someone else's → 404. */
export async function cancelSubscription(db: Db, services: Services, userId: number, publicId: string): Promise<SubscriptionView> {
  const sub = await findOwned(db, userId, publicId);
  if (!sub) throw new AppError('NOT_FOUND', 'No such subscription.');
  if (sub.status === 'canceled' || sub.cancel_at_period_end === 1) return viewOf(db, sub);
  if (sub.status === 'incomplete' || !sub.provider_subscription_id) {
    const now = iso(services.now());
    await db.updateTable('subscriptions').set({ status: 'canceled', ended_at: now, updated_at: now }).where('id', '=', sub.id).execute();
  } else {
    let info: SubscriptionInfo;
    try {
      info = await services.payments.cancelSubscriptionAtPeriodEnd(sub.provider_subscription_id);
    } catch (e) {
      throw providerFailure(services, e, 'canceling the subscription');
    }
    await syncSubscription(db, services, sub.id, info);
    sendSubscriptionChange(db, services, sub.id, 'canceled');
  }
  return viewOf(db, (await findOwned(db, userId, publicId))!);
}

/**
 * 'Resume': undoes 'Cancel subscription' before the paid month ends, so it renews again. Someone
 * else's → 404; not set to cancel → unchanged (a second click); ended or past its period end → 409.
 */
export async function resumeSubscription(db: Db, services: Services, userId: number, publicId: string): Promise<SubscriptionView> {
  const sub = await findOwned(db, userId, publicId);
  if (!sub) throw new AppError('NOT_FOUND', 'No such subscription.');
  if (sub.status === 'canceled')
    throw new AppError('CONFLICT', 'This subscription has ended, so it cannot be resumed. Please subscribe again.', { reason: 'ended' });
  if (sub.cancel_at_period_end === 0) return viewOf(db, sub);
  if (!sub.provider_subscription_id || sub.status === 'incomplete')
    throw new AppError('CONFLICT', 'This subscription was never paid, so there is nothing to resume. Please subscribe again.', {
      reason: 'incomplete',
    });
  if (sub.current_period_end !== null && sub.current_period_end <= iso(services.now()))
    throw new AppError('CONFLICT', 'The paid month has ended, so this subscription can no longer be resumed. Please subscribe again.', {
      reason: 'period_ended',
    });
  let info: SubscriptionInfo;
  try {
    info = await services.payments.resumeSubscription(sub.provider_subscription_id);
  } catch (e) {
    throw providerFailure(services, e, 'resuming the subscription');
  }
  await syncSubscription(db, services, sub.id, info);
  sendSubscriptionChange(db, services, sub.id, 'resumed');
  return viewOf(db, (await findOwned(db, userId, publicId))!);
}

/**
 * 'Cancel subscription' and 'Resume' are confirmed by e-mail (issue 26), in the account's language,
 * to its address: when it ends (canceled) or renews (resumed), the price, and where to change it
 * again. Sent in the background after the change (a second click changes nothing and sends nothing).
 */
function sendSubscriptionChange(db: Db, services: Services, subscriptionId: number, change: 'canceled' | 'resumed'): void {
  const at = services.now().getTime();
  services.jobs.run(`subscription-${change}:${subscriptionId}:${at}`, async () => {
    const sub = await db
      .selectFrom('subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.public_id', 's.current_period_end', 'u.email', 'u.locale'])
      .where('s.id', '=', subscriptionId)
      .executeTakeFirst();
    const first = await db.selectFrom('orders').selectAll().where('subscription_id', '=', subscriptionId).orderBy('id').executeTakeFirst();
    if (!sub || !first) return;
    const locale = sub.locale ?? first.locale;
    const subscription = await emailSubscriptionOf(db, services, subscriptionId, locale);
    if (!subscription) return;
    const mail = renderSubscriptionChangeEmail({
      productName: services.config.productName,
      supportEmail: services.config.supportEmail,
      locale,
      change,
      plan: await emailPlanOf(db, first),
      subscription,
      endsAt: sub.current_period_end,
    });
    await services.mailer.send({ to: sub.email, ...mail, tag: `${sub.public_id}-${change}-${at}` });
  });
}

/**
 * Demo payments only, for tests and demos (no HTTP route): the month ends — the subscription
 * renews (invoice.paid → a new order and eSIM), fails to renew (`fail`), or ends if canceled.
 */
export async function advanceDemoRenewal(
  db: Db,
  services: Services,
  publicId: string,
  opts: { fail?: boolean } = {},
): Promise<DemoRenewalResult> {
  const p = services.payments;
  if (p.name !== 'demo')
    throw new AppError('NOT_FOUND', 'Renewals are simulated with demo payments only: with Stripe, Stripe Billing renews subscriptions.');
  const sub = await db.selectFrom('subscriptions').select('provider_subscription_id').where('public_id', '=', publicId).executeTakeFirst();
  if (!sub?.provider_subscription_id) throw new AppError('NOT_FOUND', `No subscription ${publicId} (or it was never paid).`);
  try {
    return await p.advanceRenewal(sub.provider_subscription_id, opts);
  } catch (e) {
    if (isPaymentProviderError(e) && e.code === 'subscription_not_renewable')
      throw new AppError('CONFLICT', `Subscription ${publicId} has ended (or was never paid), so there is nothing to renew.`);
    throw e;
  }
}

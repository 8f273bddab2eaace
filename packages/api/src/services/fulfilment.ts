// Paid, exactly once: the one fulfilment step the webhook, the demo provider's events, the return
// page and the startup reconciliation all call.
//
//   1. the claim: UPDATE orders SET status='paid' WHERE payment_intent_id=? AND status IN
//      ('pending_payment','payment_failed','expired') — one atomic statement (SQLite takes its write
//      lock for it; PostgreSQL locks the row); only the caller that changed a row goes on. An
//      expired order is claimed too: its payment succeeded after all (order-expiry.ts);
//   2. provisioning under a lease (another conditional UPDATE), with the provider's idempotency
//      key 'order:<id>:esim' and the unique esims.order_id, so one order has one eSIM;
//   3. the e-mail: one outbox row per (order, kind) (unique), sent by the queue or the worker.
//
// Provisioning failures leave the order in 'provisioning' with next_attempt_at (back-off); after
// the last attempt the payment is refunded (order-life/refunds.ts refundUndeliverable) and the
// shopper is told by e-mail.
import { sql } from 'kysely';
import { Statement, type Db, type Order } from '@esim/db';
import type { Services } from './types.ts';
import { CLAIMABLE_STATES, PROVISIONING_STATES, UNPAID_STATES } from '../domain/orders.ts';
import { EsimProviderError, isEsimProviderError } from '../providers/esim/index.ts';
import type { EsimProfile } from '../providers/esim/index.ts';
import { idempotencyKeys } from '../providers/payments/index.ts';
import { backoffDelay } from '../providers/retry.ts';
import { enqueueEmail, scheduleOrderEmails, sendDueEmails } from './mail-outbox.ts';
import { changed, writeTransaction } from './db-tx.ts';
import { newAccessToken, newPublicId } from './tokens.ts';
import { addMs, iso } from '../domain/time.ts';
import { takeDueBatch, type DueJob } from './job-claims.ts';
import { releaseReservedPoints, settlePointsOnPaid } from './rewards-ledger.ts';
import { refundUndeliverable } from './order-life/refunds.ts';
import type { PaidOrderFacts } from './rewards-ledger.ts';
import { errorText } from '../errors.ts';

export interface FulfilResult {
  /** This call moved the order to paid (false: someone else did, or no such order). */
  claimed: boolean;
  orderId: number | null;
}

export interface FulfilOptions {
  /** Provision now and wait (the return page); default: queue it and return after the claim. */
  inline?: boolean | undefined;
}

/**
 * Fulfils the order paid by `paymentIntentId`, once however often it is called. The caller has
 * seen the intent succeed (re-read from the provider).
 */
/**
 * The claim every paid checkout runs, as SQL text kept once (@esim/db Statement). A guest's order
 * is claimed by one statement, as before rewards existed; a signed-in buyer's order is claimed in a
 * write transaction together with its purchase points (rewards-ledger.ts settlePointsOnPaid), so the
 * points are credited exactly when, and only if, the order is marked paid.
 */
const CLAIM_GUEST_BY_INTENT = new Statement<{ id: number }>(
  `update "orders" set "status" = 'paid', "paid_at" = ?, "next_attempt_at" = ?, "updated_at" = ? ` +
    `where "payment_intent_id" = ? and "user_id" is null and "status" in (${CLAIMABLE_STATES.map(() => '?').join(', ')}) returning "id"`,
);
const CLAIM_BY_INTENT = new Statement<PaidOrderFacts>(
  `update "orders" set "status" = 'paid', "paid_at" = ?, "next_attempt_at" = ?, "updated_at" = ? ` +
    `where "payment_intent_id" = ? and "status" in (${CLAIMABLE_STATES.map(() => '?').join(', ')}) ` +
    'returning "id", "user_id", "public_id", "plan_name", "usd_amount_minor", "points_used"',
);

export async function fulfilOrder(db: Db, services: Services, paymentIntentId: string, opts: FulfilOptions = {}): Promise<FulfilResult> {
  const now = iso(services.now());
  const params = [now, now, now, paymentIntentId, ...CLAIMABLE_STATES];
  const claimed =
    (await CLAIM_GUEST_BY_INTENT.first(db, params)) ??
    (await writeTransaction(db, async (trx) => {
      const row = await CLAIM_BY_INTENT.first(trx, params);
      if (row) await settlePointsOnPaid(trx, row, now);
      return row;
    }));
  if (!claimed) return { claimed: false, orderId: null };
  await afterClaim(db, services, claimed.id, opts);
  return { claimed: true, orderId: claimed.id };
}

/** The same claim by order id (a subscription's first invoice paid without a known intent id). */
export async function fulfilOrderById(db: Db, services: Services, orderId: number, opts: FulfilOptions = {}): Promise<FulfilResult> {
  const now = iso(services.now());
  const claimed = await writeTransaction(db, (trx) => claimOrderById(trx, orderId, now));
  if (!claimed) return { claimed: false, orderId: null };
  await afterClaim(db, services, claimed.id, opts);
  return { claimed: true, orderId: claimed.id };
}

/**
 * The claim by order id and the order's points, for a caller's write transaction (the points-only
 * checkout claims its order in the transaction that made it). Run afterClaim once committed.
 */
export async function claimOrderById(trx: Db, orderId: number, now: string): Promise<PaidOrderFacts | undefined> {
  const row = await trx
    .updateTable('orders')
    .set({ status: 'paid', paid_at: now, next_attempt_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', 'in', CLAIMABLE_STATES)
    .returning(['id', 'user_id', 'public_id', 'plan_name', 'usd_amount_minor', 'points_used'])
    .executeTakeFirst();
  if (row) await settlePointsOnPaid(trx, row, now);
  return row;
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

export type ProvisionOutcome = 'fulfilled' | 'pending' | 'retry' | 'refunded' | 'refund_failed' | 'stuck' | 'skipped';

/**
 * One provisioning attempt for a paid order, under a lease. 'skipped' when the order is not
 * waiting for provisioning, another worker holds it, or a refund of it is claimed (the shop's
 * owner refunds undelivered orders too). `heldLease`: the lease the caller took itself (the admin
 * area's retry claims the order in the transaction that records it).
 */
export async function provisionOrder(
  db: Db,
  services: Services,
  orderId: number,
  opts: { heldLease?: string } = {},
): Promise<ProvisionOutcome> {
  const policy = services.fulfilment;
  const now = services.now();
  const order = await db
    .updateTable('orders')
    .set({ lease_until: addMs(now, policy.leaseMs) })
    .where('id', '=', orderId)
    .where('status', 'in', PROVISIONING_STATES)
    .where('refund_requested_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('lease_until', 'is', null),
        eb('lease_until', '<', iso(now)),
        ...(opts.heldLease ? [eb('lease_until', '=', opts.heldLease)] : []),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!order) {
    // Not ours to provision (done meanwhile, or a refund claimed it): a lease the caller's batch
    // claim took is given back, so it does not hold the order off until it expires.
    if (opts.heldLease) await releaseLease(db, orderId, opts.heldLease);
    return 'skipped';
  }
  if (order.topup_esim_id !== null) return provisionTopUp(db, services, order, order.topup_esim_id);

  try {
    // The eSIM may be stored already (a crash after the provider answered): finish the order.
    const stored = await db.selectFrom('esims').select('id').where('order_id', '=', order.id).executeTakeFirst();
    if (stored) {
      await completeFulfilment(db, services, order, null);
      return 'fulfilled';
    }
    if (order.provision_attempts >= policy.provisionMaxAttempts) return await refundUndeliverable(db, services, order);

    const result = order.provider_ref
      ? await services.esim.getEsim(order.provider_ref)
      : await services.esim.order({
          orderId: order.public_id,
          planId: String(order.plan_id),
          packageCode: await providerPackage(db, services, order.plan_id),
          dataMb: order.plan_data_mb,
          validityDays: order.plan_validity_days,
          idempotencyKey: idempotencyKeys.esim(order.public_id),
        });
    if (result.status === 'ready') {
      await completeFulfilment(db, services, order, result.esim);
      return 'fulfilled';
    }
    // Asynchronous provider: poll again later (polls are not failed attempts).
    await db
      .updateTable('orders')
      .set({
        status: 'provisioning',
        provider_ref: result.providerRef,
        next_attempt_at: addMs(services.now(), policy.provisionPollMs),
        lease_until: null,
        updated_at: iso(services.now()),
      })
      .where('id', '=', order.id)
      .where('status', 'in', PROVISIONING_STATES)
      .execute();
    return 'pending';
  } catch (e) {
    return recordProvisionFailure(db, services, order, e);
  }
}

async function releaseLease(db: Db, orderId: number, lease: string): Promise<void> {
  await db.updateTable('orders').set({ lease_until: null }).where('id', '=', orderId).where('lease_until', '=', lease).execute();
}

/**
 * A top-up or a subscription renewal: a package of data on an eSIM the traveller has, under the
 * provider's idempotency key 'order:<id>:topup' and the unique esim_packages.order_id, so one order
 * puts one package on the eSIM however often this runs. A renewal whose eSIM is over (refunded,
 * expired, or refused by the provider) gets a new eSIM instead; a top-up then is refunded.
 */
async function provisionTopUp(db: Db, services: Services, order: Order, esimId: number): Promise<ProvisionOutcome> {
  try {
    // The package may be stored already (a crash after it was written): finish the order.
    const stored = await db.selectFrom('esim_packages').select('id').where('order_id', '=', order.id).executeTakeFirst();
    if (stored) {
      await completeTopUp(db, services, order, esimId);
      return 'fulfilled';
    }
    if (order.provision_attempts >= services.fulfilment.provisionMaxAttempts) return await refundUndeliverable(db, services, order);
    const esim = await db.selectFrom('esims').select(['iccid', 'status', 'plan_state']).where('id', '=', esimId).executeTakeFirst();
    if (!esim || esim.status === 'canceled' || esim.status === 'expired' || esim.plan_state === 'expired') {
      throw new EsimProviderError('rejected', 'The eSIM to top up was refunded or has expired.', false);
    }
    await services.esim.topUp({
      iccid: esim.iccid,
      orderId: order.public_id,
      planId: String(order.plan_id),
      packageCode: await providerPackage(db, services, order.plan_id),
      dataMb: order.plan_data_mb,
      validityDays: order.plan_validity_days,
      idempotencyKey: idempotencyKeys.topUp(order.public_id),
    });
    await completeTopUp(db, services, order, esimId);
    return 'fulfilled';
  } catch (e) {
    if (order.kind === 'subscription' && isEsimProviderError(e) && e.code === 'rejected') return renewOnNewEsim(db, services, order, e);
    return recordProvisionFailure(db, services, order, e);
  }
}

/**
 * The provider's package an order's plan buys (plans.provider_package, set by `catalog sync`), read
 * when provisioning: the order copied the plan's facts, and a plan keeps its package. A plan of
 * another provider than the running one, or (with a real provider) a plan without a package, is a
 * rejection (the order is refunded and the traveller told), never a purchase of something else.
 */
export async function providerPackage(db: Db, services: Services, planId: number): Promise<string | undefined> {
  const plan = await db.selectFrom('plans').select(['provider', 'provider_package']).where('id', '=', planId).executeTakeFirst();
  const running = services.esim.name;
  if (plan?.provider != null && plan.provider !== running) {
    throw new EsimProviderError(
      'rejected',
      `plan ${planId} is ${plan.provider}'s package ${plan.provider_package ?? '?'}, but the shop provisions from ${running}`,
      false,
    );
  }
  if (plan?.provider_package != null) return plan.provider_package;
  if (services.esim.isReal) {
    throw new EsimProviderError(
      'rejected',
      `plan ${planId} has no ${running} package (run \`cli.js catalog sync\` so the shop sells ${running}'s packages)`,
      false,
    );
  }
  return undefined;
}

/** The renewal's eSIM cannot take the month's data: the month comes on a new eSIM (provisioned now). */
async function renewOnNewEsim(db: Db, services: Services, order: Order, error: unknown): Promise<ProvisionOutcome> {
  services.log.warn('renewal: the eSIM cannot be topped up, a new eSIM is provisioned', {
    orderId: order.public_id,
    error: errorText(error),
  });
  await db
    .updateTable('orders')
    .set({ topup_esim_id: null, lease_until: null, next_attempt_at: iso(services.now()), updated_at: iso(services.now()) })
    .where('id', '=', order.id)
    .where('status', 'in', PROVISIONING_STATES)
    .execute();
  return provisionOrder(db, services, order.id);
}

/**
 * The package on the eSIM (next position, unique per order), the eSIM's total grown by its data
 * (unlimited stays unlimited), the order fulfilled and its e-mail queued, in one write transaction.
 */
async function completeTopUp(db: Db, services: Services, order: Order, esimId: number): Promise<void> {
  const now = iso(services.now());
  const kind = order.kind === 'subscription' ? ('renewal' as const) : ('topup' as const);
  const done = await writeTransaction(db, async (trx) => {
    const r = await trx
      .updateTable('orders')
      .set({ status: 'fulfilled', fulfilled_at: now, lease_until: null, next_attempt_at: null, last_error: null, updated_at: now })
      .where('id', '=', order.id)
      .where('status', 'in', PROVISIONING_STATES)
      .executeTakeFirst();
    if (changed(r) === 0) return false;
    const last = await trx
      .selectFrom('esim_packages')
      .select((eb) => eb.fn.max<number | null>('position').as('position'))
      .where('esim_id', '=', esimId)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('esim_packages')
      .values({
        esim_id: esimId,
        order_id: order.id,
        kind,
        data_mb: order.plan_data_mb,
        validity_days: order.plan_validity_days,
        state: 'queued',
        position: Number(last?.position ?? 0) + 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      const add = order.plan_data_mb;
      await trx
        .updateTable('esims')
        // null + n is null in SQL: unlimited stays unlimited; an unlimited package makes it unlimited.
        .set({ data_total_mb: add === null ? null : sql<number>`data_total_mb + ${add}`, updated_at: now })
        .where('id', '=', esimId)
        .execute();
    }
    await enqueueEmail(trx, { orderId: order.id, kind: kind === 'renewal' ? 'renewal_receipt' : 'topup_applied', to: order.email, now });
    return true;
  });
  if (done) {
    services.log.info('top-up applied', { orderId: order.public_id, kind });
    scheduleOrderEmails(db, services, order.id);
  }
}

async function recordProvisionFailure(db: Db, services: Services, order: Order, error: unknown): Promise<ProvisionOutcome> {
  const policy = services.fulfilment;
  const attempts = order.provision_attempts + 1;
  const retryable = !isEsimProviderError(error) || error.retryable;
  const now = services.now();
  // A provider that forgot a pending order: order again (same idempotency key) next time.
  const forget = isEsimProviderError(error) && error.code === 'not_found' && order.provider_ref !== null;
  services.log.warn('eSIM provisioning failed', { orderId: order.public_id, attempt: attempts, retryable, error: errorText(error) });
  if (attempts >= policy.provisionMaxAttempts || !retryable) {
    await db
      .updateTable('orders')
      .set({
        provision_attempts: Math.max(attempts, policy.provisionMaxAttempts),
        last_error: errorText(error),
        status: 'provisioning',
        updated_at: iso(now),
      })
      .where('id', '=', order.id)
      .where('status', 'in', PROVISIONING_STATES)
      .execute();
    return refundUndeliverable(db, services, { ...order, provision_attempts: attempts });
  }
  await db
    .updateTable('orders')
    .set({
      status: 'provisioning',
      provision_attempts: attempts,
      // The back-off, or longer when the provider said how long to wait (Retry-After on a 429/503).
      next_attempt_at: addMs(
        now,
        Math.max(
          backoffDelay(attempts, policy.provisionBaseMs, policy.provisionMaxMs),
          isEsimProviderError(error) ? (error.retryAfterMs ?? 0) : 0,
        ),
      ),
      last_error: errorText(error),
      lease_until: null,
      updated_at: iso(now),
      ...(forget ? { provider_ref: null } : {}),
    })
    .where('id', '=', order.id)
    .where('status', 'in', PROVISIONING_STATES)
    .execute();
  return 'retry';
}

/** Stores the eSIM, marks the order fulfilled and queues its e-mail, in one write transaction. */
async function completeFulfilment(db: Db, services: Services, order: Order, profile: EsimProfile | null): Promise<void> {
  const now = iso(services.now());
  const done = await writeTransaction(db, async (trx) => {
    if (profile) {
      await trx
        .insertInto('esims')
        .values({
          public_id: newPublicId('ESIM'),
          order_id: order.id,
          user_id: order.user_id,
          iccid: profile.iccid,
          smdp_address: profile.smdpAddress,
          matching_id: profile.matchingId,
          activation_code: profile.activationCode,
          confirmation_code_required: profile.confirmationCodeRequired ? 1 : 0,
          confirmation_code: profile.confirmationCode ?? null,
          apn: profile.apn,
          provider: services.esim.name,
          provider_ref: profile.providerRef,
          access_token: newAccessToken(),
          status: 'not_installed',
          data_total_mb: order.plan_data_mb,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
    }
    const r = await trx
      .updateTable('orders')
      .set({ status: 'fulfilled', fulfilled_at: now, lease_until: null, next_attempt_at: null, last_error: null, updated_at: now })
      .where('id', '=', order.id)
      .where('status', 'in', PROVISIONING_STATES)
      .executeTakeFirst();
    if (changed(r) === 0) return false;
    await enqueueEmail(trx, { orderId: order.id, kind: 'esim_delivery', to: order.email, now });
    const esim = await trx
      .selectFrom('esims')
      .select(['id', 'confirmation_code_required'])
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    if (esim) {
      // The eSIM's first package; top-ups and renewals follow at the next positions.
      await trx
        .insertInto('esim_packages')
        .values({
          esim_id: esim.id,
          order_id: order.id,
          kind: 'initial',
          data_mb: order.plan_data_mb,
          validity_days: order.plan_validity_days,
          state: 'queued',
          position: 1,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
      // A subscription's renewals top up this eSIM.
      if (order.subscription_id !== null)
        await trx.updateTable('subscriptions').set({ esim_id: esim.id, updated_at: now }).where('id', '=', order.subscription_id).execute();
    }
    if (esim?.confirmation_code_required === 1)
      await enqueueEmail(trx, { orderId: order.id, kind: 'confirmation_code', to: order.email, now });
    return true;
  });
  if (done) {
    services.log.info('order fulfilled', { orderId: order.public_id });
    scheduleOrderEmails(db, services, order.id);
  }
}

/** A card attempt failed (the intent is back at requires_payment_method; the shopper may retry). */
export async function markPaymentFailed(db: Db, services: Services, paymentIntentId: string, message: string | null): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ status: 'payment_failed', last_error: message, updated_at: iso(services.now()) })
    .where('payment_intent_id', '=', paymentIntentId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst();
  return changed(r) > 0;
}

/** The intent was canceled (final): so is the unpaid order (an expired one stays expired). */
export async function markCanceled(db: Db, services: Services, paymentIntentId: string): Promise<boolean> {
  const now = iso(services.now());
  const row = await db
    .updateTable('orders')
    .set({ status: 'canceled', updated_at: now })
    .where('payment_intent_id', '=', paymentIntentId)
    .where('status', 'in', UNPAID_STATES)
    .returning(['id', 'points_used'])
    .executeTakeFirst();
  if (!row) return false;
  // Points it reserved come back (idempotent; a crash right here is caught up by releaseStaleReservations).
  if (row.points_used > 0) await releaseReservedPoints(db, row.id, now);
  return true;
}

// ── the worker's tick and the startup reconciliation ─────────────────────────────────────────

export interface DueWorkResult {
  provisioned: Record<ProvisionOutcome, number>;
  emails: { sent: number; failed: number };
}

function emptyOutcomes(): Record<ProvisionOutcome, number> {
  return { fulfilled: 0, pending: 0, retry: 0, refunded: 0, refund_failed: 0, stuck: 0, skipped: 0 };
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(lanes);
}

export interface DueWorkOptions {
  /** Batches of `batchSize` per pass at most (default 20), so one pass cannot run forever. */
  maxBatches?: number | undefined;
  /** Orders (and e-mails) handled at once within a batch (default 4). */
  concurrency?: number | undefined;
}

/**
 * One pass over due work: orders waiting for provisioning, then e-mails waiting to be sent,
 * batch after batch until none is due (or maxBatches).
 */
export async function runDueWork(db: Db, services: Services, opts: DueWorkOptions = {}): Promise<DueWorkResult> {
  const maxBatches = opts.maxBatches ?? 20;
  const concurrency = opts.concurrency ?? 4;
  const provisioned = emptyOutcomes();
  for (let batch = 0; batch < maxBatches; batch++) {
    const due = await selectDueOrders(db, services);
    if (due.length === 0) break;
    let progressed = 0;
    await eachLimit(due, concurrency, async ({ id, heldLease }) => {
      const outcome = await provisionOrder(db, services, id, heldLease ? { heldLease } : {});
      provisioned[outcome]++;
      if (outcome !== 'skipped') progressed++;
    });
    if (progressed === 0 || due.length < services.fulfilment.batchSize) break;
  }
  const emails = { sent: 0, failed: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const r = await sendDueEmails(db, services, concurrency);
    emails.sent += r.sent;
    emails.failed += r.failed;
    if (r.seen < services.fulfilment.batchSize || r.sent + r.failed === 0) break;
  }
  return { provisioned, emails };
}

/**
 * The next batch of orders due for provisioning. SQLite (one writer at a time): the ids, each then
 * claimed by provisionOrder's conditional UPDATE. PostgreSQL, where several workers run at once:
 * the batch is claimed in one statement — the rows picked FOR UPDATE SKIP LOCKED and leased — so
 * siblings take disjoint batches instead of racing for the same rows; provisionOrder then works
 * under that held lease (and skips an order whose lease another worker took over meanwhile).
 */
async function selectDueOrders(db: Db, services: Services): Promise<DueJob[]> {
  const now = iso(services.now());
  const due = (q: Db) =>
    q
      .selectFrom('orders')
      .select('id')
      // Literal, so the planner can use the partial index orders_provisioning_idx (a bound
      // parameter cannot prove the index's WHERE).
      .where(sql<boolean>`status in ('paid', 'provisioning')`)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(services.fulfilment.batchSize);
  return takeDueBatch(db, services, 'orders', due);
}

export interface ReconcileResult {
  /** Pending orders asked about. */
  checked: number;
  /** Of those, found paid and claimed now. */
  fulfilled: number;
  canceled: number;
  errors: number;
  work: DueWorkResult;
}

export interface ReconcileOptions {
  /** Pending orders older than this are not asked about (default 3 days, Stripe's retry window). */
  maxAgeMs?: number | undefined;
  /** Also provision and send what is due (default true); false for a web process whose worker runs apart. */
  runWork?: boolean | undefined;
}

/**
 * After a restart: pending orders whose payment succeeded while nobody listened are fulfilled,
 * paid orders not yet delivered are provisioned, unsent e-mails are sent. Leases are left alone: a
 * sibling process sharing the database may hold them; a dead process's leases expire
 * (FULFILMENT_LEASE_MS) and the worker's next pass takes the work over.
 */
export async function reconcileOrders(db: Db, services: Services, opts: ReconcileOptions = {}): Promise<ReconcileResult> {
  const now = services.now();
  const since = new Date(now.getTime() - (opts.maxAgeMs ?? 3 * 24 * 3600_000)).toISOString();
  const pending = await db
    .selectFrom('orders')
    .select(['id', 'public_id', 'payment_intent_id'])
    .where('status', 'in', UNPAID_STATES)
    .where('payment_intent_id', 'is not', null)
    .where('created_at', '>=', since)
    .orderBy('id')
    .execute();
  let fulfilled = 0;
  let canceled = 0;
  let errors = 0;
  for (const o of pending) {
    try {
      const info = await services.payments.retrievePaymentIntent(o.payment_intent_id!);
      if (info.status === 'succeeded') {
        if ((await fulfilOrder(db, services, info.id)).claimed) fulfilled++;
      } else if (info.status === 'canceled' && info.cancellationReason !== 'abandoned') {
        // Canceled as abandoned: the expiry sweep cancels first and expires next; it finishes that.
        if (await markCanceled(db, services, info.id)) canceled++;
      }
    } catch (e) {
      errors++;
      services.log.warn('reconcile: could not read the payment intent', { orderId: o.public_id, error: errorText(e) });
    }
  }
  await services.jobs.idle();
  const work = opts.runWork === false ? { provisioned: emptyOutcomes(), emails: { sent: 0, failed: 0 } } : await runDueWork(db, services);
  const result = { checked: pending.length, fulfilled, canceled, errors, work };
  services.log.info('orders reconciled', {
    ...result,
    work: undefined,
    provisioned: work.provisioned.fulfilled,
    emailsSent: work.emails.sent,
  });
  return result;
}

// Provisioning a paid order, under a lease: the eSIM (a first order) or a package on an eSIM the
// traveller has (a top-up, a subscription's renewal), with the provider's idempotency keys
// ('order:<id>:esim', 'order:<id>:topup') and the unique esims.order_id / esim_packages.order_id,
// so one order gets one eSIM or one package however often this runs.
//
// Its moves go through transition(): paid → provisioning (waiting at the provider, or a retry
// after a failure, with next_attempt_at's back-off), paid | provisioning → fulfilled (in one write
// transaction with the eSIM, its first package and the e-mails, so they happen once per event).
// After the last attempt the payment is refunded (refunds.ts refundUndeliverable).
//
// Several providers (issue 25): an order is provisioned by its plan's provider. When that provider
// refuses the package itself (EsimProviderError.packageUnavailable: out of stock, withdrawn, operator
// down; each adapter maps its documented codes), the order fails over once to the next provider's
// equivalent plan (same plans.offer_key, ranked as the catalogue ranks offers). The failover is
// written first (orders.provision_plan_id, only while it is null, with an order event when the
// order leaves 'paid'), then the other provider is asked under the same idempotency key: a crash
// after the write resumes with the other provider, never the first one again and never a third;
// a refusal there is a refusal for good (refunded once, as before).
import { sql } from 'kysely';
import type { Db, Order } from '@esim/db';
import type { Services } from '../types.ts';
import { PROVISIONING_STATES } from '../../domain/orders.ts';
import { EsimProviderError, isEsimProviderError } from '../../providers/esim/index.ts';
import type { EsimOrderResult, EsimProfile, EsimProvider } from '../../providers/esim/index.ts';
import { rankOffers } from '../../domain/offers.ts';
import { esimProviderFor, esimProviders, findEsimProvider, provisioningPlanOf } from '../shared/esim-providers.ts';
import { idempotencyKeys } from '../../providers/payments/index.ts';
import { backoffDelay } from '../../providers/retry.ts';
import { enqueueEmail, scheduleOrderEmails } from '../mail/mail-outbox.ts';
import { changed, writeTransaction } from '../shared/db-tx.ts';
import { newAccessToken, newPublicId } from '../shared/tokens.ts';
import { addMs, iso } from '../../domain/time.ts';
import { leaseFree } from '../shared/job-claims.ts';
import { refundUndeliverable } from './refunds.ts';
import { errorText } from '../../errors.ts';
import { transition, type OrderSet } from './transition.ts';
import { giveOnFulfilment } from '../gifts/checkout-gift.ts';

export type ProvisionOutcome = 'fulfilled' | 'pending' | 'retry' | 'refunded' | 'refund_failed' | 'stuck' | 'skipped';

/**
 * One provisioning attempt for a paid order, under a lease. 'skipped' when the order is not
 * waiting for provisioning, another worker holds it, or a refund of it is claimed (the shop's
 * owner refunds undelivered orders too). `heldLease`: the lease the caller took itself (the admin
 * area's retry claims the order in the transaction that records it). A held order (orders.payment_hold:
 * a Radar review open, or a refused payment) is skipped too.
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
    // Held (a Radar review open, or refused): not delivered until released (payment-risk.ts).
    .where('payment_hold', 'is', null)
    .where(leaseFree(iso(now), opts.heldLease))
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
    return await provisionFromPlan(db, services, order);
  } catch (e) {
    return recordProvisionFailure(db, services, order, e);
  }
}

/** Orders (or polls) the eSIM at the provider of the order's provisioning plan; fails over once (see the top). */
async function provisionFromPlan(db: Db, services: Services, order: Order): Promise<ProvisionOutcome> {
  const plan = await provisioningPlanOf(db, order);
  let provider: EsimProvider | undefined;
  let result: EsimOrderResult;
  try {
    provider = planProvider(services, plan, order.plan_id);
    result = order.provider_ref
      ? await provider.getEsim(order.provider_ref)
      : await provider.order({
          orderId: order.public_id,
          planId: String(plan?.id ?? order.plan_id),
          packageCode: packageOfPlan(provider, plan, order.plan_id),
          dataMb: order.plan_data_mb,
          validityDays: order.plan_validity_days,
          idempotencyKey: idempotencyKeys.esim(order.public_id),
        });
  } catch (e) {
    // A plan whose provider is not configured any more fails over like a package its provider refused.
    const next = await failOver(db, services, order, plan, provider?.name ?? plan?.provider ?? services.esim.name, e);
    if (next) return provisionFromPlan(db, services, next);
    throw e;
  }
  if (result.status === 'ready') {
    await completeFulfilment(db, services, order, result.esim, provider.name);
    return 'fulfilled';
  }
  // Asynchronous provider: poll again later (polls are not failed attempts).
  await keepProvisioning(db, services, order, 'waiting for the eSIM provider', {
    provider_ref: result.providerRef,
    next_attempt_at: addMs(services.now(), services.fulfilment.provisionPollMs),
    lease_until: null,
  });
  return 'pending';
}

type ProvisioningPlan = Awaited<ReturnType<typeof provisioningPlanOf>>;

/**
 * The order with its failover to the next provider's equivalent plan written, or undefined when it
 * may not fail over: the refusal is not of the package, the order failed over already or waits on
 * an order the provider accepted, or no configured provider has an equivalent plan.
 */
async function failOver(
  db: Db,
  services: Services,
  order: Order,
  plan: ProvisioningPlan,
  from: string,
  error: unknown,
): Promise<Order | undefined> {
  if (!isEsimProviderError(error) || !error.packageUnavailable) return undefined;
  if (order.provision_plan_id !== null || order.provider_ref !== null || !plan?.offer_key) return undefined;
  const preference = esimProviders(services).map((p) => p.name);
  const rows = await db
    .selectFrom('plans')
    .select(['id', 'provider', 'price_minor', 'data_mb', 'wholesale_minor'])
    .where('offer_key', '=', plan.offer_key)
    .where('active', '=', 1)
    .where('id', '!=', plan.id)
    .execute();
  const candidates = rows
    .filter((r) => r.provider !== null && r.provider !== from && findEsimProvider(services, r.provider) !== undefined)
    .map((r) => ({ id: r.id, provider: r.provider, priceMinor: r.price_minor, dataMb: r.data_mb, wholesaleMinor: r.wholesale_minor }));
  const next = rankOffers(candidates, preference)[0];
  if (!next) return undefined;
  const now = iso(services.now());
  const reason = `${from} refused the package (${errorText(error)}); failing over to ${next.provider}`;
  const set = { provision_plan_id: next.id, provider_ref: null, last_error: errorText(error), lease_until: order.lease_until };
  let moved = false;
  if (order.status === 'paid') {
    const t = await transition(db, { id: order.id }, 'provisioning', {
      actor: 'system',
      reason,
      from: ['paid'],
      set,
      // Once, under this worker's lease, unless a refund claimed the order meanwhile.
      where: (eb) =>
        eb.and([
          eb('provision_plan_id', 'is', null),
          eb('refund_requested_at', 'is', null),
          order.lease_until === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', order.lease_until),
        ]),
      at: now,
    });
    moved = t !== null;
  }
  if (!moved) {
    const r = await db
      .updateTable('orders')
      .set({ ...set, updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'provisioning')
      .where('provision_plan_id', 'is', null)
      .where('refund_requested_at', 'is', null)
      .where((eb) => (order.lease_until === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', order.lease_until)))
      .executeTakeFirst();
    moved = changed(r) > 0;
  }
  if (!moved) return undefined;
  services.log.warn('eSIM provisioning fails over to another provider', {
    orderId: order.public_id,
    from,
    to: next.provider,
    planId: next.id,
  });
  return { ...order, ...set, status: 'provisioning', updated_at: now };
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
    const esim = await db
      .selectFrom('esims')
      .select(['iccid', 'status', 'plan_state', 'provider'])
      .where('id', '=', esimId)
      .executeTakeFirst();
    if (!esim || esim.status === 'canceled' || esim.status === 'expired' || esim.plan_state === 'expired') {
      throw new EsimProviderError('rejected', 'The eSIM to top up was refunded or has expired.', false);
    }
    // A top-up always goes to the eSIM's own provider (issue 25).
    const own = esimProviderFor(services, esim.provider);
    const packageCode = await topUpPackage(db, services, order.plan_id, own);
    await own.topUp({
      iccid: esim.iccid,
      orderId: order.public_id,
      planId: String(order.plan_id),
      packageCode,
      dataMb: order.plan_data_mb,
      validityDays: order.plan_validity_days,
      idempotencyKey: idempotencyKeys.topUp(order.public_id),
    });
    // The eSIM refunded while the provider applied the top-up (its refund could not take this
    // top-up along: provisioning held it): not delivered, so the system refunds it as undeliverable.
    if ((await completeTopUp(db, services, order, esimId)) === 'esim_refunded') return await refundUndeliverable(db, services, order);
    return 'fulfilled';
  } catch (e) {
    if (order.kind === 'subscription' && isEsimProviderError(e) && e.code === 'rejected') return renewOnNewEsim(db, services, order, e);
    return recordProvisionFailure(db, services, order, e);
  }
}

/**
 * The provider that sells a plan: the configured provider named on it (plans.provider; the seed's
 * own plans: the default provider). A plan of a provider that is not configured is a rejection
 * (the order is refunded and the traveller told), never a purchase from another provider.
 */
function planProvider(services: Services, plan: ProvisioningPlan, planId: number): EsimProvider {
  if (plan?.provider == null) return services.esim;
  const found = findEsimProvider(services, plan.provider);
  if (found) return found;
  const names = esimProviders(services).map((p) => p.name);
  throw new EsimProviderError(
    'rejected',
    `plan ${planId} is ${plan.provider}'s package ${plan.provider_package ?? '?'}, but the shop provisions from ${names.join(', ')}`,
    false,
    { packageUnavailable: true },
  );
}

/**
 * The provider's package a plan buys (plans.provider_package, set by `catalog sync`): the order
 * copied the plan's facts, and a plan keeps its package. With a real provider a plan without a
 * package is a rejection (refunded, the traveller told), never a purchase of something else.
 */
function packageOfPlan(provider: EsimProvider, plan: ProvisioningPlan, planId: number): string | undefined {
  if (plan?.provider_package != null) return plan.provider_package;
  if (provider.isReal) {
    throw new EsimProviderError(
      'rejected',
      `plan ${planId} has no ${provider.name} package (run \`cli.js catalog sync\` so the shop sells ${provider.name}'s packages)`,
      false,
    );
  }
  return undefined;
}

/**
 * The package a top-up or renewal of `planId` buys at the eSIM's own provider: the plan's own when
 * it is that provider's; else (a subscription whose first eSIM came from another provider by
 * failover, or a plan of a provider no longer configured) that provider's equivalent plan (same
 * offer key); none: a rejection, never a package of another provider.
 */
async function topUpPackage(db: Db, services: Services, planId: number, own: EsimProvider): Promise<string | undefined> {
  const plan = await provisioningPlanOf(db, { plan_id: planId, provision_plan_id: null });
  // The seed's own plans (no provider) are the simulator's packages; with a real eSIM, the default provider's.
  const seller = plan?.provider ?? (own.isReal ? services.esim.name : own.name);
  if (seller === own.name) return packageOfPlan(own, plan, planId);
  const equivalent = plan?.offer_key
    ? await db
        .selectFrom('plans')
        .select(['id', 'provider', 'provider_package', 'offer_key'])
        .where('offer_key', '=', plan.offer_key)
        .where('provider', '=', own.name)
        .where('active', '=', 1)
        .orderBy('price_minor')
        .orderBy('id')
        .executeTakeFirst()
    : undefined;
  if (equivalent) return packageOfPlan(own, equivalent, equivalent.id);
  throw new EsimProviderError(
    'rejected',
    `plan ${planId} is ${seller}'s package and ${own.name}, the eSIM's provider, has no equivalent: a top-up goes to the eSIM's own provider`,
    false,
  );
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
 * 'esim_refunded': a top-up whose eSIM was refunded meanwhile is not delivered (nothing written).
 */
async function completeTopUp(db: Db, services: Services, order: Order, esimId: number): Promise<'done' | 'esim_refunded'> {
  const now = iso(services.now());
  const kind = order.kind === 'subscription' ? ('renewal' as const) : ('topup' as const);
  const done = await writeTransaction(db, async (trx) => {
    if (kind === 'topup') {
      const esim = await trx.selectFrom('esims').select('status').where('id', '=', esimId).executeTakeFirst();
      if (esim?.status === 'canceled') return 'esim_refunded' as const;
    }
    if (!(await markFulfilled(trx, order, now, kind === 'renewal' ? 'renewal applied to the eSIM' : 'top-up applied to the eSIM')))
      return false;
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
  if (done === 'esim_refunded') return done;
  if (done) {
    services.log.info('top-up applied', { orderId: order.public_id, kind });
    scheduleOrderEmails(db, services, order.id);
  }
  return 'done';
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
    await keepProvisioning(db, services, order, 'eSIM provisioning failed for good', {
      provision_attempts: Math.max(attempts, policy.provisionMaxAttempts),
      last_error: errorText(error),
    });
    return refundUndeliverable(db, services, { ...order, provision_attempts: attempts });
  }
  await keepProvisioning(db, services, order, 'eSIM provisioning failed; will retry', {
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
    ...(forget ? { provider_ref: null } : {}),
  });
  return 'retry';
}

/** Stores the eSIM, marks the order fulfilled and queues its e-mail, in one write transaction. */
async function completeFulfilment(
  db: Db,
  services: Services,
  order: Order,
  profile: EsimProfile | null,
  providerName: string = services.esim.name,
): Promise<void> {
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
          apn_ios: profile.apnByOs?.ios ?? null,
          apn_android: profile.apnByOs?.android ?? null,
          provider: providerName,
          provider_ref: profile.esimRef ?? profile.providerRef,
          access_token: newAccessToken(),
          status: 'not_installed',
          data_total_mb: order.plan_data_mb,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
    }
    if (!(await markFulfilled(trx, order, now, 'eSIM delivered'))) return false;
    // Issue 29: bought as a gift → the eSIM's gift and the buyer's receipt, never the install details.
    const gift = await giveOnFulfilment(trx, services, order, now);
    if (!gift) await enqueueEmail(trx, { orderId: order.id, kind: 'esim_delivery', to: order.email, now });
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
    if (esim?.confirmation_code_required === 1 && !gift)
      await enqueueEmail(trx, { orderId: order.id, kind: 'confirmation_code', to: order.email, now });
    return true;
  });
  if (done) {
    services.log.info('order fulfilled', { orderId: order.public_id });
    scheduleOrderEmails(db, services, order.id);
  }
}

/** paid | provisioning → fulfilled, with its event; false when the order moved meanwhile (refunded). */
async function markFulfilled(trx: Db, order: Order, now: string, reason: string): Promise<boolean> {
  const moved = await transition(trx, { id: order.id }, 'fulfilled', {
    actor: 'system',
    reason,
    from: PROVISIONING_STATES,
    set: { fulfilled_at: now, lease_until: null, next_attempt_at: null, last_error: null },
    at: now,
  });
  return moved !== null;
}

/**
 * The order waits (at the provider, or for its next attempt): a paid order moves to provisioning
 * (one event), one in provisioning already keeps its status and gets `set` only.
 */
async function keepProvisioning(db: Db, services: Services, order: Order, reason: string, set: OrderSet): Promise<void> {
  const now = iso(services.now());
  if (order.status === 'paid') {
    const moved = await transition(db, { id: order.id }, 'provisioning', { actor: 'system', reason, from: ['paid'], set, at: now });
    if (moved) return;
  }
  await db
    .updateTable('orders')
    .set({ ...set, updated_at: now })
    .where('id', '=', order.id)
    .where('status', '=', 'provisioning')
    .execute();
}

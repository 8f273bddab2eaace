// Due work: the worker's pass (orders waiting for provisioning, then e-mails waiting to be sent)
// and the startup reconciliation (unpaid orders whose payment succeeded while nobody listened).
// Each job is claimed under a lease (job-claims.ts), so several workers never do one job twice.
import { sql } from 'kysely';
import type { Db } from '@esim/db';
import type { Services } from '../types.ts';
import { UNPAID_STATES } from '../../domain/orders.ts';
import { sendDueEmails } from '../mail/mail-outbox.ts';
import { iso } from '../../domain/time.ts';
import { eachLimit, leaseFree, takeDueBatch, type DueJob } from '../shared/job-claims.ts';
import { errorText } from '../../errors.ts';
import { fulfilOrder, markCanceled } from './claim.ts';
import { queueRenewalReminders } from '../orders/renewal-reminders.ts';
import { sendDueGifts } from '../gifts/gifts.ts';
import { settleReferrals } from '../referrals/referrals.ts';
import { clearOldPurchaseEvidence } from '../orders/purchase-evidence.ts';
import { provisionOrder, type ProvisionOutcome } from './provisioning.ts';

export interface DueWorkResult {
  provisioned: Record<ProvisionOutcome, number>;
  emails: { sent: number; failed: number };
}

function emptyOutcomes(): Record<ProvisionOutcome, number> {
  return { fulfilled: 0, pending: 0, retry: 0, refunded: 0, refund_failed: 0, stuck: 0, skipped: 0 };
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
  // Renewal reminders due (issue 31): queued in the outbox, sent by the loop below.
  try {
    await queueRenewalReminders(db, services);
  } catch (e) {
    services.log.warn('renewal reminders: will try again on the next pass', { error: errorText(e) });
  }
  // Gifts whose delivery date has come (issue 29): their e-mail queued, sent by the loop below.
  try {
    await sendDueGifts(db, services);
  } catch (e) {
    services.log.warn('gifts due: will try again on the next pass', { error: errorText(e) });
  }
  // Referral rewards due (issue 29): credited past the refund window, canceled or clawed back on a refund.
  try {
    await settleReferrals(db, services);
  } catch (e) {
    services.log.warn('referrals: will try again on the next pass', { error: errorText(e) });
  }
  // A purchase's IP address and browser past their retention (issue 31): cleared, hourly.
  try {
    await clearOldPurchaseEvidence(db, services);
  } catch (e) {
    services.log.warn('purchase evidence: will try again on the next pass', { error: errorText(e) });
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
      // Held orders wait for their review (payment-risk.ts); released ones are scheduled then.
      .where('payment_hold', 'is', null)
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .where(leaseFree(now))
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
        if ((await fulfilOrder(db, services, info.id, { actor: 'system', reason: 'payment found succeeded on restart' })).claimed)
          fulfilled++;
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

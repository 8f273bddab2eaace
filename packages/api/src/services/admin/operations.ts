// admin.operations.*: the work that waits or failed (orders waiting for their eSIM, refunds claimed
// and not finished, e-mails pending or failed), oldest first, and retrying one e-mail now.
import { sql } from 'kysely';
import type { Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import { iso } from '../../domain/time.ts';
import { changed, writeTransaction } from '../shared/db-tx.ts';
import { leaseFree } from '../shared/job-claims.ts';
import { ESIM_RESEND_PREFIX, sendEmail } from '../mail/mail-outbox.ts';
import type { Services } from '../types.ts';
import { recordAudit } from './audit.ts';
import { emailJobsQuery, toEmailJob } from './orders.ts';
import type { AdminActor, AdminEmailJob, AdminOperationsView, AdminProvisioningJob } from './views.ts';

/** At most this many of each list (oldest first): the page is for acting on, not for history. */
export const OPERATIONS_LIMIT = 200;

function provisioningJobs(db: Db) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'public_id',
      'status',
      'email',
      'plan_name',
      'provision_attempts',
      'last_error',
      'next_attempt_at',
      'paid_at',
      'created_at',
      'refund_requested_at',
    ]);
}

export async function listOperations(db: Db): Promise<AdminOperationsView> {
  const [waiting, refunds, emails] = await Promise.all([
    // Literal statuses, so the planner can use the partial index of orders waiting for provisioning.
    provisioningJobs(db).where(sql<boolean>`status in ('paid', 'provisioning')`).orderBy('id').limit(OPERATIONS_LIMIT).execute(),
    // Refunds claimed and not finished (the partial index of refund claims).
    provisioningJobs(db)
      .where('refund_requested_at', 'is not', null)
      .where('status', '=', 'fulfilled')
      .orderBy('refund_requested_at')
      .limit(OPERATIONS_LIMIT)
      .execute(),
    emailJobsQuery(db)
      .where('m.status', 'in', ['pending', 'failed'])
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(OPERATIONS_LIMIT)
      .execute(),
  ]);
  const jobs = [...waiting, ...refunds]
    .sort((a, b) => (a.paid_at ?? a.created_at).localeCompare(b.paid_at ?? b.created_at) || a.id - b.id)
    .slice(0, OPERATIONS_LIMIT);
  return {
    provisioning: jobs.map(
      (o): AdminProvisioningJob => ({
        orderId: o.public_id,
        status: o.status,
        email: o.email,
        planName: o.plan_name,
        attempts: o.provision_attempts,
        lastError: o.last_error,
        nextAttemptAt: o.status === 'paid' || o.status === 'provisioning' ? o.next_attempt_at : null,
        paidAt: o.paid_at,
        refundPending: o.refund_requested_at !== null,
      }),
    ),
    emails: emails.map(toEmailJob),
  };
}

async function emailJob(db: Db, outboxId: number): Promise<AdminEmailJob> {
  const row = await emailJobsQuery(db).where('m.id', '=', outboxId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `No e-mail job has the id ${outboxId}.`);
  return toEmailJob(row);
}

/**
 * A failed or waiting e-mail is made due now and sent at once. Its attempts start again from 0
 * (a failed e-mail gets the full retries and back-off again); its last error stays until the next
 * attempt. A sent e-mail is left as it is; an e-mail already due with no attempt is just sent.
 * The audit row is written only when the row changed.
 */
export async function retryEmailJob(db: Db, services: Services, actor: AdminActor, outboxId: number): Promise<AdminEmailJob> {
  const job = await emailJob(db, outboxId);
  if (job.status === 'sent') return job;
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('email_outbox as m', 'm.order_id', 'o.id')
    .select(['o.status'])
    .where('m.id', '=', outboxId)
    .executeTakeFirstOrThrow();
  const installEmail = job.kind === 'esim_delivery' || job.kind === 'confirmation_code' || job.kind.startsWith(ESIM_RESEND_PREFIX);
  if (installEmail && order.status === 'refunded')
    throw new AppError('CONFLICT', `Order ${job.orderId} is refunded and its eSIM canceled, so its install e-mail is not sent.`, {
      reason: 'refunded',
    });

  const now = iso(services.now());
  await writeTransaction(db, async (trx) => {
    const r = await trx
      .updateTable('email_outbox')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now })
      .where('id', '=', outboxId)
      .where('status', 'in', ['pending', 'failed'])
      .where(leaseFree(now))
      .where((eb) => eb.or([eb('status', '=', 'failed'), eb('attempts', '>', 0), eb('next_attempt_at', '>', now)]))
      .executeTakeFirst();
    if (changed(r) === 0) return;
    await recordAudit(
      trx,
      actor,
      {
        action: 'email.retry',
        entity: 'email',
        entityId: outboxId,
        summary: `${job.kind} e-mail of ${job.orderId} to ${job.to} retried (was ${job.status} after ${job.attempts} attempt${job.attempts === 1 ? '' : 's'})`,
        before: { status: job.status, attempts: job.attempts },
        after: { status: 'pending', attempts: 0 },
      },
      services.now(),
    );
  });
  if ((await sendEmail(db, services, outboxId)) === 'skipped') await untilSendEnds(db, services, outboxId);
  return emailJob(db, outboxId);
}

/** Another click (or the worker) is sending it right now: wait a moment for that send's answer. */
async function untilSendEnds(db: Db, services: Services, outboxId: number): Promise<void> {
  for (let waited = 0; waited < 3000; waited += 50) {
    const row = await db.selectFrom('email_outbox').select(['lease_until']).where('id', '=', outboxId).executeTakeFirstOrThrow();
    if (row.lease_until === null || row.lease_until < iso(services.now())) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

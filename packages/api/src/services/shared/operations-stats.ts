// What an operator's tools read about the shop's state: the readiness check (/api/ready) and the
// Prometheus gauges (apps/server metrics.ts). Small grouped queries over the indexes the workers
// already use; the callers cache the answers, so probes and scrapes cannot load the database.
import { sql } from 'kysely';
import type { Db } from '@esim/db';
import { ORDER_STATUSES, type OrderState } from '../../domain/orders.ts';

export interface BacklogStats {
  fulfilment: {
    /** Paid orders waiting for their eSIM ('paid' or 'provisioning'). */
    waiting: number;
    /** Of those, the ones whose next attempt is due now. */
    due: number;
    /** Of those, the ones with at least one failed provisioning attempt. */
    retrying: number;
    /** Seconds since the oldest of them was paid; null when none waits. */
    oldestAgeSeconds: number | null;
  };
  email: {
    /** E-mails not yet sent (retries included). */
    pending: number;
    /** E-mails given up on after their last attempt (listed for an operator to resend). */
    failed: number;
    /** Seconds since the oldest pending e-mail was queued; null when none. */
    oldestAgeSeconds: number | null;
  };
}

function ageSeconds(now: Date, oldest: string | null | undefined): number | null {
  if (!oldest) return null;
  const t = Date.parse(oldest);
  return Number.isNaN(t) ? null : Math.max(0, Math.round((now.getTime() - t) / 1000));
}

/** The fulfilment and e-mail backlogs: two small queries on the workers' partial and due indexes. */
export async function readBacklog(db: Db, now: Date): Promise<BacklogStats> {
  const nowIso = now.toISOString();
  const [orders, emails] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        sql<number>`count(*)`.as('waiting'),
        sql<number | null>`sum(case when next_attempt_at is not null and next_attempt_at <= ${nowIso} then 1 else 0 end)`.as('due'),
        sql<number | null>`sum(case when provision_attempts > 0 then 1 else 0 end)`.as('retrying'),
        sql<string | null>`min(coalesce(paid_at, created_at))`.as('oldest'),
      ])
      // Literal statuses, so the planner can use the partial index of orders waiting for provisioning.
      .where(sql<boolean>`status in ('paid', 'provisioning')`)
      .executeTakeFirst(),
    db
      .selectFrom('email_outbox')
      .select(['status', sql<number>`count(*)`.as('n'), sql<string | null>`min(created_at)`.as('oldest')])
      .where('status', 'in', ['pending', 'failed'])
      .groupBy('status')
      .execute(),
  ]);
  const pending = emails.find((r) => r.status === 'pending');
  const failed = emails.find((r) => r.status === 'failed');
  return {
    fulfilment: {
      waiting: Number(orders?.waiting ?? 0),
      due: Number(orders?.due ?? 0),
      retrying: Number(orders?.retrying ?? 0),
      oldestAgeSeconds: ageSeconds(now, orders?.oldest),
    },
    email: {
      pending: Number(pending?.n ?? 0),
      failed: Number(failed?.n ?? 0),
      oldestAgeSeconds: ageSeconds(now, pending?.oldest),
    },
  };
}

/** Orders by status, every status present (0 when none): one grouped query. */
export async function countOrdersByStatus(db: Db): Promise<Record<OrderState, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderState, number>;
  for (const r of rows) counts[r.status as OrderState] = Number(r.n);
  return counts;
}

/** `select 1`: resolves when the database answers within `timeoutMs`, else rejects. */
export async function pingDatabase(db: Db, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// The next batch of due jobs (orders waiting for provisioning, e-mails waiting to be sent).
// SQLite (one writer): the ids, and each job is claimed on its own by a conditional update.
// PostgreSQL: the batch is claimed in one statement, `UPDATE … WHERE id IN (SELECT … FOR UPDATE
// SKIP LOCKED) RETURNING id`, so siblings take disjoint batches instead of racing for the same
// rows; the caller then works each job under that held lease.
// Also the two pieces every job runner shares: the lease condition (free, expired, or the one this
// caller holds) and the bounded-concurrency loop.
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, Db } from '@esim/db';
import type { Services } from '../types.ts';
import { isSqlite } from './db-tx.ts';
import { addMs } from '../../domain/time.ts';

export interface DueJob {
  id: number;
  /** The lease this batch claim took (PostgreSQL); absent: the job still has to be claimed. */
  heldLease?: string;
}

/** `due` selects the due ids of `table` (its own where, order and limit). */
export async function takeDueBatch(
  db: Db,
  services: Services,
  table: 'orders' | 'email_outbox',
  // `any`: the query is on `table`, one of the two
  due: (q: Db) => SelectQueryBuilder<Database, any, { id: number }>,
): Promise<DueJob[]> {
  if (isSqlite(db)) return due(db).execute();
  const heldLease = addMs(services.now(), services.fulfilment.leaseMs);
  const rows = await db
    // Both tables have `lease_until` and `id`; one table type keeps Kysely's typing simple.
    .updateTable(table as 'orders')
    .set({ lease_until: heldLease })
    .where('id', 'in', due(db).forUpdate().skipLocked())
    .returning('id')
    .execute();
  return rows.map(({ id }) => ({ id, heldLease }));
}

/**
 * A job's lease is free: none, expired by `now`, or the one `heldLease` the caller's batch claim
 * took (the orders' and the e-mails' claims and the owner's retry take theirs with this condition).
 */
export function leaseFree(now: string, heldLease?: string): RawBuilder<SqlBool> {
  return heldLease === undefined
    ? sql<SqlBool>`("lease_until" is null or "lease_until" < ${now})`
    : sql<SqlBool>`("lease_until" is null or "lease_until" < ${now} or "lease_until" = ${heldLease})`;
}

/** Runs `fn` over `items`, at most `limit` at a time (the worker's passes). */
export async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(lanes);
}

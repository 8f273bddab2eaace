// The purchase's IP address and browser on the order (issue 31, evidence for a card dispute) are
// kept PURCHASE_EVIDENCE_DAYS, then cleared here: one statement, at most once an hour per process
// (the worker's due-work pass calls it every tick). It writes no status, so no order event.
import type { Db } from '@esim/db';
import { PURCHASE_EVIDENCE_DAYS } from '../../domain/data-rights.ts';
import { iso } from '../../domain/time.ts';
import type { Services } from '../types.ts';

const EVERY_MS = 3_600_000;
const lastRun = new WeakMap<Services, number>();

/** Clears the evidence of orders older than the retention; the number of orders cleared (0 when it was not due). */
export async function clearOldPurchaseEvidence(db: Db, services: Services, opts: { force?: boolean } = {}): Promise<number> {
  const now = services.now().getTime();
  const last = lastRun.get(services);
  if (!opts.force && last !== undefined && now - last < EVERY_MS) return 0;
  lastRun.set(services, now);
  const cutoff = iso(new Date(now - PURCHASE_EVIDENCE_DAYS * 86_400_000));
  const r = await db
    .updateTable('orders')
    .set({ purchase_ip: null, purchase_agent: null })
    .where('purchase_ip', 'is not', null)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

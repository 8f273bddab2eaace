// The audit log: every change made in the admin area is one row, written in the same transaction
// as the change (so a change without its row cannot exist), and read back by admin.audit.list.
import type { Db } from '@esim/db';
import type { AdminActor } from './views.ts';

export interface AuditEntry {
  /** 'plan.update', 'order.refund', 'user.disable', … (entity.verb). */
  action: string;
  entity: string;
  entityId: string | number;
  /** One line for people, e.g. 'Price 19.99 USD → 17.99 USD'. */
  summary: string;
  /** The changed fields before and after; omit for a creation, deletion or an action. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one audit row. Call inside the change's transaction, with `now` from services.now(). */
export async function recordAudit(db: Db, actor: AdminActor, entry: AuditEntry, now: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_username: actor.username,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      summary: entry.summary.slice(0, 1000),
      before_json: entry.before ? JSON.stringify(entry.before) : null,
      after_json: entry.after ? JSON.stringify(entry.after) : null,
      ip: actor.ip.slice(0, 64),
      created_at: now.toISOString(),
      step_up_at: actor.stepUpAt ? actor.stepUpAt.toISOString() : null,
    })
    .execute();
}

/** The fields of `after` whose values differ from `before`, as { before, after } for recordAudit (null when nothing changed). */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    b[key] = before[key];
    a[key] = value;
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a };
}

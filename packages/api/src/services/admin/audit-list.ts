// admin.audit.list: the audit log, newest first, filtered by action (exact, or a prefix such as
// 'plan.'), entity, entity id, the admin's username (part, any case) and UTC days.
import { type RawBuilder, sql } from 'kysely';
import type { AuditLogRow, Db } from '@esim/db';
import { containsPattern, lowerLike } from './customers.ts';
import type { AdminAuditEntry, Paged } from './views.ts';

export interface AuditQuery {
  page: number;
  pageSize: number;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  actor?: string | undefined;
  /** 'YYYY-MM-DD', inclusive. */
  from?: string | undefined;
  /** 'YYYY-MM-DD', inclusive. */
  to?: string | undefined;
}

function parseJson(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function toEntry(r: AuditLogRow): AdminAuditEntry {
  return {
    id: r.id,
    actor: { id: r.actor_id, username: r.actor_username },
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    summary: r.summary,
    before: parseJson(r.before_json),
    after: parseJson(r.after_json),
    ip: r.ip,
    createdAt: r.created_at,
  };
}

/** The day after 'YYYY-MM-DD', at midnight UTC (the end of an inclusive range). */
function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

function auditFilter(input: AuditQuery): RawBuilder<boolean> | null {
  const parts: RawBuilder<unknown>[] = [];
  const action = input.action?.trim();
  if (action) {
    // 'plan.' (or 'plan.*') is every action of plans; anything else is one action.
    const prefix = action.endsWith('.*') ? action.slice(0, -1) : action.endsWith('.') ? action : null;
    parts.push(
      prefix
        ? sql`${sql.ref('action')} like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`
        : sql`${sql.ref('action')} = ${action}`,
    );
  }
  if (input.entity?.trim()) parts.push(sql`${sql.ref('entity')} = ${input.entity.trim()}`);
  if (input.entityId?.trim()) parts.push(sql`${sql.ref('entity_id')} = ${input.entityId.trim()}`);
  if (input.actor?.trim()) parts.push(lowerLike('actor_username', containsPattern(input.actor.trim())));
  if (input.from) parts.push(sql`${sql.ref('created_at')} >= ${`${input.from}T00:00:00.000Z`}`);
  if (input.to) parts.push(sql`${sql.ref('created_at')} < ${dayAfter(input.to)}`);
  return parts.length === 0 ? null : sql<boolean>`${sql.join(parts, sql` and `)}`;
}

export async function listAudit(db: Db, input: AuditQuery): Promise<Paged<AdminAuditEntry>> {
  const filter = auditFilter(input);
  let rows = db.selectFrom('audit_log').selectAll();
  let count = db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n'));
  if (filter) {
    rows = rows.where(filter);
    count = count.where(filter);
  }
  const [list, total] = await Promise.all([
    rows
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    count.executeTakeFirst(),
  ]);
  return { rows: list.map(toEntry), total: Number(total?.n ?? 0), page: input.page, pageSize: input.pageSize };
}

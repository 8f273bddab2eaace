// The audit log's URL (search params) ⇄ the admin.audit.list input.
import { ZAuditListInput } from '@esim/api/domain/admin';
import type { TextSearch } from '../admin-search.ts';

export const AUDIT_FILTER_KEYS = ['action', 'entity', 'entityId', 'actor', 'from', 'to'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];
export type AuditSearch = TextSearch<AuditFilterKey>;
type AuditListInput = ReturnType<typeof ZAuditListInput.parse>;

export const AUDIT_PAGE_SIZE = 25;

/** The list input for the URL's search, or the field messages when a value is not valid. */
export function auditListInput(
  search: AuditSearch,
): { ok: true; input: AuditListInput } | { ok: false; fields: Partial<Record<AuditFilterKey, string>> } {
  const { page, ...text } = search;
  const result = ZAuditListInput.safeParse({ ...text, page: page ?? 1, pageSize: AUDIT_PAGE_SIZE });
  if (result.success) return { ok: true, input: result.data };
  const fields: Partial<Record<AuditFilterKey, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (AUDIT_FILTER_KEYS as readonly string[]).includes(key) && !fields[key as AuditFilterKey]) {
      fields[key as AuditFilterKey] = issue.message;
    }
  }
  return { ok: false, fields };
}

/** One line per changed field: its value before and after (absent → null). */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

function show(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The fields named in before or after, in their first-seen order, with readable values. */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((field) => ({ field, before: show(before?.[field]), after: show(after?.[field]) }));
}

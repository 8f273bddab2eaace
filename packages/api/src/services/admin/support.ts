// admin.support.*: the contact inbox (new / answered / closed; messages stored before the admin
// area as 'read' count as new), its status changes (audited), and the newsletter subscribers with
// a CSV export that is safe to open in a spreadsheet.
import { type RawBuilder, sql } from 'kysely';
import type { ContactMessageStatus, Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import type { TInboxStatus } from '../../domain/admin.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import type { Services } from '../types.ts';
import { newsletterOneClickUrl, newsletterUnsubscribeUrl } from '../support/newsletter.ts';
import { recordAudit } from './audit.ts';
import { containsPattern, lowerLike } from './customers.ts';
import type { AdminActor, AdminContactMessage, AdminInboxView, AdminSubscriber, Paged } from './views.ts';

const n = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

/** 'read' is from before the admin area: the inbox shows it as new. */
const shownStatus = (s: ContactMessageStatus): TInboxStatus => (s === 'read' ? 'new' : s);
/** The stored statuses behind a status the inbox shows. */
const storedStatuses = (s: TInboxStatus): ContactMessageStatus[] => (s === 'new' ? ['new', 'read'] : [s]);

function messagesQuery(db: Db) {
  return db
    .selectFrom('contact_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.name',
      'm.email',
      'm.subject',
      'm.message',
      'm.status',
      'm.status_changed_at',
      'm.user_id',
      'u.username',
      'm.created_at',
    ]);
}

type MessageFacts = Awaited<ReturnType<ReturnType<typeof messagesQuery>['execute']>>[number];

function toAdminMessage(m: MessageFacts): AdminContactMessage {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    status: shownStatus(m.status),
    statusChangedAt: m.status_changed_at,
    user: m.user_id !== null && m.username !== null ? { id: m.user_id, username: m.username } : null,
    createdAt: m.created_at,
  };
}

export interface InboxQuery {
  status?: TInboxStatus | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

function inboxFilter(input: InboxQuery): RawBuilder<boolean> | null {
  const parts: RawBuilder<unknown>[] = [];
  if (input.status) parts.push(sql`${sql.ref('m.status')} in (${sql.join(storedStatuses(input.status))})`);
  const q = input.q?.trim();
  if (q) {
    const p = containsPattern(q);
    parts.push(
      sql`(${lowerLike('m.name', p)} or ${lowerLike('m.email', p)} or ${lowerLike('m.subject', p)} or ${lowerLike('m.message', p)})`,
    );
  }
  return parts.length === 0 ? null : sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/** The inbox, newest first, with the count per status (of every message, not only the filtered). */
export async function listInbox(db: Db, input: InboxQuery): Promise<AdminInboxView> {
  const filter = inboxFilter(input);
  let rows = messagesQuery(db);
  let count = db.selectFrom('contact_messages as m').select((eb) => eb.fn.countAll().as('n'));
  if (filter) {
    rows = rows.where(filter);
    count = count.where(filter);
  }
  const [list, total, byStatus] = await Promise.all([
    rows
      .orderBy('m.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    count.executeTakeFirst(),
    db
      .selectFrom('contact_messages')
      .select((eb) => ['status', eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute(),
  ]);
  const counts = { new: 0, answered: 0, closed: 0 };
  for (const r of byStatus) counts[shownStatus(r.status)] += n(r.n);
  return { rows: list.map(toAdminMessage), total: n(total?.n), page: input.page, pageSize: input.pageSize, counts };
}

export async function setMessageStatus(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: { id: number; status: TInboxStatus },
): Promise<AdminContactMessage> {
  return writeTransaction(db, async (trx) => {
    const row = await messagesQuery(trx).where('m.id', '=', input.id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', `No message has the id ${input.id}.`);
    const before = shownStatus(row.status);
    if (before === input.status) return toAdminMessage(row);
    const now = services.now();
    await trx
      .updateTable('contact_messages')
      .set({ status: input.status, status_changed_at: now.toISOString() })
      .where('id', '=', input.id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'contact_message.status',
        entity: 'contact_message',
        entityId: input.id,
        summary: `Message from ${row.email} ('${row.subject.slice(0, 80)}'): ${before} → ${input.status}`,
        before: { status: before },
        after: { status: input.status },
      },
      now,
    );
    return toAdminMessage({ ...row, status: input.status, status_changed_at: now.toISOString() });
  });
}

// ── newsletter ────────────────────────────────────────────────────────────────────────────

function toSubscriber(r: { id: number; email: string; locale: string; source: string; created_at: string }): AdminSubscriber {
  return { id: r.id, email: r.email, locale: r.locale, source: r.source, createdAt: r.created_at };
}

export async function listSubscribers(
  db: Db,
  input: { q?: string | undefined; page: number; pageSize: number },
): Promise<Paged<AdminSubscriber>> {
  const q = input.q?.trim();
  const filter = q ? lowerLike('s.email', containsPattern(q)) : null;
  // Double opt-in (issue 30): only confirmed addresses that have not left are on the list.
  let rows = db
    .selectFrom('newsletter_subscribers as s')
    .select(['s.id', 's.email', 's.locale', 's.source', 's.created_at'])
    .where('s.confirmed_at', 'is not', null)
    .where('s.unsubscribed_at', 'is', null);
  let count = db
    .selectFrom('newsletter_subscribers as s')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('s.confirmed_at', 'is not', null)
    .where('s.unsubscribed_at', 'is', null);
  if (filter) {
    rows = rows.where(filter);
    count = count.where(filter);
  }
  const [list, total] = await Promise.all([
    rows
      .orderBy('s.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    count.executeTakeFirst(),
  ]);
  return { rows: list.map(toSubscriber), total: n(total?.n), page: input.page, pageSize: input.pageSize };
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote, CR or LF (quotes doubled). A cell
 * a spreadsheet would read as a formula (starting with = + - @, TAB or CR) gets a leading ' first
 * (OWASP's CSV injection advice), so opening the file never runs anything.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// The list goes to whatever sends the newsletter: each row carries the reader's unsubscribe link (the
// footer every newsletter e-mail must have) and the one-click URL for its List-Unsubscribe header (RFC 8058).
export const SUBSCRIBERS_CSV_HEADER = ['email', 'locale', 'source', 'subscribed_at', 'unsubscribe_url', 'list_unsubscribe_url'] as const;

/** Every subscriber, oldest first, as CSV text with CRLF line ends; the file name carries today's date. */
export async function subscribersCsv(db: Db, services: Services): Promise<{ filename: string; csv: string; count: number }> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'locale', 'source', 'created_at'])
    .where('confirmed_at', 'is not', null)
    .where('unsubscribed_at', 'is', null)
    .orderBy('id')
    .execute();
  const lines = [SUBSCRIBERS_CSV_HEADER.join(',')];
  for (const r of rows) {
    const links = [await newsletterUnsubscribeUrl(db, services, r.email, r.locale), await newsletterOneClickUrl(db, r.email, services)];
    lines.push([r.email, r.locale, r.source, r.created_at, ...links].map(csvCell).join(','));
  }
  const day = services.now().toISOString().slice(0, 10);
  return { filename: `newsletter-subscribers-${day}.csv`, csv: `${lines.join('\r\n')}\r\n`, count: rows.length };
}

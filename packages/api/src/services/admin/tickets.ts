// admin.tickets.*: the back office's ticket inbox (issue 30). List with filters (status, assignee,
// text) and counts; one ticket with its whole thread (internal notes too), its status history and
// the customer's orders and eSIMs; assign, answer (e-mailed in the traveller's language), internal
// note, status; canned answers per language (the owner edits them). Every change writes the audit
// log in its own transaction.
import { sql } from 'kysely';
import type { Db, TicketRow } from '@esim/db';
import { ticketNumber, type TAdminTicketList, type TTicketStatus } from '../../domain/tickets.ts';
import { AppError } from '../../errors.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { addTicketMessage, moveTicket, sendTicketMail } from '../support/tickets.ts';
import type { Services } from '../types.ts';
import { recordAudit } from './audit.ts';
import { containsPattern, lowerLike } from './customers.ts';
import type { AdminActor } from './views.ts';

const n = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

export interface AdminTicketRow {
  id: number;
  number: string;
  subject: string;
  status: TTicketStatus;
  name: string;
  email: string;
  source: string;
  assignee: { id: number; username: string } | null;
  lastAuthor: 'customer' | 'agent' | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdminTicketList {
  rows: AdminTicketRow[];
  total: number;
  page: number;
  pageSize: number;
  counts: { open: number; waiting: number; solved: number; unassigned: number; mine: number };
}

export interface AdminTicketDetail extends AdminTicketRow {
  locale: string;
  customer: { id: number; username: string } | null;
  messages: Array<{
    id: number;
    author: 'customer' | 'agent' | 'note';
    authorName: string | null;
    body: string;
    via: string;
    createdAt: string;
  }>;
  events: Array<{ from: TTicketStatus | null; to: TTicketStatus; actor: string; actorName: string | null; at: string }>;
  orders: Array<{ publicId: string; status: string; planName: string; totalMinor: number; currency: string; createdAt: string }>;
  esims: Array<{ iccid: string; status: string; orderPublicId: string; thisTicket: boolean }>;
  agents: Array<{ id: number; username: string; role: string | null }>;
}

function baseQuery(db: Db) {
  return db
    .selectFrom('tickets as t')
    .leftJoin('users as a', 'a.id', 't.assignee_id')
    .select([
      't.id',
      't.subject',
      't.status',
      't.name',
      't.email',
      't.source',
      't.assignee_id',
      'a.username as assignee_name',
      't.created_at',
      't.updated_at',
      (eb) =>
        eb
          .selectFrom('ticket_messages as m')
          .select('m.author')
          .whereRef('m.ticket_id', '=', 't.id')
          .where('m.author', 'in', ['customer', 'agent'])
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last_author'),
    ]);
}
type Facts = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toRow(r: Facts): AdminTicketRow {
  return {
    id: r.id,
    number: ticketNumber(r.id),
    subject: r.subject,
    status: r.status,
    name: r.name,
    email: r.email,
    source: r.source,
    assignee: r.assignee_id !== null && r.assignee_name ? { id: r.assignee_id, username: r.assignee_name } : null,
    lastAuthor: (r.last_author as 'customer' | 'agent' | null) ?? null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function listTickets(db: Db, actor: AdminActor, input: TAdminTicketList): Promise<AdminTicketList> {
  const parts = [];
  if (input.status) parts.push(sql<boolean>`${sql.ref('t.status')} = ${input.status}`);
  if (input.assignee === 'none') parts.push(sql<boolean>`${sql.ref('t.assignee_id')} is null`);
  else if (input.assignee === 'me') parts.push(sql<boolean>`${sql.ref('t.assignee_id')} = ${actor.id}`);
  else if (typeof input.assignee === 'number') parts.push(sql<boolean>`${sql.ref('t.assignee_id')} = ${input.assignee}`);
  const q = input.q?.trim();
  if (q) {
    const id = /^T-?(\d+)$/i.exec(q)?.[1];
    const p = containsPattern(q);
    parts.push(
      id
        ? sql<boolean>`${sql.ref('t.id')} = ${Number(id)}`
        : sql<boolean>`(${lowerLike('t.subject', p)} or ${lowerLike('t.email', p)} or ${lowerLike('t.name', p)})`,
    );
  }
  const filter = parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : null;
  let rows = baseQuery(db);
  let count = db.selectFrom('tickets as t').select((eb) => eb.fn.countAll().as('n'));
  if (filter) {
    rows = rows.where(filter);
    count = count.where(filter);
  }
  const [list, total, byStatus, unassigned, mine] = await Promise.all([
    rows
      .orderBy(sql`case t.status when 'open' then 0 when 'waiting' then 1 else 2 end`)
      .orderBy('t.updated_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    count.executeTakeFirst(),
    db
      .selectFrom('tickets')
      .select((eb) => ['status', eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('assignee_id', 'is', null)
      .where('status', '!=', 'solved')
      .executeTakeFirst(),
    db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('assignee_id', '=', actor.id)
      .where('status', '!=', 'solved')
      .executeTakeFirst(),
  ]);
  const counts = { open: 0, waiting: 0, solved: 0, unassigned: n(unassigned?.n), mine: n(mine?.n) };
  for (const r of byStatus) counts[r.status] += n(r.n);
  return { rows: list.map(toRow), total: n(total?.n), page: input.page, pageSize: input.pageSize, counts };
}

async function ticketOrThrow(db: Db, id: number): Promise<TicketRow> {
  const t = await db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) throw new AppError('NOT_FOUND', `No ticket has the number ${ticketNumber(id)}.`);
  return t;
}

export async function getTicket(db: Db, id: number): Promise<AdminTicketDetail> {
  const row = await baseQuery(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `No ticket has the number ${ticketNumber(id)}.`);
  const ticket = await ticketOrThrow(db, id);
  const [messages, events, customer, orders, agents] = await Promise.all([
    db
      .selectFrom('ticket_messages as m')
      .leftJoin('users as u', 'u.id', 'm.author_user_id')
      .select(['m.id', 'm.author', 'm.body', 'm.via', 'm.created_at', 'u.username'])
      .where('m.ticket_id', '=', id)
      .orderBy('m.id')
      .execute(),
    db
      .selectFrom('ticket_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_user_id')
      .select(['e.from_status', 'e.to_status', 'e.actor', 'e.created_at', 'u.username'])
      .where('e.ticket_id', '=', id)
      .orderBy('e.id')
      .execute(),
    ticket.user_id === null ? null : db.selectFrom('users').select(['id', 'username']).where('id', '=', ticket.user_id).executeTakeFirst(),
    db
      .selectFrom('orders')
      .select(['id', 'public_id', 'status', 'plan_name', 'total_amount_minor', 'currency', 'created_at'])
      .where((eb) =>
        ticket.user_id !== null
          ? eb.or([eb('user_id', '=', ticket.user_id), eb('email', '=', ticket.email)])
          : eb('email', '=', ticket.email),
      )
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'username', 'admin_role'])
      .where('role', '=', 'admin')
      .where('admin_role', 'in', ['owner', 'support'])
      .orderBy('username')
      .limit(100)
      .execute(),
  ]);
  const orderIds = orders.map((o) => o.id);
  const esims = orderIds.length
    ? await db
        .selectFrom('esims as e')
        .innerJoin('orders as o', 'o.id', 'e.order_id')
        .select(['e.id', 'e.iccid', 'e.status', 'o.public_id'])
        .where('e.order_id', 'in', orderIds)
        .orderBy('e.id', 'desc')
        .execute()
    : [];
  return {
    ...toRow(row),
    locale: ticket.locale,
    customer: customer ?? null,
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      authorName: m.author === 'customer' ? null : (m.username ?? null),
      body: m.body,
      via: m.via,
      createdAt: m.created_at,
    })),
    events: events.map((e) => ({ from: e.from_status, to: e.to_status, actor: e.actor, actorName: e.username ?? null, at: e.created_at })),
    orders: orders.map((o) => ({
      publicId: o.public_id,
      status: o.status,
      planName: o.plan_name,
      totalMinor: o.total_amount_minor,
      currency: o.currency,
      createdAt: o.created_at,
    })),
    esims: esims.map((e) => ({ iccid: e.iccid, status: e.status, orderPublicId: e.public_id, thisTicket: e.id === ticket.esim_id })),
    agents: agents.map((a) => ({ id: a.id, username: a.username, role: a.admin_role })),
  };
}

export async function assignTicket(db: Db, services: Services, actor: AdminActor, input: { id: number; assigneeId: number | null }) {
  const now = services.now();
  await writeTransaction(db, async (trx) => {
    const t = await ticketOrThrow(trx, input.id);
    if (t.assignee_id === input.assigneeId) return;
    let name = 'nobody';
    if (input.assigneeId !== null) {
      const agent = await trx
        .selectFrom('users')
        .select(['username'])
        .where('id', '=', input.assigneeId)
        .where('role', '=', 'admin')
        .where('admin_role', 'in', ['owner', 'support'])
        .executeTakeFirst();
      if (!agent) throw new AppError('BAD_INPUT', 'Assign the ticket to an owner or support account.', { field: 'assigneeId' });
      name = agent.username;
    }
    await trx.updateTable('tickets').set({ assignee_id: input.assigneeId }).where('id', '=', t.id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'ticket.assign',
        entity: 'ticket',
        entityId: ticketNumber(t.id),
        summary: `${ticketNumber(t.id)} assigned to ${name}`,
        before: { assigneeId: t.assignee_id },
        after: { assigneeId: input.assigneeId },
      },
      now,
    );
  });
  return getTicket(db, input.id);
}

/** An agent's answer: added to the thread, the status set (waiting by default), e-mailed after the commit. */
export async function answerTicket(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: { id: number; body: string; status: 'waiting' | 'solved' },
) {
  const now = services.now();
  const ticket = await writeTransaction(db, async (trx) => {
    const t = await ticketOrThrow(trx, input.id);
    await addTicketMessage(trx, { ticketId: t.id, author: 'agent', authorUserId: actor.id, body: input.body, via: 'web', now });
    await moveTicket(trx, t, input.status, { kind: 'agent', userId: actor.id }, now);
    if (t.assignee_id === null) await trx.updateTable('tickets').set({ assignee_id: actor.id }).where('id', '=', t.id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'ticket.answer',
        entity: 'ticket',
        entityId: ticketNumber(t.id),
        summary: `Answered ${ticketNumber(t.id)} (${input.body.length} characters); ${t.status} → ${input.status}`,
        before: { status: t.status },
        after: { status: input.status },
      },
      now,
    );
    return t;
  });
  await sendTicketMail(db, services, ticket, 'answer', { answer: input.body, solved: input.status === 'solved' });
  return getTicket(db, input.id);
}

export async function noteTicket(db: Db, services: Services, actor: AdminActor, input: { id: number; body: string }) {
  const now = services.now();
  await writeTransaction(db, async (trx) => {
    const t = await ticketOrThrow(trx, input.id);
    await addTicketMessage(trx, { ticketId: t.id, author: 'note', authorUserId: actor.id, body: input.body, via: 'web', now });
    await recordAudit(
      trx,
      actor,
      { action: 'ticket.note', entity: 'ticket', entityId: ticketNumber(t.id), summary: `Internal note on ${ticketNumber(t.id)}` },
      now,
    );
  });
  return getTicket(db, input.id);
}

export async function setTicketStatus(db: Db, services: Services, actor: AdminActor, input: { id: number; status: TTicketStatus }) {
  const now = services.now();
  await writeTransaction(db, async (trx) => {
    const t = await ticketOrThrow(trx, input.id);
    if (!(await moveTicket(trx, t, input.status, { kind: 'agent', userId: actor.id }, now))) return;
    await recordAudit(
      trx,
      actor,
      {
        action: 'ticket.status',
        entity: 'ticket',
        entityId: ticketNumber(t.id),
        summary: `${ticketNumber(t.id)}: ${t.status} → ${input.status}`,
        before: { status: t.status },
        after: { status: input.status },
      },
      now,
    );
  });
  return getTicket(db, input.id);
}

// ── canned answers ──────────────────────────────────────────────────────────────────────────
export interface CannedAnswerView {
  id: number;
  locale: string;
  title: string;
  body: string;
  updatedAt: string;
}

export async function listCannedAnswers(db: Db, input: { locale?: string | undefined }): Promise<CannedAnswerView[]> {
  let q = db.selectFrom('canned_answers').select(['id', 'locale', 'title', 'body', 'updated_at']);
  if (input.locale) q = q.where('locale', '=', input.locale);
  const rows = await q.orderBy('locale').orderBy('id').limit(500).execute();
  return rows.map((r) => ({ id: r.id, locale: r.locale, title: r.title, body: r.body, updatedAt: r.updated_at }));
}

export async function saveCannedAnswer(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: { id?: number | undefined; locale: string; title: string; body: string },
): Promise<CannedAnswerView> {
  const now = services.now().toISOString();
  return writeTransaction(db, async (trx) => {
    let id = input.id;
    if (id !== undefined) {
      const before = await trx.selectFrom('canned_answers').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw new AppError('NOT_FOUND', `No canned answer has the id ${id}.`);
      await trx
        .updateTable('canned_answers')
        .set({ locale: input.locale, title: input.title, body: input.body, updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit(
        trx,
        actor,
        {
          action: 'canned_answer.update',
          entity: 'canned_answer',
          entityId: id,
          summary: `Canned answer '${input.title.slice(0, 80)}' (${input.locale}) changed`,
          before: { locale: before.locale, title: before.title },
          after: { locale: input.locale, title: input.title },
        },
        services.now(),
      );
    } else {
      const row = await trx
        .insertInto('canned_answers')
        .values({ locale: input.locale, title: input.title, body: input.body, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
      await recordAudit(
        trx,
        actor,
        {
          action: 'canned_answer.create',
          entity: 'canned_answer',
          entityId: id,
          summary: `Canned answer '${input.title.slice(0, 80)}' (${input.locale}) added`,
        },
        services.now(),
      );
    }
    return { id, locale: input.locale, title: input.title, body: input.body, updatedAt: now };
  });
}

export async function deleteCannedAnswer(db: Db, services: Services, actor: AdminActor, input: { id: number }): Promise<{ ok: true }> {
  await writeTransaction(db, async (trx) => {
    const before = await trx.selectFrom('canned_answers').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', `No canned answer has the id ${input.id}.`);
    await trx.deleteFrom('canned_answers').where('id', '=', input.id).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'canned_answer.delete',
        entity: 'canned_answer',
        entityId: input.id,
        summary: `Canned answer '${before.title.slice(0, 80)}' (${before.locale}) deleted`,
      },
      services.now(),
    );
  });
  return { ok: true };
}

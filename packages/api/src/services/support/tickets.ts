// Support tickets (issue 30), the traveller's side: a contact message or an eSIM's 'get help' opens
// a ticket (T-000123, from the database's id, so unique across server instances) and e-mails the
// acknowledgement; the traveller reads and answers the thread in the account (their own tickets
// only) or, as a guest, through the signed link every e-mail carries.
//
// `moveTicket` is the one writer of tickets.status: it checks the allowed moves (domain/tickets.ts)
// and writes a ticket_events row in the same transaction. E-mails go out after the commit; a
// failed send is logged (the thread keeps the message, the link in the next e-mail still works).
//
// The guest link: '<id>.<expires>.<HMAC-SHA256(key, "ticket-link:<id>:<expires>")>' under support's
// link key (link-key.ts: kept in the database, the same for every instance; shared/tokens.ts
// compares), valid TICKET_LINK_TTL_MS (90 days) from the e-mail that carried it. A link of the wrong
// shape or signature is 404 (links cannot be probed); a genuine one past its date 403 TICKET_LINK_EXPIRED.
import { createHmac } from 'node:crypto';
import type { Db, TicketRow, TicketSource } from '@esim/db';
import { iso } from '../../domain/time.ts';
import { shopLanguage } from '../../domain/language.ts';
import type { TContactInput } from '../../domain/support.ts';
import { mayMoveTicket, parseLinkToken, plusAddress, ticketNumber, type TTicketAuthor, type TTicketStatus } from '../../domain/tickets.ts';
import { renderTicketAckEmail, renderTicketAnswerEmail } from '../../emails/render-tickets.ts';
import { AppError } from '../../errors.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { sameHex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';
import { createContactMessage, type ContactMeta } from './contact.ts';
import { existingSupportLinkKey, supportLinkKey } from './link-key.ts';

/** How long a guest's link works after the e-mail that carried it. */
export const TICKET_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export type TicketActor = { kind: 'traveller' | 'agent' | 'system'; userId: number | null };

// ── views ───────────────────────────────────────────────────────────────────────────────────
export interface TicketMessageView {
  id: number;
  author: 'customer' | 'agent';
  body: string;
  createdAt: string;
}

export interface TicketSummaryView {
  number: string;
  subject: string;
  status: TTicketStatus;
  createdAt: string;
  updatedAt: string;
  /** Who wrote last: 'agent' means an answer is waiting to be read. */
  lastAuthor: 'customer' | 'agent' | null;
}

export interface TicketThreadView extends TicketSummaryView {
  messages: TicketMessageView[];
  /** The eSIM it is about (a 'get help' from its page). */
  iccid: string | null;
}

// ── links ───────────────────────────────────────────────────────────────────────────────────
function linkSignature(secret: string, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`ticket-link:${id}:${expires}`).digest('base64url');
}

export async function issueTicketLinkToken(db: Db, services: Services, ticketId: number): Promise<string> {
  const expires = Math.floor((services.now().getTime() + TICKET_LINK_TTL_MS) / 1000);
  return `${ticketId}.${expires}.${linkSignature(await supportLinkKey(db), ticketId, expires)}`;
}

/** The ticket a link names; a forged or malformed one 404, an expired one 403 TICKET_LINK_EXPIRED. */
export async function verifyTicketLinkToken(db: Db, services: Services, token: string): Promise<number> {
  const parts = parseLinkToken(token);
  const notFound = new AppError('NOT_FOUND', 'This link is not valid. Open the newest e-mail about your request.');
  if (!parts) throw notFound;
  const key = await existingSupportLinkKey(db);
  if (!key || !sameHex(parts.sig, linkSignature(key, parts.id, parts.expires))) throw notFound;
  if (parts.expires * 1000 <= services.now().getTime()) throw new AppError('TICKET_LINK_EXPIRED');
  return parts.id;
}

/** The plus part of a ticket's reply address: 't<id>-<20 hex>' (HMAC, so addresses cannot be guessed). */
export async function ticketMailboxHash(db: Db, ticketId: number): Promise<string> {
  const sig = createHmac('sha256', await supportLinkKey(db))
    .update(`ticket-mail:${ticketId}`)
    .digest('hex')
    .slice(0, 20);
  return `t${ticketId}-${sig}`;
}

function pageUrl(services: Services, path: string, locale: string): string {
  const lang = shopLanguage(locale);
  return new URL(lang === 'en' ? path : `/${lang}${path}`, services.config.publicUrl).href;
}

/** Where an e-mail sends the traveller: the account's ticket page (signed in) or the signed link. */
export async function ticketUrl(db: Db, services: Services, ticket: Pick<TicketRow, 'id' | 'user_id' | 'locale'>): Promise<string> {
  if (ticket.user_id !== null) return `${pageUrl(services, '/account/tickets', ticket.locale)}?number=${ticketNumber(ticket.id)}`;
  return `${pageUrl(services, '/support', ticket.locale)}?ticket=${encodeURIComponent(await issueTicketLinkToken(db, services, ticket.id))}`;
}

// ── the one writer of tickets.status ─────────────────────────────────────────────────────────
/**
 * Moves a ticket to `to` (a no-op when it is there already) and records the event; `trx` is the
 * caller's transaction. A move the table forbids is refused with 409.
 */
export async function moveTicket(trx: Db, ticket: Pick<TicketRow, 'id' | 'status'>, to: TTicketStatus, actor: TicketActor, now: Date) {
  if (ticket.status === to) return false;
  if (!mayMoveTicket(actor.kind, ticket.status, to)) {
    throw new AppError('CONFLICT', `A ticket cannot move from ${ticket.status} to ${to} that way.`);
  }
  await trx
    .updateTable('tickets')
    .set({ status: to, updated_at: iso(now) })
    .where('id', '=', ticket.id)
    .where('status', '=', ticket.status)
    .execute();
  await trx
    .insertInto('ticket_events')
    .values({
      ticket_id: ticket.id,
      from_status: ticket.status,
      to_status: to,
      actor: actor.kind,
      actor_user_id: actor.userId,
      created_at: iso(now),
    })
    .execute();
  return true;
}

/** Adds one message to the thread and touches the ticket. */
export async function addTicketMessage(
  trx: Db,
  args: {
    ticketId: number;
    author: TTicketAuthor;
    authorUserId: number | null;
    body: string;
    via: 'web' | 'link' | 'email';
    externalId?: string | null;
    now: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('ticket_messages')
    .values({
      ticket_id: args.ticketId,
      author: args.author,
      author_user_id: args.authorUserId,
      body: args.body,
      via: args.via,
      external_id: args.externalId ?? null,
      created_at: iso(args.now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (args.author !== 'note')
    await trx
      .updateTable('tickets')
      .set({ updated_at: iso(args.now) })
      .where('id', '=', args.ticketId)
      .execute();
  return row.id;
}

// ── opening ──────────────────────────────────────────────────────────────────────────────────
export interface OpenTicketInput {
  subject: string;
  name: string;
  email: string;
  body: string;
  userId: number | null;
  locale: string;
  source: TicketSource;
  contactMessageId?: number | null;
  esimId?: number | null;
  via?: 'web' | 'email';
  externalId?: string | null;
}

/** Inserts the ticket, its first message and its event (inside the caller's transaction). */
export async function insertTicket(trx: Db, input: OpenTicketInput, now: Date): Promise<TicketRow> {
  const ticket = await trx
    .insertInto('tickets')
    .values({
      subject: input.subject,
      status: 'open',
      email: input.email.trim().toLowerCase(),
      name: input.name,
      user_id: input.userId,
      locale: shopLanguage(input.locale),
      source: input.source,
      contact_message_id: input.contactMessageId ?? null,
      esim_id: input.esimId ?? null,
      created_at: iso(now),
      updated_at: iso(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ticket_events')
    .values({ ticket_id: ticket.id, from_status: null, to_status: 'open', actor: 'system', actor_user_id: null, created_at: iso(now) })
    .execute();
  await addTicketMessage(trx, {
    ticketId: ticket.id,
    author: 'customer',
    authorUserId: input.userId,
    body: input.body,
    via: input.via ?? 'web',
    externalId: input.externalId ?? null,
    now,
  });
  return ticket;
}

/** The reply address of a ticket's e-mails, or null without an inbound mail route. */
async function replyAddress(db: Db, services: Services, ticketId: number): Promise<string | null> {
  const inbound = services.supportMail?.inboundAddress;
  return inbound ? plusAddress(inbound, await ticketMailboxHash(db, ticketId)) : null;
}

async function sendTicketMail(
  db: Db,
  services: Services,
  ticket: TicketRow,
  kind: 'ack' | 'answer',
  extra?: { answer: string; solved: boolean },
) {
  const replyTo = await replyAddress(db, services, ticket.id);
  const common = {
    locale: ticket.locale,
    number: ticketNumber(ticket.id),
    subject: ticket.subject,
    url: await ticketUrl(db, services, ticket),
    replyByEmail: replyTo !== null,
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
  };
  const mail =
    kind === 'ack' ? renderTicketAckEmail(common) : renderTicketAnswerEmail({ ...common, answer: extra!.answer, solved: extra!.solved });
  try {
    await services.mailer.send({
      to: ticket.email,
      ...mail,
      ...(replyTo ? { replyTo } : {}),
      tag: `ticket-${ticketNumber(ticket.id)}-${kind}-${services.now().getTime()}`,
    });
  } catch (e) {
    services.log.error('ticket e-mail not sent (the thread has the message)', { ticket: ticketNumber(ticket.id), kind, error: String(e) });
  }
}

export { sendTicketMail };

/**
 * The support page's contact form (and an eSIM's 'get help', with `iccid`): stores the contact
 * message (its per-address limit applies), opens a ticket with it as the first message, and e-mails
 * the acknowledgement. An ICCID counts only when it is the signed-in traveller's own eSIM.
 */
export async function submitContact(
  db: Db,
  services: Services,
  input: TContactInput & { iccid?: string | undefined },
  meta: ContactMeta & { locale: string },
): Promise<{ id: number; createdAt: string; ticketNumber: string }> {
  const { stored, ticket } = await writeTransaction(db, async (trx) => {
    const stored = await createContactMessage(trx, input, meta);
    let esimId: number | null = null;
    if (input.iccid && meta.userId !== null) {
      const esim = await trx
        .selectFrom('esims as e')
        .innerJoin('orders as o', 'o.id', 'e.order_id')
        .select('e.id')
        .where('e.iccid', '=', input.iccid)
        .where('o.user_id', '=', meta.userId)
        .orderBy('e.id', 'desc')
        .executeTakeFirst();
      esimId = esim?.id ?? null;
    }
    const ticket = await insertTicket(
      trx,
      {
        subject: input.subject,
        name: input.name,
        email: input.email,
        body: input.message,
        userId: meta.userId,
        locale: meta.locale,
        source: esimId !== null ? 'esim' : 'contact',
        contactMessageId: stored.id,
        esimId,
      },
      meta.now,
    );
    return { stored, ticket };
  });
  await sendTicketMail(db, services, ticket, 'ack');
  return { ...stored, ticketNumber: ticketNumber(ticket.id) };
}

// ── the traveller's reads and replies ────────────────────────────────────────────────────────
async function threadOf(db: Db, ticket: TicketRow): Promise<TicketThreadView> {
  const [messages, esim] = await Promise.all([
    db
      .selectFrom('ticket_messages')
      .select(['id', 'author', 'body', 'created_at'])
      .where('ticket_id', '=', ticket.id)
      .where('author', 'in', ['customer', 'agent'])
      .orderBy('id')
      .execute(),
    ticket.esim_id === null ? null : db.selectFrom('esims').select('iccid').where('id', '=', ticket.esim_id).executeTakeFirst(),
  ]);
  const shown = messages.map((m) => ({ id: m.id, author: m.author as 'customer' | 'agent', body: m.body, createdAt: m.created_at }));
  return {
    number: ticketNumber(ticket.id),
    subject: ticket.subject,
    status: ticket.status,
    createdAt: ticket.created_at,
    updatedAt: ticket.updated_at,
    lastAuthor: shown.at(-1)?.author ?? null,
    messages: shown,
    iccid: esim?.iccid ?? null,
  };
}

const noSuchTicket = () => new AppError('NOT_FOUND', 'No ticket of yours has that number.');

async function ownTicket(db: Db, userId: number, id: number): Promise<TicketRow> {
  const ticket = await db.selectFrom('tickets').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!ticket) throw noSuchTicket();
  return ticket;
}

/** The signed-in traveller's tickets, the most recently active first. */
export async function listMyTickets(db: Db, userId: number): Promise<TicketSummaryView[]> {
  const rows = await db
    .selectFrom('tickets as t')
    .select([
      't.id',
      't.subject',
      't.status',
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
    ])
    .where('t.user_id', '=', userId)
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    number: ticketNumber(r.id),
    subject: r.subject,
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lastAuthor: (r.last_author as 'customer' | 'agent' | null) ?? null,
  }));
}

/** The account tile: tickets not yet solved. */
export async function countMyOpenTickets(db: Db, userId: number): Promise<{ open: number }> {
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'solved')
    .executeTakeFirstOrThrow();
  return { open: Number(row.n) };
}

export async function getMyTicket(db: Db, userId: number, id: number): Promise<TicketThreadView> {
  return threadOf(db, await ownTicket(db, userId, id));
}

export async function getTicketByLink(db: Db, services: Services, token: string): Promise<TicketThreadView> {
  const id = await verifyTicketLinkToken(db, services, token);
  const ticket = await db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
  if (!ticket) throw noSuchTicket();
  return threadOf(db, ticket);
}

/** The traveller's reply: one message; a ticket waiting for them or solved opens again. */
export async function addCustomerReply(
  db: Db,
  services: Services,
  args: { ticketId: number; body: string; via: 'web' | 'link' | 'email'; userId: number | null; externalId?: string | null },
): Promise<TicketRow> {
  const now = services.now();
  return writeTransaction(db, async (trx) => {
    const ticket = await trx.selectFrom('tickets').selectAll().where('id', '=', args.ticketId).executeTakeFirst();
    if (!ticket) throw noSuchTicket();
    await addTicketMessage(trx, {
      ticketId: ticket.id,
      author: 'customer',
      authorUserId: args.userId,
      body: args.body,
      via: args.via,
      externalId: args.externalId ?? null,
      now,
    });
    await moveTicket(trx, ticket, 'open', { kind: 'traveller', userId: args.userId }, now);
    return { ...ticket, status: 'open' as const, updated_at: iso(now) };
  });
}

export async function replyToMyTicket(
  db: Db,
  services: Services,
  userId: number,
  input: { number: number; body: string },
): Promise<TicketThreadView> {
  await ownTicket(db, userId, input.number);
  const ticket = await addCustomerReply(db, services, { ticketId: input.number, body: input.body, via: 'web', userId });
  return threadOf(db, ticket);
}

export async function replyByLink(db: Db, services: Services, input: { token: string; body: string }): Promise<TicketThreadView> {
  const id = await verifyTicketLinkToken(db, services, input.token);
  const ticket = await addCustomerReply(db, services, { ticketId: id, body: input.body, via: 'link', userId: null });
  return threadOf(db, ticket);
}

// The live chat (issue 30). A conversation is a signed-in traveller's (bound to their account) or a
// guest's (bound to a signed token the browser keeps: '<id>.<HMAC-SHA256(support link key,
// "chat:<id>")>', the key shared by every instance through the database). Nobody reads another's
// chat: a conversation with an owner needs that account's session; a guest's needs its token.
//
// Delivery goes through the database only: messages are rows with increasing ids, and every
// server instance streams a conversation by reading `id > last sent` (chatUpdates, polled by the
// server's SSE endpoint), so two instances on one database both deliver. Typing and read state
// are columns on the conversation.
//
// When nobody answers a traveller's message within the owner's timeout (escalateDueChats, run by
// the server's sweep), the chat is claimed with a conditional UPDATE (one instance wins) and
// becomes a ticket answered by e-mail (the ticket service: insertTicket + its acknowledgement);
// a guest without an e-mail is asked for one in the chat first ('needs_email'), and the ticket is
// opened when they give it.
import { createHmac } from 'node:crypto';
import type { ChatConversationRow, Db } from '@esim/db';
import {
  AGENT_ONLINE_MS,
  answerOverdue,
  chatBadge,
  chatTranscript,
  isTyping,
  parseChatSettings,
  type ChatBadge,
  type ChatSettings,
} from '../../domain/chat.ts';
import { shopLanguage } from '../../domain/language.ts';
import { CHAT_MESSAGES_PER_CHAT, CHATS_PER_CLIENT } from '../../domain/rate-limit.ts';
import { ticketNumber } from '../../domain/tickets.ts';
import { iso } from '../../domain/time.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../admin/audit.ts';
import type { AdminActor } from '../admin/views.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { enforceClientRate, enforceRate } from '../shared/rate-limit.ts';
import { sameHex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';
import { existingSupportLinkKey, supportLinkKey } from './link-key.ts';
import { addCustomerReply, insertTicket, sendTicketMail } from './tickets.ts';

const SETTINGS_KEY = 'chat_settings';

export interface ChatMessageView {
  id: number;
  author: 'customer' | 'agent' | 'system';
  /** A system message's body is JSON { key, ...params } the web translates. */
  body: string;
  createdAt: string;
}

export interface ChatStateView {
  status: ChatConversationRow['status'];
  ticketNumber: string | null;
  /** The other side is typing. */
  typing: boolean;
  /** The last message id the other side has read. */
  readId: number;
  /** Whether the conversation has an e-mail to answer by. */
  hasEmail: boolean;
}

export interface ChatThreadView {
  id: number;
  messages: ChatMessageView[];
  state: ChatStateView;
}

type Side = 'customer' | 'agent';
type Viewer = { userId: number | null; token?: string | undefined };

// ── settings ─────────────────────────────────────────────────────────────────────────────────
export async function readChatSettings(db: Db): Promise<ChatSettings> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', SETTINGS_KEY).executeTakeFirst();
  return parseChatSettings(row?.value);
}

export async function saveChatSettings(db: Db, services: Services, actor: AdminActor, settings: ChatSettings): Promise<ChatSettings> {
  const now = services.now();
  await writeTransaction(db, async (trx) => {
    const before = await readChatSettings(trx);
    await trx
      .insertInto('app_settings')
      .values({ key: SETTINGS_KEY, value: JSON.stringify(settings), created_at: iso(now) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(settings) }))
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'chat.settings',
        entity: 'chat',
        entityId: 'settings',
        summary: 'Live chat office hours and answer timeout changed',
        before: before as unknown as Record<string, unknown>,
        after: settings as unknown as Record<string, unknown>,
      },
      now,
    );
  });
  return settings;
}

export async function agentsOnline(db: Db, now: Date): Promise<number> {
  const row = await db
    .selectFrom('chat_agents')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('last_seen_at', '>', iso(new Date(now.getTime() - AGENT_ONLINE_MS)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The support page's badge (public). */
export async function chatAvailability(db: Db, services: Services): Promise<ChatBadge> {
  const now = services.now();
  const [settings, online] = await Promise.all([readChatSettings(db), agentsOnline(db, now)]);
  return chatBadge(settings, online, now);
}

// ── the guest's token ───────────────────────────────────────────────────────────────────────
const sign = (key: string, id: number) => createHmac('sha256', key).update(`chat:${id}`).digest('base64url');

async function issueChatToken(db: Db, id: number): Promise<string> {
  return `${id}.${sign(await supportLinkKey(db), id)}`;
}

async function chatIdOfToken(db: Db, token: string | undefined): Promise<number | null> {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!m) return null;
  const id = Number(m[1]);
  const key = await existingSupportLinkKey(db);
  return key && sameHex(m[2]!, sign(key, id)) ? id : null;
}

const noSuchChat = () => new AppError('NOT_FOUND', 'No chat of yours was found. Start a new chat.');

/**
 * The conversation the viewer may use: theirs by account (signed in: their newest, whatever its
 * status; startChat opens a new one after a closed or ticketed chat) or by a guest's token. A
 * conversation bound to an account is never reachable by a token alone.
 */
export async function conversationFor(db: Db, viewer: Viewer): Promise<ChatConversationRow> {
  const byToken = await chatIdOfToken(db, viewer.token);
  let row: ChatConversationRow | undefined;
  if (byToken !== null) {
    row = await db.selectFrom('chat_conversations').selectAll().where('id', '=', byToken).executeTakeFirst();
    if (row && row.user_id !== null && row.user_id !== viewer.userId) row = undefined;
  } else if (viewer.userId !== null) {
    row = await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('user_id', '=', viewer.userId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }
  if (!row) throw noSuchChat();
  return row;
}

// ── reads ──────────────────────────────────────────────────────────────────────────────────
function messageView(m: { id: number; author: string; body: string; created_at: string }): ChatMessageView {
  return { id: m.id, author: m.author as ChatMessageView['author'], body: m.body, createdAt: m.created_at };
}

function stateOf(conv: ChatConversationRow, side: Side, now: Date): ChatStateView {
  return {
    status: conv.status,
    ticketNumber: conv.ticket_id === null ? null : ticketNumber(conv.ticket_id),
    typing: isTyping(side === 'customer' ? conv.agent_typing_at : conv.customer_typing_at, now),
    readId: side === 'customer' ? conv.agent_read_id : conv.customer_read_id,
    hasEmail: conv.email !== null,
  };
}

/** What a stream sends after `afterId`: new messages (at most 100 a read) and the state. */
export async function chatUpdates(
  db: Db,
  services: Services,
  conversationId: number,
  afterId: number,
  side: Side,
): Promise<{ messages: ChatMessageView[]; state: ChatStateView } | null> {
  const [conv, messages] = await Promise.all([
    db.selectFrom('chat_conversations').selectAll().where('id', '=', conversationId).executeTakeFirst(),
    db
      .selectFrom('chat_messages')
      .select(['id', 'author', 'body', 'created_at'])
      .where('conversation_id', '=', conversationId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(100)
      .execute(),
  ]);
  if (!conv) return null;
  return { messages: messages.map(messageView), state: stateOf(conv, side, services.now()) };
}

async function threadOf(db: Db, services: Services, conv: ChatConversationRow, side: Side): Promise<ChatThreadView> {
  const messages = await db
    .selectFrom('chat_messages')
    .select(['id', 'author', 'body', 'created_at'])
    .where('conversation_id', '=', conv.id)
    .orderBy('id')
    .execute();
  return { id: conv.id, messages: messages.map(messageView), state: stateOf(conv, side, services.now()) };
}

export async function getMyChat(db: Db, services: Services, viewer: Viewer): Promise<ChatThreadView> {
  return threadOf(db, services, await conversationFor(db, viewer), 'customer');
}

// ── the traveller ───────────────────────────────────────────────────────────────────────────
/**
 * Opens the chat window: the viewer's conversation when they have one still going (open, or
 * waiting for a guest's e-mail; by account or token), else a new one (a chat that became a ticket
 * is answered by e-mail: the next 'Start chat' is a new chat). → the thread and, for a guest, the
 * token to keep.
 */
export async function startChat(
  db: Db,
  services: Services,
  viewer: Viewer & { email: string | null; name: string | null },
  input: { name?: string | undefined; email?: string | undefined },
  locale: string,
  ip: string,
): Promise<ChatThreadView & { token: string | null }> {
  try {
    const existing = await conversationFor(db, viewer);
    if (existing.status === 'open' || existing.status === 'needs_email') {
      return { ...(await threadOf(db, services, existing, 'customer')), token: existing.user_id === null ? (viewer.token ?? null) : null };
    }
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
  }
  await enforceClientRate(db, services, CHATS_PER_CLIENT, ip);
  const now = iso(services.now());
  const conv = await db
    .insertInto('chat_conversations')
    .values({
      user_id: viewer.userId,
      name: viewer.name ?? input.name ?? null,
      email: viewer.email ?? input.email ?? null,
      locale: shopLanguage(locale),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = conv.user_id === null ? await issueChatToken(db, conv.id) : null;
  return { ...(await threadOf(db, services, conv, 'customer')), token };
}

/** The traveller's message. A chat already turned into a ticket adds it to the ticket's thread too. */
export async function sendChatMessage(db: Db, services: Services, viewer: Viewer, body: string): Promise<ChatMessageView> {
  const conv = await conversationFor(db, viewer);
  if (conv.status === 'closed') throw new AppError('CONFLICT', 'This chat is closed. Start a new chat.');
  await enforceRate(db, services, CHAT_MESSAGES_PER_CHAT, `chat:${conv.id}`);
  const now = services.now();
  const row = await writeTransaction(db, async (trx) => {
    const msg = await trx
      .insertInto('chat_messages')
      .values({ conversation_id: conv.id, author: 'customer', author_user_id: viewer.userId, body, created_at: iso(now) })
      .returning(['id', 'author', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('chat_conversations')
      .set((eb) => ({
        updated_at: iso(now),
        customer_typing_at: null,
        customer_read_id: msg.id,
        waiting_since: eb.fn.coalesce('waiting_since', eb.val(iso(now))),
      }))
      .where('id', '=', conv.id)
      .execute();
    return msg;
  });
  if (conv.status === 'ticket' && conv.ticket_id !== null) {
    await addCustomerReply(db, services, { ticketId: conv.ticket_id, body, via: 'web', userId: viewer.userId });
  }
  return messageView(row);
}

export async function signalTyping(db: Db, services: Services, side: Side, conversationId: number): Promise<{ ok: true }> {
  await db
    .updateTable('chat_conversations')
    .set(side === 'customer' ? { customer_typing_at: iso(services.now()) } : { agent_typing_at: iso(services.now()) })
    .where('id', '=', conversationId)
    .execute();
  return { ok: true };
}

/** Read up to `lastId` (never moves back; never past the conversation's own messages). */
export async function markRead(db: Db, side: Side, conversationId: number, lastId: number): Promise<{ ok: true }> {
  const col = side === 'customer' ? 'customer_read_id' : 'agent_read_id';
  const top = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('max'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  const upTo = Math.min(lastId, Number(top?.max ?? 0));
  await db
    .updateTable('chat_conversations')
    .set({ [col]: upTo })
    .where('id', '=', conversationId)
    .where(col, '<', upTo)
    .execute();
  return { ok: true };
}

export async function customerTyping(db: Db, services: Services, viewer: Viewer) {
  const conv = await conversationFor(db, viewer);
  return signalTyping(db, services, 'customer', conv.id);
}

export async function customerRead(db: Db, viewer: Viewer, lastId: number) {
  const conv = await conversationFor(db, viewer);
  return markRead(db, 'customer', conv.id, lastId);
}

/** A guest gives the e-mail to be answered by; a chat waiting for it becomes a ticket now. */
export async function giveChatEmail(db: Db, services: Services, viewer: Viewer, email: string): Promise<ChatThreadView> {
  const conv = await conversationFor(db, viewer);
  if (conv.status === 'ticket' || conv.status === 'closed') {
    throw new AppError('CONFLICT', 'This chat has already become a ticket; we answer it by e-mail.');
  }
  await db.updateTable('chat_conversations').set({ email }).where('id', '=', conv.id).execute();
  if (conv.status === 'needs_email') await escalateChat(db, services, conv.id, 'needs_email');
  return getMyChat(db, services, viewer);
}

// ── the agent ───────────────────────────────────────────────────────────────────────────────
export async function agentHeartbeat(db: Db, services: Services, userId: number): Promise<{ online: number }> {
  const now = services.now();
  await db
    .insertInto('chat_agents')
    .values({ user_id: userId, last_seen_at: iso(now) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_seen_at: iso(now) }))
    .execute();
  return { online: await agentsOnline(db, now) };
}

export interface AgentChatSummary {
  id: number;
  status: ChatConversationRow['status'];
  name: string | null;
  /** Signed in (an account) or a guest. */
  guest: boolean;
  locale: string;
  waitingSince: string | null;
  updatedAt: string;
  unread: number;
  lastMessage: string | null;
  ticketNumber: string | null;
}

/** Chats still going (open, or waiting for a guest's e-mail), the longest waiting first. */
export async function listAgentChats(db: Db): Promise<AgentChatSummary[]> {
  const rows = await db
    .selectFrom('chat_conversations as c')
    .select([
      'c.id',
      'c.status',
      'c.name',
      'c.user_id',
      'c.locale',
      'c.waiting_since',
      'c.updated_at',
      'c.ticket_id',
      (eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.author', '=', 'customer')
          .whereRef('m.id', '>', 'c.agent_read_id')
          .as('unread'),
      (eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select('m.body')
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.author', '!=', 'system')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last_body'),
    ])
    .where('c.status', 'in', ['open', 'needs_email'])
    .orderBy('c.updated_at', 'desc')
    .limit(100)
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      status: r.status,
      name: r.name,
      guest: r.user_id === null,
      locale: r.locale,
      waitingSince: r.waiting_since,
      updatedAt: r.updated_at,
      unread: Number(r.unread ?? 0),
      lastMessage: r.last_body ?? null,
      ticketNumber: r.ticket_id === null ? null : ticketNumber(r.ticket_id),
    }))
    .sort((a, b) => (a.waitingSince ?? '~').localeCompare(b.waitingSince ?? '~'));
}

async function anyConversation(db: Db, id: number): Promise<ChatConversationRow> {
  const conv = await db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!conv) throw new AppError('NOT_FOUND', 'No chat has that number.');
  return conv;
}

export async function getAgentChat(
  db: Db,
  services: Services,
  id: number,
): Promise<ChatThreadView & { name: string | null; guest: boolean }> {
  const conv = await anyConversation(db, id);
  return { ...(await threadOf(db, services, conv, 'agent')), name: conv.name, guest: conv.user_id === null };
}

export async function answerChat(db: Db, services: Services, agentId: number, id: number, body: string): Promise<ChatMessageView> {
  const conv = await anyConversation(db, id);
  if (conv.status === 'ticket' || conv.status === 'closed') {
    throw new AppError(
      'CONFLICT',
      conv.ticket_id !== null
        ? `This chat became ticket ${ticketNumber(conv.ticket_id)}; answer it in the ticket inbox.`
        : 'This chat is closed.',
    );
  }
  const now = services.now();
  return writeTransaction(db, async (trx) => {
    const msg = await trx
      .insertInto('chat_messages')
      .values({ conversation_id: id, author: 'agent', author_user_id: agentId, body, created_at: iso(now) })
      .returning(['id', 'author', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('chat_conversations')
      // An answer ends the wait; a chat that was asking a guest for an e-mail is live again.
      .set({ updated_at: iso(now), waiting_since: null, agent_typing_at: null, agent_read_id: msg.id, status: 'open' })
      .where('id', '=', id)
      .where('status', 'in', ['open', 'needs_email'])
      .execute();
    return messageView(msg);
  });
}

/** An agent ends a chat still going (audited); the traveller is told, and 'Start chat' opens a new one. */
export async function closeChat(db: Db, services: Services, actor: AdminActor, id: number): Promise<{ ok: true }> {
  const now = services.now();
  await writeTransaction(db, async (trx) => {
    const closed = await trx
      .updateTable('chat_conversations')
      .set({ status: 'closed', updated_at: iso(now), waiting_since: null, agent_typing_at: null })
      .where('id', '=', id)
      .where('status', 'in', ['open', 'needs_email'])
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) {
      await anyConversation(trx, id);
      throw new AppError('CONFLICT', 'This chat is no longer open.');
    }
    await trx
      .insertInto('chat_messages')
      .values({ conversation_id: id, author: 'system', author_user_id: null, body: systemBody('closed'), created_at: iso(now) })
      .execute();
    await recordAudit(trx, actor, { action: 'chat.close', entity: 'chat', entityId: id, summary: `Live chat #${id} closed` }, now);
  });
  return { ok: true };
}

// ── nobody answered: the chat becomes a ticket ───────────────────────────────────────────────
const systemBody = (key: string, params: Record<string, string | number> = {}) => JSON.stringify({ key, ...params });

/**
 * Claims the conversation (a conditional UPDATE from `from`: of several instances, one wins) and
 * moves it on: with an e-mail, a ticket (source 'chat', the transcript as its first message) and
 * its acknowledgement e-mail after the commit; without one, 'needs_email' and a message asking for it.
 * → the new status, or null when another instance (or an answer) got there first.
 */
export async function escalateChat(
  db: Db,
  services: Services,
  id: number,
  from: 'open' | 'needs_email',
): Promise<'ticket' | 'needs_email' | null> {
  const now = services.now();
  const done = await writeTransaction(db, async (trx) => {
    const conv = await trx.selectFrom('chat_conversations').selectAll().where('id', '=', id).where('status', '=', from).executeTakeFirst();
    if (!conv) return null;
    let email = conv.email;
    let name = conv.name;
    if (conv.user_id !== null && (!email || !name)) {
      const user = await trx.selectFrom('users').select(['email', 'username']).where('id', '=', conv.user_id).executeTakeFirst();
      email ??= user?.email ?? null;
      name ??= user?.username ?? null;
    }
    const to: 'ticket' | 'needs_email' = email ? 'ticket' : 'needs_email';
    if (to === from) return null;
    const claimed = await trx
      .updateTable('chat_conversations')
      .set({ status: to, updated_at: iso(now), waiting_since: to === 'ticket' ? null : conv.waiting_since })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    if (to === 'needs_email') {
      await trx
        .insertInto('chat_messages')
        .values({ conversation_id: id, author: 'system', author_user_id: null, body: systemBody('askEmail'), created_at: iso(now) })
        .execute();
      return { to, ticket: null };
    }
    const messages = await trx
      .selectFrom('chat_messages')
      .select(['author', 'body', 'created_at'])
      .where('conversation_id', '=', id)
      .where('author', '!=', 'system')
      .orderBy('id')
      .execute();
    const ticket = await insertTicket(
      trx,
      {
        subject: 'Live chat',
        name: name ?? email!,
        email: email!,
        body: chatTranscript(messages) || '(no message)',
        userId: conv.user_id,
        locale: conv.locale,
        source: 'chat',
      },
      now,
    );
    await trx.updateTable('chat_conversations').set({ ticket_id: ticket.id }).where('id', '=', id).execute();
    await trx
      .insertInto('chat_messages')
      .values({
        conversation_id: id,
        author: 'system',
        author_user_id: null,
        body: systemBody('ticket', { number: ticketNumber(ticket.id) }),
        created_at: iso(now),
      })
      .execute();
    return { to, ticket };
  });
  if (!done) return null;
  if (done.ticket) await sendTicketMail(db, services, done.ticket, 'ack');
  return done.to;
}

/** One sweep: every open chat whose traveller has waited past the timeout. → how many moved. */
export async function escalateDueChats(db: Db, services: Services): Promise<number> {
  const now = services.now();
  const { answerTimeoutMs } = await readChatSettings(db);
  const due = await db
    .selectFrom('chat_conversations')
    .select(['id', 'status', 'waiting_since'])
    .where('status', '=', 'open')
    .where('waiting_since', 'is not', null)
    .where('waiting_since', '<=', iso(new Date(now.getTime() - answerTimeoutMs)))
    .orderBy('waiting_since')
    .limit(50)
    .execute();
  let moved = 0;
  for (const conv of due) {
    if (!answerOverdue(conv, answerTimeoutMs, now)) continue;
    if (await escalateChat(db, services, conv.id, 'open')) moved++;
  }
  return moved;
}

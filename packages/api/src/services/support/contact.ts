// Support: contact-form messages (stored for support staff) and newsletter subscriptions
// (one row per address, idempotent).
import type { ContactMessage as ContactMessageRow, Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import type { ContactMessage, TContactInput, TContactStatus } from '../../domain/support.ts';

export interface ContactMeta {
  /** The signed-in sender, or null for a guest. */
  userId: number | null;
  ip: string;
  userAgent: string;
  now: Date;
}

/**
 * At most this many contact messages per client address per window: a person writes one or two;
 * a script filling the inbox is stopped with 429 TOO_MANY_REQUESTS (details.retryAfterSeconds).
 */
export const CONTACT_RATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;

const USER_AGENT_MAX = 512;
const IP_MAX = 64;

export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.user_id,
    ip: row.ip,
    userAgent: row.user_agent,
    status: row.status,
    createdAt: row.created_at,
  };
}

/** Stores a contact-form message (input already validated and trimmed). → { id, createdAt } */
export async function createContactMessage(db: Db, input: TContactInput, meta: ContactMeta): Promise<{ id: number; createdAt: string }> {
  const ip = meta.ip.slice(0, IP_MAX);
  const since = new Date(meta.now.getTime() - CONTACT_RATE_LIMIT.windowMs).toISOString();
  const recent = await db
    .selectFrom('contact_messages')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<string>('created_at').as('oldest')])
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= CONTACT_RATE_LIMIT.max) {
    const freeAt = new Date(recent.oldest).getTime() + CONTACT_RATE_LIMIT.windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - meta.now.getTime()) / 1000));
    throw new AppError('TOO_MANY_REQUESTS', 'Too many messages from this address. Please try again later.', {
      retryAfterSeconds,
    });
  }

  const createdAt = meta.now.toISOString();
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: input.name,
      email: input.email.trim().toLowerCase(),
      subject: input.subject,
      message: input.message,
      user_id: meta.userId,
      ip,
      user_agent: meta.userAgent.slice(0, USER_AGENT_MAX),
      status: 'new',
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt };
}

/** The staff inbox, newest first, optionally one status only ('new' includes 'read', as the admin inbox counts them). */
export async function listContactMessages(db: Db, args: { status?: TContactStatus | undefined; limit: number }): Promise<ContactMessage[]> {
  let q = db.selectFrom('contact_messages').selectAll();
  if (args.status) q = q.where('status', 'in', args.status === 'new' ? ['new', 'read'] : [args.status]);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(args.limit).execute();
  return rows.map(toContactMessage);
}

/**
 * Subscribes an address to the newsletter. Idempotent per address (trimmed, any case): a second
 * subscription changes nothing (not even locale or source). The answer is the same for a new and
 * an already subscribed address, so the form does not tell strangers who is on the list. → { ok }
 */
export async function subscribeNewsletter(
  db: Db,
  args: { email: string; locale: string; source: string; now: Date },
): Promise<{ ok: true }> {
  await db
    .insertInto('newsletter_subscribers')
    .values({
      email: args.email.trim().toLowerCase(),
      locale: args.locale,
      source: args.source,
      created_at: args.now.toISOString(),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return { ok: true };
}

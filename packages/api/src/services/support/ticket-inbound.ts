// Inbound e-mail (issue 30): a traveller's reply from their mail client, delivered as Postmark's
// inbound webhook JSON (https://postmarkapp.com/developer/webhooks/inbound-webhook, "Inbound webhook
// data"; fields as in the example document there: From, FromFull, ToFull[].MailboxHash, MailboxHash,
// Subject, MessageID, TextBody, StrippedTextReply). The route (apps/server webhooks/inbound-mail.ts)
// checks the shared secret before this runs.
//
// Which ticket: the plus part of the address the reply went to (MailboxHash 't<id>-<signature>',
// checked: only our own e-mails carry it), else '[T-000123]' in the subject when the sender is the
// ticket's own address. The same MessageID twice adds one message. A mail that names no ticket is
// ignored (answered 200 so the provider does not retry it) and logged.
import type { Db } from '@esim/db';
import { z } from 'zod';
import { parseMailboxHash, replyText, TICKET_BODY_MAX, ticketIdInSubject, ticketNumber } from '../../domain/tickets.ts';
import { sameHex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';
import { addCustomerReply, ticketMailboxHash } from './tickets.ts';

const ZRecipient = z.object({
  Email: z.string().max(320),
  Name: z.string().max(500).optional(),
  MailboxHash: z.string().max(200).optional(),
});

/** The part of Postmark's inbound JSON this reads (the rest is ignored). */
export const ZPostmarkInbound = z.object({
  From: z.string().max(320).optional(),
  FromFull: ZRecipient.optional(),
  ToFull: z.array(ZRecipient).max(50).optional(),
  CcFull: z.array(ZRecipient).max(50).optional(),
  MailboxHash: z.string().max(200).optional(),
  Subject: z.string().max(2000).default(''),
  MessageID: z.string().min(1).max(255),
  TextBody: z.string().max(1_000_000).default(''),
  StrippedTextReply: z.string().max(1_000_000).optional(),
});
export type TPostmarkInbound = z.infer<typeof ZPostmarkInbound>;

export type InboundOutcome = 'added' | 'duplicate' | 'unmatched' | 'empty';

function senderOf(mail: TPostmarkInbound): string {
  const raw = mail.FromFull?.Email ?? mail.From ?? '';
  const m = /<([^>]+)>/.exec(raw);
  return (m ? m[1]! : raw).trim().toLowerCase();
}

/** The ticket named by a signed plus address among the recipients (or the top-level MailboxHash). */
async function ticketFromHashes(db: Db, mail: TPostmarkInbound): Promise<number | null> {
  const hashes = [mail.MailboxHash, ...(mail.ToFull ?? []).map((r) => r.MailboxHash), ...(mail.CcFull ?? []).map((r) => r.MailboxHash)];
  for (const h of hashes) {
    if (!h) continue;
    const parsed = parseMailboxHash(h);
    if (parsed && sameHex((await ticketMailboxHash(db, parsed.id)).toLowerCase(), h.trim().toLowerCase())) return parsed.id;
  }
  return null;
}

export async function receiveInboundEmail(
  db: Db,
  services: Services,
  mail: TPostmarkInbound,
): Promise<{ outcome: InboundOutcome; ticket?: string }> {
  const sender = senderOf(mail);
  let ticketId = await ticketFromHashes(db, mail);
  if (ticketId === null) {
    const bySubject = ticketIdInSubject(mail.Subject);
    if (bySubject !== null) {
      const t = await db.selectFrom('tickets').select(['id', 'email']).where('id', '=', bySubject).executeTakeFirst();
      if (t && t.email === sender) ticketId = t.id;
    }
  }
  if (ticketId === null) {
    services.log.warn('inbound e-mail names no ticket; ignored', {
      from: sender.replace(/^(.).*@/, '$1…@'),
      subject: mail.Subject.slice(0, 80),
    });
    return { outcome: 'unmatched' };
  }
  const exists = await db.selectFrom('tickets').select('id').where('id', '=', ticketId).executeTakeFirst();
  if (!exists) return { outcome: 'unmatched' };
  const dup = await db.selectFrom('ticket_messages').select('id').where('external_id', '=', mail.MessageID).executeTakeFirst();
  if (dup) return { outcome: 'duplicate', ticket: ticketNumber(ticketId) };
  const text = (mail.StrippedTextReply?.trim() ? mail.StrippedTextReply : replyText(mail.TextBody)).trim().slice(0, TICKET_BODY_MAX);
  if (!text) return { outcome: 'empty', ticket: ticketNumber(ticketId) };
  try {
    await addCustomerReply(db, services, { ticketId, body: text, via: 'email', userId: null, externalId: mail.MessageID });
  } catch (e) {
    // Two deliveries of one e-mail at once: the unique external_id lets one in.
    const again = await db.selectFrom('ticket_messages').select('id').where('external_id', '=', mail.MessageID).executeTakeFirst();
    if (again) return { outcome: 'duplicate', ticket: ticketNumber(ticketId) };
    throw e;
  }
  return { outcome: 'added', ticket: ticketNumber(ticketId) };
}

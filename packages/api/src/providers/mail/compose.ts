import { createHash } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer';
import type { MailMessage } from './types.ts';

/** '<32 hex of SHA-256(key)>@<the sender's domain>': one Message-ID per idempotency key. */
export function keyedMessageId(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}

/** MailMessage → nodemailer's options. Inline images get Content-Disposition: inline. */
export function toNodemailer(message: MailMessage, from: string): Mail.Options {
  return {
    from: message.from ?? from,
    ...(message.idempotencyKey ? { messageId: keyedMessageId(message.idempotencyKey, message.from ?? from) } : {}),
    ...(message.date ? { date: message.date } : {}),
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    ...(message.listUnsubscribe
      ? {
          list: { unsubscribe: message.listUnsubscribe.oneClick },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
    text: message.text,
    html: message.html,
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
      ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
    })),
  };
}

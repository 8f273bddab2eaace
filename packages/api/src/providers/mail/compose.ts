import type Mail from 'nodemailer/lib/mailer';
import type { MailMessage } from './types.ts';

/** MailMessage → nodemailer's options. Inline images get Content-Disposition: inline. */
export function toNodemailer(message: MailMessage, from: string): Mail.Options {
  return {
    from: message.from ?? from,
    to: message.to,
    subject: message.subject,
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

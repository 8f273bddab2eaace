// SMTP delivery with nodemailer to SMTP_URL (smtp://user:pass@host:587 or smtps://…:465).
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { toNodemailer } from './compose.ts';
import type { MailMessage, Mailer, SendResult } from './types.ts';

export interface SmtpMailerOptions {
  url: string;
  from: string;
  /** Extra transport settings (timeouts, tls); merged over the URL's. */
  transport?: SMTPTransport.Options | undefined;
}

export function createSmtpMailer(opts: SmtpMailerOptions): Mailer {
  // An SMTPTransport instance, because createTransport({ url, … }) drops everything but the URL.
  // The URL's settings win over these defaults.
  const transport = nodemailer.createTransport(
    new SMTPTransport({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, ...opts.transport, url: opts.url }),
  );
  return {
    kind: 'smtp',
    from: opts.from,
    async send(message: MailMessage): Promise<SendResult> {
      const info = await transport.sendMail(toNodemailer(message, opts.from));
      if (info.rejected.length > 0) throw new Error(`SMTP server rejected ${info.rejected.length} recipient(s)`);
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}

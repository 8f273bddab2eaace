// SMTP when SMTP_URL is set; otherwise .eml files in the outbox directory (default ./data/outbox).
import { createOutboxMailer } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';
import type { Mailer } from './types.ts';

export interface MailerConfig {
  /** SMTP_URL, e.g. smtp://user:pass@mail.example:587. */
  smtpUrl?: string | undefined;
  /** OUTBOX_DIR; default './data/outbox'. */
  outboxDir?: string | undefined;
  /** MAIL_FROM, e.g. '"Travel eSIM" <orders@shop.example>'. */
  from: string;
  now?: (() => Date) | undefined;
}

export function createMailer(config: MailerConfig): Mailer {
  const url = config.smtpUrl?.trim();
  if (url) return createSmtpMailer({ url, from: config.from });
  return createOutboxMailer({ dir: config.outboxDir ?? './data/outbox', from: config.from, now: config.now });
}

/** 'smtp://user:secret@host:587' → 'smtp://host:587', for logs. */
export function describeSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'smtp (unparseable URL)';
  }
}

export { composeEsimMail } from './esim-mail.ts';
export type { EsimMailInput } from './esim-mail.ts';
export { createOutboxMailer } from './outbox.ts';
export type { OutboxMailerOptions } from './outbox.ts';
export { createSmtpMailer } from './smtp.ts';
export type { SmtpMailerOptions } from './smtp.ts';
export type * from './types.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
  /** Content-ID for an inline image, referenced in the HTML as src="cid:<cid>". */
  cid?: string | undefined;
}

export interface MailMessage {
  /** Default: the mailer's from address. */
  from?: string | undefined;
  to: string;
  /** Reply-To: where the traveller's reply goes (a ticket's inbound address). */
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[] | undefined;
  /** Names the outbox file (e.g. the order id); ignored by SMTP. */
  tag?: string | undefined;
  /**
   * The same for every attempt at one e-mail (the shop passes its outbox row): the Message-ID is
   * made from it, so a resend is the same message, and the .eml outbox writes one file per key —
   * an attempt that finds the file already written (the process died before recording the send)
   * answers with it instead of writing a second one.
   */
  idempotencyKey?: string | undefined;
  /** The Date header: when the message was ready to send (default: now). The outbox names its file by it. */
  date?: Date | undefined;
  /**
   * A list e-mail's unsubscribe (RFC 2369 List-Unsubscribe): `oneClick` is an https URL that
   * unsubscribes on a POST with the body 'List-Unsubscribe=One-Click' and nothing else (RFC 8058
   * §3.1: no cookies, no further step), sent with List-Unsubscribe-Post; mail clients show their own
   * 'Unsubscribe' button for it.
   */
  listUnsubscribe?: { oneClick: string } | undefined;
}

export interface SendResult {
  messageId: string;
  /** Outbox: the .eml file's path (log it). SMTP: undefined. */
  location?: string | undefined;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  readonly from: string;
  /** One attempt; retrying with back-off is the caller's job (services/mail/mail-outbox.ts). */
  send(message: MailMessage): Promise<SendResult>;
  close(): Promise<void>;
}

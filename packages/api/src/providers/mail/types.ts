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
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[] | undefined;
  /** Names the outbox file (e.g. the order id); ignored by SMTP. */
  tag?: string | undefined;
}

export interface SendResult {
  messageId: string;
  /** Outbox: the .eml file's path (log it). SMTP: undefined. */
  location?: string | undefined;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  readonly from: string;
  /** One attempt; retrying with back-off is the caller's job (see withRetry). */
  send(message: MailMessage): Promise<SendResult>;
  close(): Promise<void>;
}

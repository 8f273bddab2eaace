// The default mailer: builds the full RFC 822 message with nodemailer and writes it to
// <outboxDir>/<timestamp>-<tag>.eml, so `npm start` delivers e-mail offline and the file opens
// in any mail client. The server logs the returned path.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import { toNodemailer } from './compose.ts';
import type { MailMessage, Mailer, SendResult } from './types.ts';

export interface OutboxMailerOptions {
  dir: string;
  from: string;
  /** Default: new Date(). */
  now?: (() => Date) | undefined;
}

function safeTag(tag: string | undefined): string {
  const t = (tag ?? '').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return t || randomBytes(6).toString('hex');
}

export function createOutboxMailer(opts: OutboxMailerOptions): Mailer {
  const dir = resolve(opts.dir);
  const now = opts.now ?? (() => new Date());
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    from: opts.from,
    async send(message: MailMessage): Promise<SendResult> {
      const date = now();
      const info = await transport.sendMail({ ...toNodemailer(message, opts.from), date });
      const bytes = info.message;
      if (!Buffer.isBuffer(bytes)) throw new Error('outbox: expected a buffered message');
      await mkdir(dir, { recursive: true });
      const base = `${date.toISOString().replace(/[:.]/g, '-')}-${safeTag(message.tag)}`;
      for (let n = 1; ; n++) {
        const path = join(dir, n === 1 ? `${base}.eml` : `${base}-${n}.eml`);
        try {
          await writeFile(path, bytes, { flag: 'wx' });
          return { messageId: info.messageId, location: path };
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 100) throw e;
        }
      }
    },
    async close() {
      transport.close();
    },
  };
}

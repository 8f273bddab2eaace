// The default mailer: builds the full RFC 822 message with nodemailer and writes it to
// <outboxDir>/<timestamp>-<tag>.eml, so `npm start` delivers e-mail offline and the file opens
// in any mail client. The server logs the returned path.
//
// A message with an idempotencyKey (the shop's outbox rows) is delivered once however often it is
// attempted: its name comes from its Date (the row's queue time) and tag, its Message-ID from the
// key, and it is written to a temporary file and then linked into place, so the .eml appears
// whole or not at all. An attempt that finds that name taken by the same Message-ID (an earlier
// attempt wrote it, then the process died before the send was recorded) answers with that file.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, unlink, writeFile } from 'node:fs/promises';
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
      const date = message.date ?? now();
      const info = await transport.sendMail({ ...toNodemailer(message, opts.from), date });
      const bytes = info.message;
      if (!Buffer.isBuffer(bytes)) throw new Error('outbox: expected a buffered message');
      await mkdir(dir, { recursive: true });
      const base = `${date.toISOString().replace(/[:.]/g, '-')}-${safeTag(message.tag)}`;
      const keyed = message.idempotencyKey !== undefined;
      // Keyed: written whole under a temporary name first (a leading dot and no .eml: not a message).
      const tmp = keyed ? join(dir, `.${base}-${randomBytes(6).toString('hex')}.tmp`) : null;
      if (tmp) await writeFile(tmp, bytes, { flag: 'wx' });
      try {
        for (let n = 1; ; n++) {
          const path = join(dir, n === 1 ? `${base}.eml` : `${base}-${n}.eml`);
          try {
            if (tmp) await linkExclusive(tmp, path);
            else await writeFile(path, bytes, { flag: 'wx' });
            return { messageId: info.messageId, location: path };
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 100) throw e;
            if (keyed && (await hasMessageId(path, info.messageId))) return { messageId: info.messageId, location: path };
          }
        }
      } finally {
        if (tmp) await unlink(tmp).catch(() => undefined);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** Hard-links `tmp` as `path` (EEXIST when taken); a copy where the file system has no hard links. */
async function linkExclusive(tmp: string, path: string): Promise<void> {
  try {
    await link(tmp, path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw e;
    await copyFile(tmp, path, constants.COPYFILE_EXCL);
  }
}

/** Whether the .eml at `path` carries `messageId` (read from its header block only). */
async function hasMessageId(path: string, messageId: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(16 * 1024);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const text = head.subarray(0, bytesRead).toString('latin1');
    const end = text.search(/\r?\n\r?\n/);
    const headers = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
    return headers.split(/\r?\n/).some((line) => /^message-id:/i.test(line) && line.slice(line.indexOf(':') + 1).trim() === messageId);
  } finally {
    await file.close();
  }
}

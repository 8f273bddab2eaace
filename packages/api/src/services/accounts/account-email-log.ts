// The account e-mails a request can trigger (reset links, "someone tried to use your address"
// notices, address-change links), logged so they can be limited per address, per account and
// per client over a sliding window. Whether a limit refuses with 429 or quietly sends nothing is
// the caller's choice: a 429 must never depend on whether an account exists.
import type { AccountEmailKind, Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import { iso } from '../../domain/time.ts';

export interface WindowLimit {
  max: number;
  windowMs: number;
}

export const HOUR_MS = 60 * 60_000;

/** Entries of `kind` for one address key (or one client address) inside the window ending at `now`. */
export async function recentAccountEmails(
  db: Db,
  kind: AccountEmailKind,
  by: { addressKey: string } | { ip: string },
  windowMs: number,
  now: Date,
): Promise<{ count: number; oldest: Date | null }> {
  let q = db
    .selectFrom('account_email_log')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min<string>('created_at').as('oldest')])
    .where('kind', '=', kind)
    .where('created_at', '>', iso(new Date(now.getTime() - windowMs)));
  q = 'ip' in by ? q.where('ip', '=', clientKey(by.ip)) : q.where('address_key', '=', by.addressKey);
  const row = await q.executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** Throws 429 TOO_MANY_REQUESTS { retryAfterSeconds } when `limit` is reached. */
export async function enforceAccountEmailLimit(
  db: Db,
  kind: AccountEmailKind,
  by: { addressKey: string } | { ip: string },
  limit: WindowLimit,
  now: Date,
  message: (retryAfterSeconds: number) => string,
): Promise<void> {
  const { count, oldest } = await recentAccountEmails(db, kind, by, limit.windowMs, now);
  if (count < limit.max) return;
  const freeAt = (oldest ?? now).getTime() + limit.windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  throw new AppError('TOO_MANY_REQUESTS', message(retryAfterSeconds), { retryAfterSeconds });
}

export async function logAccountEmail(db: Db, kind: AccountEmailKind, addressKey: string, ip: string, now: Date): Promise<void> {
  await db
    .insertInto('account_email_log')
    .values({ kind, address_key: addressKey.slice(0, 320), ip: clientKey(ip), created_at: iso(now) })
    .execute();
}

function clientKey(ip: string): string {
  return ip.slice(0, 64);
}

/** '2 minutes', '45 seconds': for the 429 messages. */
export function waitWords(retryAfterSeconds: number): string {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

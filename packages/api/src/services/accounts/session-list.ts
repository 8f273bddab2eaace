// The 'Sessions' page (issue 27, ASVS V7.5.2): the account's live sessions — device, address, first
// and last seen, which one is this browser — and ending one or all the others. Sessions are named to
// the browser by a public id derived from the stored id, never by the stored id itself.
import type { Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import { invalidateOtherSessions } from './sessions.ts';
import { sha256Hex } from '../shared/tokens.ts';

export interface SessionView {
  /** A public handle of the session (not the stored id). */
  id: string;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
  /** A second factor was given in this session. */
  secondFactor: boolean;
}

/** The public handle of a stored session id. */
export function publicSessionId(sessionId: string): string {
  return sha256Hex(`session-handle:${sessionId}`).slice(0, 32);
}

/** The account's live sessions, the current one first, then the most recently seen. */
export async function listSessions(db: Db, userId: number, currentSessionId: string | null, now: Date): Promise<SessionView[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'second_factor_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .execute();
  const views = rows.map((r) => ({
    id: publicSessionId(r.id),
    userAgent: r.user_agent,
    ip: r.ip,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at ?? r.created_at,
    current: r.id === currentSessionId,
    secondFactor: r.second_factor_at !== null,
  }));
  return views.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Ends one of the account's sessions by its public handle (404 when it is not theirs or gone). */
export async function endSession(db: Db, userId: number, handle: string): Promise<void> {
  const rows = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  const row = rows.find((r) => publicSessionId(r.id) === handle);
  if (!row) throw new AppError('NOT_FOUND', 'That session has already ended.');
  await db.deleteFrom('sessions').where('id', '=', row.id).where('user_id', '=', userId).execute();
}

/** Signs out every other session of the account; → how many ended. */
export async function endOtherSessions(db: Db, userId: number, currentSessionId: string | null): Promise<number> {
  const before = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
  await invalidateOtherSessions(db, userId, currentSessionId);
  return before.filter((r) => r.id !== currentSessionId).length;
}

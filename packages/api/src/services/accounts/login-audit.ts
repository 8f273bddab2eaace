// The login audit trail (login_audit): every sign-in attempt with its outcome, never the password.
//
// Bounded for failures: anyone can send failed sign-ins (wrong passwords, throttled retries,
// invalid input) as fast as the network allows, and a row each would let them grow the table
// without limit. So per client address, failed outcome and UTC minute, the first
// AUDIT_ROWS_PER_MINUTE attempts get a row each; later ones add to the `attempts` count of the
// latest of those rows. The count stays exact (sum of attempts); the detail of the later attempts
// (the usernames tried, user agents) is not kept. Successful sign-ins always get their own row.
import type { Db, LoginOutcome } from '@esim/db';
import { writeTransaction } from '../shared/db-tx.ts';

export interface RequestMeta {
  ip: string;
  userAgent: string;
  now: Date;
  /** ctx.locale: stored on the account at registration and sign-in, and the language of the e-mails it causes. */
  locale?: string | undefined;
  /** Issue 29: the device cookie's hash (ctx.req.deviceHash), recorded with the sign-in's session. */
  deviceHash?: string | undefined;
}

/** Rows per (address, failed outcome, minute) before attempts are only counted. */
export const AUDIT_ROWS_PER_MINUTE = 10;

export async function recordLoginAttempt(
  db: Db,
  args: { usernameTried: string; userId: number | null; outcome: LoginOutcome },
  meta: RequestMeta,
): Promise<void> {
  const row = {
    username_tried: args.usernameTried.slice(0, 200),
    user_id: args.userId,
    ip: meta.ip.slice(0, 64),
    user_agent: meta.userAgent.slice(0, 512),
    outcome: args.outcome,
    created_at: meta.now.toISOString(),
  };
  if (args.outcome === 'success') {
    await db.insertInto('login_audit').values(row).execute();
    return;
  }
  const minute = new Date(Math.floor(meta.now.getTime() / 60_000) * 60_000).toISOString();
  await writeTransaction(db, async (trx) => {
    const recent = await trx
      .selectFrom('login_audit')
      .select('id')
      .where('ip', '=', row.ip)
      .where('created_at', '>=', minute)
      .where('outcome', '=', row.outcome)
      .orderBy('id', 'desc')
      .limit(AUDIT_ROWS_PER_MINUTE)
      .execute();
    const latest = recent[0];
    if (recent.length < AUDIT_ROWS_PER_MINUTE || !latest) {
      await trx.insertInto('login_audit').values(row).execute();
    } else {
      await trx
        .updateTable('login_audit')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', latest.id)
        .execute();
    }
  });
}

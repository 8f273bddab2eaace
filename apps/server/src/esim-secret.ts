// The key of the eSIM provider's webhook signatures: ESIM_WEBHOOK_SECRET, else one generated once
// and kept in app_settings, so the server and `cli.js esim simulate` (another process) agree.
import { randomBytes } from 'node:crypto';
import type { Db } from '@esim/db';
import type { Env } from './env.ts';

const KEY = 'esim_webhook_secret';

export async function resolveEsimWebhookSecret(env: Pick<Env, 'ESIM_WEBHOOK_SECRET'>, db: Db): Promise<string> {
  if (env.ESIM_WEBHOOK_SECRET) return env.ESIM_WEBHOOK_SECRET;
  const made = randomBytes(32).toString('hex');
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value: made, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  return row.value;
}

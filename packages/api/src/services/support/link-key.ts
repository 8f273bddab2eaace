// The key that signs support's links (a guest's ticket link, a ticket's reply address, the
// newsletter's confirm and unsubscribe links): made once at random and kept in app_settings, so
// every server instance sharing the database, and every restart, agrees on it (a per-process key
// would break the links in e-mails already sent). Read once per process.
import { randomBytes } from 'node:crypto';
import type { Db } from '@esim/db';

const KEY = 'support_link_key';
let cached: { db: Db; key: Promise<string> } | null = null;

async function readKey(db: Db): Promise<string | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return row?.value ?? null;
}

async function readOrMake(db: Db): Promise<string> {
  const existing = await readKey(db);
  if (existing) return existing;
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  return row.value;
}

/**
 * The key for checking a link, without making one (reads never write): null when no link was ever
 * issued, so there is nothing a link could be checked against.
 */
export async function existingSupportLinkKey(db: Db): Promise<string | null> {
  if (cached?.db === db) return cached.key;
  return readKey(db);
}

/** The key for issuing a link (made on first use). */
export function supportLinkKey(db: Db): Promise<string> {
  if (cached?.db === db) return cached.key;
  const key = readOrMake(db);
  cached = { db, key };
  key.catch(() => {
    if (cached?.key === key) cached = null;
  });
  return key;
}

// The support services on a throwaway PostgreSQL cluster (skipped, with the reason, where no
// binaries exist): the migration, insert … returning, on conflict do nothing, the rate-limit count.
import { describe, expect, it } from 'vitest';
import { pgAvailableFor, useMigratedPg } from './pg.ts';
import { CONTACT_RATE_LIMIT, createContactMessage, listContactMessages, subscribeNewsletter } from '../src/services/support/contact.ts';
import { rejection } from './auth-helpers.ts';

const available = pgAvailableFor('support');

describe.skipIf(!available)('support on PostgreSQL', () => {
  const pgDb = useMigratedPg();
  const now = new Date('2026-03-01T12:00:00.000Z');

  it('stores and lists contact messages; limits one address', async () => {
    const db = pgDb();
    const meta = { userId: null, ip: '192.0.2.1', userAgent: 'pg', now };
    const input = { name: 'N', email: 'N@Example.com', subject: 'S', message: 'M' };
    const first = await createContactMessage(db, input, meta);
    expect(first).toEqual({ id: expect.any(Number), createdAt: now.toISOString() });
    for (let i = 1; i < CONTACT_RATE_LIMIT.max; i += 1) await createContactMessage(db, input, meta);
    expect((await rejection(createContactMessage(db, input, meta))).message).toMatch(/Too many messages/);
    const list = await listContactMessages(db, { status: 'new', limit: 3 });
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ email: 'n@example.com', status: 'new', userId: null, ip: '192.0.2.1' });
    // the status check constraint holds
    await expect(
      db
        .updateTable('contact_messages')
        .set({ status: 'spam' as never })
        .execute(),
    ).rejects.toThrow();
  });

  it('subscribes idempotently per address', async () => {
    const db = pgDb();
    expect(await subscribeNewsletter(db, { email: 'pg@example.com', locale: 'ru', source: 'blog', now })).toEqual({ ok: true });
    expect(await subscribeNewsletter(db, { email: ' PG@Example.COM ', locale: 'en', source: 'footer', now })).toEqual({ ok: true });
    const rows = await db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(rows.map(({ email, locale, source }) => ({ email, locale, source }))).toEqual([
      { email: 'pg@example.com', locale: 'ru', source: 'blog' },
    ]);
  });
});

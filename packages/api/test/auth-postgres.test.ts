// The account services on a throwaway PostgreSQL cluster (skipped, with the reason, where no
// binaries exist): the same flows as on SQLite, plus unique violations raised by the database.
import { describe, expect, it } from 'vitest';
import { pgAvailableFor, useMigratedPg } from './pg.ts';
import { createServices } from '../src/context.ts';
import { createCaller } from '../src/root.ts';
import type { Context } from '../src/trpc.ts';
import { insertUser, updateProfile } from '../src/services/accounts/users.ts';
import { sessionUsers, validateSessionToken } from '../src/services/accounts/sessions.ts';
import { rejection } from './auth-helpers.ts';

const available = pgAvailableFor('account');

describe.skipIf(!available)('accounts on PostgreSQL', () => {
  const pgDb = useMigratedPg();
  let now = new Date('2026-03-01T12:00:00.000Z');

  async function ctx(token: string | null, jar: { token: string | null }): Promise<Context> {
    const db = pgDb();
    const valid = token ? await validateSessionToken(db, token, now) : null;
    return {
      db,
      services: createServices(
        db,
        { publicUrl: 'http://x', productName: 'T', supportEmail: 'e', phone: 'p', postalAddress: 'a' },
        { now: () => now },
      ),
      ...sessionUsers(valid),
      sessionId: valid?.id ?? null,
      locale: 'en',
      req: { ip: '192.0.2.44', userAgent: 'vitest', secure: false },
      res: { setSessionCookie: (t) => (jar.token = t), clearSessionCookie: () => (jar.token = null) },
    };
  }

  it('register, duplicate, login, throttle, slide, profile conflict, logout', async () => {
    const db = pgDb();
    const jar = { token: null as string | null };
    const call = async () => createCaller(await ctx(jar.token, jar));
    const user = await (await call()).auth.register({ username: 'PgUser', email: 'pg@example.com', password: 'pg password 1' });
    expect(user).toMatchObject({ id: expect.any(Number), username: 'PgUser', role: 'customer' });
    expect(
      (await rejection((await call()).auth.register({ username: 'pguser', email: 'x@example.com', password: 'pg password 1' }))).code,
    ).toBe('CONFLICT');

    // a unique violation raised by PostgreSQL itself (the race the pre-check cannot see)
    await expect(insertUser(db, { username: 'other', email: 'PG@example.com', passwordHash: 'x' }, now)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const other = await insertUser(db, { username: 'other', email: 'other@example.com', passwordHash: 'x' }, now);
    await expect(updateProfile(db, other.id, { email: 'pg@example.com' }, now)).rejects.toMatchObject({
      code: 'CONFLICT',
      details: { field: 'email' },
    });

    const j2 = { token: null as string | null };
    await createCaller(await ctx(null, j2)).auth.login({ username: 'PGUSER', password: 'pg password 1' });
    expect(j2.token).toMatch(/^[a-z2-7]{32}$/);
    now = new Date(now.getTime() + 16 * 24 * 3600 * 1000);
    const slid = await validateSessionToken(db, j2.token!, now);
    expect(slid?.refreshed).toBe(true);

    for (let i = 0; i < 5; i++)
      await rejection(createCaller(await ctx(null, { token: null })).auth.login({ username: 'pguser', password: 'wrong wrong' }));
    expect(
      (await rejection(createCaller(await ctx(null, { token: null })).auth.login({ username: 'pguser', password: 'pg password 1' }))).code,
    ).toBe('TOO_MANY_REQUESTS');
    const audit = await db.selectFrom('login_audit').select('outcome').execute();
    expect(audit.map((a) => a.outcome).sort()).toEqual([
      'bad_credentials',
      'bad_credentials',
      'bad_credentials',
      'bad_credentials',
      'bad_credentials',
      'success',
      'throttled',
    ]);

    await createCaller(await ctx(j2.token, j2)).auth.logout();
    expect(await db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });
});

// GET /api/admin/newsletter.csv over HTTP (app.request): an admin's cookie gets the subscribers as
// a CSV download that no cache keeps; a guest gets 401 and a customer 403, in the REST error shape.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, insertUser } from '@esim/api';
import { giveSecondFactor } from '@esim/api/testing';
import { ORIGIN, createTestApp, sameSite, sessionCookieOf, type TestApp } from './auth-app.ts';

let t: TestApp;
let passwordHash: string;
const PASSWORD = 'correct horse battery';

beforeEach(async () => {
  t = await createTestApp();
  passwordHash ??= await hashPassword(PASSWORD);
});
afterEach(async () => {
  await t.close();
});

/** A signed-in account of `role`: its session cookie. */
async function cookieOf(username: string, role: 'customer' | 'admin'): Promise<string> {
  await insertUser(t.db, { username, email: `${username}@shop.example`, passwordHash, role }, t.clock.now);
  const res = await t.app.request(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: sameSite(),
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  // The back office answers only once a second factor was given in the session (trpc.ts).
  if (role === 'admin') await giveSecondFactor(t.db, { username }, t.clock.now);
  return `session=${sessionCookieOf(res)}`;
}

const HEADER = 'email,locale,source,subscribed_at,unsubscribe_url,list_unsubscribe_url';

/** One CSV line's cells (quoted cells with doubled quotes kept as written: the first four are compared as text). */
function cells(line: string): string[] {
  return line
    .match(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)!
    .slice(0, 6)
    .map((c) => c.replace(/,$/, ''));
}

const download = (cookie?: string) => t.app.request(`${ORIGIN}/api/admin/newsletter.csv`, { headers: cookie ? { Cookie: cookie } : {} });

async function subscribe(email: string, source = 'blog') {
  const res = await t.app.request(`${ORIGIN}/api/newsletter`, {
    method: 'POST',
    headers: sameSite(),
    body: JSON.stringify({ email, source }),
  });
  expect(res.status).toBe(200);
}

describe('GET /api/admin/newsletter.csv', () => {
  it('an admin downloads every subscriber as CSV: attachment, dated name, never cached', async () => {
    await subscribe('Reader@Mail.example');
    await subscribe('other@mail.example', 'footer');
    await t.db
      .insertInto('newsletter_subscribers')
      .values({ email: '=HYPERLINK("x")@evil.example', locale: 'en', source: 'blog', created_at: t.clock.now.toISOString() })
      .execute();
    // Double opt-in (issue 30): these confirmed by their e-mailed link; one more is still waiting and is not on the list.
    await t.db.updateTable('newsletter_subscribers').set({ confirmed_at: t.clock.now.toISOString() }).execute();
    await subscribe('waiting@mail.example');
    const res = await download(await cookieOf('alice', 'admin'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="newsletter-subscribers-2026-03-01.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const at = t.clock.now.toISOString();
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.at(-1)).toBe('');
    // The first four columns as they are; then each reader's own unsubscribe link and one-click URL.
    const rows = lines.slice(1, -1).map(cells);
    expect(rows.map((r) => r.slice(0, 4).join(','))).toEqual([
      `reader@mail.example,en,blog,${at}`,
      `other@mail.example,en,footer,${at}`,
      `"'=HYPERLINK(""x"")@evil.example",en,blog,${at}`,
    ]);
    for (const r of rows) {
      expect(r[4]).toMatch(new RegExp(`^${ORIGIN}/blog\\?newsletter=u\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$`));
      expect(r[5]).toBe(`${ORIGIN}/api/newsletter/unsubscribe/${new URL(r[4]!).searchParams.get('newsletter')}`);
    }
    expect(new Set(rows.map((r) => r[5])).size).toBe(3);
  });

  it("a reader leaves the list by the one-click URL: a POST with no cookie and no Origin (RFC 8058), once; GET only shows the blog's page", async () => {
    await subscribe('reader@mail.example');
    await subscribe('stays@mail.example');
    await t.db.updateTable('newsletter_subscribers').set({ confirmed_at: t.clock.now.toISOString() }).execute();
    const admin = await cookieOf('alice', 'admin');
    const csv = async () => (await (await download(admin)).text()).split('\r\n').slice(1, -1).map(cells);
    const oneClick = (await csv()).find((r) => r[0] === 'reader@mail.example')![5]!;
    const path = new URL(oneClick).pathname;

    // A mail client's browser opening the URL: the blog's page for the same link; nobody leaves on a GET.
    const look = await t.app.request(`${ORIGIN}${path}`);
    expect(look.status).toBe(303);
    expect(look.headers.get('location')).toBe(`/blog?newsletter=${encodeURIComponent(path.split('/').at(-1)!)}`);
    expect((await csv()).map((r) => r[0])).toEqual(['reader@mail.example', 'stays@mail.example']);

    // The provider's POST: form-encoded, no cookie, no Origin, no X-Requested-With.
    const post = () =>
      t.app.request(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await post();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, message: 'You are unsubscribed from the newsletter.' });
    expect((await csv()).map((r) => r[0])).toEqual(['stays@mail.example']);
    expect((await post()).status).toBe(200); // again: still off, nothing else changes
    expect((await csv()).map((r) => r[0])).toEqual(['stays@mail.example']);

    // A forged token: 404 with a message, nobody leaves; the CSRF exemption covers this path only.
    const forged = await t.app.request(`${ORIGIN}${path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`, { method: 'POST', body: '' });
    expect(forged.status).toBe(404);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toMatch(/not valid/);
    // A GET of a forged link does not redirect either: 404.
    expect((await t.app.request(`${ORIGIN}${path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`)).status).toBe(404);
    expect((await csv()).map((r) => r[0])).toEqual(['stays@mail.example']);
    const other = await t.app.request(`${ORIGIN}/api/newsletter`, { method: 'POST', body: '{"email":"x@y.example"}' });
    expect(other.status).toBe(403);
  });

  it('with no subscribers it is the header alone', async () => {
    const res = await download(await cookieOf('alice', 'admin'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`${HEADER}\r\n`);
  });

  it('a guest gets 401 and a customer 403, as JSON in the REST error shape, never cached', async () => {
    await subscribe('reader@mail.example');
    const guest = await download();
    expect(guest.status).toBe(401);
    expect(guest.headers.get('content-type')).toMatch(/^application\/json/);
    expect(guest.headers.get('content-disposition')).toBeNull();
    expect(guest.headers.get('cache-control')).toBe('no-store');
    expect(await guest.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in.' } });
    const stale = await download('session=notarealtoken');
    expect(stale.status).toBe(401);
    const customer = await download(await cookieOf('bob', 'customer'));
    expect(customer.status).toBe(403);
    expect(await customer.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You are not allowed to do that.' } });
  });

  it('an admin signed in with the password alone gets 403 until a second factor is given (REST like tRPC)', async () => {
    await insertUser(t.db, { username: 'pia', email: 'pia@shop.example', passwordHash, role: 'admin' }, t.clock.now);
    const res = await t.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: sameSite(),
      body: JSON.stringify({ username: 'pia', password: PASSWORD }),
    });
    const cookie = `session=${sessionCookieOf(res)}`;
    const refused = await download(cookie);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-disposition')).toBeNull();
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    await giveSecondFactor(t.db, { username: 'pia' }, t.clock.now);
    expect((await download(cookie)).status).toBe(200);
  });

  it("a disabled admin's cookie stops working at once", async () => {
    const cookie = await cookieOf('alice', 'admin');
    expect((await download(cookie)).status).toBe(200);
    await t.db.updateTable('users').set({ disabled_at: t.clock.now.toISOString() }).where('username', '=', 'alice').execute();
    expect((await download(cookie)).status).toBe(401);
  });
});

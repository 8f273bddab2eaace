// Loose ends from the outside probe (issue 27), over HTTP with app.request():
// - a body on a GET/HEAD, or on any path outside /api/, is refused unread (413, connection closed);
// - a signed-in tRPC answer is `Cache-Control: private, no-store` (fast path and adapter alike);
// - a tRPC error answer carries exactly one Content-Type;
// - with TRUST_PROXY=1 the client address and the scheme come from the same (last) hop.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, insertUser } from '@esim/api';
import { ORIGIN, createTestApp, sameSite, sessionCookieOf, type TestApp } from './auth-app.ts';
import { NO_BODY_MESSAGE } from '../src/middleware/unexpected-body.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const PASSWORD = 'correct horse battery';
async function signedInCookie(): Promise<string> {
  await insertUser(t.db, { username: 'tess', email: 'tess@shop.example', passwordHash: await hashPassword(PASSWORD) }, t.clock.now);
  const res = await t.app.request(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: sameSite(),
    body: JSON.stringify({ username: 'tess', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return `session=${sessionCookieOf(res)}`;
}

describe('bodies where none is read', () => {
  it.each([
    ['POST', '/'],
    ['PUT', '/assets/app.js'],
    ['POST', '/robots.txt'],
  ])('%s %s with a body: 413, connection closed, the body unread', async (method, path) => {
    let pulled = 0;
    // A body that never ends: were it read, the request would not finish.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await t.app.request(`${ORIGIN}${path}`, {
      method,
      headers: { ...sameSite(), 'transfer-encoding': 'chunked' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: NO_BODY_MESSAGE } });
    expect(pulled).toBeLessThan(5);
  });

  // (A fetch Request cannot carry a GET body: the headers that announce one stand for it here.)
  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/trpc/catalog.regions'],
    ['GET', '/'],
    ['HEAD', '/'],
  ])('%s %s announcing a body (chunked or a length): 413, connection closed', async (method, path) => {
    for (const announce of [{ 'transfer-encoding': 'chunked' }, { 'content-length': '10' }] as Record<string, string>[]) {
      const res = await t.app.request(`${ORIGIN}${path}`, { method, headers: { ...sameSite(), ...announce } });
      expect(res.status).toBe(413);
      expect(res.headers.get('connection')).toBe('close');
    }
  });

  it('a GET without a body, or with Content-Length: 0, is answered', async () => {
    const answered = await t.app.request(`${ORIGIN}/api/health`);
    expect(answered.status).toBe(200);
    const zero = await t.app.request(`${ORIGIN}/api/health`, { headers: { 'content-length': '0' } });
    expect(zero.status).toBe(200);
  });
});

describe('tRPC answers', () => {
  it('signed in: private, no-store on the fast path and the adapter; signed out: not private', async () => {
    const cookie = await signedInCookie();
    for (const extra of [{}, { 'trpc-accept': 'application/json' }] as Record<string, string>[]) {
      const mine = await t.app.request(`${ORIGIN}/api/trpc/auth.me`, { headers: { ...sameSite(), cookie, ...extra } });
      expect(mine.status).toBe(200);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      const catalog = await t.app.request(`${ORIGIN}/api/trpc/catalog.regions`, { headers: { ...sameSite(), cookie, ...extra } });
      expect(catalog.headers.get('cache-control')).toBe('private, no-store');
    }
    const guest = await t.app.request(`${ORIGIN}/api/trpc/catalog.regions`, { headers: sameSite() });
    expect(guest.headers.get('cache-control') ?? '').not.toContain('private');
  });

  it('an error answer has exactly one Content-Type, application/json', async () => {
    const cookie = await signedInCookie();
    const answers = [
      // A procedure that refuses (a customer in the back office), a bad input, an unknown procedure,
      // and a query sent as a POST.
      await t.app.request(`${ORIGIN}/api/trpc/admin.rates.list`, { headers: { ...sameSite(), cookie } }),
      await t.app.request(`${ORIGIN}/api/trpc/catalog.region?input=${encodeURIComponent('{"json":{"id":"x"}}')}`, { headers: sameSite() }),
      await t.app.request(`${ORIGIN}/api/trpc/no.such`, { headers: sameSite() }),
      await t.app.request(`${ORIGIN}/api/trpc/catalog.regions`, { method: 'POST', headers: sameSite(), body: '{}' }),
    ];
    for (const [i, res] of answers.entries()) {
      expect({ i, type: res.headers.get('content-type') }).toMatchObject({ i, type: expect.stringMatching(/^application\/json/) });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/json(;\s*charset=utf-8)?$/i);
    }
  });
});

describe('TRUST_PROXY=1: address and scheme from the same hop', () => {
  async function loginFrom(headers: Record<string, string>): Promise<{ ip: string; hsts: boolean }> {
    const res = await t.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { ...sameSite(), ...headers },
      body: JSON.stringify({ username: 'nobody_here', password: 'wrong password' }),
    });
    expect(res.status).toBe(401);
    const row = await t.db.selectFrom('login_audit').select('ip').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { ip: row.ip, hsts: res.headers.has('strict-transport-security') };
  }

  it('the last X-Forwarded-For entry and the last X-Forwarded-Proto entry', async () => {
    await t.close();
    t = await createTestApp({ TRUST_PROXY: '1' });
    // A client that sends its own headers: the proxy appended what it saw last.
    expect(await loginFrom({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-proto': 'https, http' })).toEqual({
      ip: '203.0.113.7',
      hsts: false,
    });
    expect(await loginFrom({ 'x-forwarded-for': '203.0.113.8', 'x-forwarded-proto': 'http, https' })).toEqual({
      ip: '203.0.113.8',
      hsts: true,
    });
  });

  it('without TRUST_PROXY the headers are ignored', async () => {
    const seen = await loginFrom({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' });
    expect(seen.ip).not.toBe('203.0.113.9');
    expect(seen.hsts).toBe(false);
  });
});

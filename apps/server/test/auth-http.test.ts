// Accounts over HTTP (app.request): cookie attributes, the CSRF matrix, 429, REST shapes,
// sessions end to end, malformed bodies.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@esim/api';
import { giveSecondFactor, testTotpCode } from '@esim/api/testing';
import { DAY, ORIGIN, T0, createTestApp, sameSite, sessionCookieOf, type TestApp } from './auth-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

let seq = 0;
function account() {
  seq += 1;
  return { username: `http_user${seq}`, email: `http${seq}@example.com`, password: 'a long enough password', fullName: `Http User ${seq}` };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}, base = ORIGIN) {
  return t.app.request(`${base}${path}`, { method: 'POST', headers: sameSite(headers), body: JSON.stringify(body) });
}

/** Registers a fresh account; returns it with its session cookie. */
async function registered() {
  const acc = account();
  const res = await post('/api/auth/register', acc);
  expect(res.status).toBe(200);
  const cookie = sessionCookieOf(res);
  expect(cookie).toMatch(/^[a-z2-7]{32}$/);
  return { acc, cookie: cookie!, user: (await res.json()) as { id: number; email: string } };
}

const USER_KEYS = [
  'email',
  'emailVerified',
  'firstName',
  'fullName',
  'id',
  'lastName',
  'mobile',
  'photoUrl',
  'role',
  'travelPreferences',
  'username',
];

describe('the session cookie', () => {
  it('over http: HttpOnly; SameSite=Lax; Path=/; Expires in 30 days; no Secure; never cacheable', async () => {
    const res = await post('/api/auth/register', account());
    const line = res.headers.getSetCookie().find((l) => l.startsWith('session='))!;
    const attrs = line.split('; ').slice(1);
    expect(attrs).toContain('HttpOnly');
    expect(attrs).toContain('SameSite=Lax');
    expect(attrs).toContain('Path=/');
    expect(attrs).toContain(`Expires=${new Date(T0.getTime() + 30 * DAY).toUTCString()}`);
    expect(attrs).not.toContain('Secure');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('over https: also Secure', async () => {
    const base = 'https://shop.example';
    await t.close();
    t = await createTestApp({ PUBLIC_URL: base });
    const res = await post('/api/auth/register', account(), { Origin: base }, base);
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith('session='))!;
    expect(line.split('; ')).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', 'Secure']));
  });

  it('behind a trusted proxy that says https: Secure', async () => {
    await t.close();
    t = await createTestApp({ TRUST_PROXY: '1', PUBLIC_URL: 'https://localhost:3000' });
    const res = await post(
      '/api/auth/register',
      account(),
      { 'X-Forwarded-Proto': 'https', Origin: 'https://localhost:3000' },
      'http://localhost:3000',
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((l) => l.startsWith('session='))).toMatch(/; Secure$/);
  });

  it('login sets a cookie with which /api/auth/me answers the user; logout deletes the session row', async () => {
    const { acc, user } = await registered();
    const login = await post('/api/auth/login', { username: acc.username, password: acc.password });
    expect(login.status).toBe(200);
    // The user, and whether a second factor is still owed (issue 27: not for an account without one).
    expect(await login.json()).toEqual({
      ...((await (await meWith(sessionCookieOf(login)!)).json()) as object),
      secondFactorRequired: false,
    });
    const cookie = sessionCookieOf(login)!;

    const me = await meWith(cookie);
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    const body = (await me.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(USER_KEYS);
    expect(body).toMatchObject({ id: user.id, username: acc.username, email: acc.email, fullName: acc.fullName, role: 'customer' });

    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(2);
    const out = await t.app.request(`${ORIGIN}/api/auth/logout`, {
      method: 'POST',
      headers: { ...sameSite(), Cookie: `session=${cookie}` },
    });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ ok: true });
    const cleared = out.headers.getSetCookie().find((l) => l.startsWith('session='))!;
    expect(cleared).toMatch(/^session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax$/);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    expect((await meWith(cookie)).status).toBe(401);
  });

  it('slides on use when fewer than 15 days remain, expires unused after 30 days, dies at 90 days', async () => {
    const { cookie } = await registered();
    t.clock.advance(10 * DAY);
    const early = await meWith(cookie);
    expect(early.status).toBe(200);
    expect(sessionCookieOf(early)).toBeNull(); // no slide yet, no Set-Cookie
    t.clock.advance(6 * DAY);
    const slid = await meWith(cookie);
    expect(slid.headers.getSetCookie()[0]).toContain(`Expires=${new Date(T0.getTime() + 46 * DAY).toUTCString()}`);
    expect(sessionCookieOf(slid)).toBe(cookie);

    for (let d = 30; d < 90; d += 14) {
      t.clock.now = new Date(T0.getTime() + d * DAY);
      expect((await meWith(cookie)).status, `day ${d}`).toBe(200);
    }
    t.clock.now = new Date(T0.getTime() + 90 * DAY);
    const dead = await meWith(cookie);
    expect(dead.status).toBe(401);
    expect(sessionCookieOf(dead)).toBe(''); // the dead cookie is cleared
  });

  it('an expired session is a guest and its cookie is cleared', async () => {
    const { cookie } = await registered();
    t.clock.advance(30 * DAY);
    const res = await meWith(cookie);
    expect(res.status).toBe(401);
    expect(sessionCookieOf(res)).toBe('');
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });
});

function meWith(cookie: string) {
  return t.app.request(`${ORIGIN}/api/auth/me`, { headers: { Cookie: `session=${cookie}` } });
}

describe('CSRF', () => {
  const origins = { same: ORIGIN, other: 'https://evil.example', missing: undefined } as const;
  const bodies = {
    'application/json': '{}',
    'multipart/form-data; boundary=xyz': '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--\r\n',
    'text/plain': '{}',
    'application/x-www-form-urlencoded': 'a=b',
  } as const;
  const matrix: Array<[keyof typeof origins, keyof typeof bodies, boolean]> = [];
  for (const o of Object.keys(origins) as Array<keyof typeof origins>)
    for (const ct of Object.keys(bodies) as Array<keyof typeof bodies>) for (const xrw of [true, false]) matrix.push([o, ct, xrw]);

  const headersFor = (o: keyof typeof origins, ct: keyof typeof bodies, xrw: boolean, cookie: string) => {
    const h: Record<string, string> = { 'Content-Type': ct, Cookie: `session=${cookie}` };
    if (origins[o]) h.Origin = origins[o];
    if (xrw) h['X-Requested-With'] = 'XMLHttpRequest';
    return h;
  };

  it.each(matrix)('REST logout: origin %s × %s × X-Requested-With %s', async (o, ct, xrw) => {
    const { cookie } = await registered();
    const res = await t.app.request(`${ORIGIN}/api/auth/logout`, {
      method: 'POST',
      headers: headersFor(o, ct, xrw, cookie),
      body: bodies[ct],
    });
    const sessions = await t.db.selectFrom('sessions').select('id').execute();
    if (o === 'same' && xrw) {
      expect(res.status).toBe(200);
      expect(sessions).toHaveLength(0);
    } else {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
      expect(sessions).toHaveLength(1); // nothing happened
    }
  });

  it.each(matrix)('tRPC auth.logout mutation: origin %s × %s × X-Requested-With %s', async (o, ct, xrw) => {
    const { cookie } = await registered();
    const res = await t.app.request(`${ORIGIN}/api/trpc/auth.logout`, {
      method: 'POST',
      headers: headersFor(o, ct, xrw, cookie),
      body: bodies[ct],
    });
    const sessions = await t.db.selectFrom('sessions').select('id').execute();
    if (o === 'same' && xrw) {
      expect(res.status).not.toBe(403);
      if (ct === 'application/json') {
        expect(res.status).toBe(200);
        expect(sessions).toHaveLength(0);
      }
    } else {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
      expect(sessions).toHaveLength(1);
    }
  });

  it('cross-site profile change and password change are refused', async () => {
    const { cookie } = await registered();
    for (const [method, path, body] of [
      ['PATCH', '/api/users/profile', { email: 'attacker@evil.example' }],
      ['POST', '/api/users/password', { currentPassword: 'x', newPassword: 'attacker-password' }],
    ] as const) {
      const res = await t.app.request(`${ORIGIN}${path}`, {
        method,
        headers: {
          Origin: 'https://evil.example',
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'text/plain',
          Cookie: `session=${cookie}`,
        },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(403);
    }
  });

  it.each([
    ['Referer of this site, no Origin', 200, { Referer: `${ORIGIN}/account/profile` }],
    ['Referer of another site, no Origin', 403, { Referer: 'https://evil.example/x' }],
    ['Origin "null"', 403, { Origin: 'null' }],
    ['Origin "null" with a same-site Referer', 403, { Origin: 'null', Referer: `${ORIGIN}/` }],
    ['a TRUSTED_ORIGINS origin', 200, { Origin: 'https://partner.example' }],
    ['a look-alike origin', 403, { Origin: 'http://localhost:3000.evil.example' }],
    ['same host, other scheme', 403, { Origin: 'https://localhost:3000' }],
    ['same host, other port', 403, { Origin: 'http://localhost:3001' }],
  ])('%s → %i', async (_label, status, headers) => {
    const h: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', ...headers };
    const res = await t.app.request(`${ORIGIN}/api/auth/logout`, { method: 'POST', headers: h, body: '{}' });
    expect(res.status).toBe(status);
  });

  it('the Host header counts for nothing: a Host spoofed to match a foreign Origin is refused', async () => {
    const { cookie } = await registered();
    const res = await t.app.request('http://evil.example/api/auth/logout', {
      method: 'POST',
      headers: { Origin: 'http://evil.example', Host: 'evil.example', 'X-Requested-With': 'XMLHttpRequest', Cookie: `session=${cookie}` },
    });
    expect(res.status).toBe(403);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });

  it('neither does the address the request came in on: only PUBLIC_URL and TRUSTED_ORIGINS', async () => {
    for (const [url, origin] of [
      ['http://127.0.0.1:4000', 'http://127.0.0.1:4000'],
      ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'], // PUBLIC_URL is set: its loopback twin is not trusted
      ['https://partner.example', 'https://evil.example'],
    ]) {
      const res = await t.app.request(`${url}/api/auth/logout`, {
        method: 'POST',
        headers: { Origin: origin!, Host: new URL(url!).host, 'X-Requested-With': 'XMLHttpRequest' },
      });
      expect(res.status, `${url} ${origin}`).toBe(403);
    }
    const ok = await t.app.request('http://127.0.0.1:4000/api/auth/logout', {
      method: 'POST',
      headers: { Origin: ORIGIN, Host: '127.0.0.1:4000', 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(ok.status).toBe(200);
  });

  it('safe methods and webhooks are not checked', async () => {
    expect((await t.app.request(`${ORIGIN}/api/auth/me`, { headers: { Origin: 'https://evil.example' } })).status).toBe(401);
    const hook = await t.app.request(`${ORIGIN}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      body: '{}',
    });
    expect(hook.status).not.toBe(403);
  });
});

describe('REST shapes', () => {
  it('register → the user (never a password hash); a taken username or email → 409', async () => {
    const acc = account();
    const res = await post('/api/auth/register', acc);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(USER_KEYS);
    expect(JSON.stringify(body)).not.toMatch(/hash|argon/i);
    expect(body).toMatchObject({ username: acc.username, email: acc.email, fullName: acc.fullName });

    for (const dup of [
      { ...account(), username: acc.username },
      { ...account(), email: acc.email },
    ]) {
      const again = await post('/api/auth/register', dup);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: { code: 'CONFLICT', message: 'This username or email may already be in use.' } });
      expect(sessionCookieOf(again)).toBeNull();
    }
  });

  it('register validation → 400 with the spec message', async () => {
    const res = await post('/api/auth/register', { ...account(), password: 'short', confirmPassword: 'short' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; details: Array<{ path: string; message: string }> } };
    expect(body.error.code).toBe('BAD_INPUT');
    expect(body.error.details).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }]);
    const mismatch = await post('/api/auth/register', { ...account(), confirmPassword: 'something else entirely' });
    expect(((await mismatch.json()) as { error: { details: unknown } }).error.details).toEqual([
      { path: 'confirmPassword', message: "Passwords don't match" },
    ]);
  });

  it('a password on the common-password list → 400 with the clear message at registration and change (issue 27)', async () => {
    const common = {
      error: { code: 'BAD_INPUT', message: COMMON_PASSWORD_MESSAGE, details: { field: 'password', reason: 'common_password' } },
    };
    // Line 90,000 of the shipped list.
    const res = await post('/api/auth/register', { ...account(), password: '03062002', confirmPassword: '03062002' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(common);
    const { acc, cookie } = await registered();
    const change = await t.app.request(`${ORIGIN}/api/users/password`, {
      method: 'POST',
      headers: sameSite({ Cookie: `session=${cookie}` }),
      body: JSON.stringify({ currentPassword: acc.password, newPassword: 'SUPERMAN123' }),
    });
    expect(change.status).toBe(400);
    expect(await change.json()).toEqual({ error: { ...common.error, details: { field: 'newPassword', reason: 'common_password' } } });
  });

  it('login: unknown user and wrong password → the same 401 body', async () => {
    const { acc } = await registered();
    const wrong = await post('/api/auth/login', { username: acc.username, password: 'wrong password' });
    const unknown = await post('/api/auth/login', { username: 'no_such_user', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    expect(a).toEqual(await unknown.json());
    expect(a).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Incorrect username or password.' } });
    expect(sessionCookieOf(wrong)).toBeNull();
  });

  it('login throttling reaches 429 with Retry-After', async () => {
    const { acc } = await registered();
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/login', { username: acc.username, password: 'wrong password' })).status).toBe(401);
    const res = await post('/api/auth/login', { username: acc.username, password: acc.password });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('15');
    expect(await res.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many failed sign-in attempts. Please try again in 15 seconds.',
        details: { retryAfterSeconds: 15 },
      },
    });
    t.clock.advance(15_000);
    expect((await post('/api/auth/login', { username: acc.username, password: acc.password })).status).toBe(200);
  });

  it('GET /api/auth/me signed out → 401; GET /api/orders → 401 signed out, [] signed in', async () => {
    const me = await t.app.request(`${ORIGIN}/api/auth/me`);
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in.' } });
    expect((await t.app.request(`${ORIGIN}/api/orders`)).status).toBe(401);
    const { cookie } = await registered();
    const orders = await t.app.request(`${ORIGIN}/api/orders`, { headers: { Cookie: `session=${cookie}` } });
    expect(orders.status).toBe(200);
    expect(await orders.json()).toEqual([]);
  });

  it('PATCH /api/users/profile → the updated user; 409 with the field when the username is taken; 401 signed out', async () => {
    const other = await registered();
    const { cookie, user } = await registered();
    const patch = (body: unknown, c: string | null = cookie) =>
      t.app.request(`${ORIGIN}/api/users/profile`, {
        method: 'PATCH',
        headers: sameSite(c ? { Cookie: `session=${c}` } : {}),
        body: JSON.stringify(body),
      });
    const ok = await patch({ fullName: 'New Name', email: 'new@example.com', username: 'new_name', travelPreferences: 'aisle' });
    expect(ok.status).toBe(200);
    // The address changes once the link sent to it is opened.
    expect(await ok.json()).toMatchObject({
      id: user.id,
      fullName: 'New Name',
      email: user.email,
      pendingEmail: 'new@example.com',
      username: 'new_name',
      travelPreferences: 'aisle',
    });
    // An address with an account gets the same answer (its owner gets a notice instead of a link).
    const takenEmail = await patch({ email: other.acc.email });
    expect(takenEmail.status).toBe(200);
    expect(await takenEmail.json()).toMatchObject({ email: user.email, pendingEmail: other.acc.email });

    const taken = await patch({ username: other.acc.username });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: { code: 'CONFLICT', message: 'That username is already taken.', details: { field: 'username' } },
    });
    const bad = await patch({ email: 'nope' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe('email: Please enter a valid email address');
    expect((await patch({ fullName: 'x' }, null)).status).toBe(401);
  });

  it('POST /api/users/password → { ok: true }; a wrong current password → 400 naming the field', async () => {
    const { acc, cookie } = await registered();
    const change = (body: unknown) =>
      t.app.request(`${ORIGIN}/api/users/password`, {
        method: 'POST',
        headers: sameSite({ Cookie: `session=${cookie}` }),
        body: JSON.stringify(body),
      });
    const wrong = await change({ currentPassword: 'not my password', newPassword: 'a new long password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: { code: 'BAD_INPUT', message: 'Your current password is incorrect.', details: { field: 'currentPassword' } },
    });
    const ok = await change({ currentPassword: acc.password, newPassword: 'a new long password' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    expect((await post('/api/auth/login', { username: acc.username, password: 'a new long password' })).status).toBe(200);
  });

  it.each([
    ['{"username": "abc", ', 'application/json'],
    ['not json at all', 'application/json'],
    ['{"username": "abc"', 'text/plain'],
  ])('malformed JSON %j → 400, never 500', async (body, ct) => {
    for (const path of ['/api/auth/login', '/api/auth/register']) {
      const res = await t.app.request(`${ORIGIN}${path}`, { method: 'POST', headers: sameSite({ 'Content-Type': ct }), body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'BAD_INPUT', message: 'The request body is not valid JSON.' } });
    }
  });

  it('non-object JSON and oversized bodies are clean 4xx', async () => {
    for (const body of ['[]', '"x"', 'null', '42']) {
      const res = await t.app.request(`${ORIGIN}/api/auth/login`, { method: 'POST', headers: sameSite(), body });
      expect(res.status, body).toBe(400);
    }
    const huge = await t.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: sameSite(),
      body: JSON.stringify({ username: 'x'.repeat(100_000), password: 'y' }),
    });
    expect(huge.status).toBe(413);
  });
});

describe("a traveller's second factor (issue 27)", () => {
  it('with an authenticator app: login says so; /api/auth/me 401 and /api/orders 403 until a code is given over tRPC', async () => {
    const { acc, user } = await registered();
    await giveSecondFactor(t.db, { id: user.id }, t.clock.now);
    const login = await post('/api/auth/login', { username: acc.username, password: acc.password });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ id: user.id, secondFactorRequired: true });
    const cookie = sessionCookieOf(login)!;
    const headers = { Cookie: `session=${cookie}` };

    expect((await meWith(cookie)).status).toBe(401);
    const orders = await t.app.request(`${ORIGIN}/api/orders`, { headers });
    expect(orders.status).toBe(403);
    expect(await orders.json()).toMatchObject({
      error: { code: 'SECOND_FACTOR_REQUIRED', message: 'Enter a code from your authenticator app or use your passkey.' },
    });
    expect(orders.headers.get('cache-control')).toBe('private, no-store');

    const verify = await t.app.request(`${ORIGIN}/api/trpc/factors.verifyTotp`, {
      method: 'POST',
      headers: sameSite(headers),
      body: JSON.stringify({ json: { code: testTotpCode(t.clock.now) } }),
    });
    expect(verify.status).toBe(200);
    expect((await meWith(cookie)).status).toBe(200);
    expect((await t.app.request(`${ORIGIN}/api/orders`, { headers })).status).toBe(200);
  });
});

describe('tRPC over HTTP', () => {
  it('auth.login sets the cookie; auth.me returns the user with it, null without', async () => {
    const { acc } = await registered();
    const login = await t.app.request(`${ORIGIN}/api/trpc/auth.login`, {
      method: 'POST',
      headers: sameSite(),
      body: JSON.stringify({ json: { username: acc.username, password: acc.password } }),
    });
    expect(login.status).toBe(200);
    const cookie = sessionCookieOf(login)!;
    expect(cookie).toMatch(/^[a-z2-7]{32}$/);
    const me = await t.app.request(`${ORIGIN}/api/trpc/auth.me`, { headers: { Cookie: `session=${cookie}` } });
    expect(((await me.json()) as { result: { data: { json: { username: string } } } }).result.data.json.username).toBe(acc.username);
    const guest = await t.app.request(`${ORIGIN}/api/trpc/auth.me`);
    expect(((await guest.json()) as { result: { data: { json: unknown } } }).result.data.json).toBeNull();
  });
});

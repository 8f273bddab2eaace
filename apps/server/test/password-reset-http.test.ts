// Password reset over HTTP (app.request): POST /api/auth/forgot-password and
// POST /api/auth/reset-password — shapes, statuses, cookies, Retry-After, CSRF.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN, createTestApp, sameSite, sessionCookieOf, type TestApp } from './auth-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.services.jobs.idle();
  await t.close();
});

/** The default in-memory mailer of createServices keeps what it sent. */
const sentMail = () => (t.services.mailer as unknown as { sent: Array<{ to: string; text: string }> }).sent;

const SENT = "If an account exists for that address, we've sent a link to reset the password. It expires in 30 minutes.";

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(`${ORIGIN}${path}`, { method: 'POST', headers: sameSite(headers), body: JSON.stringify(body) });
}

async function registered(n: number) {
  const acc = { username: `reset_user${n}`, email: `reset${n}@example.com`, password: 'the old password' };
  const res = await post('/api/auth/register', acc);
  expect(res.status).toBe(200);
  return { acc, cookie: sessionCookieOf(res)! };
}

async function resetToken(to: string): Promise<string> {
  await t.services.jobs.idle();
  const sent = sentMail().filter((m) => m.to === to);
  const token = sent.at(-1)?.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no reset e-mail to ${to}`);
  return token;
}

describe('POST /api/auth/forgot-password', () => {
  it('200 with the same body for a known e-mail, a known username and an unknown address; never cached', async () => {
    const { acc } = await registered(1);
    const bodies = [];
    for (const identifier of [acc.email, acc.username, 'nobody@example.com']) {
      const res = await post('/api/auth/forgot-password', { identifier, locale: 'en' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(sessionCookieOf(res)).toBeNull();
      bodies.push(await res.text());
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual({ ok: true, message: SENT });
    expect(await resetToken(acc.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('400 naming the field for a missing identifier; 400 for malformed JSON', async () => {
    const res = await post('/api/auth/forgot-password', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'BAD_INPUT', message: 'identifier: Required', details: [{ path: 'identifier', message: 'Required' }] },
    });
    const bad = await t.app.request(`${ORIGIN}/api/auth/forgot-password`, { method: 'POST', headers: sameSite(), body: '{"identifier":' });
    expect(bad.status).toBe(400);
  });

  it('429 with Retry-After after 3 requests for one address within the hour', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/forgot-password', { identifier: 'someone@example.com' })).status).toBe(200);
    const res = await post('/api/auth/forgot-password', { identifier: 'SOMEONE@example.com' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(await res.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message:
          'Too many password reset requests for this address. Please check your inbox (and spam folder), or try again in 60 minutes.',
        details: { retryAfterSeconds: 3600 },
      },
    });
  });

  it('cross-site requests are refused (403) and send nothing', async () => {
    const { acc } = await registered(2);
    const res = await post('/api/auth/forgot-password', { identifier: acc.email }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    await t.services.jobs.idle();
    expect(sentMail().filter((m) => /reset-password/.test(m.text))).toEqual([]);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('200 { ok: true }; ends every session (clearing this cookie); the new password signs in; the link works once', async () => {
    const { acc, cookie } = await registered(3);
    await post('/api/auth/forgot-password', { identifier: acc.email });
    const token = await resetToken(acc.email);

    const res = await post(
      '/api/auth/reset-password',
      { token, password: 'the new password', confirmPassword: 'the new password' },
      { Cookie: `session=${cookie}` },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(sessionCookieOf(res)).toBe('');
    expect((await t.app.request(`${ORIGIN}/api/auth/me`, { headers: { Cookie: `session=${cookie}` } })).status).toBe(401);
    expect((await post('/api/auth/login', { username: acc.username, password: acc.password })).status).toBe(401);
    expect((await post('/api/auth/login', { username: acc.username, password: 'the new password' })).status).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'a third password' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: {
        code: 'BAD_INPUT',
        message: 'This password reset link has already been used. If you need to, request a new one.',
        details: { field: 'token', reason: 'used' },
      },
    });
  });

  it('400 for an expired link, an unknown token and a short password; nothing changes', async () => {
    const { acc } = await registered(4);
    await post('/api/auth/forgot-password', { identifier: acc.username });
    const token = await resetToken(acc.email);

    const short = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { message: string } }).error.message).toBe('password: Password must be at least 8 characters');

    const unknown = await post('/api/auth/reset-password', { token: 'A'.repeat(43), password: 'the new password' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { details: unknown } }).error.details).toEqual({ field: 'token', reason: 'invalid' });

    t.clock.advance(30 * 60_000);
    const late = await post('/api/auth/reset-password', { token, password: 'the new password' });
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: { details: unknown } }).error.details).toEqual({ field: 'token', reason: 'expired' });
    expect((await post('/api/auth/login', { username: acc.username, password: acc.password })).status).toBe(200);
  });
});

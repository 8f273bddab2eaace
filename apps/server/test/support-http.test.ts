// Support over HTTP (app.request): POST /api/contact and /api/newsletter store and answer JSON,
// bad input is a readable 400 (never a 500), the CSRF guard applies; robots.txt and sitemap.xml.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServices } from '@esim/api';
import { createDb } from '@esim/db';
import { createApp } from '../src/app.ts';
import { readEnv } from '../src/env.ts';
import { silentLogger } from '../src/logger.ts';
import { ORIGIN, createTestApp, sameSite, type TestApp } from './auth-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const MESSAGE = { name: 'Ada Lovelace', email: 'Ada@Example.com', subject: 'Refund', message: 'Please refund my unused plan.' };

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: sameSite({ 'User-Agent': 'http-test', ...headers }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

type ErrorJson = { error: { code: string; message: string; details?: Array<{ path: string; message: string }> } };

describe('POST /api/contact', () => {
  it('200 { id, createdAt }, the message stored, never cached', async () => {
    const res = await post('/api/contact', MESSAGE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as { id: number; createdAt: string };
    expect(body).toEqual({ id: expect.any(Number), createdAt: t.clock.now.toISOString(), ticketNumber: 'T-000001' });
    const row = await t.db.selectFrom('contact_messages').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Refund',
      message: 'Please refund my unused plan.',
      user_id: null,
      user_agent: 'http-test',
      status: 'new',
    });
  });

  it.each([
    [{ ...MESSAGE, name: '  ' }, 'name: Required'],
    [{ ...MESSAGE, email: 'nope' }, 'email: Please enter a valid email address'],
    [{ ...MESSAGE, subject: undefined }, 'subject: Required'],
    [{ ...MESSAGE, message: 'm'.repeat(10_001) }, 'message: Message must be at most 10,000 characters'],
    [{}, 'name: Required'],
    [[], 'Invalid input: expected object, received array'],
    ['{"name": ', 'The request body is not valid JSON.'],
    ['', 'name: Required'],
  ])('%j → 400 "%s", nothing stored', async (body, message) => {
    const res = await post('/api/contact', body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as ErrorJson;
    expect(json.error.code).toBe('BAD_INPUT');
    expect(json.error.message).toBe(message);
    expect(await t.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(0);
  });

  it('every invalid field is listed in details', async () => {
    const res = await post('/api/contact', { name: '', email: '', subject: '', message: '' });
    const json = (await res.json()) as ErrorJson;
    expect(json.error.details?.map((d) => d.path).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('a flood from one address → 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i += 1) expect((await post('/api/contact', MESSAGE)).status).toBe(200);
    const res = await post('/api/contact', MESSAGE);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(((await res.json()) as ErrorJson).error.code).toBe('TOO_MANY_REQUESTS');
  });

  it('a body over 64 KB → 413', async () => {
    const res = await post('/api/contact', { ...MESSAGE, message: 'x'.repeat(70_000) });
    expect(res.status).toBe(413);
  });

  it.each([
    ['another origin', { Origin: 'https://evil.example' }],
    ['no X-Requested-With', { 'X-Requested-With': '' }],
  ])('cross-site (%s) → 403, nothing stored', async (_label, headers) => {
    const h = sameSite(headers);
    if (h['X-Requested-With'] === '') delete h['X-Requested-With'];
    const res = await t.app.request(`${ORIGIN}/api/contact`, { method: 'POST', headers: h, body: JSON.stringify(MESSAGE) });
    expect(res.status).toBe(403);
    expect(await t.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(0);
  });
});

describe('POST /api/newsletter', () => {
  it('200 { ok: true }, the same for the same address in another case; one row', async () => {
    const first = await post('/api/newsletter', { email: 'nomad@example.com', locale: 'ja' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    const again = await post('/api/newsletter', { email: '  NOMAD@Example.com ' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true });
    const rows = await t.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(rows.map(({ email, locale, source }) => ({ email, locale, source }))).toEqual([
      { email: 'nomad@example.com', locale: 'ja', source: 'blog' },
    ]);
  });

  it.each([
    [{ email: 'nope' }, 'email: Please enter a valid email address'],
    [{}, 'email: Required'],
    [{ email: 'a@example.com', locale: 42 }, 'locale: Invalid input'],
    ['not json', 'The request body is not valid JSON.'],
  ])('%j → 400 "%s"', async (body, message) => {
    const res = await post('/api/newsletter', body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).error).toMatchObject({ code: 'BAD_INPUT', message });
    expect(await t.db.selectFrom('newsletter_subscribers').selectAll().execute()).toHaveLength(0);
  });

  it('GET is not a route (404 JSON, not 500)', async () => {
    const res = await t.app.request(`${ORIGIN}/api/newsletter`);
    expect(res.status).toBe(404);
  });
});

describe('the same procedures over tRPC', () => {
  it('support.contact and support.subscribe answer at /api/trpc', async () => {
    const contact = await post('/api/trpc/support.contact', { json: MESSAGE });
    expect(contact.status).toBe(200);
    const subscribe = await post('/api/trpc/support.subscribe', { json: { email: 'trpc@example.com' } });
    expect(subscribe.status).toBe(200);
    expect(await t.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom('newsletter_subscribers').selectAll().execute()).toHaveLength(1);
    const bad = await post('/api/trpc/support.contact', { json: { ...MESSAGE, email: 'x' } });
    expect(bad.status).toBe(400);
    const messages = await t.app.request(`${ORIGIN}/api/trpc/support.messages`);
    expect(messages.status).toBe(401);
  });
});

describe('robots.txt', () => {
  it('allows all, keeps private paths out, points at the absolute sitemap', async () => {
    const res = await t.app.request(`${ORIGIN}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    const lines = text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/account', '/checkout', '/order-success', '/admin', '/reset-password', '/verify-email', '/api/'])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('follows PUBLIC_URL (a trailing slash is dropped)', async () => {
    await t.close();
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example/' });
    const text = await (await t.app.request('https://shop.example/robots.txt')).text();
    expect(text).toContain('Sitemap: https://shop.example/sitemap.xml\n');
  });
});

describe('sitemap.xml', () => {
  it('lists the public routes and the six blog articles as absolute URLs', async () => {
    const res = await t.app.request(`${ORIGIN}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const paths = [
      '/',
      '/coverage',
      '/support',
      '/about-us',
      '/blog',
      '/faq',
      '/terms',
      '/privacy',
      '/accessibility',
      '/rewards',
      '/devices',
      '/trip',
    ];
    // English first among each page's ten languages (language-pages-http.test.ts checks them and the destinations).
    const english = locs.filter(
      (l) => !/^\/(es|fr|de|zh|ar|pt|ru|ja|hi)\//.test(l!.slice(ORIGIN.length)) && !l!.includes('/destinations/'),
    );
    expect(english).toEqual([...paths, '/blog/1', '/blog/2', '/blog/3', '/blog/4', '/blog/5', '/blog/6'].map((p) => `${ORIGIN}${p}`));
    for (const p of ['/account', '/checkout', '/login', '/admin', '/api']) expect(xml).not.toContain(`${ORIGIN}${p}`);
  });

  it('answers before the web build and its SPA fallback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seo-web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>SPA</title>');
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    const handle = createDb(':memory:');
    try {
      const app = createApp({
        db: handle.db,
        env: readEnv({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent' }),
        log: silentLogger,
        webDist: dir,
        services: createServices(handle.db, {
          publicUrl: ORIGIN,
          productName: 'T',
          supportEmail: 's@example.com',
          phone: '0',
          postalAddress: 'x',
        }),
      });
      const sitemap = await app.request(`${ORIGIN}/sitemap.xml`);
      expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(await sitemap.text()).toContain(`<loc>${ORIGIN}/blog/6</loc>`);
      const robots = await app.request(`${ORIGIN}/robots.txt`);
      expect(await robots.text()).toContain('Allow: /\n');
      // the SPA fallback still serves app routes
      expect(await (await app.request(`${ORIGIN}/blog/3`)).text()).toContain('<title>SPA</title>');
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

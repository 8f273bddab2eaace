// Issue 29: the first-party device cookie (middleware/device.ts). A sign-in without one gets a
// random value (HttpOnly, SameSite=Lax, Path=/, 400 days, Secure over https); the database keeps
// only its SHA-256, with the account's sign-in (device_sightings). A cookie sent back is kept (no
// new Set-Cookie), reads never set it, a malformed one is replaced, webhooks never get one.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN, createTestApp, sameSite, type TestApp } from './auth-app.ts';

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
  return { username: `dev_user${seq}`, email: `dev${seq}@example.com`, password: 'a long enough password', fullName: `Dev User ${seq}` };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(`${ORIGIN}${path}`, { method: 'POST', headers: sameSite(headers), body: JSON.stringify(body) });
}

const deviceLine = (res: Response) => res.headers.getSetCookie().find((l) => l.startsWith('esim_dev='));
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

describe('the device cookie', () => {
  it('a sign-in without one: a random HttpOnly first-party cookie; only its hash is stored with the sign-in', async () => {
    const res = await post('/api/auth/register', account());
    expect(res.status).toBe(200);
    const line = deviceLine(res)!;
    expect(line).toMatch(/^esim_dev=[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax/);
    expect(line).not.toMatch(/Domain=/i);
    const value = line.slice('esim_dev='.length).split(';')[0]!;
    const rows = await t.db.selectFrom('device_sightings').select(['device_hash']).execute();
    expect(rows).toEqual([{ device_hash: sha256(value) }]);
    // Nowhere is the cookie's value itself.
    expect(JSON.stringify(await t.db.selectFrom('sessions').selectAll().execute())).not.toContain(value);
  });

  it('a cookie sent back is kept: no new one, the same hash recorded for the next sign-in', async () => {
    const value = 'A'.repeat(43);
    const res = await post('/api/auth/register', account(), { Cookie: `esim_dev=${value}` });
    expect(deviceLine(res)).toBeUndefined();
    expect((await t.db.selectFrom('device_sightings').select('device_hash').execute()).map((r) => r.device_hash)).toEqual([sha256(value)]);
  });

  it('a malformed cookie is replaced; a read never sets one; two browsers get two values', async () => {
    const a = deviceLine(await post('/api/auth/register', account(), { Cookie: 'esim_dev=not-valid' }));
    expect(a).toBeDefined();
    const b = deviceLine(await post('/api/auth/register', account()));
    expect(b!.split(';')[0]).not.toBe(a!.split(';')[0]);
    const read = await t.app.request(`${ORIGIN}/api/trpc/catalog.regions`, { headers: sameSite({}) });
    expect(deviceLine(read)).toBeUndefined();
  });
});

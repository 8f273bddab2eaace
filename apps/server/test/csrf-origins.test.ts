// Which origins may send state-changing requests (middleware/csrf.ts trustedOrigins): PUBLIC_URL
// and TRUSTED_ORIGINS; with PUBLIC_URL unset (a laptop), also the loopback twins of
// http://localhost:PORT, and in development Vite's dev server and preview.
import { afterEach, describe, expect, it } from 'vitest';
import { readEnv } from '../src/env.ts';
import { trustedOrigins } from '../src/middleware/csrf.ts';
import { createTestApp, type TestApp } from './auth-app.ts';

const sorted = (s: Set<string>) => [...s].sort();

describe('trustedOrigins', () => {
  it('PUBLIC_URL unset: http://localhost:PORT and the same port at 127.0.0.1 and [::1]', () => {
    expect(sorted(trustedOrigins(readEnv({ PORT: '3000' })))).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
  });

  it("PUBLIC_URL unset in development: also Vite's dev server and preview", () => {
    expect(sorted(trustedOrigins(readEnv({ PORT: '3000', NODE_ENV: 'development' })))).toEqual([
      'http://127.0.0.1:3000',
      'http://127.0.0.1:4173',
      'http://127.0.0.1:5173',
      'http://[::1]:3000',
      'http://localhost:3000',
      'http://localhost:4173',
      'http://localhost:5173',
    ]);
  });

  it('PUBLIC_URL set: only its origin and TRUSTED_ORIGINS (paths and blanks dropped), whatever NODE_ENV says', () => {
    const env = readEnv({
      PUBLIC_URL: 'https://shop.example/store/',
      TRUSTED_ORIGINS: ' https://a.example , https://b.example/x,,not a url',
      NODE_ENV: 'development',
    });
    expect(sorted(trustedOrigins(env))).toEqual(['https://a.example', 'https://b.example', 'https://shop.example']);
  });

  it('PUBLIC_URL set to the default value is still set: no loopback twins', () => {
    expect(sorted(trustedOrigins(readEnv({ PORT: '3000', PUBLIC_URL: 'http://localhost:3000' })))).toEqual(['http://localhost:3000']);
  });
});

describe('the guard with PUBLIC_URL unset', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it.each([
    ['http://localhost:3000', 200],
    ['http://127.0.0.1:3000', 200],
    ['http://[::1]:3000', 200],
    ['http://127.0.0.1:3001', 403],
    ['http://localhost:5173', 403], // not development
    ['https://evil.example', 403],
  ])('Origin %s → %i', async (origin, status) => {
    t = await createTestApp({ PUBLIC_URL: undefined as unknown as string, PORT: '3000', TRUSTED_ORIGINS: '' });
    const res = await t.app.request(`${origin}/api/auth/logout`, {
      method: 'POST',
      headers: { Origin: origin, Host: new URL(origin).host, 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(res.status).toBe(status);
  });
});

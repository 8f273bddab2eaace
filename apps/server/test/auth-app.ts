// An app over a migrated in-memory SQLite with a fake clock, for the HTTP tests of accounts.
import { createServices } from '@esim/api';
import { TEST_ORIGIN, fakeClock, memoryDb, type FakeClock } from '@esim/api/testing';
import type { Db } from '@esim/db';
import { createApp } from '../src/app.ts';
import { readEnv } from '../src/env.ts';
import { silentLogger } from '../src/logger.ts';
import type { AppDeps, Logger } from '../src/types.ts';

export { DAY, T0 } from '@esim/api/testing';
export const ORIGIN = TEST_ORIGIN;

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  services: AppDeps['services'];
  clock: FakeClock;
  close(): Promise<void>;
}

/** `opts.log`: the logger of the app and its services (default: silent). */
export async function createTestApp(envOverrides: Record<string, string> = {}, opts: { log?: Logger } = {}): Promise<TestApp> {
  const handle = await memoryDb();
  const clock = fakeClock();
  const env = readEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: ORIGIN,
    TRUSTED_ORIGINS: 'https://partner.example',
    LOG_LEVEL: 'silent',
    ...envOverrides,
  });
  const deps: AppDeps = {
    db: handle.db,
    env,
    log: opts.log ?? silentLogger,
    webDist: null,
    services: createServices(
      handle.db,
      { publicUrl: ORIGIN, productName: 'Test', supportEmail: 's@example.com', phone: '0', postalAddress: 'x' },
      { now: () => clock.now, ...(opts.log ? { log: opts.log } : {}) },
    ),
  };
  return { app: createApp(deps), db: handle.db, services: deps.services, clock, close: handle.close };
}

/** Headers of a same-origin request from the spec's client. */
export function sameSite(extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: ORIGIN, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', ...extra };
}

/** The session cookie's value from a response's Set-Cookie ('' when cleared, null when absent). */
export function sessionCookieOf(res: Response): string | null {
  const line = res.headers.getSetCookie().find((l) => l.startsWith('session='));
  if (line === undefined) return null;
  return line.slice('session='.length).split(';')[0] ?? '';
}

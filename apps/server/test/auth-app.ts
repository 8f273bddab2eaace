// An app over a migrated in-memory SQLite with a fake clock, for the HTTP tests of accounts.
import { createServices } from '@esim/api';
import { fakeClock, memoryDb, type FakeClock } from '@esim/api/testing';
import type { Db } from '@esim/db';
import { createApp } from '../src/app.ts';
import { silentLogger } from '../src/logger.ts';
import type { AppDeps, Logger } from '../src/types.ts';
import { ORIGIN, testEnv } from './test-env.ts';

export { DAY, T0 } from '@esim/api/testing';
export { ORIGIN, sameSite } from './test-env.ts';

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
  const env = testEnv({ TRUSTED_ORIGINS: 'https://partner.example', ...envOverrides });
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

/** The session cookie's value from a response's Set-Cookie ('' when cleared, null when absent). */
export function sessionCookieOf(res: Response): string | null {
  const line = res.headers.getSetCookie().find((l) => l.startsWith('session='));
  if (line === undefined) return null;
  return line.slice('session='.length).split(';')[0] ?? '';
}

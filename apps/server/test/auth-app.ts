// An app over a migrated in-memory SQLite with a fake clock, for the HTTP tests of accounts.
import { createServices } from '@esim/api';
import { createDb, migrateToLatest, type Db } from '@esim/db';
import { createApp } from '../src/app.ts';
import { readEnv } from '../src/env.ts';
import { silentLogger } from '../src/logger.ts';
import type { AppDeps, Logger } from '../src/types.ts';

export const ORIGIN = 'http://localhost:3000';
export const T0 = new Date('2026-03-01T12:00:00.000Z');
export const DAY = 24 * 60 * 60 * 1000;

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  services: AppDeps['services'];
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** `opts.log`: the logger of the app and its services (default: silent). */
export async function createTestApp(envOverrides: Record<string, string> = {}, opts: { log?: Logger } = {}): Promise<TestApp> {
  const handle = createDb(':memory:');
  await migrateToLatest(handle.db);
  const clock = {
    now: new Date(T0),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
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

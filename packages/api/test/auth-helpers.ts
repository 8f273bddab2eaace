// Test rig for the account procedures: a migrated in-memory SQLite, a fake clock, and "browsers"
// that keep the session token the procedures set, resolved to ctx.user the way the server's
// session layer does it.
import { createDb, migrateToLatest, type Db } from '@esim/db';
import { createServices, type Services } from '../src/context.ts';
import { createCaller } from '../src/root.ts';
import type { Context } from '../src/trpc.ts';
import { validateSessionToken } from '../src/services/sessions.ts';
import { toSessionUser } from '../src/services/users.ts';

export const T0 = new Date('2026-03-01T12:00:00.000Z');
export const DAY = 24 * 60 * 60 * 1000;

export interface Rig {
  db: Db;
  services: Services;
  clock: { now: Date; advance(ms: number): void };
  browser(opts?: { ip?: string; userAgent?: string }): Browser;
  close(): Promise<void>;
}

export interface Browser {
  /** The token in this browser's cookie jar (null = no cookie). */
  token: string | null;
  /** Cookie writes the procedures asked for, newest last. */
  cookieLog: Array<{ token: string; expiresAt: Date } | 'clear'>;
  /** A caller for the next request, with ctx.user resolved from the jar. */
  caller(): Promise<ReturnType<typeof createCaller>>;
  context(): Promise<Context>;
}

export async function createRig(): Promise<Rig> {
  const handle = createDb(':memory:');
  await migrateToLatest(handle.db);
  const clock = {
    now: new Date(T0),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const services = createServices(
    handle.db,
    { publicUrl: 'http://localhost:3000', productName: 'Test', supportEmail: 's@example.com', phone: '0', postalAddress: 'x' },
    { now: () => clock.now },
  );

  function browser(opts: { ip?: string; userAgent?: string } = {}): Browser {
    const b: Browser = {
      token: null,
      cookieLog: [],
      async context() {
        const valid = b.token ? await validateSessionToken(handle.db, b.token, clock.now) : null;
        if (b.token && !valid) b.token = null; // the server clears a dead cookie
        return {
          db: handle.db,
          services,
          user: valid ? toSessionUser(valid.user) : null,
          sessionId: valid?.id ?? null,
          req: { ip: opts.ip ?? '203.0.113.7', userAgent: opts.userAgent ?? 'vitest', secure: false },
          res: {
            setSessionCookie(token, expiresAt) {
              b.token = token;
              b.cookieLog.push({ token, expiresAt });
            },
            clearSessionCookie() {
              b.token = null;
              b.cookieLog.push('clear');
            },
          },
        };
      },
      async caller() {
        return createCaller(await b.context());
      },
    };
    return b;
  }

  return { db: handle.db, services, clock, browser, close: handle.close };
}

let seq = 0;
/** A unique, valid registration. */
export function newAccount(over: Partial<{ username: string; email: string; password: string; fullName: string }> = {}) {
  seq += 1;
  return {
    username: over.username ?? `traveller${seq}`,
    email: over.email ?? `traveller${seq}@example.com`,
    password: over.password ?? 'correct horse battery',
    fullName: over.fullName ?? `Traveller ${seq}`,
  };
}

/** The TRPC error a promise rejects with, for code/message/appError assertions. */
export async function rejection(p: Promise<unknown>): Promise<{ code: string; message: string; cause: unknown }> {
  try {
    await p;
  } catch (e) {
    return e as { code: string; message: string; cause: unknown };
  }
  throw new Error('expected the call to fail');
}

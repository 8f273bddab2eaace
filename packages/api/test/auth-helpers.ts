// Test rig for the account procedures: a migrated in-memory SQLite, a fake clock, and "browsers"
// that keep the session token the procedures set, resolved to ctx.user the way the server's
// session layer does it.
import type { Db } from '@esim/db';
import { createServices, type Services } from '../src/context.ts';
import { fakeClock, memoryDb, sessionBrowser, type Browser, type FakeClock } from './rig.ts';

export { DAY, T0, type Browser } from './rig.ts';

export interface Rig {
  db: Db;
  services: Services;
  clock: FakeClock;
  browser(opts?: { ip?: string; userAgent?: string }): Browser;
  close(): Promise<void>;
}

export async function createRig(): Promise<Rig> {
  const handle = await memoryDb();
  const clock = fakeClock();
  const services = createServices(
    handle.db,
    { publicUrl: 'http://localhost:3000', productName: 'Test', supportEmail: 's@example.com', phone: '0', postalAddress: 'x' },
    { now: () => clock.now },
  );
  const browser = (opts: { ip?: string; userAgent?: string } = {}) => sessionBrowser(handle.db, services, clock, opts);
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

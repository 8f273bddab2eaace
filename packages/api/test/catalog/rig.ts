// A migrated, seeded in-memory SQLite with the shop's services, and callers over it.
import { seed, type Db } from '@esim/db';
import { migratedMemoryDb, sqliteTemplate } from '@esim/db/testing';
import { createServices, type Services } from '../../src/context.ts';
import { createCaller } from '../../src/root.ts';
import type { Context } from '../../src/trpc.ts';

export interface CatalogRig {
  db: Db;
  services: Services;
  caller(): ReturnType<typeof createCaller>;
  close(): Promise<void>;
}

/** Migrated and seeded once per test file; each rig gets a copy. */
const seededDb = sqliteTemplate((db) => seed(db, { now: new Date('2026-01-01T00:00:00Z') }));

export async function createCatalogRig(opts: { seeded?: boolean } = {}): Promise<CatalogRig> {
  const handle = opts.seeded === false ? await migratedMemoryDb() : await seededDb();
  const services = createServices(handle.db, {
    publicUrl: 'http://localhost:3000',
    productName: 'Test',
    supportEmail: 's@example.com',
    phone: '0',
    postalAddress: 'x',
  });
  const context = (): Context => ({
    db: handle.db,
    services,
    user: null,
    pendingUser: null,
    sessionId: null,
    locale: 'en',
    req: { ip: '203.0.113.7', userAgent: 'vitest', secure: false },
    res: { setSessionCookie: () => undefined, clearSessionCookie: () => undefined },
  });
  return { db: handle.db, services, caller: () => createCaller(context()), close: () => handle.close() };
}

/** Id of the region with this code. */
export async function regionId(db: Db, code: string): Promise<number> {
  const row = await db.selectFrom('regions').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

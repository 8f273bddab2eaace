// An app over a migrated, seeded in-memory SQLite, for the HTTP tests of the catalogue,
// headers and static files.
import { memoryDb } from '@esim/api/testing';
import { seed, type Db } from '@esim/db';
import { createApp } from '../src/app.ts';
import { buildDeps } from '../src/deps.ts';
import { testEnv } from './test-env.ts';
import { silentLogger } from '../src/logger.ts';
import type { AppDeps } from '../src/types.ts';

export interface CatalogApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: Db;
  /** Id of the region with this code. */
  regionId(code: string): Promise<number>;
  close(): Promise<void>;
}

export async function createCatalogApp(opts: { env?: Record<string, string>; webDist?: string | null } = {}): Promise<CatalogApp> {
  const handle = await memoryDb();
  await seed(handle.db, { now: new Date('2026-01-01T00:00:00Z') });
  const env = testEnv(opts.env);
  const deps = buildDeps(env, handle.db, silentLogger, opts.webDist ?? null);
  return {
    app: createApp(deps),
    deps,
    db: handle.db,
    regionId: async (code) => (await handle.db.selectFrom('regions').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id,
    close: () => handle.close(),
  };
}

/** ?input= for a non-batched tRPC GET (superjson). */
export function trpcInput(input: unknown): string {
  return encodeURIComponent(JSON.stringify({ json: input }));
}

// A migrated database on a throwaway PostgreSQL cluster, for the api's PostgreSQL tests.
import { afterAll, beforeAll } from 'vitest';
import { createDb, migrateToLatest, type Db, type DbHandle } from '@esim/db';
import { findPgBinaries, pgUnavailableReason, startPgCluster, type PgCluster } from '../../db/test/pg-cluster.ts';

/** Whether the PostgreSQL binaries exist; when not, says which tests are skipped and why. */
export function pgAvailableFor(what: string): boolean {
  const available = findPgBinaries() !== null;
  if (!available) console.warn(`[@esim/api] skipping PostgreSQL ${what} tests: ${pgUnavailableReason()}`);
  return available;
}

/** Call inside a describe: starts a cluster and migrates before its tests, stops both after. */
export function useMigratedPg(): () => Db {
  let cluster: PgCluster | undefined;
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    cluster = await startPgCluster();
    handle = createDb(cluster.url);
    await migrateToLatest(handle.db);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await cluster?.stop();
  });
  return () => handle!.db;
}

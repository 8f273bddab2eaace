// In-memory SQLite databases for tests, each a copy of a template built once per test file (a
// module is evaluated once per file): copying an image costs well under a millisecond, while
// migrating (and seeding) again costs every test tens of milliseconds or more.
import type { Db } from '../src/client.ts';
import { createDb, serializeSqlite, type DbHandle } from '../src/client.ts';
import { migrateToLatest } from '../src/migrate.ts';

/**
 * A maker of in-memory databases that start as a copy of one migrated database, brought by
 * `prepare` (seeding, say) into the state every copy starts from. Built on first use.
 */
export function sqliteTemplate(prepare: (db: Db) => Promise<unknown> = async () => undefined): () => Promise<DbHandle> {
  let image: Promise<Buffer> | undefined;
  const build = async (): Promise<Buffer> => {
    const handle = createDb(':memory:');
    try {
      await migrateToLatest(handle.db);
      await prepare(handle.db);
      return serializeSqlite(handle.db);
    } finally {
      await handle.close();
    }
  };
  return async () => {
    image ??= build();
    return createDb(':memory:', { image: await image });
  };
}

/** A migrated, empty in-memory SQLite of its own. */
export const migratedMemoryDb: () => Promise<DbHandle> = sqliteTemplate();

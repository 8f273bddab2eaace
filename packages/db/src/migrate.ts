// migrateToLatest(db): applies every registered migration not yet applied, in name order.
import { Migrator } from 'kysely';
import type { Kysely, MigrationResult } from 'kysely';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {
  readonly results: readonly MigrationResult[];
  constructor(message: string, results: readonly MigrationResult[], cause: unknown) {
    super(message, { cause });
    this.name = 'MigrationError';
    this.results = results;
  }
}

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Runs pending migrations; returns the names applied now. Throws MigrationError naming the failing migration. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results = [] } = await createMigrator(db).migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed ? `Migration "${failed}" failed: ${reason}` : `Migrating the database failed: ${reason}`,
      results,
      error,
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

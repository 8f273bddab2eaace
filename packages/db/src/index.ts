export * from './schema.ts';
export * from './client.ts';
export { migrations } from './migrations/index.ts';
export { createMigrator, migrateToLatest, MigrationError } from './migrate.ts';
export {
  seed,
  seedRewards,
  ACHIEVEMENTS,
  TRAVELER_LEVELS,
  BUNDLES,
  CONTINENTS,
  COUNTRIES,
  countryFlagIcon,
  isPopularRegion,
  POPULAR_REGION_CODES,
  POPULAR_REGION_NAMES,
} from './seed/index.ts';
export type {
  AchievementSeed,
  TravelerLevelSeed,
  BundleSeed,
  Continent,
  PopularRegionInput,
  SeedOptions,
  SeedResult,
} from './seed/index.ts';
export { Statement, postgresFor } from './statement.ts';
export { flushWalInBackground } from './wal-flusher.ts';
export type { FlushFs, WalFlusherOptions } from './wal-flusher.ts';
export { listenPg } from './listen.ts';
export type { PgListener, PgListenOptions } from './listen.ts';

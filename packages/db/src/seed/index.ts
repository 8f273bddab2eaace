// seed(db): inserts the catalogue rows (and the rewards levels and achievements) that are missing,
// in one transaction. Idempotent: a second run inserts nothing, and rows that exist (for instance
// edited by an admin) are never updated.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { seedExchangeRates } from './exchange-rates.ts';
import { seedPlans } from './plans.ts';
import { seedRegionCountries } from './region-countries.ts';
import { seedRegions } from './regions.ts';
import { seedRewards } from './rewards.ts';

export interface SeedResult {
  /** Rows inserted by this run, per table. */
  regions: number;
  regionCountries: number;
  plans: number;
  exchangeRates: number;
  /** Traveler Rewards levels and achievements. */
  travelerLevels: number;
  achievements: number;
}

export interface SeedOptions {
  /** Timestamp for new exchange-rate rows; defaults to the current time. */
  now?: Date;
}

export async function seed(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const regions = await seedRegions(trx);
    const regionCountries = await seedRegionCountries(trx);
    const plans = await seedPlans(trx);
    const exchangeRates = await seedExchangeRates(trx, now);
    const rewards = await seedRewards(trx);
    return { regions, regionCountries, plans, exchangeRates, ...rewards };
  });
}

export { BUNDLES } from './bundles.ts';
export type { BundleSeed } from './bundles.ts';
export { ACHIEVEMENTS, TRAVELER_LEVELS, seedRewards } from './rewards.ts';
export type { AchievementSeed, TravelerLevelSeed } from './rewards.ts';
export { CONTINENTS } from './continents.ts';
export type { Continent } from './continents.ts';
export { COUNTRIES, countryFlagIcon } from './countries.ts';
export { isPopularRegion, POPULAR_REGION_CODES, POPULAR_REGION_NAMES } from '../popular.ts';
export type { PopularRegionInput } from '../popular.ts';

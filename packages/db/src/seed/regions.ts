// Regions: every country (kind 'country') and every bundle (kind 'bundle'), inserted when their code is missing.
// Bundles sort first (sort_order 1..n), then countries by English name (from 100).
import type { Kysely } from 'kysely';
import type { Database, NewRegion } from '../schema.ts';
import { BUNDLES } from './bundles.ts';
import { COUNTRIES, countryFlagIcon } from './countries.ts';
import { isPopularRegion } from '../popular.ts';
import { chunks, insertedCount } from './util.ts';

export const COUNTRY_SORT_BASE = 100;

export function regionRows(): NewRegion[] {
  const bundles = BUNDLES.map(
    (b, i): NewRegion => ({
      code: b.code,
      name: b.name,
      continent: b.continent,
      flag_icon: b.flagIcon,
      is_popular: isPopularRegion(b) ? 1 : 0,
      kind: 'bundle',
      sort_order: i + 1,
    }),
  );
  const byName = [...COUNTRIES].sort((a, b) => a[1].localeCompare(b[1], 'en'));
  const countries = byName.map(
    ([code, name, continent], i): NewRegion => ({
      code,
      name,
      continent,
      flag_icon: countryFlagIcon(code),
      is_popular: isPopularRegion({ code, name }) ? 1 : 0,
      kind: 'country',
      sort_order: COUNTRY_SORT_BASE + i,
    }),
  );
  return [...bundles, ...countries];
}

export async function seedRegions(db: Kysely<Database>): Promise<number> {
  let inserted = 0;
  for (const part of chunks(regionRows())) {
    const res = await db
      .insertInto('regions')
      .values(part)
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    inserted += insertedCount(res);
  }
  return inserted;
}

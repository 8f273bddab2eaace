// Which countries each region covers (the 'Countries Covered' chips): a country covers itself,
// a bundle covers its list in order. Missing (region, country) pairs are inserted.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { BUNDLES } from './bundles.ts';
import { COUNTRIES } from './countries.ts';
import { chunks, insertedCount } from './util.ts';

/** [region code, covered country codes in display order]. */
export function coverageLists(): [string, readonly string[]][] {
  return [
    ...BUNDLES.map((b): [string, readonly string[]] => [b.code, b.countries]),
    ...COUNTRIES.map(([code]): [string, readonly string[]] => [code, [code]]),
  ];
}

export async function seedRegionCountries(db: Kysely<Database>): Promise<number> {
  const ids = new Map((await db.selectFrom('regions').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  const rows: { region_id: number; country_code: string; position: number }[] = [];
  for (const [code, countries] of coverageLists()) {
    const regionId = ids.get(code);
    if (regionId === undefined) continue;
    countries.forEach((country_code, position) => rows.push({ region_id: regionId, country_code, position }));
  }
  let inserted = 0;
  for (const part of chunks(rows, 500)) {
    const res = await db
      .insertInto('region_countries')
      .values(part)
      .onConflict((oc) => oc.columns(['region_id', 'country_code']).doNothing())
      .executeTakeFirst();
    inserted += insertedCount(res);
  }
  return inserted;
}

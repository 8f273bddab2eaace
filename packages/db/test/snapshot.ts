// Row counts and a checksum of every catalogue row, to prove a second seed changes nothing.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../src/schema.ts';

export interface CatalogSnapshot {
  counts: Record<string, number>;
  checksum: string;
}

export async function catalogSnapshot(db: Kysely<Database>): Promise<CatalogSnapshot> {
  const tables = {
    regions: await db.selectFrom('regions').selectAll().orderBy('id').execute(),
    region_countries: await db.selectFrom('region_countries').selectAll().orderBy('region_id').orderBy('country_code').execute(),
    plans: await db.selectFrom('plans').selectAll().orderBy('id').execute(),
    exchange_rates: await db.selectFrom('exchange_rates').selectAll().orderBy('currency').execute(),
  };
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  for (const [name, rows] of Object.entries(tables)) {
    counts[name] = rows.length;
    hash.update(name).update(JSON.stringify(rows));
  }
  return { counts, checksum: hash.digest('hex') };
}

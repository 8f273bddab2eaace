// Plans for every seeded destination. buildPlans() is pure; seedPlans() inserts the missing ones.
import type { Kysely } from 'kysely';
import type { Database, NewPlan } from '../schema.ts';
import { BUNDLES } from './bundles.ts';
import type { Continent } from './continents.ts';
import { COUNTRIES } from './countries.ts';
import { isPopularRegion } from '../popular.ts';
import { listPrice, regionPriceFactor } from './pricing.ts';
import { chunks, insertedCount } from './util.ts';

export interface PlanRegion {
  code: string;
  name: string;
  kind: 'country' | 'bundle';
  continent: Continent | null;
  /** Number of countries covered (1 for a country). */
  coverage: number;
}

interface PlanTemplate {
  /** 'Unlimited' or e.g. '5GB'. */
  data: string;
  dataMb: number | null;
  days: number;
  /** USD cents at a 1.0× destination. */
  baseCents: number;
}

const GB = 1024;

export const DATA_PLANS: readonly PlanTemplate[] = [
  { data: '1GB', dataMb: 1 * GB, days: 7, baseCents: 450 },
  { data: '3GB', dataMb: 3 * GB, days: 30, baseCents: 900 },
  { data: '5GB', dataMb: 5 * GB, days: 30, baseCents: 1300 },
  { data: '10GB', dataMb: 10 * GB, days: 30, baseCents: 2100 },
  { data: '20GB', dataMb: 20 * GB, days: 30, baseCents: 3400 },
];
const UNLIMITED_COUNTRY: PlanTemplate = { data: 'Unlimited', dataMb: null, days: 7, baseCents: 2900 };
const UNLIMITED_BUNDLE: PlanTemplate = { data: 'Unlimited', dataMb: null, days: 10, baseCents: 3900 };

/** Major destinations (the spec's 'Countries Covered' table) also sell an Unlimited plan. */
const UNLIMITED_COUNTRIES = new Set([
  'US',
  'UK',
  'CA',
  'AU',
  'JP',
  'TH',
  'SG',
  'AE',
  'FR',
  'DE',
  'IT',
  'ES',
  'BR',
  'MX',
  'CN',
  'IN',
  'ZA',
  'RU',
  'TR',
  'EG',
  'MA',
  'NG',
  'KE',
  'AR',
  'CL',
  'CO',
  'PE',
  'NZ',
  'KR',
  'MY',
  'ID',
  'PH',
  'VN',
  'SA',
  'IL',
]);

export function hasUnlimitedPlan(region: Pick<PlanRegion, 'code' | 'name' | 'kind'>): boolean {
  return region.kind === 'bundle' || UNLIMITED_COUNTRIES.has(region.code) || isPopularRegion(region);
}

function planName(region: PlanRegion, t: PlanTemplate): string {
  return `${region.name} ${t.data} - ${t.days} ${t.days === 1 ? 'Day' : 'Days'}`;
}

function planDescription(region: PlanRegion, t: PlanTemplate): string {
  const where =
    region.kind === 'country'
      ? `in ${region.name}`
      : region.code === 'GLOBAL'
        ? `across ${region.coverage} countries worldwide`
        : `across ${region.coverage} countries in ${region.name}`;
  if (t.dataMb === null) {
    return `Unlimited data ${where} for ${t.days} days: full speed up to 3GB a day, then reduced speed. Validity starts when you activate.`;
  }
  return `${t.data} of high-speed data ${where}, valid for ${t.days} days from activation.`;
}

function planFeatures(region: PlanRegion, t: PlanTemplate): string[] {
  const features: string[] = [];
  if (region.kind === 'bundle') features.push(`One eSIM for ${region.coverage} countries`);
  if (t.dataMb === null) features.push('Unlimited data (fair use: 3GB/day at full speed)');
  features.push('4G/5G networks', 'Instant activation');
  if (t.dataMb === null || t.dataMb >= 3 * GB) features.push('Hotspot / tethering allowed');
  features.push('Data only (no calls or SMS)');
  if (t.dataMb !== null && region.kind === 'country') features.push('Top-ups available');
  return features.slice(0, 5);
}

/** The plans one destination sells, cheapest first; exactly one is popular (5GB, or 10GB for bundles). */
export function buildPlans(region: PlanRegion): Omit<NewPlan, 'region_id'>[] {
  const templates = hasUnlimitedPlan(region)
    ? [...DATA_PLANS, region.kind === 'bundle' ? UNLIMITED_BUNDLE : UNLIMITED_COUNTRY]
    : DATA_PLANS;
  const popularData = region.kind === 'bundle' ? '10GB' : '5GB';
  const factor = regionPriceFactor(region);
  return templates.map((t, i) => ({
    slug: `${region.code.toLowerCase()}-${t.data.toLowerCase()}-${t.days}d`,
    name: planName(region, t),
    description: planDescription(region, t),
    price_minor: listPrice(t.baseCents, factor),
    currency: 'USD',
    validity_days: t.days,
    data_amount: t.data,
    data_mb: t.dataMb,
    features: JSON.stringify(planFeatures(region, t)),
    is_popular: t.data === popularData ? 1 : 0,
    active: 1,
    sort_order: i + 1,
  }));
}

/** Every seeded destination, in seed order. */
export function planRegions(): PlanRegion[] {
  return [
    ...BUNDLES.map(
      (b): PlanRegion => ({ code: b.code, name: b.name, kind: 'bundle', continent: b.continent, coverage: b.countries.length }),
    ),
    ...COUNTRIES.map(([code, name, continent]): PlanRegion => ({ code, name, kind: 'country', continent, coverage: 1 })),
  ];
}

/** Inserts plans whose slug is missing, for regions that exist. Returns the number inserted. */
export async function seedPlans(db: Kysely<Database>): Promise<number> {
  const ids = new Map((await db.selectFrom('regions').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  const rows: NewPlan[] = [];
  for (const region of planRegions()) {
    const regionId = ids.get(region.code);
    if (regionId === undefined) continue;
    for (const plan of buildPlans(region)) rows.push({ ...plan, region_id: regionId });
  }
  let inserted = 0;
  for (const part of chunks(rows)) {
    const res = await db
      .insertInto('plans')
      .values(part)
      .onConflict((oc) => oc.column('slug').doNothing())
      .executeTakeFirst();
    inserted += insertedCount(res);
  }
  return inserted;
}

// Assertions about a migrated and seeded catalogue, shared by the SQLite and PostgreSQL tests.
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../src/schema.ts';
import { CONTINENTS } from '../src/seed/continents.ts';

export async function expectValidCatalog(db: Kysely<Database>): Promise<void> {
  const regions = await db.selectFrom('regions').selectAll().orderBy('sort_order').execute();
  const countries = regions.filter((r) => r.kind === 'country');
  const bundles = regions.filter((r) => r.kind === 'bundle');
  const countryCodes = new Set(countries.map((c) => c.code));

  expect(countries.length).toBeGreaterThanOrEqual(200);
  expect(new Set(regions.map((r) => r.code)).size).toBe(regions.length);
  for (const c of countries) {
    expect(c.code === 'UK' || /^[A-Z]{2}$/.test(c.code), c.code).toBe(true);
    expect(CONTINENTS as readonly (string | null)[], c.code).toContain(c.continent);
  }
  expect(countryCodes.has('GB')).toBe(false);
  for (const b of bundles) if (b.code !== 'GLOBAL') expect(CONTINENTS as readonly (string | null)[], b.code).toContain(b.continent);

  const byCode = new Map(regions.map((r) => [r.code, r]));
  expect(byCode.get('GLOBAL')).toMatchObject({ kind: 'bundle', name: 'Global', continent: null, is_popular: 0 });
  expect(byCode.get('EU')).toMatchObject({
    kind: 'bundle',
    name: 'Europe',
    continent: 'Europe',
    flag_icon: '/flags/4x3/eu.svg',
    is_popular: 1,
  });
  expect(byCode.get('UK')).toMatchObject({ name: 'United Kingdom', flag_icon: '/flags/4x3/gb.svg', is_popular: 1 });
  expect(
    regions
      .filter((r) => r.is_popular === 1)
      .map((r) => r.code)
      .sort(),
  ).toEqual(['AE', 'AU', 'CN', 'EU', 'UK', 'US', 'ZA']);

  const coverage = await db.selectFrom('region_countries').selectAll().orderBy('region_id').orderBy('position').execute();
  const covered = new Map<number, string[]>();
  for (const row of coverage) covered.set(row.region_id, [...(covered.get(row.region_id) ?? []), row.country_code]);
  for (const c of countries) expect(covered.get(c.id), c.code).toEqual([c.code]);
  for (const b of bundles) {
    const list = covered.get(b.id) ?? [];
    expect(list.length, b.code).toBeGreaterThanOrEqual(2);
    for (const code of list) expect(countryCodes.has(code), `${b.code} covers unknown ${code}`).toBe(true);
  }
  expect(covered.get(byCode.get('GLOBAL')!.id)!.length).toBeGreaterThanOrEqual(120);
  const eu = covered.get(byCode.get('EU')!.id)!;
  expect(eu.length).toBeGreaterThanOrEqual(35);
  expect(eu).toEqual(expect.arrayContaining(['FR', 'DE', 'UK', 'CH', 'NO', 'IS']));

  const plans = await db.selectFrom('plans').selectAll().orderBy('region_id').orderBy('sort_order').execute();
  const plansByRegion = new Map<number, typeof plans>();
  for (const p of plans) plansByRegion.set(p.region_id, [...(plansByRegion.get(p.region_id) ?? []), p]);
  for (const r of regions) {
    const list = plansByRegion.get(r.id) ?? [];
    expect(list.length, r.code).toBeGreaterThanOrEqual(5);
    expect(list.filter((p) => p.is_popular === 1).length, r.code).toBe(1);
  }
  for (const p of plans) {
    expect(Number.isInteger(p.price_minor), p.slug).toBe(true);
    expect(p.price_minor, p.slug).toBeGreaterThanOrEqual(50);
    expect(p.currency).toBe('USD');
    expect(p.name, p.slug).toMatch(/^.+ (\d+GB|Unlimited) - \d+ Days?$/);
    expect(p.slug).toMatch(/^[a-z]+-(\d+gb|unlimited)-\d+d$/);
    const features: unknown = JSON.parse(p.features);
    expect(Array.isArray(features) && features.length >= 3 && features.length <= 5, p.slug).toBe(true);
  }
  const price = (slug: string) => plans.find((p) => p.slug === slug)?.price_minor ?? NaN;
  expect(price('th-5gb-30d')).toBeLessThan(price('fr-5gb-30d'));
  expect(price('fr-5gb-30d')).toBeLessThan(price('jp-5gb-30d'));
  expect(price('jp-5gb-30d')).toBeLessThan(price('eu-5gb-30d'));
  expect(price('eu-5gb-30d')).toBeLessThan(price('global-5gb-30d'));
  expect(plans.find((p) => p.slug === 'jp-5gb-30d')).toMatchObject({
    name: 'Japan 5GB - 30 Days',
    data_amount: '5GB',
    data_mb: 5120,
    validity_days: 30,
    is_popular: 1,
  });
  expect(plans.find((p) => p.slug === 'us-unlimited-7d')).toMatchObject({ data_amount: 'Unlimited', data_mb: null, validity_days: 7 });

  const rates = await db.selectFrom('exchange_rates').select(['currency', 'symbol', 'rate_micros']).orderBy('currency').execute();
  expect(rates).toEqual([
    { currency: 'AED', symbol: 'AED', rate_micros: 3_672_500 },
    { currency: 'AUD', symbol: 'A$', rate_micros: 1_530_000 },
    { currency: 'CAD', symbol: 'CA$', rate_micros: 1_390_000 },
    { currency: 'CHF', symbol: 'CHF', rate_micros: 880_000 },
    { currency: 'EUR', symbol: '€', rate_micros: 930_000 },
    { currency: 'GBP', symbol: '£', rate_micros: 790_000 },
    { currency: 'INR', symbol: '₹', rate_micros: 84_500_000 },
    { currency: 'JPY', symbol: '¥', rate_micros: 154_000_000 },
    { currency: 'SGD', symbol: 'S$', rate_micros: 1_340_000 },
    { currency: 'USD', symbol: '$', rate_micros: 1_000_000 },
  ]);
}

// services/catalog/catalog.ts: the db-first reads, on a migrated and seeded in-memory SQLite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import {
  countryName,
  getExchangeRates,
  getPlan,
  getRegion,
  listAllPlans,
  listCoverage,
  listPlans,
  listRegions,
} from '../../src/services/catalog/catalog.ts';
import { createCatalogRig, regionId, type CatalogRig } from './rig.ts';

let rig: CatalogRig;
beforeAll(async () => {
  rig = await createCatalogRig();
});
afterAll(() => rig.close());

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
  throw new Error('expected an AppError');
}

describe('listRegions', () => {
  it('returns every region, shaped as the API DTO, with its From price', async () => {
    const regions = await listRegions(rig.db);
    const count = await rig.db
      .selectFrom('regions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(regions).toHaveLength(Number(count.n));
    const jp = regions.find((r) => r.code === 'JP')!;
    expect(jp).toEqual({
      id: expect.any(Number),
      name: 'Japan',
      code: 'JP',
      continent: 'Asia',
      flagIcon: expect.stringMatching(/^\/flags\/.+\.svg$/),
      isPopular: false,
      kind: 'country',
      fromPrice: expect.any(Number),
      fromPriceMinor: expect.any(Number),
      covers: [],
    });
    const eu = regions.find((r) => r.code === 'EU')!;
    expect(eu.covers).toContain('PT');
    expect(eu.covers).not.toContain('JP');
    const min = await rig.db
      .selectFrom('plans')
      .select((eb) => eb.fn.min<number>('price_minor').as('m'))
      .where('region_id', '=', jp.id)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    expect(jp.fromPriceMinor).toBe(min.m);
    expect(jp.fromPrice).toBe(min.m / 100);
  });

  it('orders by sort_order then name, and marks bundles and popular regions', async () => {
    const regions = await listRegions(rig.db);
    const rows = await rig.db.selectFrom('regions').select(['id', 'sort_order', 'name']).orderBy('sort_order').orderBy('name').execute();
    expect(regions.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(regions.find((r) => r.code === 'EU')).toMatchObject({ kind: 'bundle', isPopular: true });
    expect(regions.find((r) => r.code === 'GLOBAL')).toMatchObject({ kind: 'bundle', continent: null });
  });

  it('gives null From prices to a region without active plans, ignoring retired plans', async () => {
    const { id } = await rig.db
      .insertInto('regions')
      .values({ code: 'XT', name: 'Testland', continent: 'Europe', flag_icon: null, kind: 'country' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await rig.db
      .insertInto('plans')
      .values({
        region_id: id,
        slug: 'xt-retired',
        name: 'Old',
        description: '',
        price_minor: 100,
        currency: 'USD',
        validity_days: 7,
        data_amount: '1GB',
        data_mb: 1024,
        features: '[]',
        active: 0,
      })
      .execute();
    try {
      const xt = (await listRegions(rig.db)).find((r) => r.id === id)!;
      expect(xt.fromPrice).toBeNull();
      expect(xt.fromPriceMinor).toBeNull();
      expect(await listPlans(rig.db, id)).toEqual([]);
    } finally {
      await rig.db.deleteFrom('regions').where('id', '=', id).execute();
    }
  });
});

describe('getRegion', () => {
  it('adds the covered countries, in position order, named from their region rows', async () => {
    const eu = await getRegion(rig.db, await regionId(rig.db, 'EU'));
    expect(eu.code).toBe('EU');
    expect(eu.countries.length).toBeGreaterThan(20);
    expect(eu.countries[0]).toEqual({ code: expect.any(String), name: expect.any(String) });
    expect(eu.countries).toContainEqual({ code: 'FR', name: 'France' });
    const rows = await rig.db
      .selectFrom('region_countries')
      .select('country_code')
      .where('region_id', '=', eu.id)
      .orderBy('position')
      .execute();
    expect(eu.countries.map((c) => c.code)).toEqual(rows.map((r) => r.country_code));
  });

  it('a country covers itself', async () => {
    const jp = await getRegion(rig.db, await regionId(rig.db, 'JP'));
    expect(jp.countries).toEqual([{ code: 'JP', name: 'Japan' }]);
  });

  it('throws REGION_NOT_FOUND for an unknown id', async () => {
    expect(await codeOf(getRegion(rig.db, 999_999))).toBe('REGION_NOT_FOUND');
  });
});

describe('countryName', () => {
  it.each([
    ['JP', 'Japan'],
    ['UK', 'United Kingdom'],
    ['GB', 'United Kingdom'],
    ['not a code', 'not a code'],
  ])('%s → %s', (code, name) => expect(countryName(code)).toBe(name));
});

describe('listPlans / getPlan', () => {
  it("lists a region's active plans in display order, prices as decimals", async () => {
    const jpId = await regionId(rig.db, 'JP');
    const plans = await listPlans(rig.db, jpId);
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) {
      expect(p.regionId).toBe(jpId);
      expect(p.currency).toBe('USD');
      expect(p.price).toBe(p.priceMinor / 100);
      expect(Array.isArray(p.features)).toBe(true);
      expect(typeof p.isPopular).toBe('boolean');
      expect(Number.isInteger(p.validityDays)).toBe(true);
    }
    const rows = await rig.db
      .selectFrom('plans')
      .select('id')
      .where('region_id', '=', jpId)
      .where('active', '=', 1)
      .orderBy('sort_order')
      .orderBy('price_minor')
      .orderBy('id')
      .execute();
    expect(plans.map((p) => p.id)).toEqual(rows.map((r) => r.id));
  });

  it('throws REGION_NOT_FOUND for plans of an unknown region', async () => {
    expect(await codeOf(listPlans(rig.db, 999_999))).toBe('REGION_NOT_FOUND');
  });

  it('gets one plan; unknown and retired plans are PLAN_NOT_FOUND', async () => {
    const [first] = await listPlans(rig.db, await regionId(rig.db, 'JP'));
    expect(await getPlan(rig.db, first!.id)).toEqual(first);
    expect(await codeOf(getPlan(rig.db, 999_999))).toBe('PLAN_NOT_FOUND');
    await rig.db.updateTable('plans').set({ active: 0 }).where('id', '=', first!.id).execute();
    try {
      expect(await codeOf(getPlan(rig.db, first!.id))).toBe('PLAN_NOT_FOUND');
    } finally {
      await rig.db.updateTable('plans').set({ active: 1 }).where('id', '=', first!.id).execute();
    }
  });

  it('reads features safely: bad JSON or non-strings become an empty or filtered list', async () => {
    const [first] = await listPlans(rig.db, await regionId(rig.db, 'JP'));
    const original = await rig.db.selectFrom('plans').select('features').where('id', '=', first!.id).executeTakeFirstOrThrow();
    try {
      await rig.db.updateTable('plans').set({ features: 'not json' }).where('id', '=', first!.id).execute();
      expect((await getPlan(rig.db, first!.id)).features).toEqual([]);
      await rig.db.updateTable('plans').set({ features: '["a", 1, null, "b"]' }).where('id', '=', first!.id).execute();
      expect((await getPlan(rig.db, first!.id)).features).toEqual(['a', 'b']);
    } finally {
      await rig.db.updateTable('plans').set({ features: original.features }).where('id', '=', first!.id).execute();
    }
  });

  it('listAllPlans holds every active plan once', async () => {
    const all = await listAllPlans(rig.db);
    const n = await rig.db
      .selectFrom('plans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(n.n));
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
  });

  it('listCoverage matches getRegion for every region', async () => {
    const coverage = await listCoverage(rig.db);
    const eu = await regionId(rig.db, 'EU');
    expect(coverage.get(eu)).toEqual((await getRegion(rig.db, eu)).countries);
  });
});

describe('getExchangeRates', () => {
  it("serves the seeded rates in the spec's order (then the seven of issue 28 by code), as decimals and as micros", async () => {
    const got = await getExchangeRates(rig.db);
    expect(got.rates).toEqual({
      USD: 1,
      GBP: 0.79,
      EUR: 0.93,
      AED: 3.6725,
      AUD: 1.53,
      CAD: 1.39,
      CHF: 0.88,
      INR: 84.5,
      JPY: 154,
      SGD: 1.34,
    });
    expect(got.rateMicros).toMatchObject({ USD: 1_000_000, GBP: 790_000, EUR: 930_000, JPY: 154_000_000 });
    expect(got.supportedCurrencies.slice(0, 3)).toEqual([
      { code: 'USD', name: 'US Dollar', symbol: '$' },
      { code: 'GBP', name: 'British Pound', symbol: '£' },
      { code: 'EUR', name: 'Euro', symbol: '€' },
    ]);
    expect(got.supportedCurrencies.map((c) => c.code)).toEqual(['USD', 'GBP', 'EUR', 'AED', 'AUD', 'CAD', 'CHF', 'INR', 'JPY', 'SGD']);
    expect(got.supportedCurrencies.find((c) => c.code === 'JPY')).toEqual({ code: 'JPY', name: 'Japanese Yen', symbol: '¥' });
  });

  it('falls back to the spec rates when the table is empty, and lists extra currencies after the known ones', async () => {
    const empty = await createCatalogRig({ seeded: false });
    try {
      expect((await getExchangeRates(empty.db)).rates).toEqual({ USD: 1, GBP: 0.79, EUR: 0.93 });
      await empty.db
        .insertInto('exchange_rates')
        .values([
          { currency: 'JPY', name: 'Yen', symbol: '¥', rate_micros: 150_000_000, updated_at: '2026-01-01T00:00:00Z' },
          { currency: 'USD', name: 'US Dollar', symbol: '$', rate_micros: 1_000_000, updated_at: '2026-01-01T00:00:00Z' },
        ])
        .execute();
      const r = await getExchangeRates(empty.db);
      expect(r.supportedCurrencies.map((c) => c.code)).toEqual(['USD', 'JPY']);
      expect(r.rates).toEqual({ USD: 1, JPY: 150 });
    } finally {
      await empty.close();
    }
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../src/client.ts';
import type { DbHandle } from '../src/client.ts';
import { migrateToLatest } from '../src/migrate.ts';
import { migrations } from '../src/migrations/index.ts';
import { ACHIEVEMENTS, TRAVELER_LEVELS, seed, seedRewards } from '../src/seed/index.ts';
import { BUNDLES } from '../src/seed/bundles.ts';
import { COUNTRIES } from '../src/seed/countries.ts';
import { expectValidCatalog } from './catalog-checks.ts';
import { flagIconsDir } from './flags.ts';
import { catalogSnapshot } from './snapshot.ts';

let handle: DbHandle;
beforeEach(() => {
  handle = createDb(':memory:');
});
afterEach(async () => {
  await handle.close();
});

describe('migrations (SQLite)', () => {
  it('registry includes the catalogue migration', () => {
    expect(Object.keys(migrations)).toContain('2026-11-21-001-catalog');
  });

  it('apply once, then report nothing to do', async () => {
    expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });
});

describe('seed (SQLite)', () => {
  it('creates a valid catalogue', async () => {
    await migrateToLatest(handle.db);
    const result = await seed(handle.db);
    expect(result.regions).toBe(COUNTRIES.length + BUNDLES.length);
    expect(result.exchangeRates).toBe(10);
    await expectValidCatalog(handle.db);
  });

  it('is idempotent: a second run inserts and changes nothing', async () => {
    await migrateToLatest(handle.db);
    await seed(handle.db, { now: new Date('2026-01-01T00:00:00Z') });
    const before = await catalogSnapshot(handle.db);
    const second = await seed(handle.db, { now: new Date('2026-06-01T00:00:00Z') });
    expect(second).toEqual({ regions: 0, regionCountries: 0, plans: 0, exchangeRates: 0, travelerLevels: 0, achievements: 0 });
    expect(await catalogSnapshot(handle.db)).toEqual(before);
  });

  it('does not overwrite rows an admin edited, and restores deleted seed rows', async () => {
    const { db } = handle;
    await migrateToLatest(db);
    await seed(db);
    await db.updateTable('plans').set({ price_minor: 12345, name: 'Edited' }).where('slug', '=', 'jp-5gb-30d').execute();
    await db.updateTable('regions').set({ name: 'Nippon', is_popular: 1 }).where('code', '=', 'JP').execute();
    await db.updateTable('exchange_rates').set({ rate_micros: 800_000 }).where('currency', '=', 'GBP').execute();
    await db.deleteFrom('plans').where('slug', '=', 'fr-1gb-7d').execute();
    const again = await seed(db);
    expect(again).toEqual({ regions: 0, regionCountries: 0, plans: 1, exchangeRates: 0, travelerLevels: 0, achievements: 0 });
    expect(await db.selectFrom('plans').select(['price_minor', 'name']).where('slug', '=', 'jp-5gb-30d').executeTakeFirst()).toEqual({
      price_minor: 12345,
      name: 'Edited',
    });
    expect(await db.selectFrom('regions').select(['name', 'is_popular']).where('code', '=', 'JP').executeTakeFirst()).toEqual({
      name: 'Nippon',
      is_popular: 1,
    });
    expect(await db.selectFrom('exchange_rates').select('rate_micros').where('currency', '=', 'GBP').executeTakeFirst()).toEqual({
      rate_micros: 800_000,
    });
  });

  it('seeds the rewards levels and achievements once, keeps edits, restores deleted ones', async () => {
    const { db } = handle;
    await migrateToLatest(db);
    const first = await seed(db);
    expect(first.travelerLevels).toBe(TRAVELER_LEVELS.length);
    expect(first.achievements).toBe(ACHIEVEMENTS.length);
    const levels = await db.selectFrom('traveler_levels').selectAll().orderBy('points_required').execute();
    expect(levels.map((l) => [l.key, l.points_required, l.multiplier_percent])).toEqual([
      ['traveler', 0, 100],
      ['explorer', 500, 120],
      ['globetrotter', 2000, 140],
      ['jetsetter', 6000, 200],
    ]);
    for (const l of levels) expect(JSON.parse(l.perks)).toEqual(expect.arrayContaining([expect.any(String)]));
    const achievements = await db.selectFrom('achievements').selectAll().execute();
    expect(achievements.length).toBeGreaterThanOrEqual(12);
    expect(new Set(achievements.map((a) => a.category)).size).toBeGreaterThanOrEqual(4);
    for (const a of achievements) expect(a.key).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);

    await db.updateTable('achievements').set({ points_awarded: 999 }).where('key', '=', 'first_purchase').execute();
    await db.deleteFrom('achievements').where('key', '=', 'ten_check_ins').execute();
    const again = await seedRewards(db);
    expect(again).toEqual({ travelerLevels: 0, achievements: 1 });
    expect(await db.selectFrom('achievements').select('points_awarded').where('key', '=', 'first_purchase').executeTakeFirst()).toEqual({
      points_awarded: 999,
    });
    expect(await seedRewards(db)).toEqual({ travelerLevels: 0, achievements: 0 });
  });
});

describe('seed data', () => {
  it('has a flag-icons file for every country and for the EU bundle', () => {
    const dir = flagIconsDir();
    const missing = COUNTRIES.map(([code]) => (code === 'UK' ? 'gb' : code.toLowerCase())).filter(
      (iso) => !existsSync(join(dir, `${iso}.svg`)),
    );
    expect(missing).toEqual([]);
    expect(existsSync(join(dir, 'eu.svg'))).toBe(true);
  });

  it('lists each country once, one continent each', () => {
    expect(new Set(COUNTRIES.map(([code]) => code)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map(([, name]) => name)).size).toBe(COUNTRIES.length);
  });

  it('puts the spec-given countries on the right continent', () => {
    const continent = new Map(COUNTRIES.map(([code, , c]) => [code, c]));
    expect(continent.get('TR')).toBe('Europe');
    expect(continent.get('RU')).toBe('Europe');
    expect(continent.get('EG')).toBe('Africa');
    expect(continent.get('MX')).toBe('North America');
    for (const code of ['AE', 'SA', 'IL', 'JO', 'LB', 'SY', 'YE', 'OM', 'KW', 'BH', 'QA', 'IR', 'IQ'])
      expect(continent.get(code), code).toBe('Middle East');
    for (const code of ['BZ', 'GT', 'SV', 'HN', 'NI', 'CR', 'PA']) expect(continent.get(code), code).toBe('Central America');
  });

  it('bundle codes never collide with country codes and bundles list no duplicates', () => {
    const countryCodes = new Set(COUNTRIES.map(([code]) => code));
    for (const b of BUNDLES) {
      expect(countryCodes.has(b.code), b.code).toBe(false);
      expect(new Set(b.countries).size, b.code).toBe(b.countries.length);
    }
  });
});

// catalog sync on a migrated in-memory SQLite: the simulator's catalogue over the full seed (adopted,
// then nothing to do), and a provider whose packages come and go over the rig's small catalogue.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_RULE, retailPrice } from '../../src/domain/pricing.ts';
import { EsimSimulator } from '../../src/providers/esim/index.ts';
import type { EsimProvider, ProviderPackage } from '../../src/providers/esim/index.ts';
import { CATALOG_VERSION_KEY, readCatalogVersion, syncCatalog } from '../../src/services/catalog/catalog-sync.ts';
import { createOrdersRig, type OrdersRig } from '../orders/rig.ts';
import { createCatalogRig, regionId, type CatalogRig } from './rig.ts';

const NOW = new Date('2026-03-02T00:00:00Z');

function pkg(code: string, over: Partial<ProviderPackage> = {}): ProviderPackage {
  return {
    code,
    name: code,
    countries: ['JP'],
    dataMb: 1024,
    validityDays: 7,
    wholesale: { minor: 300, currency: 'USD' },
    topUp: false,
    newEsim: true,
    ...over,
  };
}

/** A real provider's catalogue, changed by the test between runs. */
function fakeProvider(list: ProviderPackage[]): EsimProvider & { list: ProviderPackage[] } {
  const p = {
    name: 'fakeprov',
    isReal: true,
    list,
    listPackages: async () => p.list.map((x) => ({ ...x })),
  };
  return p as unknown as EsimProvider & { list: ProviderPackage[] };
}

describe('catalog sync with the simulator over the seed', () => {
  let rig: CatalogRig;
  afterEach(() => rig.close());

  it('adopts the seed plans as the simulator packages and prices them by the rule; a second run changes nothing', async () => {
    rig = await createCatalogRig();
    const sim = new EsimSimulator();
    const first = await syncCatalog(rig.db, rig.services, { provider: sim, pricing: DEFAULT_PRICING_RULE, now: NOW });
    expect(first).toMatchObject({ packages: 1299, added: 0, hidden: 0, regionsAdded: 0, changed: true });
    expect(first.updated + first.unchanged).toBe(1299);
    const jp = await rig.db.selectFrom('plans').selectAll().where('slug', '=', 'jp-5gb-30d').executeTakeFirstOrThrow();
    expect(jp).toMatchObject({ provider: 'simulator', provider_package: 'jp-5gb-30d', wholesale_currency: 'USD', active: 1 });
    expect(jp.price_minor).toBe(retailPrice(jp.wholesale_minor!, DEFAULT_PRICING_RULE));
    // The simulator's facts are stored as it said them and handed out with the plan; a country it names
    // no operator for gets none, and nothing it did not say appears.
    const shown = await rig.services.catalog.getPlan(jp.id);
    expect(shown.facts).toEqual({
      operators: [
        { country: 'JP', name: 'NTT Docomo', generation: '5G' },
        { country: 'JP', name: 'SoftBank', generation: '5G' },
      ],
      hotspot: true,
      dailyCapMb: null,
      topUps: true,
      validityStarts: 'first_connection',
    });
    const unlimitedEu = await rig.db
      .selectFrom('plans as p')
      .innerJoin('regions as r', 'r.id', 'p.region_id')
      .select(['p.facts'])
      .where('r.code', '=', 'EU')
      .where('p.data_mb', 'is', null)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(unlimitedEu.facts!)).toMatchObject({ dailyCapMb: 2048, throttledKbps: 1024, ipCountry: 'NL' });
    expect(JSON.parse(unlimitedEu.facts!).operators).toContainEqual({ country: 'UK', name: 'EE', generation: '5G' });
    const version = await readCatalogVersion(rig.db);
    expect(version).not.toBe('');

    const second = await syncCatalog(rig.db, rig.services, { provider: sim, pricing: DEFAULT_PRICING_RULE, now: NOW });
    expect(second).toMatchObject({ added: 0, updated: 0, hidden: 0, unchanged: 1299, regionsAdded: 0, changed: false });
    expect(await readCatalogVersion(rig.db)).toBe(version);
    expect(
      await rig.db
        .selectFrom('plans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ).toEqual({ n: 1299 });
  });
});

describe('catalog sync with a provider whose catalogue changes', () => {
  let rig: OrdersRig;
  afterEach(async () => {
    await rig.settle();
    await rig.close();
  });

  // These replace the rig's seed plans (hidden: more than half), so they pass force; the guard's own
  // tests below run without it.
  const run = (provider: EsimProvider, dryRun = false, force = true) =>
    syncCatalog(rig.db, rig.services, { provider, pricing: DEFAULT_PRICING_RULE, now: NOW, dryRun, force });

  it('refuses to hide more than half of the visible plans without force and says why; the dry run shows the same numbers', async () => {
    rig = await createOrdersRig();
    const provider = fakeProvider([
      pkg('jp-1g'),
      pkg('jp-3g', { dataMb: 3072 }),
      pkg('jp-5g', { dataMb: 5120 }),
      pkg('jp-10g', { dataMb: 10240 }),
    ]);
    // The first import replaces the seed's 4 plans: a replacement, refused without force.
    const replacing = await run(provider, false, false);
    expect(replacing).toMatchObject({ added: 4, hidden: 4, visibleBefore: 4, changed: false, maxHideShare: 0.5 });
    expect(replacing.refused).toMatch(/hide 4 of the 4 visible plans \(100%\), more than the allowed 50%.*--force/);
    expect(await rig.db.selectFrom('plans').select('id').where('provider', '=', 'fakeprov').execute()).toEqual([]);
    expect(await rig.db.selectFrom('plans').select('id').where('active', '=', 1).execute()).toHaveLength(4);
    expect(await rig.db.selectFrom('app_settings').select('key').where('key', '=', CATALOG_VERSION_KEY).execute()).toEqual([]);
    expect(await run(provider, false, true)).toMatchObject({ added: 4, hidden: 4, changed: true, refused: undefined });

    // The provider answers only one package (Airalo's discount pricing without net prices, a bad page):
    // 3 of the 4 visible plans would go.
    provider.list = [pkg('jp-1g')];
    const dry = await run(provider, true, false);
    const real = await run(provider, false, false);
    expect(dry).toMatchObject({ hidden: 3, visibleBefore: 4, dryRun: true });
    expect(real).toMatchObject({ hidden: 3, visibleBefore: 4, dryRun: false, changed: false });
    expect(dry.refused).toBe(real.refused);
    expect(real.refused).toContain('hide 3 of the 4 visible plans (75%)');
    expect(await rig.db.selectFrom('plans').select('id').where('provider', '=', 'fakeprov').where('active', '=', 1).execute()).toHaveLength(
      4,
    );

    // Exactly half is allowed; a configured lower share refuses it.
    provider.list = [pkg('jp-1g'), pkg('jp-3g', { dataMb: 3072 })];
    const lower = await syncCatalog(rig.db, rig.services, { provider, pricing: DEFAULT_PRICING_RULE, now: NOW, maxHideShare: 0.25 });
    expect(lower.refused).toContain('more than the allowed 25%');
    expect(await run(provider, false, false)).toMatchObject({ hidden: 2, changed: true, refused: undefined });

    // An empty answer with force hides everything it listed before.
    provider.list = [];
    expect((await run(provider, false, false)).refused).toContain('hide 2 of the 2 visible plans');
    expect(await run(provider, false, true)).toMatchObject({ hidden: 2, changed: true });
    await expect(
      syncCatalog(rig.db, rig.services, { provider, pricing: DEFAULT_PRICING_RULE, now: NOW, maxHideShare: 1.5 }),
    ).rejects.toThrow(RangeError);
  });

  it('adds packages into country and bundle regions (created with flag and coverage), hides what it cannot buy, runs twice safely', async () => {
    rig = await createOrdersRig();
    const provider = fakeProvider([
      pkg('jp-1g'),
      pkg('is-3g', { countries: ['IS'], dataMb: 3072, validityDays: 30, wholesale: { minor: 1000, currency: 'USD' } }),
      pkg('eu-5g', { countries: ['FR', 'DE', 'GB'], area: 'Europe', dataMb: 5120, validityDays: 30 }),
      pkg('jp-topup-1g', { newEsim: false, topUp: true }),
      pkg('jp-eur', { wholesale: { minor: 100, currency: 'EUR' } }),
    ]);
    const before = rig.services.catalog.snapshot();
    await before;

    const dry = await run(provider, true);
    expect(dry).toMatchObject({ added: 4, hidden: 4, regionsAdded: 2, dryRun: true });
    expect(await rig.db.selectFrom('plans').select('id').where('provider', '=', 'fakeprov').execute()).toEqual([]);
    expect(await rig.db.selectFrom('app_settings').select('key').where('key', '=', CATALOG_VERSION_KEY).execute()).toEqual([]);

    const first = await run(provider);
    expect(first).toMatchObject({ packages: 5, added: 4, updated: 0, hidden: 4, unchanged: 0, regionsAdded: 2, changed: true });
    expect(first.skipped).toEqual([{ code: 'jp-eur', reason: 'wholesale cost in EUR, not USD' }]);
    // The running shop sees it at once (the cache was invalidated after the commit).
    expect(rig.services.catalog.peek()).toBeNull();

    const iceland = await rig.db.selectFrom('regions').selectAll().where('code', '=', 'IS').executeTakeFirstOrThrow();
    expect(iceland).toMatchObject({ name: 'Iceland', kind: 'country', flag_icon: '/flags/4x3/is.svg', continent: 'Europe' });
    expect(await rig.db.selectFrom('region_countries').select('country_code').where('region_id', '=', iceland.id).execute()).toEqual([
      { country_code: 'IS' },
    ]);
    const europe = await rig.db.selectFrom('regions').selectAll().where('name', '=', 'Europe').executeTakeFirstOrThrow();
    expect(europe).toMatchObject({ kind: 'bundle', code: 'EUROPE' });
    const covered = await rig.db
      .selectFrom('region_countries')
      .select('country_code')
      .where('region_id', '=', europe.id)
      .orderBy('position')
      .execute();
    expect(covered.map((c) => c.country_code)).toEqual(['FR', 'DE', 'UK']);

    const plan = await rig.db.selectFrom('plans').selectAll().where('provider_package', '=', 'is-3g').executeTakeFirstOrThrow();
    expect(plan).toMatchObject({ slug: 'is-3gb-30d', data_amount: '3GB', data_mb: 3072, price_minor: 1449, wholesale_minor: 1000 });
    // The seed's own plans cannot be bought from a real provider: hidden, not deleted.
    const seedPlans = await rig.db.selectFrom('plans').select(['active']).where('provider', 'is', null).execute();
    expect(seedPlans).toHaveLength(4);
    expect(seedPlans.every((p) => p.active === 0)).toBe(true);

    // A top-up-only package is not offered as a new eSIM.
    const jpId = await rig.db.selectFrom('regions').select('id').where('code', '=', 'JP').executeTakeFirstOrThrow();
    const shown = await rig.services.catalog.listPlans(jpId.id);
    expect(shown.map((p) => p.dataAmount)).toEqual(['1GB']);
    const topUp = await rig.db
      .selectFrom('plans')
      .select(['id', 'topup_only'])
      .where('provider_package', '=', 'jp-topup-1g')
      .executeTakeFirstOrThrow();
    expect(topUp.topup_only).toBe(1);
    expect(shown.map((p) => p.id)).not.toContain(topUp.id);
    expect((await rig.services.catalog.snapshot()).topUpsByRegion.get(jpId.id)?.map((p) => p.id)).toEqual([topUp.id]);
    const api = await rig.browser().caller();
    await expect(api.payments.createIntent({ planId: topUp.id, email: 'traveller@shop.example' })).rejects.toMatchObject({
      message: expect.stringContaining('only tops up an eSIM you have'),
    });

    const version = await readCatalogVersion(rig.db);
    const again = await run(provider);
    expect(again).toMatchObject({ added: 0, updated: 0, hidden: 0, unchanged: 4, regionsAdded: 0, changed: false });
    expect(await readCatalogVersion(rig.db)).toBe(version);
  });

  it('a price change reaches new orders only; a vanished package is hidden and kept while an order refers to it', async () => {
    rig = await createOrdersRig();
    const provider = fakeProvider([
      pkg('jp-1g'),
      pkg('jp-3g', { dataMb: 3072, validityDays: 30, wholesale: { minor: 700, currency: 'USD' } }),
    ]);
    await run(provider);
    const plan = await rig.db.selectFrom('plans').selectAll().where('provider_package', '=', 'jp-1g').executeTakeFirstOrThrow();
    expect(plan.price_minor).toBe(449); // 3.00 + 40 % = 4.20 → 4.49
    const api = await rig.browser().caller();
    await api.payments.createIntent({ planId: plan.id, email: 'traveller@shop.example' });
    const order = await rig.db.selectFrom('orders').selectAll().where('plan_id', '=', plan.id).executeTakeFirstOrThrow();
    expect(order.usd_amount_minor).toBe(449);

    provider.list = [pkg('jp-1g', { wholesale: { minor: 500, currency: 'USD' } }), provider.list[1]!];
    const repriced = await run(provider);
    expect(repriced).toMatchObject({ added: 0, updated: 1, hidden: 0, unchanged: 1 });
    expect((await rig.services.catalog.getPlan(plan.id)).priceMinor).toBe(749); // 7.00 → 7.49
    const kept = await rig.db
      .selectFrom('orders')
      .select(['usd_amount_minor', 'plan_name'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(kept.usd_amount_minor).toBe(449);

    provider.list = [provider.list[1]!];
    const gone = await run(provider);
    expect(gone).toMatchObject({ added: 0, updated: 0, hidden: 1, unchanged: 1 });
    const row = await rig.db.selectFrom('plans').select(['active']).where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect(row.active).toBe(0);
    await expect(rig.services.catalog.getPlan(plan.id)).rejects.toMatchObject({ code: 'PLAN_NOT_FOUND' });
    expect(await rig.db.selectFrom('orders').select('id').where('plan_id', '=', plan.id).execute()).toHaveLength(1);

    // Back at the provider: sold again.
    provider.list = [pkg('jp-1g', { wholesale: { minor: 500, currency: 'USD' } }), ...provider.list];
    expect(await run(provider)).toMatchObject({ updated: 1, hidden: 0 });
    expect((await rig.services.catalog.getPlan(plan.id)).priceMinor).toBe(749);
  });

  it('a country missing from the shop gets a region; unknown regions of an existing code are reused', async () => {
    rig = await createOrdersRig();
    const provider = fakeProvider([pkg('gb-1g', { countries: ['GB'] }), pkg('jp-1g')]);
    const report = await run(provider);
    expect(report.regionsAdded).toBe(1);
    const uk = await rig.db.selectFrom('regions').selectAll().where('code', '=', 'UK').executeTakeFirstOrThrow();
    expect(uk).toMatchObject({ name: 'United Kingdom', flag_icon: '/flags/4x3/gb.svg' });
    expect(await regionIdOrNull(rig, 'GB')).toBeNull();
  });
});

async function regionIdOrNull(rig: OrdersRig, code: string): Promise<number | null> {
  try {
    return await regionId(rig.db, code);
  } catch {
    return null;
  }
}

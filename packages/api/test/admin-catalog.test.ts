// admin.catalog.*: regions and plans edited through the procedures, shown by the shop's catalogue
// at once (the cache is invalidated after the commit), orders keeping their prices, hidden regions
// leaving the shop with their plans, and bad input refused with a message and nothing changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_HAS_ORDERS_MESSAGE, planSlugBase } from '../src/services/admin/catalog.ts';
import { readCatalogVersion } from '../src/services/catalog/catalog-sync.ts';
import { adminRig, auditRows, refusal, type OrdersRig, type Person } from './admin-helpers-b.ts';

let rig: OrdersRig;
let admin: Person;
let customer: Person;
let japanId: number;

beforeEach(async () => {
  ({ rig, admin, customer } = await adminRig());
  japanId = (await rig.db.selectFrom('regions').select('id').where('code', '=', 'JP').executeTakeFirstOrThrow()).id;
});
afterEach(async () => {
  await rig.close();
});

const shop = () => rig.browser().caller();

const NEW_PLAN = {
  name: 'Japan 10GB 15 Days',
  description: 'Fast data across Japan.',
  priceMinor: 2450,
  dataAmount: '10GB',
  dataMb: 10240,
  validityDays: 15,
  features: ['5G', 'Hotspot'],
};

async function planRow(id: number) {
  return rig.db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('reads', () => {
  it('lists every region and plan, hidden ones included, with counts', async () => {
    const api = await admin.api();
    await rig.db.updateTable('plans').set({ active: 0 }).where('id', '=', rig.plans.tiny.id).execute();
    const regions = await api.admin.catalog.regions();
    expect(regions).toEqual([
      {
        id: japanId,
        code: 'JP',
        name: 'Japan',
        continent: 'Asia',
        kind: 'country',
        isPopular: false,
        visible: true,
        planCount: 4,
        visiblePlanCount: 3,
      },
    ]);
    const plans = await api.admin.catalog.plans({ regionId: japanId });
    expect(plans).toHaveLength(4);
    expect(plans.find((p) => p.id === rig.plans.tiny.id)).toMatchObject({
      visible: false,
      slug: 'jp-tiny',
      regionCode: 'JP',
      orderCount: 0,
    });
    expect(await api.admin.catalog.plans()).toHaveLength(4);
    expect((await refusal(api.admin.catalog.plans({ regionId: 999 }))).code).toBe('NOT_FOUND');
  });
});

describe('plans', () => {
  it('creates a plan with a unique slug from region code, data and days; the shop lists it at once', async () => {
    const api = await admin.api();
    expect(await (await shop()).catalog.plans({ regionId: japanId })).toHaveLength(4);
    const created = await api.admin.catalog.createPlan({ ...NEW_PLAN, regionId: japanId });
    expect(created).toMatchObject({ slug: 'jp-10gb-15d', priceMinor: 2450, currency: 'USD', visible: true, features: ['5G', 'Hotspot'] });
    const shopPlans = await (await shop()).catalog.plans({ regionId: japanId });
    expect(shopPlans.map((p) => p.id)).toContain(created.id);
    // The same facts again: a suffix, never a clash.
    const again = await api.admin.catalog.createPlan({ ...NEW_PLAN, regionId: japanId, name: 'Japan 10GB 15 Days (promo)' });
    expect(again.slug).toBe('jp-10gb-15d-2');
    // The seed's own slug pattern.
    const seeded = await api.admin.catalog.createPlan({ ...NEW_PLAN, regionId: japanId, dataAmount: '5GB', validityDays: 30 });
    expect(seeded.slug).toBe('jp-5gb-30d-2');
    expect(planSlugBase('GLOBAL', 'Unlimited', 7)).toBe('global-unlimited-7d');
    const audit = await auditRows(rig);
    expect(audit.map((a) => a.action)).toEqual(['plan.create', 'plan.create', 'plan.create']);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, actor_username: 'alice', entity: 'plan', entity_id: String(created.id) });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ name: NEW_PLAN.name, priceMinor: 2450 });
  });

  it('hiding a plan takes it off the shop at once; showing it brings it back', async () => {
    const api = await admin.api();
    const id = rig.plans.japan5.id;
    // Warm the shop's cache first, so a stale snapshot would show.
    expect((await (await shop()).catalog.plans({ regionId: japanId })).map((p) => p.id)).toContain(id);
    const hidden = await api.admin.catalog.updatePlan({ id, patch: { visible: false } });
    expect(hidden.visible).toBe(false);
    const s = await shop();
    expect((await s.catalog.plans({ regionId: japanId })).map((p) => p.id)).not.toContain(id);
    expect((await refusal(s.catalog.plan({ id }))).code).toBe('NOT_FOUND');
    // The region's 'From' price follows the plans on sale.
    await api.admin.catalog.updatePlan({ id: rig.plans.tiny.id, patch: { visible: false } });
    expect((await s.catalog.regions())[0]!.fromPriceMinor).toBe(rig.plans.edge.price_minor);
    // Checkout refuses it like an unknown plan.
    const buy = await refusal(s.payments.createIntent({ planId: id, email: 'a@b.example' }));
    const unknown = await refusal(s.payments.createIntent({ planId: 99999, email: 'a@b.example' }));
    expect([buy.code, buy.message]).toEqual([unknown.code, unknown.message]);
    await api.admin.catalog.updatePlan({ id, patch: { visible: true } });
    expect((await (await shop()).catalog.plans({ regionId: japanId })).map((p) => p.id)).toContain(id);
    const audit = await auditRows(rig);
    expect(audit.map((a) => [a.action, a.summary])).toEqual([
      ['plan.update', 'Japan 5GB 30 Days: hidden'],
      ['plan.update', 'Japan Tiny: hidden'],
      ['plan.update', 'Japan 5GB 30 Days: shown'],
    ]);
    expect([JSON.parse(audit[0]!.before_json!), JSON.parse(audit[0]!.after_json!)]).toEqual([{ visible: true }, { visible: false }]);
  });

  it('a new price shows on the shop at once; an order placed before keeps its price', async () => {
    const api = await admin.api();
    const id = rig.plans.japan5.id;
    const s = await shop();
    const before = await s.payments.createIntent({ planId: id, email: 'early@traveller.example', currency: 'EUR' });
    expect((await s.catalog.plan({ id })).priceMinor).toBe(1999);
    const updated = await api.admin.catalog.updatePlan({ id, patch: { priceMinor: 1799 } });
    expect(updated.priceMinor).toBe(1799);
    expect((await (await shop()).catalog.plan({ id })).priceMinor).toBe(1799);
    expect((await (await shop()).catalog.plans({ regionId: japanId })).find((p) => p.id === id)?.price).toBe(17.99);
    const order = await rig.db.selectFrom('orders').selectAll().where('public_id', '=', before.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ unit_amount_minor: 1859, total_amount_minor: 1859, usd_amount_minor: 1999, rate_micros: 930_000 });
    const after = await (await shop()).payments.createIntent({ planId: id, email: 'late@traveller.example' });
    expect(after.amountMinor).toBe(1799);
    const [row] = await auditRows(rig);
    expect(row!.summary).toBe('Japan 5GB 30 Days: Price 19.99 USD → 17.99 USD');
  });

  it('a change bumps the catalogue version, so other server processes on the database reload too; no change, no bump', async () => {
    const api = await admin.api();
    const id = rig.plans.japan5.id;
    const v0 = await readCatalogVersion(rig.db);
    await api.admin.catalog.updatePlan({ id, patch: { priceMinor: 1799 } });
    const v1 = await readCatalogVersion(rig.db);
    expect(v1).not.toBe(v0);
    await api.admin.catalog.updatePlan({ id, patch: { priceMinor: 1799 } });
    expect(await readCatalogVersion(rig.db)).toBe(v1);
    await api.admin.rates.update({ currency: 'EUR', rate: '0.95' });
    expect(await readCatalogVersion(rig.db)).not.toBe(v1);
  });

  it('a patch changes only the fields it names (a hidden plan stays hidden when renamed)', async () => {
    const api = await admin.api();
    const id = rig.plans.japan1.id;
    await api.admin.catalog.updatePlan({ id, patch: { visible: false, isPopular: true, features: ['LTE'], description: 'Short trips' } });
    const renamed = await api.admin.catalog.updatePlan({ id, patch: { name: 'Japan Starter' } });
    expect(renamed).toMatchObject({
      name: 'Japan Starter',
      visible: false,
      isPopular: true,
      features: ['LTE'],
      description: 'Short trips',
    });
    // Nothing changed: no audit row, nothing invalidated.
    const n = (await auditRows(rig)).length;
    await api.admin.catalog.updatePlan({ id, patch: { name: 'Japan Starter' } });
    expect(await auditRows(rig)).toHaveLength(n);
  });

  it('deletes a plan without orders; one with orders can only be hidden', async () => {
    const api = await admin.api();
    await (await shop()).payments.createIntent({ planId: rig.plans.japan5.id, email: 'buyer@traveller.example' });
    const refused = await refusal(api.admin.catalog.deletePlan({ id: rig.plans.japan5.id }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', PLAN_HAS_ORDERS_MESSAGE]);
    await planRow(rig.plans.japan5.id);
    expect(await api.admin.catalog.deletePlan({ id: rig.plans.japan1.id })).toEqual({ deleted: true });
    expect(await rig.db.selectFrom('plans').select('id').where('id', '=', rig.plans.japan1.id).executeTakeFirst()).toBeUndefined();
    expect((await (await shop()).catalog.plans({ regionId: japanId })).map((p) => p.id)).not.toContain(rig.plans.japan1.id);
    expect((await refusal(api.admin.catalog.deletePlan({ id: rig.plans.japan1.id }))).code).toBe('NOT_FOUND');
    const audit = await auditRows(rig);
    expect(audit.map((a) => a.action)).toEqual(['plan.delete']);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ name: 'Japan 1GB 7 Days' });
  });

  it.each([
    ['a negative price', { priceMinor: -100 }, 'A price cannot be negative'],
    ['a price of 0', { priceMinor: 0 }, 'A price must be more than 0'],
    ['a price in decimals', { priceMinor: 19.99 }, 'A price is a whole number of cents (minor units)'],
    ['an empty name', { name: '   ' }, 'Enter a name'],
    ['a validity of 0 days', { validityDays: 0 }, 'Validity is a whole number of days from 1 to 365'],
  ])('refuses %s with a message and changes nothing', async (_what, patch, message) => {
    const api = await admin.api();
    const id = rig.plans.japan5.id;
    const before = await planRow(id);
    const e = await refusal(api.admin.catalog.updatePlan({ id, patch } as never));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toContain(message);
    const created = await refusal(api.admin.catalog.createPlan({ ...NEW_PLAN, regionId: japanId, ...patch } as never));
    expect(created.message).toContain(message);
    expect(await planRow(id)).toEqual(before);
    expect(await rig.db.selectFrom('plans').select('id').execute()).toHaveLength(4);
    expect(await auditRows(rig)).toHaveLength(0);
  });

  it('an unknown plan or region is 404 with a message', async () => {
    const api = await admin.api();
    const plan = await refusal(api.admin.catalog.updatePlan({ id: 4242, patch: { priceMinor: 100 } }));
    expect([plan.code, plan.message]).toEqual(['NOT_FOUND', 'No plan has the id 4242.']);
    const region = await refusal(api.admin.catalog.createPlan({ ...NEW_PLAN, regionId: 4242 }));
    expect([region.code, region.message]).toEqual(['NOT_FOUND', 'No region has the id 4242.']);
    const move = await refusal(api.admin.catalog.updatePlan({ id: rig.plans.japan5.id, patch: { regionId: 4242 } }));
    expect(move.code).toBe('NOT_FOUND');
    expect((await planRow(rig.plans.japan5.id)).region_id).toBe(japanId);
  });
});

describe('regions', () => {
  it('creates a region (a country covers itself), refuses a duplicate code with a message', async () => {
    const api = await admin.api();
    const fr = await api.admin.catalog.createRegion({ name: 'France', code: 'fr', continent: 'Europe' });
    expect(fr).toMatchObject({ code: 'FR', kind: 'country', visible: true, isPopular: false, planCount: 0 });
    const region = await (await shop()).catalog.region({ id: fr.id });
    expect(region.countries).toEqual([{ code: 'FR', name: 'France' }]);
    expect(region.flagIcon).toBe('/flags/4x3/fr.svg');
    const dup = await refusal(api.admin.catalog.createRegion({ name: 'Japan again', code: 'JP', continent: 'Asia' }));
    expect([dup.code, dup.message]).toEqual(['CONFLICT', 'A region with the code JP exists already.']);
    const rename = await refusal(api.admin.catalog.updateRegion({ id: fr.id, patch: { code: 'JP' } }));
    expect(rename.message).toBe('A region with the code JP exists already.');
    expect(await rig.db.selectFrom('regions').select('code').orderBy('id').execute()).toEqual([{ code: 'JP' }, { code: 'FR' }]);
    const bad = await refusal(api.admin.catalog.createRegion({ name: '', code: 'XX', continent: 'Europe' }));
    expect([bad.code, bad.message]).toContain('BAD_REQUEST');
    expect(bad.message).toContain('Enter a name');
    const continent = await refusal(api.admin.catalog.createRegion({ name: 'Atlantis', code: 'AT', continent: 'Atlantis' } as never));
    expect(continent.message).toContain('Pick a continent from the list');
    expect((await auditRows(rig)).map((a) => [a.action, a.summary])).toEqual([['region.create', 'Created region France (FR)']]);
  });

  it('a hidden region leaves the shop with its plans: list, page, plans, plan, checkout', async () => {
    const api = await admin.api();
    const s0 = await shop();
    expect((await s0.catalog.regions()).map((r) => r.id)).toEqual([japanId]); // cache warm
    const hidden = await api.admin.catalog.updateRegion({ id: japanId, patch: { visible: false } });
    expect(hidden).toMatchObject({ visible: false, planCount: 4, visiblePlanCount: 4 });
    const s = await shop();
    expect(await s.catalog.regions()).toEqual([]);
    expect((await refusal(s.catalog.region({ id: japanId }))).code).toBe('NOT_FOUND');
    expect((await refusal(s.catalog.plans({ regionId: japanId }))).code).toBe('NOT_FOUND');
    expect((await refusal(s.catalog.plan({ id: rig.plans.japan5.id }))).code).toBe('NOT_FOUND');
    const buy = await refusal(s.payments.createIntent({ planId: rig.plans.japan5.id, email: 'a@b.example' }));
    const unknown = await refusal(s.payments.createIntent({ planId: 99999, email: 'a@b.example' }));
    expect([buy.code, buy.message]).toEqual([unknown.code, unknown.message]);
    // The plans keep their own visibility: showing the region brings them back as they were.
    await api.admin.catalog.updateRegion({ id: japanId, patch: { visible: true } });
    expect(await (await shop()).catalog.plans({ regionId: japanId })).toHaveLength(4);
    expect((await auditRows(rig)).map((a) => a.summary)).toEqual(['Japan (JP): hidden', 'Japan (JP): shown']);
  });

  it('edits name, popular flag and continent; the shop shows them', async () => {
    const api = await admin.api();
    await (await shop()).catalog.regions();
    const r = await api.admin.catalog.updateRegion({ id: japanId, patch: { name: 'Nippon', isPopular: true } });
    expect(r).toMatchObject({ name: 'Nippon', isPopular: true, continent: 'Asia', visible: true });
    expect((await (await shop()).catalog.regions())[0]).toMatchObject({ name: 'Nippon', isPopular: true });
    const [row] = await auditRows(rig);
    expect([JSON.parse(row!.before_json!), JSON.parse(row!.after_json!)]).toEqual([
      { name: 'Japan', isPopular: false },
      { name: 'Nippon', isPopular: true },
    ]);
  });
});

it('a customer cannot edit the catalogue', async () => {
  const e = await refusal((await customer.api()).admin.catalog.updatePlan({ id: rig.plans.japan5.id, patch: { priceMinor: 1 } }));
  expect(e.code).toBe('FORBIDDEN');
  expect((await planRow(rig.plans.japan5.id)).price_minor).toBe(1999);
});

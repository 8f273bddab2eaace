// services/catalog/catalog-cache.ts: loads once, serves frozen shared objects, reloads after invalidate().
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as catalog from '../../src/services/catalog/catalog.ts';
import { CatalogCache, loadCatalog, serialized } from '../../src/services/catalog/catalog-cache.ts';
import { AppError } from '../../src/errors.ts';
import { createCatalogRig, regionId, type CatalogRig } from './rig.ts';

let rig: CatalogRig;
let jp: number;
beforeAll(async () => {
  rig = await createCatalogRig();
  jp = await regionId(rig.db, 'JP');
});
afterAll(() => rig.close());

describe('CatalogCache', () => {
  it('serves what the db functions return', async () => {
    const cache = new CatalogCache(rig.db);
    expect(await cache.listRegions()).toEqual(await catalog.listRegions(rig.db));
    expect(await cache.listPlans(jp)).toEqual(await catalog.listPlans(rig.db, jp));
    expect(await cache.getRegion(jp)).toEqual(await catalog.getRegion(rig.db, jp));
    const eu = await regionId(rig.db, 'EU');
    expect(await cache.getRegion(eu)).toEqual(await catalog.getRegion(rig.db, eu));
    const [plan] = await cache.listPlans(jp);
    expect(await cache.getPlan(plan!.id)).toEqual(await catalog.getPlan(rig.db, plan!.id));
    expect(await cache.getExchangeRates()).toEqual(await catalog.getExchangeRates(rig.db));
  });

  it('hands out the same deep-frozen objects every time', async () => {
    const cache = new CatalogCache(rig.db);
    const a = await cache.listPlans(jp);
    const b = await cache.listPlans(jp);
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a[0])).toBe(true);
    expect(Object.isFrozen(a[0]!.features)).toBe(true);
    expect(Object.isFrozen((await cache.getRegion(jp)).countries)).toBe(true);
    expect(Object.isFrozen((await cache.getExchangeRates()).rates)).toBe(true);
    expect(() => {
      (a[0] as { price: number }).price = 0;
    }).toThrow(TypeError);
  });

  it('reads the database once, even for concurrent first requests', async () => {
    const loader = vi.fn(loadCatalog);
    const cache = new CatalogCache(rig.db, loader);
    await Promise.all([cache.listRegions(), cache.listPlans(jp), cache.getExchangeRates()]);
    await cache.listPlans(jp);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('keeps serving the loaded catalogue until invalidate(), then reloads', async () => {
    const cache = new CatalogCache(rig.db);
    const [plan] = await cache.listPlans(jp);
    await rig.db.updateTable('plans').set({ price_minor: 12345 }).where('id', '=', plan!.id).execute();
    try {
      expect((await cache.getPlan(plan!.id)).priceMinor).toBe(plan!.priceMinor);
      const v1 = (await cache.snapshot()).version;
      cache.invalidate();
      expect((await cache.getPlan(plan!.id)).price).toBe(123.45);
      expect((await cache.snapshot()).version).toBeGreaterThan(v1);
    } finally {
      await rig.db.updateTable('plans').set({ price_minor: plan!.priceMinor }).where('id', '=', plan!.id).execute();
    }
  });

  it('an invalidate() during a load wins: the stale load is not kept', async () => {
    const cache = new CatalogCache(rig.db);
    const first = cache.snapshot();
    cache.invalidate();
    const second = await cache.snapshot();
    expect(second.version).toBeGreaterThan((await first).version);
    expect(await cache.snapshot()).toBe(second);
  });

  it('throws the catalogue error codes', async () => {
    const cache = new CatalogCache(rig.db);
    await expect(cache.listPlans(999_999)).rejects.toMatchObject({ code: 'REGION_NOT_FOUND' });
    await expect(cache.getRegion(999_999)).rejects.toMatchObject({ code: 'REGION_NOT_FOUND' });
    await expect(cache.getPlan(999_999)).rejects.toBeInstanceOf(AppError);
    await expect(cache.getPlan(999_999)).rejects.toMatchObject({ code: 'PLAN_NOT_FOUND' });
  });

  it('a failed load is not cached', async () => {
    const loader = vi.fn(loadCatalog).mockRejectedValueOnce(new Error('db down'));
    const cache = new CatalogCache(rig.db, loader);
    await expect(cache.listRegions()).rejects.toThrow('db down');
    expect((await cache.listRegions()).length).toBeGreaterThan(200);
    expect(loader).toHaveBeenCalledTimes(2);
  });
});

describe('serialized', () => {
  it('memoizes the JSON and ETag of frozen values by identity', async () => {
    const plans = await new CatalogCache(rig.db).listPlans(jp);
    const a = serialized(plans);
    expect(serialized(plans)).toBe(a);
    expect(JSON.parse(a.body)).toEqual(plans);
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });

  it('serializes other values every time, with the same ETag for the same text', () => {
    const v = { a: 1 };
    const a = serialized(v);
    expect(serialized(v)).not.toBe(a);
    expect(serialized({ a: 1 }).etag).toBe(a.etag);
    expect(serialized({ a: 2 }).etag).not.toBe(a.etag);
    expect(serialized(null).body).toBe('null');
  });
});

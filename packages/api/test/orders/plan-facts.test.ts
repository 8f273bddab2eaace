// The destination facts orders and eSIMs carry so the web and e-mails can compose plan texts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '@esim/db';
import { getPlanDestinations, planTextFacts } from '../../src/services/catalog/plan-facts.ts';
import { memoryDb } from '../rig.ts';

let handle: DbHandle;
beforeEach(async () => {
  handle = await memoryDb();
});
afterEach(async () => {
  await handle.close();
});

async function region(code: string, name: string, kind: 'country' | 'bundle', covers: string[] = []) {
  const { id } = await handle.db
    .insertInto('regions')
    .values({ code, name, continent: null, flag_icon: null, kind })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (covers.length > 0) {
    await handle.db
      .insertInto('region_countries')
      .values(covers.map((country_code, position) => ({ region_id: id, country_code, position })))
      .execute();
  }
  const plan = await handle.db
    .insertInto('plans')
    .values({
      region_id: id,
      slug: `${code.toLowerCase()}-5gb`,
      name: `${name} 5GB - 30 Days`,
      description: '',
      price_minor: 1300,
      currency: 'USD',
      validity_days: 30,
      data_amount: '5GB',
      data_mb: 5120,
      features: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return plan.id;
}

describe('getPlanDestinations', () => {
  it('gives a country coverage 1 and a bundle its country count; unknown plans are left out', async () => {
    const jp = await region('JP', 'Japan', 'country', ['JP']);
    const eu = await region('EU', 'Europe', 'bundle', ['FR', 'DE', 'IT']);
    const got = await getPlanDestinations(handle.db, [jp, eu, eu, 9999]);
    expect(got.get(jp)).toEqual({ regionCode: 'JP', regionKind: 'country', regionName: 'Japan', coverage: 1 });
    expect(got.get(eu)).toEqual({ regionCode: 'EU', regionKind: 'bundle', regionName: 'Europe', coverage: 3 });
    expect(got.has(9999)).toBe(false);
    expect((await getPlanDestinations(handle.db, [])).size).toBe(0);
  });

  it('joins the order snapshot (data, validity) to the destination; null when the plan is gone', async () => {
    const eu = await region('EU', 'Europe', 'bundle', ['FR', 'DE']);
    const dest = (await getPlanDestinations(handle.db, [eu])).get(eu);
    expect(planTextFacts(dest, { dataMb: null, validityDays: 10 })).toEqual({
      regionCode: 'EU',
      regionKind: 'bundle',
      regionName: 'Europe',
      coverage: 2,
      dataMb: null,
      validityDays: 10,
    });
    expect(planTextFacts(undefined, { dataMb: 1024, validityDays: 7 })).toBeNull();
  });
});

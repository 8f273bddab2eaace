// One name for a plan everywhere: the REST API answers the plan's name, description and features
// composed in the request's Accept-Language (English by default), the words the shop's pages show
// (planTexts), not the stored 'Japan 1GB - 7 Days'; the spec's shape stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogApp, type CatalogApp } from './catalog-app.ts';

let t: CatalogApp;
let jp: number;
beforeAll(async () => {
  t = await createCatalogApp();
  jp = await t.regionId('JP');
});
afterAll(() => t.close());

type RestPlan = {
  id: number;
  name: string;
  description: string;
  features: string[];
  dataMb: number | null;
  validityDays: number;
  dataAmount: string;
};
const get = async (path: string, lang?: string) => {
  const res = await t.app.request(path, { headers: lang ? { 'accept-language': lang } : {} });
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as unknown };
};

describe('REST plan names', () => {
  it('English by default: the composed name, as the pages say it, never the stored one', async () => {
    const { res, body } = await get(`/api/plans?regionId=${jp}`);
    const plans = body as RestPlan[];
    const stored = await t.db.selectFrom('plans').select(['id', 'name']).where('region_id', '=', jp).execute();
    const storedName = new Map(stored.map((p) => [p.id, p.name]));
    const oneGb7 = plans.find((p) => p.dataMb === 1024 && p.validityDays === 7);
    expect(oneGb7?.name).toBe('Japan 1 GB – 7 days');
    expect(storedName.get(oneGb7!.id)).toBe('Japan 1GB - 7 Days');
    expect(oneGb7?.dataAmount).toBe('1GB'); // the spec's field stays as it was
    for (const p of plans) {
      expect(p.name).toMatch(/^Japan (\d+(\.\d)? (GB|MB)|Unlimited) – \d+ days?$/);
      expect(p.name).not.toBe(storedName.get(p.id));
      expect(p.description).toMatch(
        /^(\d+(\.\d)? (GB|MB) of mobile data in Japan, valid for|Unlimited mobile data in Japan for) \d+ days?\./,
      );
      expect(p.features).toContain('Instant activation');
      expect(p.features.join()).not.toMatch(/4G\/5G|fair use/);
    }
    expect(res.headers.get('vary') ?? '').toMatch(/accept-language/i);
    const one = (await get(`/api/plans/${oneGb7!.id}`)).body as RestPlan;
    expect(one.name).toBe('Japan 1 GB – 7 days');
  });

  it("in the request's language, each language kept apart", async () => {
    const de = (await get(`/api/plans?regionId=${jp}`, 'de-DE,de;q=0.9,en;q=0.5')).body as RestPlan[];
    const ja = (await get(`/api/plans?regionId=${jp}`, 'ja')).body as RestPlan[];
    const en = (await get(`/api/plans?regionId=${jp}`, 'en')).body as RestPlan[];
    const pick = (list: RestPlan[]) => list.find((p) => p.dataMb === 1024 && p.validityDays === 7)!;
    expect(pick(de).name).toBe('Japan 1\u00a0GB – 7 Tage');
    expect(pick(ja).name).toBe('日本 1 GB – 7日間');
    expect(pick(en).name).toBe('Japan 1 GB – 7 days');
    const single = (await get(`/api/plans/${pick(en).id}`, 'ar')).body as RestPlan;
    expect(single.name).toContain('اليابان');
    // An unknown language is English.
    expect(pick((await get(`/api/plans?regionId=${jp}`, 'xx')).body as RestPlan[]).name).toBe('Japan 1 GB – 7 days');
  });
});

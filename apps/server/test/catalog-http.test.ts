// The spec's catalogue paths (§7) over HTTP: shapes, bad input, caching, compression.
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogApp, type CatalogApp } from './catalog-app.ts';

let t: CatalogApp;
let jp: number;
beforeAll(async () => {
  t = await createCatalogApp();
  jp = await t.regionId('JP');
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });
const isMoney = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && Math.round(n * 100) / 100 === n;

describe('GET /api/regions', () => {
  it('lists every region with the spec fields and a decimal From price', async () => {
    const res = await get('/api/regions');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const regions = (await res.json()) as Array<Record<string, unknown>>;
    expect(regions.length).toBeGreaterThan(200);
    const japan = regions.find((r) => r.code === 'JP')!;
    expect(japan).toMatchObject({ id: jp, name: 'Japan', code: 'JP', continent: 'Asia', isPopular: false, kind: 'country' });
    expect(japan.flagIcon).toMatch(/^\/flags\//);
    expect(isMoney(japan.fromPrice)).toBe(true);
    expect(japan.fromPriceMinor).toBe(Math.round((japan.fromPrice as number) * 100));
  });

  it('sends an ETag and a short public cache, and 304 when the client has it', async () => {
    const res = await get('/api/regions');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await get('/api/regions', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });
});

describe('GET /api/regions/:id', () => {
  it('answers one region with its covered countries', async () => {
    const res = await get(`/api/regions/${await t.regionId('EU')}`);
    expect(res.status).toBe(200);
    const eu = (await res.json()) as { code: string; countries: Array<{ code: string; name: string }> };
    expect(eu.code).toBe('EU');
    expect(eu.countries).toContainEqual({ code: 'DE', name: 'Germany' });
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '%20'])('id %j → 400 BAD_INPUT', async (id) => {
    const res = await get(`/api/regions/${id}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'BAD_INPUT', message: 'id must be a positive integer', details: { field: 'id' } } });
  });

  it('unknown id → 404 REGION_NOT_FOUND', async () => {
    const res = await get('/api/regions/999999');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'REGION_NOT_FOUND', message: 'No region has that id.' } });
  });
});

describe('GET /api/plans?regionId=', () => {
  it("lists the region's plans with decimal USD prices", async () => {
    const res = await get(`/api/plans?regionId=${jp}`);
    expect(res.status).toBe(200);
    const plans = (await res.json()) as Array<Record<string, unknown>>;
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) {
      expect(p).toEqual({
        id: expect.any(Number),
        regionId: jp,
        name: expect.any(String),
        description: expect.any(String),
        price: expect.any(Number),
        priceMinor: expect.any(Number),
        currency: 'USD',
        validityDays: expect.any(Number),
        dataAmount: expect.any(String),
        dataMb: p.dataAmount === 'Unlimited' ? null : expect.any(Number),
        features: expect.any(Array),
        isPopular: expect.any(Boolean),
      });
      expect(isMoney(p.price)).toBe(true);
      expect(p.price).toBe((p.priceMinor as number) / 100);
    }
  });

  it.each([
    ['missing', ''],
    ['empty', '?regionId='],
    ['abc', '?regionId=abc'],
    ['negative', '?regionId=-1'],
    ['zero', '?regionId=0'],
    ['fraction', '?regionId=1.5'],
    ['exponent', '?regionId=1e2'],
    ['padded', '?regionId=%201'],
    ['huge', '?regionId=99999999999999999999'],
  ])('%s regionId → 400 naming the problem', async (_name, query) => {
    const res = await get(`/api/plans${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'BAD_INPUT', message: 'regionId must be a positive integer', details: { field: 'regionId' } },
    });
  });

  it('unknown region → 404 REGION_NOT_FOUND', async () => {
    const res = await get('/api/plans?regionId=999999');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('REGION_NOT_FOUND');
  });
});

describe('GET /api/plans/:planId', () => {
  it('answers one plan (name, price, …)', async () => {
    const [first] = (await (await get(`/api/plans?regionId=${jp}`)).json()) as Array<{ id: number }>;
    const res = await get(`/api/plans/${first!.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(first);
  });

  it.each(['abc', '-3', '2.5', '0'])('planId %j → 400', async (id) => {
    const res = await get(`/api/plans/${id}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'BAD_INPUT', message: 'planId must be a positive integer' } });
  });

  it('unknown plan → 404 PLAN_NOT_FOUND', async () => {
    const res = await get('/api/plans/999999');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'PLAN_NOT_FOUND', message: 'No plan has that id.' } });
  });
});

describe('GET /api/exchange-rates', () => {
  it('has exactly the spec shape', async () => {
    const res = await get('/api/exchange-rates');
    expect(res.status).toBe(200);
    // The spec's three first with its fallback rates, then the seven of issue 28 by code.
    expect(await res.json()).toEqual({
      rates: { USD: 1, GBP: 0.79, EUR: 0.93, AED: 3.6725, AUD: 1.53, CAD: 1.39, CHF: 0.88, INR: 84.5, JPY: 154, SGD: 1.34 },
      supportedCurrencies: [
        { code: 'USD', name: 'US Dollar', symbol: '$' },
        { code: 'GBP', name: 'British Pound', symbol: '£' },
        { code: 'EUR', name: 'Euro', symbol: '€' },
        { code: 'AED', name: 'UAE Dirham', symbol: 'AED' },
        { code: 'AUD', name: 'Australian Dollar', symbol: 'A$' },
        { code: 'CAD', name: 'Canadian Dollar', symbol: 'CA$' },
        { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF' },
        { code: 'INR', name: 'Indian Rupee', symbol: '₹' },
        { code: 'JPY', name: 'Japanese Yen', symbol: '¥' },
        { code: 'SGD', name: 'Singapore Dollar', symbol: 'S$' },
      ],
    });
  });
});

describe('other /api paths', () => {
  it('health', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it.each(['/api/nope', '/api/plans/1/extra', '/api/regionsx', '/api'])('%s → 404 JSON', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('never answers 500 to odd input', async () => {
    const paths = [
      '/api/plans?regionId=%ff',
      '/api/plans?regionId[]=1',
      '/api/plans/%E0%A4%A',
      '/api/regions/9007199254740993',
      '/api/trpc/catalog.plans?input=%7Bbad',
      '/api/trpc/catalog.plans?input=%7B%22json%22%3A%7B%22regionId%22%3A%22x%22%7D%7D',
      '/api/trpc/catalog.nope',
      '/api/trpc/__proto__',
      '/api/trpc/constructor?batch=1&input=%7B%7D',
      '/api/trpc/catalog.plans,catalog.plan?batch=1&input=%5B%5D',
    ];
    for (const p of paths) {
      const res = await get(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
    }
    // A repeated parameter: the first one counts.
    expect((await get('/api/plans?regionId=1&regionId=abc')).status).toBe(200);
  });
});

describe('compression', () => {
  it('sends precompressed gzip or brotli bodies to clients that take them', async () => {
    const plain = await (await get(`/api/plans?regionId=${jp}`)).text();
    expect(plain.length).toBeGreaterThan(1024);
    const gz = await get(`/api/plans?regionId=${jp}`, { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const br = await get(`/api/plans?regionId=${jp}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const refused = await get(`/api/plans?regionId=${jp}`, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
  });

  it('leaves bodies alone for clients that take no encoding', async () => {
    const res = await get(`/api/plans?regionId=${jp}`);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  });

  it('compresses other large JSON answers through the middleware', async () => {
    const res = await get(
      `/api/trpc/catalog.plans?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { regionId: jp } } }))}`,
      {
        'Accept-Encoding': 'gzip',
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()) as unknown[];
    expect(body).toHaveLength(1);
  });
});

describe('answers kept per catalogue snapshot', () => {
  it('a price edited in the database shows after invalidate(), not before; errors are never kept', async () => {
    const own = await createCatalogApp();
    try {
      const japan = await own.regionId('JP');
      const read = async () =>
        ((await (await own.app.request(`/api/plans?regionId=${japan}`)).json()) as Array<{ id: number; price: number }>)[0]!;
      const first = await read();
      await own.db.updateTable('plans').set({ price_minor: 12345 }).where('id', '=', first.id).execute();
      expect((await read()).price).toBe(first.price);
      const one = await own.app.request(`/api/plans/${first.id}`);
      expect(((await one.json()) as { price: number }).price).toBe(first.price);

      // The tRPC query (fast path) keeps its answers per snapshot too.
      const trpcPrice = async () => {
        const res = await own.app.request(
          `/api/trpc/catalog.plans?input=${encodeURIComponent(JSON.stringify({ json: { regionId: japan } }))}`,
        );
        return ((await res.json()) as { result: { data: { json: Array<{ id: number; priceMinor: number }> } } }).result.data.json.find(
          (p) => p.id === first.id,
        )!.priceMinor;
      };
      expect(await trpcPrice()).toBe(Math.round(first.price * 100));
      expect(await trpcPrice()).toBe(Math.round(first.price * 100));

      own.deps.services.catalog.invalidate();
      expect((await read()).price).toBe(123.45);
      expect(await trpcPrice()).toBe(12345);
      expect(((await (await own.app.request(`/api/plans/${first.id}`)).json()) as { price: number }).price).toBe(123.45);

      // A plan that is 404 now and exists after a reload is found after the reload.
      const res = await own.app.request('/api/plans/999999');
      expect(res.status).toBe(404);
      const region = await own.db.selectFrom('plans').select('region_id').where('id', '=', first.id).executeTakeFirstOrThrow();
      const { id } = await own.db
        .insertInto('plans')
        .values({
          id: 999999,
          region_id: region.region_id,
          slug: 'jp-memo-test',
          name: 'Memo test',
          description: '',
          price_minor: 100,
          currency: 'USD',
          validity_days: 1,
          data_amount: '1GB',
          data_mb: 1024,
          features: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await own.app.request(`/api/plans/${id}`)).status).toBe(404);
      own.deps.services.catalog.invalidate();
      expect((await own.app.request(`/api/plans/${id}`)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

// Error answers the HTTP property tests (test/property/) found wanting, one test each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogApp, trpcInput, type CatalogApp } from './catalog-app.ts';

let t: CatalogApp;
beforeAll(async () => {
  t = await createCatalogApp();
});
afterAll(async () => {
  await t.close();
});

describe('tRPC errors found before a call runs are JSON', () => {
  it('a GET with a multipart Content-Type: 405 with tRPC’s envelope as application/json', async () => {
    // (an input the fast path refuses, so tRPC's own adapter answers)
    const res = await t.app.request(`/api/trpc/catalog.plan?input=${trpcInput({ id: 'x' })}`, {
      headers: { 'Content-Type': 'multipart/form-data' },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { error: { json: { message: string } } };
    expect(body.error.json.message).toMatch(/POST/);
  });

  it('an unbatched streaming request: 400 as application/json', async () => {
    const res = await t.app.request(`/api/trpc/catalog.regions`, { headers: { 'trpc-accept': 'application/jsonl' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('a superjson meta that is not one: 400 with a plain message', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { id: 1 }, meta: { referentialEqualities: { '': 0 } } }));
    const res = await t.app.request(`/api/trpc/catalog.plan?input=${input}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { json: { message: string } } };
    expect(body.error.json.message).toMatch(/^The input could not be read/);
  });
});

describe('unknown API paths', () => {
  it('404 names the method and path, clipped to a readable length', async () => {
    const res = await t.app.request(`/api/${'x'.repeat(5000)}`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toMatch(/^No API route GET \/api\/xxx/);
    expect(body.error.message.length).toBeLessThanOrEqual(240);
  });
});

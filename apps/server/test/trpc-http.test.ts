// tRPC over HTTP: GET queries (the fast path) and the fetch adapter give the same answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogApp, trpcInput, type CatalogApp } from './catalog-app.ts';

let t: CatalogApp;
let jp: number;
beforeAll(async () => {
  t = await createCatalogApp();
  jp = await t.regionId('JP');
});
afterAll(() => t.close());

/** `trpc-accept: application/json` is plain JSON to tRPC but skips the fast path: the adapter's answer. */
const viaAdapter = { 'trpc-accept': 'application/json' };
const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

async function both(path: string) {
  const fast = await get(path);
  const slow = await get(path, viaAdapter);
  return { fast, slow, fastBody: await fast.text(), slowBody: await slow.text() };
}

describe('tRPC GET', () => {
  it('catalog.plans answers superjson data equal to the REST body', async () => {
    const res = await get(`/api/trpc/catalog.plans?input=${trpcInput({ regionId: jp })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    // superjson's envelope: plain JSON values need no meta.
    const body = (await res.json()) as { result: { data: { json: unknown; meta?: unknown } } };
    expect(body.result.data.meta).toBeUndefined();
    // The same plans; REST composes each plan's words (name, description, features) in the
    // request's language as the pages do, while tRPC hands the web the facts it composes itself.
    const rest = (await (await get(`/api/plans?regionId=${jp}`)).json()) as Array<Record<string, unknown>>;
    const words = ({ name: _n, description: _d, features: _f, ...others }: Record<string, unknown>) => others;
    expect((body.result.data.json as Array<Record<string, unknown>>).map(words)).toEqual(rest.map(words));
    expect(rest[0]?.name).toMatch(/^Japan \d+ GB – \d+ days?$/);
  });

  it.each([
    () => `/api/trpc/catalog.plans?input=${trpcInput({ regionId: jp })}`,
    () => `/api/trpc/catalog.regions`,
    () => `/api/trpc/catalog.region?input=${trpcInput({ id: jp })}`,
    () => `/api/trpc/catalog.exchangeRates`,
    () =>
      `/api/trpc/catalog.plans,catalog.exchangeRates?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { regionId: jp } } }))}`,
    () => `/api/trpc/catalog.exchangeRates,catalog.regions?batch=1`,
  ])('the fast path and the adapter agree: %#', async (path) => {
    const { fast, slow, fastBody, slowBody } = await both(path());
    expect(fast.status).toBe(200);
    expect(slow.status).toBe(200);
    expect(fastBody).toBe(slowBody);
    expect(fast.headers.get('content-type')).toBe(slow.headers.get('content-type'));
    expect(fast.headers.get('vary')).toMatch(/trpc-accept, accept/);
  });

  it.each([
    [() => `/api/trpc/catalog.plans?input=${trpcInput({ regionId: 999999 })}`, 404, 'REGION_NOT_FOUND'],
    [() => `/api/trpc/catalog.plan?input=${trpcInput({ id: 999999 })}`, 404, 'PLAN_NOT_FOUND'],
  ])('errors carry the app error code: %#', async (path, status, code) => {
    const { fast, slow, fastBody, slowBody } = await both(path());
    expect(fast.status).toBe(status);
    expect(slow.status).toBe(status);
    expect(fastBody).toBe(slowBody);
    const body = JSON.parse(fastBody) as { error: { json: { data: { appError: { code: string } } } } };
    expect(body.error.json.data.appError.code).toBe(code);
  });

  it.each([{ regionId: 'abc' }, { regionId: -1 }, { regionId: 1.5 }, {}])('bad input %j → 400 with the zod error', async (input) => {
    const res = await get(`/api/trpc/catalog.plans?input=${trpcInput(input)}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { json: { data: { code: string; zodError: unknown } } } };
    expect(body.error.json.data.code).toBe('BAD_REQUEST');
    expect(body.error.json.data.zodError).not.toBeNull();
  });

  it('unknown procedures and mutations by GET are left to the adapter', async () => {
    const res = await get('/api/trpc/catalog.nope');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { json: { data: { code: string } } } };
    expect(body.error.json.data.code).toBe('NOT_FOUND');
  });
});

// routers/catalog.ts through createCaller: inputs, outputs, error codes.
import { TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/root.ts';
import { serializeOutput, transformer } from '../../src/transformer.ts';
import { createCatalogRig, regionId, type CatalogRig } from './rig.ts';

let rig: CatalogRig;
let jp: number;
beforeAll(async () => {
  rig = await createCatalogRig();
  jp = await regionId(rig.db, 'JP');
});
afterAll(() => rig.close());

async function trpcError(p: Promise<unknown>): Promise<TRPCError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TRPCError) return e;
    throw e;
  }
  throw new Error('expected a TRPCError');
}

describe('catalog router', () => {
  it('regions: every region with From prices', async () => {
    const regions = await rig.caller().catalog.regions();
    expect(regions.length).toBeGreaterThan(200);
    expect(regions.find((r) => r.id === jp)).toMatchObject({ name: 'Japan', code: 'JP', kind: 'country' });
  });

  it('region: one region with its countries', async () => {
    expect(await rig.caller().catalog.region({ id: jp })).toMatchObject({ id: jp, countries: [{ code: 'JP', name: 'Japan' }] });
  });

  it('plans and plan', async () => {
    const plans = await rig.caller().catalog.plans({ regionId: jp });
    expect(plans.length).toBeGreaterThan(0);
    expect(await rig.caller().catalog.plan({ id: plans[0]!.id })).toEqual(plans[0]);
  });

  it('exchangeRates', async () => {
    expect(await rig.caller().catalog.exchangeRates()).toMatchObject({ rates: { USD: 1, GBP: 0.79, EUR: 0.93 } });
  });

  it.each([
    ['plans', { regionId: 0 }],
    ['plans', { regionId: -1 }],
    ['plans', { regionId: 1.5 }],
    ['plans', { regionId: 'abc' }],
    ['plans', {}],
    ['plan', { id: Number.NaN }],
    ['region', { id: '1' }],
  ] as const)('%s(%j) is BAD_REQUEST with a zod error', async (proc, input) => {
    const call = (rig.caller().catalog[proc] as (i: unknown) => Promise<unknown>)(input);
    const err = await trpcError(call);
    expect(err.code).toBe('BAD_REQUEST');
  });

  it.each([
    ['plans', { regionId: 999_999 }, 'REGION_NOT_FOUND'],
    ['region', { id: 999_999 }, 'REGION_NOT_FOUND'],
    ['plan', { id: 999_999 }, 'PLAN_NOT_FOUND'],
  ] as const)('%s(%j) is NOT_FOUND carrying %s', async (proc, input, code) => {
    const err = await trpcError((rig.caller().catalog[proc] as (i: unknown) => Promise<unknown>)(input));
    expect(err.code).toBe('NOT_FOUND');
    expect(err.cause).toMatchObject({ code });
  });

  it('the error formatter names the app error code', async () => {
    const err = await trpcError(rig.caller().catalog.plan({ id: 999_999 }));
    const shape = appRouter._def._config.errorFormatter({
      error: err,
      type: 'query',
      path: 'catalog.plan',
      input: { id: 999_999 },
      ctx: undefined,
      shape: { message: err.message, code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } },
    } as never) as { data: { appError: unknown } };
    expect(shape.data.appError).toEqual({ code: 'PLAN_NOT_FOUND', details: null });
  });
});

describe('transformer', () => {
  it('serializes cached (frozen) outputs once, and the wire format stays superjson', async () => {
    const plans = await rig.caller().catalog.plans({ regionId: jp });
    const a = serializeOutput(plans);
    expect(serializeOutput(plans)).toBe(a);
    expect(a).toEqual(superjson.serialize(plans));
    expect(superjson.deserialize(a)).toEqual(plans);
  });

  it('serializes anything else afresh, Dates included', () => {
    const v = { at: new Date('2026-01-01T00:00:00Z') };
    const a = transformer.output.serialize(v);
    expect(transformer.output.serialize(v)).not.toBe(a);
    expect(transformer.output.deserialize(a)).toEqual(v);
    expect(transformer.input.deserialize(transformer.input.serialize(v))).toEqual(v);
  });
});

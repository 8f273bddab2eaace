// trip.plan through createCaller on the seeded catalogue: the proposal, its prices from the server, and
// a clear 4xx for each bad input.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogRig, type CatalogRig } from '../catalog/rig.ts';

let rig: CatalogRig;
beforeAll(async () => {
  rig = await createCatalogRig();
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

const asiaTrip = [
  { country: 'JP', start: '2027-03-01', end: '2027-03-05', layover: false },
  { country: 'KR', start: '2027-03-06', end: '2027-03-09', layover: false },
  { country: 'TW', start: '2027-03-10', end: '2027-03-10', layover: true },
  { country: 'TH', start: '2027-03-10', end: '2027-03-14', layover: false },
];

describe('trip.plan', () => {
  it('Japan, Korea, Thailand with a Taipei layover: every day covered, plans and prices from the catalogue', async () => {
    const p = await rig.caller().trip.plan({ stops: asiaTrip, usage: 'normal' });
    expect(p.currency).toBe('USD');
    expect(p.warnings).toEqual([]);
    expect(p.days).toHaveLength(14);
    expect(p.days.flatMap((d) => d.cells).every((c) => c.plan !== null)).toBe(true);
    let sum = 0;
    for (const chosen of p.plans) {
      const plan = await rig.caller().catalog.plan({ id: chosen.planId });
      expect(chosen.priceMinor).toBe(plan.priceMinor);
      expect(chosen.validityDays).toBe(plan.validityDays);
      sum += chosen.priceMinor;
    }
    expect(p.totalMinor).toBe(sum);
    // Never dearer than either alternative.
    for (const alt of [p.alternatives.localsOnlyMinor, p.alternatives.bundlesOnlyMinor])
      if (alt !== null) expect(p.totalMinor).toBeLessThanOrEqual(alt);
    expect(p.explanation.key).toMatch(/^(bundle|bundleEqual|locals|mixed)$/);
  });

  it('prices in the requested currency are the ones checkout charges (server rates)', async () => {
    const usd = await rig.caller().trip.plan({ stops: asiaTrip.slice(0, 1), usage: 'light' });
    const eur = await rig.caller().trip.plan({ stops: asiaTrip.slice(0, 1), usage: 'light', currency: 'EUR' });
    expect(eur.currency).toBe('EUR');
    expect(eur.plans.map((c) => c.planId)).toEqual(usd.plans.map((c) => c.planId));
    const rates = await rig.caller().catalog.exchangeRates();
    const micros = rates.rateMicros.EUR as number;
    expect(eur.totalMinor).toBe(Math.round((usd.totalMinor * micros) / 1_000_000));
  });

  it('a country with lower-case letters is read as its code', async () => {
    const p = await rig
      .caller()
      .trip.plan({ stops: [{ country: 'jp', start: '2027-03-01', end: '2027-03-02', layover: false }], usage: 'light' });
    expect(p.plans[0]?.countries).toEqual(['JP']);
  });

  it.each([
    [
      'end before start',
      { stops: [{ country: 'JP', start: '2027-03-05', end: '2027-03-01' }] },
      'stops.0.end',
      /last day is before the first/,
    ],
    [
      'stops out of order',
      {
        stops: [
          { country: 'JP', start: '2027-03-05', end: '2027-03-06' },
          { country: 'KR', start: '2027-03-01', end: '2027-03-02' },
        ],
      },
      'stops.1.start',
      /order you travel/,
    ],
    [
      'too many stops',
      { stops: Array.from({ length: 16 }, () => ({ country: 'JP', start: '2027-03-01', end: '2027-03-02' })) },
      'stops',
      /at most 15 stops/,
    ],
    ['no stops', { stops: [] }, 'stops', /at least one country/],
    ['not a date', { stops: [{ country: 'JP', start: '2027-02-30', end: '2027-03-01' }] }, 'stops.0.start', /YYYY-MM-DD/],
    ['too long', { stops: [{ country: 'JP', start: '2027-01-01', end: '2027-12-31' }] }, 'stops.0.end', /at most 180 days/],
    [
      'a country that is no code',
      { stops: [{ country: 'Japan', start: '2027-03-01', end: '2027-03-02' }] },
      'stops.0.country',
      /two-letter code/,
    ],
    [
      'an unknown usage',
      { stops: [{ country: 'JP', start: '2027-03-01', end: '2027-03-02' }], usage: 'extreme' },
      'usage',
      /light, normal or heavy/,
    ],
  ])('%s → 400 naming %s', async (_name, input, field, message) => {
    const e = await trpcError(rig.caller().trip.plan(input as never));
    expect(e.code).toBe('BAD_REQUEST');
    const issues = JSON.parse(e.message) as { path: (string | number)[]; message: string }[];
    const issue = issues.find((i) => i.path.join('.') === field);
    expect(issue?.message).toMatch(message);
  });

  it('an unknown country → 400 BAD_INPUT naming the stop', async () => {
    const e = await trpcError(
      rig.caller().trip.plan({
        stops: [
          { country: 'JP', start: '2027-03-01', end: '2027-03-02', layover: false },
          { country: 'XQ', start: '2027-03-03', end: '2027-03-04', layover: false },
        ],
        usage: 'normal',
      }),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toMatch(/Stop 2: the shop does not know the country "XQ"/);
    expect((e.cause as { details?: unknown }).details).toEqual({ field: 'stops.1.country', country: 'XQ' });
  });

  it('a currency the shop does not sell in → 400', async () => {
    const e = await trpcError(rig.caller().trip.plan({ stops: asiaTrip.slice(0, 1), usage: 'normal', currency: 'XYZ' }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toMatch(/does not sell in XYZ/);
  });

  it('a currency whose rate left its sane band is not priced: 400 naming it', async () => {
    await rig.db.updateTable('exchange_rates').set({ rate_micros: 93_000_000 }).where('currency', '=', 'EUR').execute();
    rig.services.catalog.invalidate();
    try {
      const e = await trpcError(rig.caller().trip.plan({ stops: asiaTrip.slice(0, 1), usage: 'normal', currency: 'EUR' }));
      expect(e.code).toBe('BAD_REQUEST');
      expect(e.message).toMatch(/does not sell in EUR/);
    } finally {
      await rig.db.updateTable('exchange_rates').set({ rate_micros: 930_000 }).where('currency', '=', 'EUR').execute();
      rig.services.catalog.invalidate();
    }
  });
});

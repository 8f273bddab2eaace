// The trip planner (domain/trip-planner.ts) as tables: what it buys, what each plan covers day by day,
// what it warns about and why it chose it.
import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  planTrip,
  type TripPlanOption,
  type TripStop,
  type TripUsage,
  tripStopProblems,
  USAGE_MB_PER_DAY,
} from '../../src/domain/trip-planner.ts';

const GB = 1024;
let nextId = 1;
const local = (country: string, priceMinor: number, dataMb: number | null = 5 * GB, validityDays = 30): TripPlanOption => ({
  id: nextId++,
  regionCode: country,
  kind: 'local',
  countries: [country],
  dataMb,
  validityDays,
  priceMinor,
});
const bundle = (
  regionCode: string,
  countries: string[],
  priceMinor: number,
  dataMb: number | null = 10 * GB,
  validityDays = 30,
): TripPlanOption => ({
  id: nextId++,
  regionCode,
  kind: regionCode === 'GLOBAL' ? 'global' : 'regional',
  countries,
  dataMb,
  validityDays,
  priceMinor,
});
const stop = (country: string, start: string, end: string, layover = false): TripStop => ({ country, start, end, layover });

function plan(stops: TripStop[], plans: TripPlanOption[], usage: TripUsage = 'light') {
  return planTrip({ stops, plans, usage, currency: 'USD' });
}

const ASIA = ['JP', 'KR', 'TH', 'TW', 'SG'];

describe('planTrip: what it buys', () => {
  const jpKrTh = [stop('JP', '2027-03-01', '2027-03-05'), stop('KR', '2027-03-06', '2027-03-09'), stop('TH', '2027-03-10', '2027-03-14')];

  it.each([
    {
      name: 'bundle beats locals: one Asia bundle (25.00) under three locals (3 × 9.00)',
      plans: [local('JP', 900), local('KR', 900), local('TH', 900), bundle('ASIA', ASIA, 2500)],
      regions: ['ASIA'],
      total: 2500,
      key: 'bundle',
      saving: 200,
    },
    {
      name: 'locals beat bundle: three locals (3 × 6.00) under the bundle (25.00)',
      plans: [local('JP', 600), local('KR', 600), local('TH', 600), bundle('ASIA', ASIA, 2500)],
      regions: ['JP', 'KR', 'TH'],
      total: 1800,
      key: 'locals',
      saving: 700,
    },
    {
      name: 'a mix: a Korea + Japan bundle and a Thai local',
      plans: [local('JP', 900), local('KR', 900), local('TH', 500), bundle('NEA', ['JP', 'KR'], 1200)],
      regions: ['NEA', 'TH'],
      total: 1700,
      key: 'mixed',
      saving: 600,
    },
    {
      name: 'the global plan when no regional one covers all and locals cost more',
      plans: [local('JP', 1500), local('KR', 1500), local('TH', 1500), bundle('GLOBAL', ['JP', 'KR', 'TH', 'US'], 3000)],
      regions: ['GLOBAL'],
      total: 3000,
      key: 'bundle',
      saving: 1500,
    },
    {
      name: 'equal prices: the fewer plans (one bundle)',
      plans: [local('JP', 900), local('KR', 900), local('TH', 900), bundle('ASIA', ASIA, 2700)],
      regions: ['ASIA'],
      total: 2700,
      key: 'bundleEqual',
      saving: 0,
    },
  ])('$name', ({ plans, regions, total, key, saving }) => {
    const p = plan(jpKrTh, plans);
    expect(p.plans.map((c) => c.regionCode)).toEqual(regions);
    expect(p.totalMinor).toBe(total);
    expect(p.explanation.key).toBe(key);
    expect(p.explanation.params.savingMinor).toBe(saving);
    expect(p.warnings).toEqual([]);
    // Every day of every country is served by some plan.
    expect(p.days.flatMap((d) => d.cells).every((c) => c.plan !== null)).toBe(true);
    expect(p.days).toHaveLength(14);
  });

  it('compares with the best locals-only and bundles-only proposals', () => {
    const p = plan(jpKrTh, [local('JP', 900), local('KR', 900), local('TH', 900), bundle('ASIA', ASIA, 2500)]);
    expect(p.alternatives).toEqual({ localsOnlyMinor: 2700, bundlesOnlyMinor: 2500 });
  });

  it('no bundle covers the trip: locals, and says there was no bundle to compare', () => {
    const p = plan(jpKrTh, [local('JP', 900), local('KR', 900), local('TH', 900), bundle('EU', ['FR', 'DE'], 100)]);
    expect(p.plans.map((c) => c.regionCode)).toEqual(['JP', 'KR', 'TH']);
    expect(p.explanation.key).toBe('localsOnly');
    expect(p.alternatives.bundlesOnlyMinor).toBeNull();
  });
});

describe('planTrip: validity (activation on first use)', () => {
  it('a 7-day plan activated on the first day covers days 1–7; a 10-day stay needs two, or one 30-day plan', () => {
    const stay = [stop('JP', '2027-05-01', '2027-05-10')];
    const weekOnly = plan(stay, [local('JP', 450, 5 * GB, 7)]);
    expect(weekOnly.plans.map((p) => [p.activation, p.validUntil, p.lastUsed])).toEqual([
      ['2027-05-01', '2027-05-07', '2027-05-07'],
      ['2027-05-08', '2027-05-14', '2027-05-10'],
    ]);
    expect(weekOnly.totalMinor).toBe(900);
    const withMonth = plan(stay, [local('JP', 450, 5 * GB, 7), local('JP', 800, 5 * GB, 30)]);
    expect(withMonth.plans.map((p) => p.validityDays)).toEqual([30]);
    expect(withMonth.totalMinor).toBe(800);
  });

  it('a bundle activated in Japan still covers Thailand only if Thailand ends within its validity', () => {
    const stops = [stop('JP', '2027-03-01', '2027-03-05'), stop('TH', '2027-03-06', '2027-03-12')];
    const shortBundle = bundle('ASIA', ASIA, 1000, 10 * GB, 10); // 1–10 March: Thailand's 11th and 12th fall outside
    const p = plan(stops, [local('JP', 700), local('TH', 700), shortBundle]);
    // Bundle (10.00) + Thai local (7.00) = 17.00 > JP + TH locals (14.00).
    expect(p.plans.map((c) => c.regionCode)).toEqual(['JP', 'TH']);
    const longer = plan(stops, [local('JP', 700), local('TH', 700), { ...shortBundle, validityDays: 12 }]);
    expect(longer.plans.map((c) => c.regionCode)).toEqual(['ASIA']);
  });
});

describe('planTrip: layovers and warnings', () => {
  it('a layover no plan covers is warned about and does not split the bundle around it', () => {
    const stops = [
      stop('JP', '2027-03-01', '2027-03-05'),
      stop('KR', '2027-03-06', '2027-03-09'),
      stop('TW', '2027-03-10', '2027-03-10', true),
      stop('TH', '2027-03-10', '2027-03-14'),
    ];
    const p = plan(stops, [bundle('ASIA', ['JP', 'KR', 'TH'], 2500), local('JP', 900)]);
    expect(p.plans.map((c) => c.regionCode)).toEqual(['ASIA']);
    expect(p.warnings).toEqual([{ kind: 'noPlan', country: 'TW', layover: true, from: '2027-03-10', to: '2027-03-10' }]);
    const tenth = p.days.find((d) => d.date === '2027-03-10');
    expect(tenth?.cells.map((c) => [c.country, c.layover, c.plan])).toEqual([
      ['TW', true, null],
      ['TH', false, 0],
    ]);
  });

  it('a layover the bundle covers is served by it', () => {
    const stops = [
      stop('KR', '2027-03-06', '2027-03-09'),
      stop('TW', '2027-03-10', '2027-03-10', true),
      stop('TH', '2027-03-10', '2027-03-14'),
    ];
    const p = plan(stops, [bundle('ASIA', ASIA, 2500), local('KR', 900), local('TH', 900), local('TW', 900)]);
    expect(p.warnings).toEqual([]);
    expect(p.plans.map((c) => [c.regionCode, c.countries])).toEqual([['ASIA', ['KR', 'TW', 'TH']]]);
  });

  it('a country without plans for a whole stop: one warning over its days; the rest is still planned', () => {
    const p = plan([stop('JP', '2027-01-01', '2027-01-03'), stop('KP', '2027-01-04', '2027-01-06')], [local('JP', 450)]);
    expect(p.warnings).toEqual([{ kind: 'noPlan', country: 'KP', layover: false, from: '2027-01-04', to: '2027-01-06' }]);
    expect(p.plans.map((c) => c.regionCode)).toEqual(['JP']);
  });

  it('no plan at all: nothing bought, the "none" sentence', () => {
    const p = plan([stop('KP', '2027-01-01', '2027-01-02')], []);
    expect(p.plans).toEqual([]);
    expect(p.totalMinor).toBe(0);
    expect(p.explanation.key).toBe('none');
    expect(p.warnings).toHaveLength(1);
  });
});

describe('planTrip: overlapping dates', () => {
  it('a travel day shared by two countries needs both; the day data is shared between them', () => {
    const stops = [stop('JP', '2027-03-01', '2027-03-03'), stop('KR', '2027-03-03', '2027-03-05')];
    const p = plan(stops, [local('JP', 500), local('KR', 500)], 'normal');
    expect(p.plans.map((c) => [c.regionCode, c.activation, c.lastUsed])).toEqual([
      ['JP', '2027-03-01', '2027-03-03'],
      ['KR', '2027-03-03', '2027-03-05'],
    ]);
    const third = p.days.find((d) => d.date === '2027-03-03');
    expect(third?.cells.map((c) => [c.country, c.needMb, c.plan])).toEqual([
      ['JP', 512, 0],
      ['KR', 512, 1],
    ]);
    expect(p.days).toHaveLength(5);
  });

  it('the same country listed twice over the same days is needed once', () => {
    const p = plan([stop('JP', '2027-03-01', '2027-03-04'), stop('JP', '2027-03-03', '2027-03-06')], [local('JP', 500, 3 * GB, 7)]);
    expect(p.days.flatMap((d) => d.cells)).toHaveLength(6);
    expect(p.plans).toHaveLength(1);
  });
});

describe('planTrip: data sizing by usage', () => {
  const week = [stop('JP', '2027-04-01', '2027-04-07')];
  const jpPlans = () => [
    local('JP', 450, 1 * GB, 7),
    local('JP', 900, 3 * GB, 30),
    local('JP', 1300, 5 * GB, 30),
    local('JP', 2100, 10 * GB, 30),
    local('JP', 3400, 20 * GB, 30),
    local('JP', 2900, null, 7),
  ];

  it.each([
    // 7 days × 300 MB = 2,100 MB → 3 GB; × 1,024 MB = 7 GB → 10 GB; × 2,560 MB = 17.5 GB → unlimited (29.00 < 34.00).
    ['light', 3 * GB, 900],
    ['normal', 10 * GB, 2100],
    ['heavy', null, 2900],
  ] as const)('%s use → a %s MB plan for %s', (usage, dataMb, total) => {
    const p = plan(week, jpPlans(), usage);
    expect(p.plans.map((c) => c.dataMb)).toEqual([dataMb]);
    expect(p.totalMinor).toBe(total);
    expect(p.mbPerDay).toBe(USAGE_MB_PER_DAY[usage]);
    expect(p.plans[0]?.neededMb).toBe(7 * USAGE_MB_PER_DAY[usage]);
  });

  it('more data in a day than any plan holds: warned as tooMuchData', () => {
    const p = plan(week, [local('JP', 450, 1 * GB, 7)], 'heavy');
    expect(p.warnings).toEqual([{ kind: 'tooMuchData', country: 'JP', layover: false, from: '2027-04-01', to: '2027-04-07' }]);
  });

  it('a layover needs a quarter share of the day', () => {
    const p = plan(
      [stop('TW', '2027-04-01', '2027-04-01', true), stop('TH', '2027-04-01', '2027-04-03')],
      [bundle('ASIA', ASIA, 900)],
      'normal',
    );
    const first = p.days[0]?.cells.map((c) => c.needMb);
    expect(first).toEqual([Math.ceil((1024 * 0.25) / 1.25), Math.ceil(1024 / 1.25)]);
  });
});

describe('planTrip: exact against brute force', () => {
  // A seeded PRNG: small random trips and catalogues; the DP's total must equal the cheapest of all
  // sequences of (plan, run) found by exhaustive recursion over the same model.
  function prng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  it('matches exhaustive search on 200 random small trips (returns: never worse than runs, never better than any partition)', () => {
    const rnd = prng(28);
    const countries = ['AA', 'BB', 'CC', 'DD'];
    let returnsHelped = 0;
    for (let trial = 0; trial < 200; trial++) {
      const plans: TripPlanOption[] = [];
      for (const c of countries) {
        if (rnd() < 0.85)
          plans.push(
            local(c, 100 + Math.floor(rnd() * 900), rnd() < 0.2 ? null : (1 + Math.floor(rnd() * 4)) * 512, 2 + Math.floor(rnd() * 6)),
          );
      }
      for (let i = 0; i < 2; i++) {
        const cov = countries.filter(() => rnd() < 0.6);
        if (cov.length)
          plans.push(bundle(`B${i}`, cov, 200 + Math.floor(rnd() * 1500), (1 + Math.floor(rnd() * 6)) * 512, 3 + Math.floor(rnd() * 8)));
      }
      const stops: TripStop[] = [];
      let day = dayNumber('2027-01-01') as number;
      for (let i = 0; i < 1 + Math.floor(rnd() * 4); i++) {
        const len = Math.floor(rnd() * 3);
        const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
        stops.push(stop(countries[Math.floor(rnd() * 4)] as string, iso(day), iso(day + len), rnd() < 0.2));
        day += len + (rnd() < 0.3 ? 0 : 1);
      }
      const usage = (['light', 'normal', 'heavy'] as const)[Math.floor(rnd() * 3)] as TripUsage;
      const got = planTrip({ stops, plans, usage, currency: 'USD' });
      // Brute force over the served cells in travel order.
      const cells = got.days.flatMap((d) =>
        d.cells.filter((c) => c.plan !== null).map((c) => ({ ...c, day: dayNumber(d.date) as number })),
      );
      const fits = (p: TripPlanOption, run: typeof cells) =>
        run.every((c) => p.countries.includes(c.country)) &&
        (run.at(-1)?.day as number) - (run[0]?.day as number) + 1 <= p.validityDays &&
        (p.dataMb === null || run.reduce((s, c) => s + c.needMb, 0) <= p.dataMb);
      // (1) Contiguous runs only (the model without returns).
      const brute = (from: number): number => {
        if (from === cells.length) return 0;
        let best = Number.POSITIVE_INFINITY;
        for (let to = from + 1; to <= cells.length; to++) {
          for (const p of plans) if (fits(p, cells.slice(from, to))) best = Math.min(best, p.priceMinor + brute(to));
        }
        return best;
      };
      // (2) Any partition of the cells into plans (every interleaving of paused plans): the true optimum.
      const cheapest = (block: typeof cells) =>
        plans.reduce((m, p) => (fits(p, block) ? Math.min(m, p.priceMinor) : m), Number.POSITIVE_INFINITY);
      const partition = (i: number, blocks: (typeof cells)[]): number => {
        if (i === cells.length) return blocks.reduce((s, b) => s + cheapest(b), 0);
        let best = Number.POSITIVE_INFINITY;
        for (const b of blocks) {
          b.push(cells[i] as (typeof cells)[number]);
          if (cheapest(b) < Number.POSITIVE_INFINITY) best = Math.min(best, partition(i + 1, blocks));
          b.pop();
        }
        blocks.push([cells[i] as (typeof cells)[number]]);
        best = Math.min(best, partition(i + 1, blocks));
        blocks.pop();
        return best;
      };
      const runsOnly = cells.length === 0 ? 0 : brute(0);
      const what = JSON.stringify({ stops, plans, usage });
      const countryStays = cells.filter((c, i) => i === 0 || cells[i - 1]?.country !== c.country).map((c) => c.country);
      if (new Set(countryStays).size === countryStays.length) expect(got.totalMinor, what).toBe(runsOnly);
      else {
        expect(got.totalMinor, what).toBeLessThanOrEqual(runsOnly);
        if (got.totalMinor < runsOnly) returnsHelped++;
      }
      if (cells.length <= 9) expect(got.totalMinor, what).toBeGreaterThanOrEqual(partition(0, []));
      // Each chosen plan fits what it serves.
      for (const [i, c] of got.plans.entries()) {
        const served = cells.filter((x) => x.plan === i);
        const p = plans.find((x) => x.id === c.planId) as TripPlanOption;
        expect(fits(p, served)).toBe(true);
      }
    }
    // The seed's trips include returns where resuming a plan is cheaper (else this test proves nothing new).
    expect(returnsHelped).toBeGreaterThan(0);
  });
});

describe('planTrip: returning to a country (a plan resumed)', () => {
  // Japan 5 days, Korea 3, Japan again 4: 12 days in all, 9 of them in Japan.
  const jkj = [stop('JP', '2027-04-01', '2027-04-05'), stop('KR', '2027-04-06', '2027-04-08'), stop('JP', '2027-04-09', '2027-04-12')];

  it('one 15-day Japan plan serves both stays while Korea has its own: cheaper than a bundle or two Japan plans', () => {
    const jp15 = local('JP', 1200, 10 * GB, 15);
    const jp7 = local('JP', 800, 5 * GB, 7);
    const kr = local('KR', 500, 3 * GB, 7);
    const asia = bundle('ASIA', ASIA, 1900, 10 * GB, 15);
    const got = plan(jkj, [jp15, jp7, kr, asia]);
    expect(got.totalMinor).toBe(1700);
    expect(got.plans.map((p) => [p.regionCode, p.activation, p.lastUsed, p.validUntil])).toEqual([
      ['JP', '2027-04-01', '2027-04-12', '2027-04-15'],
      ['KR', '2027-04-06', '2027-04-08', '2027-04-12'],
    ]);
    expect(got.plans[0]?.planId).toBe(jp15.id);
    expect(got.plans.map((p) => p.periods)).toEqual([
      [
        { from: '2027-04-01', to: '2027-04-05' },
        { from: '2027-04-09', to: '2027-04-12' },
      ],
      [{ from: '2027-04-06', to: '2027-04-08' }],
    ]);
    // The day table shows the Japan plan on both stays and the Korea plan between them.
    const planOn = (date: string) => got.days.find((d) => d.date === date)?.cells.map((c) => c.plan);
    expect([planOn('2027-04-02'), planOn('2027-04-07'), planOn('2027-04-10')]).toEqual([[0], [1], [0]]);
    expect(got.plans[0]?.neededMb).toBe(9 * USAGE_MB_PER_DAY.light);
  });

  it('the return falls outside the validity: the plan is not resumed (two Japan plans, or the bundle)', () => {
    const jp10 = local('JP', 1000, 10 * GB, 10);
    const jp7 = local('JP', 800, 5 * GB, 7);
    const kr = local('KR', 500, 3 * GB, 7);
    const got = plan(jkj, [jp10, jp7, kr]);
    // 12 days from the first Japan day: a 10-day plan cannot reach 12 April.
    expect(got.totalMinor).toBe(800 + 500 + 800);
    expect(got.plans.map((p) => p.regionCode)).toEqual(['JP', 'KR', 'JP']);
  });

  it('the data would not last both stays: not resumed', () => {
    const jpSmall = local('JP', 900, 2 * GB, 15);
    const kr = local('KR', 500, 3 * GB, 7);
    const got = plan(jkj, [jpSmall, kr], 'normal');
    // 9 Japan days × 1 GB do not fit 2 GB: each stay needs its own plans.
    expect(got.plans.every((p) => p.regionCode !== 'JP' || p.neededMb <= 2 * GB)).toBe(true);
    expect(got.plans.filter((p) => p.regionCode === 'JP').length).toBeGreaterThan(1);
  });

  it('a bundle still wins when it is cheaper than the resumed plan and the stay between', () => {
    const jp15 = local('JP', 1200, 10 * GB, 15);
    const kr = local('KR', 500, 3 * GB, 7);
    const asia = bundle('ASIA', ASIA, 1500, 10 * GB, 15);
    const got = plan(jkj, [jp15, kr, asia]);
    expect(got.totalMinor).toBe(1500);
    expect(got.plans.map((p) => p.regionCode)).toEqual(['ASIA']);
  });
});

describe('tripStopProblems', () => {
  it.each([
    [[{ start: '2027-01-01', end: '2027-01-03' }], [null]],
    [[{ start: '2027-01-03', end: '2027-01-01' }], ['endBeforeStart']],
    [[{ start: '2027-02-30', end: '2027-03-01' }], ['badDate']],
    [
      [
        { start: '2027-01-05', end: '2027-01-06' },
        { start: '2027-01-01', end: '2027-01-02' },
      ],
      [null, 'outOfOrder'],
    ],
    [
      [
        { start: '2027-01-01', end: '2027-01-02' },
        { start: '2027-01-02', end: '2027-07-01' },
      ],
      [null, 'tooLong'],
    ],
  ] as const)('%j → %j', (stops, problems) => {
    expect(tripStopProblems(stops)).toEqual(problems);
  });
});

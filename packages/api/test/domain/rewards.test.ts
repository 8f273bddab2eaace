// Table tests for the pure rewards rules: levels, purchase points, redemption at checkout, the daily
// check-in rules, streaks over UTC days (month and year ends), achievement progress, and inputs.
import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_KEYS,
  CHECK_IN_POINTS,
  DEFAULT_LEVEL,
  REWARDS_MSG,
  VERIFIED_TRIP_CHECK_IN_POINTS,
  ZCheckInInput,
  ZProgressInput,
  achievementProgress,
  currentStreak,
  decideCheckIn,
  levelFor,
  longestStreak,
  progressPercent,
  purchasePoints,
  redeemPoints,
  utcDay,
  type RewardsFacts,
  type TodaysCheckIn,
  type TravelerLevel,
} from '../../src/domain/rewards.ts';

const level = (id: number, key: string, pointsRequired: number, mult: number): TravelerLevel => ({
  id,
  key,
  name: key,
  description: '',
  color: '#000000',
  pointsRequired,
  dataRewardMultiplier: mult,
  perks: [],
});
// Out of order on purpose: levelFor sorts.
const LEVELS = [
  level(3, 'globetrotter', 2000, 1.4),
  level(1, 'traveler', 0, 1),
  level(4, 'jetsetter', 6000, 2),
  level(2, 'explorer', 500, 1.2),
];

describe('levelFor', () => {
  it.each<[number, string, string | null, number | null]>([
    [0, 'traveler', 'explorer', 500],
    [1, 'traveler', 'explorer', 499],
    [499, 'traveler', 'explorer', 1],
    [500, 'explorer', 'globetrotter', 1500],
    [1999, 'explorer', 'globetrotter', 1],
    [2000, 'globetrotter', 'jetsetter', 4000],
    [5999, 'globetrotter', 'jetsetter', 1],
    [6000, 'jetsetter', null, null],
    [1_000_000, 'jetsetter', null, null],
  ])('%i lifetime points → %s, next %s, %s to go', (total, key, next, toGo) => {
    const s = levelFor(LEVELS, total);
    expect(s.level.key).toBe(key);
    expect(s.next?.key ?? null).toBe(next);
    expect(s.pointsToNext).toBe(toGo);
  });

  it('no levels stored: the default Traveler, no next level', () => {
    expect(levelFor([], 900)).toEqual({ level: DEFAULT_LEVEL, next: null, pointsToNext: null });
    expect(DEFAULT_LEVEL).toMatchObject({ name: 'Traveler', dataRewardMultiplier: 1 });
  });

  it('a lowest level above 0: the default until it is reached', () => {
    const s = levelFor([level(9, 'bronze', 100, 1)], 40);
    expect(s.level).toBe(DEFAULT_LEVEL);
    expect(s).toMatchObject({ next: { key: 'bronze' }, pointsToNext: 60 });
  });
});

describe('purchasePoints: 5 per USD paid by card × the level multiplier, rounded down once', () => {
  it.each<[number, number, number]>([
    [100, 100, 5],
    [450, 100, 22], // 22.5
    [1999, 100, 99], // 99.95
    [1999, 120, 119], // 119.94
    [1999, 140, 139], // 139.93
    [1999, 200, 199], // 199.9
    [1000, 120, 60],
    [19, 100, 0], // 0.95
    [20, 100, 1],
    [0, 100, 0],
    [-50, 100, 0],
    [100, 0, 0],
  ])('%i US cents at ×%i%% → %i points', (usd, pct, points) => {
    expect(purchasePoints(usd, pct)).toBe(points);
  });
});

describe('redeemPoints: 100 points = 1 USD; the card keeps ≥ 0.50 USD, or points pay everything', () => {
  const usd = { usdMinor: 450, totalMinor: 450, rateMicros: 1_000_000 };
  const gbp = { usdMinor: 450, totalMinor: 356, rateMicros: 790_000 };
  it.each<[string, Parameters<typeof redeemPoints>[0], { pointsUsed: number; discountMinor: number; paidWithPoints: boolean }]>([
    ['no points', { ...usd, available: 0 }, { pointsUsed: 0, discountMinor: 0, paidWithPoints: false }],
    ['negative (never happens) is none', { ...usd, available: -5 }, { pointsUsed: 0, discountMinor: 0, paidWithPoints: false }],
    ['a few', { ...usd, available: 120 }, { pointsUsed: 120, discountMinor: 120, paidWithPoints: false }],
    [
      'capped so the card pays the 0.50 minimum',
      { ...usd, available: 420 },
      { pointsUsed: 400, discountMinor: 400, paidWithPoints: false },
    ],
    ['one short of everything: still capped', { ...usd, available: 449 }, { pointsUsed: 400, discountMinor: 400, paidWithPoints: false }],
    ['exactly everything: no card', { ...usd, available: 450 }, { pointsUsed: 450, discountMinor: 450, paidWithPoints: true }],
    [
      'more than everything: takes only the price',
      { ...usd, available: 5000 },
      { pointsUsed: 450, discountMinor: 450, paidWithPoints: true },
    ],
    [
      'in GBP: converted at the stored rate, half up',
      { ...gbp, available: 120 },
      { pointsUsed: 120, discountMinor: 95, paidWithPoints: false },
    ],
    ['in GBP, everything', { ...gbp, available: 450 }, { pointsUsed: 450, discountMinor: 356, paidWithPoints: true }],
    [
      'an order at the minimum: only all or nothing',
      { usdMinor: 50, totalMinor: 50, rateMicros: 1_000_000, available: 49 },
      { pointsUsed: 0, discountMinor: 0, paidWithPoints: false },
    ],
    [
      'an order at the minimum, paid in full',
      { usdMinor: 50, totalMinor: 50, rateMicros: 1_000_000, available: 50 },
      { pointsUsed: 50, discountMinor: 50, paidWithPoints: true },
    ],
  ])('%s', (_name, args, expected) => {
    expect(redeemPoints(args)).toEqual(expected);
  });

  it('whatever the balance, the card part is either 0 or at least the minimum', () => {
    for (let available = 0; available <= 2100; available += 7) {
      const r = redeemPoints({ usdMinor: 1999, totalMinor: 1999, rateMicros: 1_000_000, available });
      expect(r.pointsUsed).toBeLessThanOrEqual(available);
      const card = 1999 - r.pointsUsed;
      expect(card === 0 || card >= 50).toBe(true);
      expect(r.paidWithPoints).toBe(card === 0);
    }
  });
});

describe('decideCheckIn: one rewarded per region per UTC day, at most 3 rewarded a day', () => {
  const c = (regionId: number, rewardSlot: number | null): TodaysCheckIn => ({ regionId, rewardSlot });
  it.each<[string, TodaysCheckIn[], number, boolean, { points: number; rewardSlot: number | null; zeroReason: string | null }]>([
    ['first of the day', [], 1, false, { points: CHECK_IN_POINTS, rewardSlot: 1, zeroReason: null }],
    ['first, verified trip', [], 1, true, { points: VERIFIED_TRIP_CHECK_IN_POINTS, rewardSlot: 1, zeroReason: null }],
    ['same region again', [c(1, 1)], 1, true, { points: 0, rewardSlot: null, zeroReason: 'already_checked_in_here_today' }],
    ['another region', [c(1, 1)], 2, false, { points: CHECK_IN_POINTS, rewardSlot: 2, zeroReason: null }],
    ['third region', [c(1, 1), c(2, 2)], 3, false, { points: CHECK_IN_POINTS, rewardSlot: 3, zeroReason: null }],
    ['fourth region: cap', [c(1, 1), c(2, 2), c(3, 3)], 4, true, { points: 0, rewardSlot: null, zeroReason: 'daily_cap_reached' }],
    [
      'zero-point ones do not count',
      [c(1, 1), c(1, null), c(1, null)],
      2,
      false,
      { points: CHECK_IN_POINTS, rewardSlot: 2, zeroReason: null },
    ],
    [
      'a region seen only unrewarded is still new',
      [c(1, 1), c(2, 2), c(3, 3), c(4, null)],
      4,
      false,
      { points: 0, rewardSlot: null, zeroReason: 'daily_cap_reached' },
    ],
    ['lowest free slot', [c(1, 2)], 5, false, { points: CHECK_IN_POINTS, rewardSlot: 1, zeroReason: null }],
    [
      'same region at the cap says already checked in',
      [c(1, 1), c(2, 2), c(3, 3)],
      2,
      false,
      { points: 0, rewardSlot: null, zeroReason: 'already_checked_in_here_today' },
    ],
  ])('%s', (_name, today, region, verified, expected) => {
    expect(decideCheckIn(today, region, verified)).toEqual(expected);
  });
});

describe('UTC days and streaks', () => {
  it.each<[string, string]>([
    ['2026-03-01T00:00:00.000Z', '2026-03-01'],
    ['2026-03-01T23:59:59.999Z', '2026-03-01'],
    ['2026-03-02T00:00:00.000Z', '2026-03-02'],
    // 23:30 in New York on 1 March is already 2 March in UTC.
    ['2026-03-01T23:30:00.000-05:00', '2026-03-02'],
    // 00:30 in Tokyo on 2 March is still 1 March in UTC.
    ['2026-03-02T00:30:00.000+09:00', '2026-03-01'],
  ])('utcDay(%s) = %s', (at, day) => {
    expect(utcDay(new Date(at))).toBe(day);
  });

  it.each<[string, string[], string, number]>([
    ['none', [], '2026-03-01', 0],
    ['today only', ['2026-03-01'], '2026-03-01', 1],
    ['yesterday only: still running', ['2026-02-28'], '2026-03-01', 1],
    ['two days ago: broken', ['2026-02-27'], '2026-03-01', 0],
    ['across a February end (2026, not leap)', ['2026-02-27', '2026-02-28', '2026-03-01'], '2026-03-01', 3],
    ['across a leap-year February end', ['2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-01', 3],
    ['across a 31-day month end, ending yesterday', ['2026-07-30', '2026-07-31', '2026-08-01'], '2026-08-02', 3],
    ['across a year end', ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'], '2027-01-02', 4],
    ['a gap stops the count', ['2026-03-01', '2026-02-28', '2026-02-26'], '2026-03-01', 2],
    ['duplicates count once, order does not matter', ['2026-03-01', '2026-02-28', '2026-03-01', '2026-02-28'], '2026-03-01', 2],
    ['future days are not a streak ending today', ['2026-03-03'], '2026-03-01', 0],
  ])('currentStreak: %s', (_name, days, today, n) => {
    expect(currentStreak(days, today)).toBe(n);
  });

  it.each<[string[], number]>([
    [[], 0],
    [['2026-01-05'], 1],
    [['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-05', '2026-02-06'], 3],
    [['2026-02-05', '2026-02-06', '2026-02-07', '2026-02-08', '2026-01-30', '2026-01-31'], 4],
    [['2026-12-31', '2027-01-01', '2026-12-31'], 2],
  ])('longestStreak(%j) = %i', (days, n) => {
    expect(longestStreak(days)).toBe(n);
  });

  it('a malformed day is a programming error', () => {
    expect(() => currentStreak(['2026-3-1'], '2026-03-01')).toThrow(RangeError);
  });
});

describe('achievement progress from facts', () => {
  const none: RewardsFacts = {
    paidOrders: 0,
    pointsOrders: 0,
    esimCountries: 0,
    esimContinents: 0,
    rewardedCheckIns: 0,
    checkInCountries: 0,
    verifiedCheckIns: 0,
    longestStreak: 0,
    emailVerified: false,
    fullNameSet: false,
    levelsReached: ['traveler'],
  };
  it.each<[string, number, Partial<RewardsFacts>, number]>([
    ['first_purchase', 1, {}, 0],
    ['first_purchase', 1, { paidOrders: 3 }, 1],
    ['second_purchase', 2, { paidOrders: 1 }, 1],
    ['esims_in_5_countries', 5, { esimCountries: 3 }, 3],
    ['esims_in_5_countries', 5, { esimCountries: 9 }, 5],
    ['three_continents', 3, { esimContinents: 2 }, 2],
    ['first_check_in', 1, { rewardedCheckIns: 1 }, 1],
    ['ten_check_ins', 10, { rewardedCheckIns: 4 }, 4],
    ['streak_7_days', 7, { longestStreak: 8 }, 7],
    ['check_in_5_countries', 5, { checkInCountries: 2 }, 2],
    ['verified_trip', 1, { verifiedCheckIns: 2 }, 1],
    ['verified_email', 1, { emailVerified: true }, 1],
    ['profile_complete', 1, { emailVerified: true }, 0],
    ['profile_complete', 1, { fullNameSet: true }, 0],
    ['profile_complete', 1, { emailVerified: true, fullNameSet: true }, 1],
    ['points_spender', 1, { pointsOrders: 1 }, 1],
    ['level_explorer', 1, {}, 0],
    ['level_explorer', 1, { levelsReached: ['traveler', 'explorer', 'globetrotter'] }, 1],
    ['an_unknown_key', 1, { paidOrders: 100 }, 0],
    ['constructor', 1, { paidOrders: 100 }, 0],
  ])('%s (target %i) with %j → %i', (key, target, facts, progress) => {
    expect(achievementProgress(key, target, { ...none, ...facts })).toBe(progress);
  });

  it('every seeded key has a rule', async () => {
    const { ACHIEVEMENTS } = await import('@esim/db');
    expect(ACHIEVEMENTS.map((a) => a.key).filter((k) => !ACHIEVEMENT_KEYS.includes(k))).toEqual([]);
  });

  it.each<[number, number | null | undefined, number]>([
    [0, 5, 0],
    [1, 3, 33],
    [2, 3, 67],
    [5, 5, 100],
    [9, 5, 100],
    [1, null, 100],
    [0, undefined, 0],
    [1, 0, 100],
  ])('progressPercent(%i, %s) = %i (capped at 100)', (progress, target, pct) => {
    expect(progressPercent(progress, target)).toBe(pct);
  });
});

describe('inputs', () => {
  it.each<[unknown, { regionId?: number; locationName?: string }]>([
    [{ regionId: 7 }, { regionId: 7 }],
    [{ regionId: '7' }, { regionId: 7 }],
    [
      { regionId: 7, locationName: '  Shibuya Crossing  ' },
      { regionId: 7, locationName: 'Shibuya Crossing' },
    ],
    [{ regionId: 7, locationName: '   ' }, { regionId: 7 }],
    [{ regionId: 7, locationName: null }, { regionId: 7 }],
    [
      { regionId: 7, locationName: 'x'.repeat(100) },
      { regionId: 7, locationName: 'x'.repeat(100) },
    ],
    [
      { regionId: 7, locationName: ` ${'x'.repeat(100)} ` },
      { regionId: 7, locationName: 'x'.repeat(100) },
    ],
    // No region: the service answers 'Please select a region to check in.'
    [{}, {}],
    [{ regionId: null }, {}],
    [{ regionId: '' }, {}],
    [{ regionId: 0 }, {}],
  ])('checkIn %j → %j', (input, out) => {
    const r = ZCheckInInput.parse(input);
    expect(r.regionId).toBe(out.regionId);
    expect(r.locationName).toBe(out.locationName);
    expect('locationName' in out).toBe(r.locationName !== undefined);
  });

  it.each<[unknown, string]>([
    [{ regionId: -1 }, REWARDS_MSG.regionId],
    [{ regionId: 1.5 }, REWARDS_MSG.regionId],
    [{ regionId: 'abc' }, REWARDS_MSG.regionId],
    [{ regionId: true }, REWARDS_MSG.regionId],
    [{ regionId: 7, locationName: 'x'.repeat(101) }, REWARDS_MSG.locationNameMax],
    [{ regionId: 7, locationName: 12 }, REWARDS_MSG.locationName],
  ])('checkIn %j → "%s"', (input, message) => {
    const r = ZCheckInInput.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it.each<[unknown, { achievementId: number; increment: number } | string]>([
    [
      { achievementId: 3, increment: 1 },
      { achievementId: 3, increment: 1 },
    ],
    [
      { achievementId: '3', increment: 10 },
      { achievementId: 3, increment: 10 },
    ],
    [{ achievementId: 3 }, { achievementId: 3, increment: 1 }],
    [{ achievementId: 3, increment: 0 }, REWARDS_MSG.increment],
    [{ achievementId: 3, increment: 11 }, REWARDS_MSG.increment],
    [{ achievementId: 3, increment: 1.5 }, REWARDS_MSG.increment],
    [{ achievementId: 3, increment: '1' }, REWARDS_MSG.increment],
    [{ achievementId: 3, increment: -1000 }, REWARDS_MSG.increment],
    [{ achievementId: 0, increment: 1 }, REWARDS_MSG.achievementId],
    [{ increment: 1 }, REWARDS_MSG.achievementId],
  ])('updateProgress %j → %j', (input, out) => {
    const r = ZProgressInput.safeParse(input);
    if (typeof out === 'string') {
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(out);
    } else {
      expect(r.data).toEqual(out);
    }
  });
});

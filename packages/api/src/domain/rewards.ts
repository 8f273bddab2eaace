// Traveler Rewards, pure: the economy's constants, the answer shapes (spec §3 and the rewards
// contract), the level for a points total, purchase points, what points can pay at checkout, the
// daily check-in rules, streaks over UTC days, achievement progress from facts, and the inputs.
// Browser-safe: no node:*, no db. The clock comes in as arguments.
import { z } from 'zod';
import { convertMinor } from './money.ts';
import { MIN_CHARGE_USD_MINOR } from './orders.ts';
import type { PlanTextFacts } from './catalog.ts';

// ── the economy ────────────────────────────────────────────────────────────────────────────

/** Purchases earn 5 points per 1 USD paid by card, times the level's multiplier. */
export const PURCHASE_POINTS_PER_USD = 5;
/** Redemption: 100 points = 1 USD, so one point is one US cent of the order's USD price. */
export const POINT_VALUE = { points: 100, usdMinor: 100 } as const;
/** A check-in earns 10 points, 25 where the traveller holds an active eSIM covering the region. */
export const CHECK_IN_POINTS = 10;
export const VERIFIED_TRIP_CHECK_IN_POINTS = 25;
/** At most this many rewarded check-ins per UTC day (one per region); later ones earn 0. */
export const REWARDED_CHECK_INS_PER_DAY = 3;
/** At most this many check-ins of any kind are kept per UTC day (a bound on what one account stores). */
export const CHECK_INS_PER_DAY_MAX = 20;
export const LOCATION_NAME_MAX = 100;
/** updateProgress accepts increments of 1..10 (the page sends 1); the server counts from facts. */
export const PROGRESS_INCREMENT_MAX = 10;
/** Lists (check-ins, points history) answer at most this many of the newest rows. */
export const REWARDS_LIST_LIMIT = 500;

export const POINTS_SOURCES = ['purchase', 'check_in', 'achievement', 'redemption', 'refund', 'adjustment', 'release'] as const;
export type PointsSourceValue = (typeof POINTS_SOURCES)[number];
/**
 * What counts towards lifetime points (and so the level): credits for purchases, check-ins,
 * achievements and adjustments, minus refund clawbacks. Redemptions and their releases move the
 * balance only.
 */
export const LIFETIME_SOURCES: readonly PointsSourceValue[] = ['purchase', 'check_in', 'achievement', 'adjustment', 'refund'];

export const CHECK_IN_ZERO_REASONS = ['already_checked_in_here_today', 'daily_cap_reached'] as const;
export type CheckInZeroReason = (typeof CHECK_IN_ZERO_REASONS)[number];

// ── answer shapes (tRPC and REST alike; dates are ISO 8601 strings) ────────────────────────

export interface TravelerLevel {
  id: number;
  key: string;
  name: string;
  description: string;
  /** '#rrggbb'. */
  color: string;
  pointsRequired: number;
  /** Purchase points multiplier, e.g. 1, 1.2. */
  dataRewardMultiplier: number;
  perks: string[];
}

export interface RewardsProfile {
  currentLevelId: number;
  level: TravelerLevel;
  totalPointsEarned: number;
  /** Available now: the ledger balance (points reserved by unpaid orders are already taken off). */
  currentPoints: number;
  streakDays: number;
  nextLevel: TravelerLevel | null;
  pointsToNextLevel: number | null;
  /** Points held by orders waiting for payment; they come back if the order is canceled or expires. */
  reservedPoints: number;
  pointValue: { points: number; usdMinor: number };
}

export interface Achievement {
  id: number;
  key: string;
  name: string;
  description: string;
  category: string;
  pointsAwarded: number;
  criteria: { targetProgress: number };
}

export interface UserAchievement {
  id: number;
  achievementId: number;
  achievement: Achievement;
  progress: number;
  isCompleted: boolean;
  earnedAt: string | null;
}

export interface CheckIn {
  id: number;
  region: { id: number; name: string; code: string; flagIcon: string | null };
  checkInDate: string;
  pointsAwarded: number;
  locationName?: string;
  verifiedTrip: boolean;
  zeroReason?: CheckInZeroReason;
}

/**
 * What a ledger row is about, as facts, so a page words it in its own language (the stored
 * `description` is English, kept for the REST API and for rows without facts, e.g. adjustments).
 * An order carries the plan's facts like receipts do (null when its plan is gone: use planName).
 */
export type PointsHistoryAbout =
  | {
      kind: 'purchase' | 'pointsUsed' | 'pointsReturned' | 'refund';
      order: { id: string; planName: string; planFacts: PlanTextFacts | null };
    }
  | { kind: 'achievement'; achievement: { key: string; name: string } }
  | {
      kind: 'achievementEnded';
      achievement: { key: string; name: string };
      order: { id: string; planName: string; planFacts: PlanTextFacts | null } | null;
    }
  | { kind: 'checkIn'; region: { code: string; name: string }; verifiedTrip: boolean };

export type PointsHistoryAboutKind = PointsHistoryAbout['kind'];

/** The kind of a ledger row and the id it names, from its unique key (rewards-ledger.ts ledgerKeys). */
export function historyKeyKind(
  key: string,
):
  | { kind: 'purchase' | 'pointsUsed' | 'pointsReturned' | 'refund' }
  | { kind: 'achievement' | 'achievementEnded'; achievementId: number }
  | { kind: 'checkIn'; checkInId: number }
  | null {
  if (key.startsWith('purchase:order:')) return { kind: 'purchase' };
  if (key.startsWith('redemption:order:')) return { kind: 'pointsUsed' };
  if (key.startsWith('release:order:')) return { kind: 'pointsReturned' };
  if (key.startsWith('refund:order:')) return { kind: 'refund' };
  const achievement = /^achievement:\d+:(\d+)(:revoked:\d+)?(:again:\d+)?$/.exec(key);
  if (achievement) return { kind: achievement[2] ? 'achievementEnded' : 'achievement', achievementId: Number(achievement[1]) };
  const checkIn = /^check_in:(\d+)$/.exec(key);
  if (checkIn) return { kind: 'checkIn', checkInId: Number(checkIn[1]) };
  return null;
}

export interface PointsHistoryEntry {
  id: number;
  source: PointsSourceValue;
  description?: string;
  /** The facts behind the description, when the row has them. */
  about?: PointsHistoryAbout;
  points: number;
  createdAt: string;
}

export interface CheckInResult {
  checkIn: CheckIn;
  pointsAwarded: number;
  message: string;
  newAchievements: UserAchievement[];
}

export interface ProgressResult {
  userAchievement: UserAchievement;
  changed: boolean;
  message: string;
}

// ── levels ─────────────────────────────────────────────────────────────────────────────────

/** The level shown when none is stored (spec §9: 'Traveler', multiplier 1, a light grey-blue). */
export const DEFAULT_LEVEL: TravelerLevel = Object.freeze({
  id: 0,
  key: 'traveler',
  name: 'Traveler',
  description: '',
  color: '#8aa0b8',
  pointsRequired: 0,
  dataRewardMultiplier: 1,
  perks: [],
}) as TravelerLevel;

export interface LevelStanding {
  level: TravelerLevel;
  next: TravelerLevel | null;
  pointsToNext: number | null;
}

/** The level for lifetime points `total`: the highest one whose threshold is reached; then the next. */
export function levelFor(levels: readonly TravelerLevel[], total: number): LevelStanding {
  const sorted = [...levels].sort((a, b) => a.pointsRequired - b.pointsRequired);
  let level: TravelerLevel | null = null;
  for (const l of sorted) if (l.pointsRequired <= total) level = l;
  const current = level ?? DEFAULT_LEVEL;
  const next = sorted.find((l) => l.pointsRequired > current.pointsRequired && l.pointsRequired > total) ?? null;
  return { level: current, next, pointsToNext: next ? next.pointsRequired - Math.max(0, total) : null };
}

/** 120 → 1.2 */
export function multiplierFromPercent(percent: number): number {
  return percent / 100;
}

// ── purchases ──────────────────────────────────────────────────────────────────────────────

/**
 * Points for `usdMinorByCard` US cents paid by card at a level with `multiplierPercent` (120 =
 * ×1.2): 5 per dollar × multiplier, rounded down once, in integer math.
 */
export function purchasePoints(usdMinorByCard: number, multiplierPercent: number): number {
  if (!(usdMinorByCard > 0) || !(multiplierPercent > 0)) return 0;
  return Math.floor((usdMinorByCard * PURCHASE_POINTS_PER_USD * multiplierPercent) / (100 * 100));
}

export interface Redemption {
  /** Points taken (1 point = 1 US cent of the order's USD price). */
  pointsUsed: number;
  /** What they take off the order, in minor units of its currency. */
  discountMinor: number;
  /** Points pay the whole order: no card. */
  paidWithPoints: boolean;
}

/**
 * The stand-in payment id of an order paid with points only (no card, no provider payment): it
 * lets the order-success page look the order up as it does any other ('points_ORD-…').
 */
export const POINTS_PAYMENT_PREFIX = 'points_';
export function pointsPaymentId(orderPublicId: string): string {
  return `${POINTS_PAYMENT_PREFIX}${orderPublicId}`;
}

const NO_REDEMPTION: Redemption = Object.freeze({ pointsUsed: 0, discountMinor: 0, paidWithPoints: false });

/**
 * What `available` points can pay of an order priced `usdMinor` (USD list price) and `totalMinor`
 * (its currency at `rateMicros`): the whole order when they cover it, else as much as leaves the
 * card at least the minimum charge (0.50 USD), else nothing.
 */
export function redeemPoints(args: {
  available: number;
  usdMinor: number;
  totalMinor: number;
  rateMicros: number;
  /** The order's currency (its minor unit: yen have no decimals); a 2-decimal one when left out. */
  currency?: string;
}): Redemption {
  const { available, usdMinor, totalMinor, rateMicros, currency } = args;
  if (!(available > 0) || !(usdMinor > 0) || !(totalMinor > 0)) return NO_REDEMPTION;
  const perUsdMinor = POINT_VALUE.points / POINT_VALUE.usdMinor;
  const pointsForAll = usdMinor * perUsdMinor;
  if (available >= pointsForAll) return { pointsUsed: pointsForAll, discountMinor: totalMinor, paidWithPoints: true };
  const pointsUsed = Math.min(Math.floor(available), (usdMinor - MIN_CHARGE_USD_MINOR) * perUsdMinor);
  if (pointsUsed <= 0) return NO_REDEMPTION;
  const discountMinor = convertMinor(pointsUsed / perUsdMinor, rateMicros, currency);
  if (discountMinor <= 0 || totalMinor - discountMinor <= 0) return NO_REDEMPTION;
  return { pointsUsed, discountMinor, paidWithPoints: false };
}

// ── check-ins ──────────────────────────────────────────────────────────────────────────────

/** 'YYYY-MM-DD' of `d` in UTC: the daily rules and streaks count UTC days. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day. */
function dayNumber(day: string): number {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
}

export interface TodaysCheckIn {
  regionId: number;
  /** 1..REWARDED_CHECK_INS_PER_DAY when it was rewarded, else null. */
  rewardSlot: number | null;
}

export interface CheckInDecision {
  points: number;
  rewardSlot: number | null;
  zeroReason: CheckInZeroReason | null;
}

/**
 * A new check-in in `regionId`, given the user's check-ins of the same UTC day: one rewarded per
 * region, at most three rewarded in all; a rewarded one takes the lowest free slot.
 */
export function decideCheckIn(today: readonly TodaysCheckIn[], regionId: number, verifiedTrip: boolean): CheckInDecision {
  const rewarded = today.filter((c) => c.rewardSlot !== null);
  if (rewarded.some((c) => c.regionId === regionId)) return { points: 0, rewardSlot: null, zeroReason: 'already_checked_in_here_today' };
  if (rewarded.length >= REWARDED_CHECK_INS_PER_DAY) return { points: 0, rewardSlot: null, zeroReason: 'daily_cap_reached' };
  const taken = new Set(rewarded.map((c) => c.rewardSlot));
  let slot = 1;
  while (taken.has(slot)) slot++;
  return { points: verifiedTrip ? VERIFIED_TRIP_CHECK_IN_POINTS : CHECK_IN_POINTS, rewardSlot: slot, zeroReason: null };
}

/** Consecutive UTC days with a check-in, ending today or yesterday (0 otherwise). */
export function currentStreak(days: Iterable<string>, today: string): number {
  const set = new Set<number>();
  for (const d of days) set.add(dayNumber(d));
  let day = dayNumber(today);
  if (!set.has(day)) day -= 1;
  let n = 0;
  while (set.has(day)) {
    n++;
    day--;
  }
  return n;
}

/** The longest run of consecutive UTC days with a check-in. */
export function longestStreak(days: Iterable<string>): number {
  const sorted = [...new Set([...days].map(dayNumber))].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && sorted[i] === sorted[i - 1]! + 1 ? run + 1 : 1;
    if (run > best) best = run;
  }
  return best;
}

// ── achievements ───────────────────────────────────────────────────────────────────────────

/** What the server knows about a traveller, from which every achievement's progress follows. */
export interface RewardsFacts {
  /** Orders paid and not refunded. */
  paidOrders: number;
  /** Of those, paid partly or wholly with points. */
  pointsOrders: number;
  /** Distinct countries of those orders' single-country plans. */
  esimCountries: number;
  /** Distinct continents of those orders' plans (regional bundles included). */
  esimContinents: number;
  /** Check-ins that earned points. */
  rewardedCheckIns: number;
  /** Distinct countries with a rewarded check-in. */
  checkInCountries: number;
  /** Rewarded check-ins with a verified trip. */
  verifiedCheckIns: number;
  /** Longest run of consecutive UTC days with a check-in. */
  longestStreak: number;
  emailVerified: boolean;
  fullNameSet: boolean;
  /** Keys of the levels reached (lifetime points at or above their threshold). */
  levelsReached: readonly string[];
}

const ACHIEVEMENT_RULES: Readonly<Record<string, (f: RewardsFacts) => number>> = {
  first_purchase: (f) => f.paidOrders,
  second_purchase: (f) => f.paidOrders,
  esims_in_5_countries: (f) => f.esimCountries,
  three_continents: (f) => f.esimContinents,
  check_in_5_countries: (f) => f.checkInCountries,
  verified_trip: (f) => f.verifiedCheckIns,
  first_check_in: (f) => f.rewardedCheckIns,
  ten_check_ins: (f) => f.rewardedCheckIns,
  streak_7_days: (f) => f.longestStreak,
  verified_email: (f) => (f.emailVerified ? 1 : 0),
  profile_complete: (f) => (f.emailVerified && f.fullNameSet ? 1 : 0),
  points_spender: (f) => f.pointsOrders,
  level_explorer: (f) => (f.levelsReached.includes('explorer') ? 1 : 0),
};

/**
 * The achievements that count paid orders: a full refund that takes an order away may end them
 * (revoked, their points taken back like the order's own).
 */
export const ORDER_ACHIEVEMENT_KEYS: readonly string[] = [
  'first_purchase',
  'second_purchase',
  'esims_in_5_countries',
  'three_continents',
  'points_spender',
];

/** The achievements of reaching a level: a refund that takes lifetime points below it ends them too. */
export const LEVEL_ACHIEVEMENT_KEYS: readonly string[] = ['level_explorer'];

/** The keys the server knows how to compute; an achievement with another key never progresses. */
export const ACHIEVEMENT_KEYS: readonly string[] = Object.keys(ACHIEVEMENT_RULES);

/** Progress of the achievement `key` from facts, between 0 and its target. */
export function achievementProgress(key: string, targetProgress: number, facts: RewardsFacts): number {
  const rule = Object.hasOwn(ACHIEVEMENT_RULES, key) ? ACHIEVEMENT_RULES[key] : undefined;
  const target = Math.max(1, targetProgress);
  if (!rule) return 0;
  return Math.max(0, Math.min(target, Math.floor(rule(facts))));
}

/** Progress as a percentage of the target (default target 1), capped at 100. */
export function progressPercent(progress: number, targetProgress: number | null | undefined): number {
  const target = targetProgress && targetProgress > 0 ? targetProgress : 1;
  return Math.max(0, Math.min(100, Math.round((progress / target) * 100)));
}

// ── inputs ─────────────────────────────────────────────────────────────────────────────────

export const REWARDS_MSG = {
  regionRequired: 'Please select a region to check in.',
  regionId: 'regionId must be a positive whole number',
  locationName: 'locationName must be text',
  locationNameMax: `Location name must be at most ${LOCATION_NAME_MAX} characters`,
  achievementId: 'achievementId must be a positive whole number',
  increment: `increment must be a whole number from 1 to ${PROGRESS_INCREMENT_MAX}`,
} as const;

const positiveId = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^[1-9]\d{0,15}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/**
 * rewards.checkIn / POST /api/rewards/check-in. A missing region (absent, null, '', 0) passes
 * here as undefined so the service answers the spec's 'Please select a region to check in.'.
 * locationName is trimmed and dropped when empty.
 */
export const ZCheckInInput = z.object({
  regionId: z.preprocess(
    (v) => (v === undefined || v === null || v === '' || v === 0 ? undefined : v),
    positiveId(REWARDS_MSG.regionId).optional(),
  ),
  locationName: z
    .string({ error: REWARDS_MSG.locationName })
    .trim()
    .max(LOCATION_NAME_MAX, REWARDS_MSG.locationNameMax)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type TCheckInInput = z.infer<typeof ZCheckInInput>;

/** rewards.updateProgress / POST /api/rewards/user/achievements/{achievementId}/progress. */
export const ZProgressInput = z.object({
  achievementId: positiveId(REWARDS_MSG.achievementId),
  increment: z
    .number({ error: REWARDS_MSG.increment })
    .int(REWARDS_MSG.increment)
    .min(1, REWARDS_MSG.increment)
    .max(PROGRESS_INCREMENT_MAX, REWARDS_MSG.increment)
    .default(1),
});
export type TProgressInput = z.infer<typeof ZProgressInput>;

// Traveler Rewards: the rewards page's reads (levels, achievements, profile, the user's achievements,
// check-ins, points history), the check-in and 'Update Progress'. Points come only from the ledger
// (rewards-ledger.ts); achievement progress only from facts (rewards-achievements.ts).
import type { Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import type { RegionDetail } from '../../domain/catalog.ts';
import {
  CHECK_INS_PER_DAY_MAX,
  POINT_VALUE,
  REWARDED_CHECK_INS_PER_DAY,
  REWARDS_LIST_LIMIT,
  REWARDS_MSG,
  currentStreak,
  decideCheckIn,
  historyKeyKind,
  levelFor,
  utcDay,
} from '../../domain/rewards.ts';
import { type PlanDestination, getPlanDestinations, planTextFacts } from '../catalog/plan-facts.ts';
import type {
  Achievement,
  CheckIn,
  CheckInResult,
  CheckInZeroReason,
  PointsHistoryAbout,
  PointsHistoryEntry,
  ProgressResult,
  RewardsProfile,
  TCheckInInput,
  TProgressInput,
  TravelerLevel,
  UserAchievement,
} from '../../domain/rewards.ts';
import { iso } from '../../domain/time.ts';
import { errorText } from '../../errors.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import {
  evaluateAchievements,
  listAchievementRows,
  listLevels,
  storedUserAchievements,
  toAchievement,
  toUserAchievement,
} from './rewards-achievements.ts';
import { addLedgerRow, ledgerKeys, lockUserPoints, pointsTotals, releaseStaleReservations } from './rewards-ledger.ts';
import type { Services } from '../types.ts';
import { usageAtProvider } from '../shared/esim-providers.ts';

export { releaseReservedPoints } from './rewards-ledger.ts';

// ── public lists ──────────────────────────────────────────────────────────────────────────

/** rewards.levels: every level, lowest first. */
export function listTravelerLevels(db: Db): Promise<TravelerLevel[]> {
  return listLevels(db);
}

/** rewards.achievements: every achievement, in display order. */
export async function listAchievements(db: Db): Promise<Achievement[]> {
  return (await listAchievementRows(db)).map(toAchievement);
}

// ── the signed-in traveller ───────────────────────────────────────────────────────────────

/** Distinct UTC days with a check-in, newest first (enough for a streak ending today). */
async function checkInDays(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('check_ins')
    .select('check_in_day')
    .distinct()
    .where('user_id', '=', userId)
    .orderBy('check_in_day', 'desc')
    .execute();
  return rows.map((r) => r.check_in_day);
}

/**
 * rewards.refresh, the mutation the rewards page calls when it opens (like esims.refresh): gives
 * back points of orders that will never be paid and were not released yet, and grants (or
 * records progress of) achievements whose facts hold now. The reads below never write (issue 23):
 * achievements are granted by the mutations that change their facts (a paid order: order-life
 * afterClaim; a check-in; Update Progress), and this call catches up on anything else.
 */
export async function refreshRewards(db: Db, services: Services, userId: number): Promise<{ released: number; granted: number }> {
  const released = await releaseStaleReservations(db, userId, iso(services.now()));
  const evaluation = await evaluateAchievements(db, services, userId);
  return { released, granted: evaluation.granted.length };
}

/** rewards.profile: a read (the points as the ledger has them; rewards.refresh brings them up to date). */
export async function getRewardsProfile(db: Db, services: Services, userId: number): Promise<RewardsProfile> {
  const [levels, totals, days, reserved] = await Promise.all([
    listLevels(db),
    pointsTotals(db, userId),
    checkInDays(db, userId),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('points_used').as('n'))
      .where('user_id', '=', userId)
      // Waiting for payment (an expired or canceled order has given its points back).
      .where('status', 'in', ['pending_payment', 'payment_failed'])
      .where('points_used', '>', 0)
      .executeTakeFirst(),
  ]);
  const s = levelFor(levels, totals.lifetime);
  return {
    currentLevelId: s.level.id,
    level: s.level,
    totalPointsEarned: Math.max(0, totals.lifetime),
    currentPoints: Math.max(0, totals.balance),
    streakDays: currentStreak(days, utcDay(services.now())),
    nextLevel: s.next,
    pointsToNextLevel: s.pointsToNext,
    reservedPoints: Number(reserved?.n ?? 0),
    pointValue: { points: POINT_VALUE.points, usdMinor: POINT_VALUE.usdMinor },
  };
}

/** rewards.userAchievements: one per achievement with progress or completed (the page merges with the full list). */
export async function listUserAchievements(db: Db, userId: number): Promise<UserAchievement[]> {
  return storedUserAchievements(db, userId);
}

/** rewards.pointsHistory: the ledger, newest first, each row with the facts it is about. */
export async function listPointsHistory(db: Db, userId: number): Promise<PointsHistoryEntry[]> {
  const rows = await db
    .selectFrom('points_ledger as l')
    .leftJoin('orders as o', 'o.id', 'l.order_id')
    .select([
      'l.id',
      'l.source',
      'l.amount',
      'l.description',
      'l.created_at',
      'l.unique_key',
      'o.public_id as order_public_id',
      'o.plan_id',
      'o.plan_name',
      'o.plan_data_mb',
      'o.plan_validity_days',
    ])
    .where('l.user_id', '=', userId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(REWARDS_LIST_LIMIT)
    .execute();
  const kinds = rows.map((r) => historyKeyKind(r.unique_key));
  const achievementIds = [...new Set(kinds.flatMap((k) => (k && 'achievementId' in k ? [k.achievementId] : [])))];
  const checkInIds = [...new Set(kinds.flatMap((k) => (k && 'checkInId' in k ? [k.checkInId] : [])))];
  const planIds = [...new Set(rows.flatMap((r) => (r.plan_id === null ? [] : [r.plan_id])))];
  const [achievements, checkIns, destinations] = await Promise.all([
    achievementIds.length === 0
      ? []
      : db.selectFrom('achievements').select(['id', 'key', 'name']).where('id', 'in', achievementIds).execute(),
    checkInIds.length === 0
      ? []
      : db
          .selectFrom('check_ins as c')
          .innerJoin('regions as r', 'r.id', 'c.region_id')
          .select(['c.id', 'c.verified_trip', 'r.code', 'r.name'])
          .where('c.id', 'in', checkInIds)
          .where('c.user_id', '=', userId)
          .execute(),
    planIds.length === 0 ? new Map<number, PlanDestination>() : getPlanDestinations(db, planIds),
  ]);
  const achievementById = new Map(achievements.map((a) => [a.id, { key: a.key, name: a.name }]));
  const checkInById = new Map(checkIns.map((c) => [c.id, c]));
  return rows.map((r, i) => {
    const kind = kinds[i];
    const order =
      r.order_public_id !== null && r.plan_name !== null && r.plan_validity_days !== null
        ? {
            id: r.order_public_id,
            planName: r.plan_name,
            planFacts:
              r.plan_id === null
                ? null
                : planTextFacts(destinations.get(r.plan_id), { dataMb: r.plan_data_mb, validityDays: r.plan_validity_days }),
          }
        : null;
    let about: PointsHistoryAbout | undefined;
    if (kind && 'achievementId' in kind) {
      const achievement = achievementById.get(kind.achievementId);
      if (achievement)
        about = kind.kind === 'achievementEnded' ? { kind: 'achievementEnded', achievement, order } : { kind: 'achievement', achievement };
    } else if (kind && 'checkInId' in kind) {
      const c = checkInById.get(kind.checkInId);
      if (c) about = { kind: 'checkIn', region: { code: c.code, name: c.name }, verifiedTrip: c.verified_trip === 1 };
    } else if (kind && order) {
      about = { kind: kind.kind, order };
    }
    return {
      id: r.id,
      source: r.source,
      ...(r.description ? { description: r.description } : {}),
      ...(about ? { about } : {}),
      points: r.amount,
      createdAt: r.created_at,
    };
  });
}

type CheckInRowWithRegion = {
  id: number;
  region_id: number;
  created_at: string;
  points_awarded: number;
  location_name: string | null;
  verified_trip: number;
  zero_reason: string | null;
  region_name: string;
  region_code: string;
  region_flag: string | null;
};

function toCheckIn(r: CheckInRowWithRegion): CheckIn {
  return {
    id: r.id,
    region: { id: r.region_id, name: r.region_name, code: r.region_code, flagIcon: r.region_flag },
    checkInDate: r.created_at,
    pointsAwarded: r.points_awarded,
    ...(r.location_name ? { locationName: r.location_name } : {}),
    verifiedTrip: r.verified_trip === 1,
    ...(r.zero_reason ? { zeroReason: r.zero_reason as CheckInZeroReason } : {}),
  };
}

function checkInsQuery(db: Db) {
  return db
    .selectFrom('check_ins as c')
    .innerJoin('regions as r', 'r.id', 'c.region_id')
    .select([
      'c.id',
      'c.region_id',
      'c.created_at',
      'c.points_awarded',
      'c.location_name',
      'c.verified_trip',
      'c.zero_reason',
      'r.name as region_name',
      'r.code as region_code',
      'r.flag_icon as region_flag',
    ]);
}

/** rewards.checkIns: newest first. */
export async function listCheckIns(db: Db, userId: number): Promise<CheckIn[]> {
  const rows = await checkInsQuery(db)
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(REWARDS_LIST_LIMIT)
    .execute();
  return rows.map(toCheckIn);
}

// ── check-in ──────────────────────────────────────────────────────────────────────────────

/** How long the provider may take to say whether an eSIM is in use, before we go on without it. */
const ESIM_STATUS_TIMEOUT_MS = 1500;

function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(undefined), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      () => {
        clearTimeout(t);
        resolve(undefined);
      },
    );
  });
}

/**
 * A 'verified trip': the traveller holds a delivered eSIM, active (installed and in use), whose
 * plan covers the region — its own region, or a regional bundle listing the country. An eSIM we
 * still think is not installed is asked about at the provider (best effort, bounded wait).
 */
async function hasVerifiedTrip(db: Db, services: Services, userId: number, region: RegionDetail): Promise<boolean> {
  const esims = await db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .innerJoin('plans as p', 'p.id', 'o.plan_id')
    .select(['e.id', 'e.iccid', 'e.status', 'e.provider', 'p.region_id'])
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'fulfilled')
    .where('e.status', 'in', ['active', 'not_installed'])
    .execute();
  if (esims.length === 0) return false;
  const snapshot = await services.catalog.snapshot();
  const covering = esims.filter(
    (e) =>
      e.region_id === region.id ||
      (region.kind === 'country' && (snapshot.regionById.get(e.region_id)?.countries.some((c) => c.code === region.code) ?? false)),
  );
  if (covering.some((e) => e.status === 'active')) return true;
  for (const e of covering) {
    const usage = await within(usageAtProvider(services, e.provider, e.iccid), ESIM_STATUS_TIMEOUT_MS);
    if (usage?.planState === 'active') {
      await db
        .updateTable('esims')
        .set({ status: 'active', updated_at: iso(services.now()) })
        .where('id', '=', e.id)
        .where('status', '=', 'not_installed')
        .execute()
        .catch((err: unknown) => services.log.warn('check-in: could not store the eSIM status', { error: errorText(err) }));
      return true;
    }
  }
  return false;
}

function checkInMessage(points: number, zeroReason: CheckInZeroReason | null, regionName: string, verified: boolean): string {
  if (points > 0) return `You earned ${points} points for checking in to ${regionName}${verified ? ' (verified trip)' : ''}.`;
  if (zeroReason === 'already_checked_in_here_today')
    return `You already earned points in ${regionName} today. This check-in is saved without points.`;
  return `You have had ${REWARDED_CHECK_INS_PER_DAY} rewarded check-ins today, the daily limit. This check-in is saved without points.`;
}

/** Seconds until the next UTC midnight (when the daily limits start again). */
function secondsToNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** rewards.checkIn: the daily rules hold under concurrency (one write transaction, the user locked). */
export async function checkIn(db: Db, services: Services, userId: number, input: TCheckInInput): Promise<CheckInResult> {
  if (input.regionId === undefined) throw new AppError('BAD_INPUT', REWARDS_MSG.regionRequired, { field: 'regionId' });
  const region = await services.catalog.getRegion(input.regionId);
  const nowDate = services.now();
  const now = iso(nowDate);
  const day = utcDay(nowDate);
  const todays = (trx: Db) =>
    trx
      .selectFrom('check_ins')
      .select(['region_id', 'reward_slot'])
      .where('user_id', '=', userId)
      .where('created_at', '>=', `${day}T00:00:00.000Z`)
      .where('check_in_day', '=', day)
      .execute();
  const overDailyMax = () =>
    new AppError('TOO_MANY_REQUESTS', `You have checked in ${CHECK_INS_PER_DAY_MAX} times today. Please check in again tomorrow.`, {
      retryAfterSeconds: secondsToNextUtcDay(nowDate),
    });
  // Checked again under the lock below; this early look spares the eSIM lookup (and its write).
  if ((await todays(db)).length >= CHECK_INS_PER_DAY_MAX) throw overDailyMax();
  const verified = await hasVerifiedTrip(db, services, userId, region);

  const stored = await writeTransaction(db, async (trx) => {
    await lockUserPoints(trx, userId);
    const today = await todays(trx);
    if (today.length >= CHECK_INS_PER_DAY_MAX) throw overDailyMax();
    const decision = decideCheckIn(
      today.map((c) => ({ regionId: c.region_id, rewardSlot: c.reward_slot })),
      region.id,
      verified,
    );
    const row = await trx
      .insertInto('check_ins')
      .values({
        user_id: userId,
        region_id: region.id,
        check_in_day: day,
        location_name: input.locationName ?? null,
        points_awarded: decision.points,
        verified_trip: verified ? 1 : 0,
        zero_reason: decision.zeroReason,
        reward_slot: decision.rewardSlot,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (decision.points > 0) {
      await addLedgerRow(trx, {
        userId,
        source: 'check_in',
        amount: decision.points,
        description: `Check-in: ${region.name}${verified ? ' (verified trip)' : ''}`.slice(0, 200),
        key: ledgerKeys.checkIn(row.id),
        now,
      });
    }
    return { id: row.id, decision };
  });

  const evaluation = await evaluateAchievements(db, services, userId);
  const row = await checkInsQuery(db).where('c.id', '=', stored.id).executeTakeFirstOrThrow();
  return {
    checkIn: toCheckIn(row),
    pointsAwarded: stored.decision.points,
    message: checkInMessage(stored.decision.points, stored.decision.zeroReason, region.name, verified),
    newAchievements: evaluation.granted,
  };
}

// ── 'Update Progress' ─────────────────────────────────────────────────────────────────────

/**
 * rewards.updateProgress. `increment` is validated (1..10) but a client cannot award itself
 * progress: the server recomputes every achievement from facts and answers this one. A completed
 * achievement changes nothing.
 */
export async function updateProgress(db: Db, services: Services, userId: number, input: TProgressInput): Promise<ProgressResult> {
  const achievement = await db.selectFrom('achievements').selectAll().where('id', '=', input.achievementId).executeTakeFirst();
  if (!achievement) throw new AppError('NOT_FOUND', 'No achievement has that id.', { field: 'achievementId' });
  const rowOf = () =>
    db
      .selectFrom('user_achievements')
      .selectAll()
      .where('user_id', '=', userId)
      .where('achievement_id', '=', achievement.id)
      .executeTakeFirst();
  const before = await rowOf();
  if (before?.completed_at) {
    return { userAchievement: toUserAchievement(before, achievement), changed: false, message: 'This achievement is already completed.' };
  }
  const evaluation = await evaluateAchievements(db, services, userId);
  let after = await rowOf();
  if (!after) {
    // No progress yet: keep a row so the answer has an id the page can refer to.
    const now = iso(services.now());
    await db
      .insertInto('user_achievements')
      .values({ user_id: userId, achievement_id: achievement.id, progress: 0, completed_at: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'achievement_id']).doNothing())
      .execute();
    after = await rowOf();
    if (!after) throw new AppError('INTERNAL');
  }
  const ua = toUserAchievement(after, achievement);
  const target = Math.max(1, achievement.target_progress);
  const changed = (before?.progress ?? 0) !== after.progress || after.completed_at !== null;
  let message: string;
  if (evaluation.granted.some((g) => g.achievementId === achievement.id)) {
    message = `Completed: ${achievement.name}. You earned ${achievement.points_awarded} points.`;
  } else if (after.completed_at) {
    message = 'This achievement is already completed.';
  } else if (changed) {
    message = `Progress updated: ${ua.progress} of ${target}.`;
  } else {
    message = `No new progress yet (${ua.progress} of ${target}). Progress counts what you have done — purchases, check-ins, your profile — not button presses.`;
  }
  return { userAchievement: ua, changed, message };
}

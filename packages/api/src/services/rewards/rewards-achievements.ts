// Achievements: progress is computed from facts the server holds (paid orders, their countries and
// continents, check-ins, streaks, the profile, lifetime points), never taken from a client. An
// achievement is granted once per user (unique user + achievement) and its points land once (ledger
// key achievement:<userId>:<achievementId>), however many evaluations race.
//
// Evaluation is lazy: after a check-in, on updateProgress, and when the profile or the user's
// achievements are read. So an order paid now shows its achievements the next time the traveller
// opens the rewards page, and the fulfilment hot path does no extra work for them.
import type { AchievementRow, Db, UserAchievementRow } from '@esim/db';
import { LEVEL_ACHIEVEMENT_KEYS, ORDER_ACHIEVEMENT_KEYS, achievementProgress, longestStreak } from '../../domain/rewards.ts';
import type { Achievement, RewardsFacts, TravelerLevel, UserAchievement } from '../../domain/rewards.ts';
import { PROVISIONING_STATES } from '../../domain/orders.ts';
import { iso } from '../../domain/time.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { achievementRowCount, addLedgerRow, ledgerKeys, pointsTotals, type LostAchievement } from './rewards-ledger.ts';
import type { Services } from '../types.ts';

export function toAchievement(a: AchievementRow): Achievement {
  return {
    id: a.id,
    key: a.key,
    name: a.name,
    description: a.description,
    category: a.category,
    pointsAwarded: a.points_awarded,
    criteria: { targetProgress: a.target_progress },
  };
}

export function toUserAchievement(row: UserAchievementRow, a: AchievementRow): UserAchievement {
  const done = row.completed_at !== null;
  return {
    id: row.id,
    achievementId: a.id,
    achievement: toAchievement(a),
    progress: done ? Math.max(row.progress, a.target_progress) : row.progress,
    isCompleted: done,
    earnedAt: row.completed_at,
  };
}

export async function listAchievementRows(db: Db): Promise<AchievementRow[]> {
  return db.selectFrom('achievements').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export async function listLevels(db: Db): Promise<TravelerLevel[]> {
  const rows = await db.selectFrom('traveler_levels').selectAll().orderBy('points_required').execute();
  return rows.map((l) => ({
    id: l.id,
    key: l.key,
    name: l.name,
    description: l.description,
    color: l.color,
    pointsRequired: l.points_required,
    dataRewardMultiplier: l.multiplier_percent / 100,
    perks: parsePerks(l.perks),
  }));
}

function parsePerks(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Everything achievements are computed from, for one user. An order counts once it is delivered
 * (fulfilled), and its purchase points count toward the levels from then on: an order paid but not
 * delivered yet — which the system may still refund as undeliverable, a refund nobody can refuse —
 * has granted nothing that refund would have to take back beyond its own purchase points, which its
 * own amount always covers. An order being refunded in full (a refunds row with full = 1, done or
 * under way) no longer counts; `without`: nor do these (the refund quote asks what the refund of an
 * order — with the top-ups it covers — would end); `lifetimeLess`: lifetime points to leave out.
 */
export async function loadFacts(
  db: Db,
  userId: number,
  levels: readonly TravelerLevel[],
  without: readonly number[] = [],
  lifetimeLess = 0,
): Promise<RewardsFacts> {
  const [orders, rewarded, checkInCountries, days, user, totals, undelivered] = await Promise.all([
    db
      .selectFrom('orders as o')
      .leftJoin('plans as p', 'p.id', 'o.plan_id')
      .leftJoin('regions as r', 'r.id', 'p.region_id')
      .select(['o.id', 'o.points_used', 'r.code', 'r.kind', 'r.continent'])
      .where('o.user_id', '=', userId)
      .where('o.status', '=', 'fulfilled')
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('refunds as f').select('f.id').whereRef('f.order_id', '=', 'o.id').where('f.full', '=', 1))),
      )
      .$if(without.length > 0, (q) => q.where('o.id', 'not in', without))
      .execute(),
    db
      .selectFrom('check_ins')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('verified_trip').as('verified')])
      .where('user_id', '=', userId)
      .where('reward_slot', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('check_ins as c')
      .innerJoin('regions as r', 'r.id', 'c.region_id')
      .select((eb) => eb.fn.count<number>('r.code').distinct().as('n'))
      .where('c.user_id', '=', userId)
      .where('c.reward_slot', 'is not', null)
      .where('r.kind', '=', 'country')
      .executeTakeFirstOrThrow(),
    db.selectFrom('check_ins').select('check_in_day').distinct().where('user_id', '=', userId).execute(),
    db.selectFrom('users').select(['full_name', 'email_verified_at']).where('id', '=', userId).executeTakeFirst(),
    pointsTotals(db, userId),
    // The purchase points of orders paid and not delivered yet (not toward the levels until they are).
    db
      .selectFrom('points_ledger as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select((eb) => eb.fn.sum<number>('l.amount').as('n'))
      .where('l.user_id', '=', userId)
      .where('l.source', '=', 'purchase')
      .where('o.status', 'in', PROVISIONING_STATES)
      .executeTakeFirst(),
  ]);
  const countries = new Set(orders.filter((o) => o.kind === 'country' && o.code).map((o) => o.code));
  const continents = new Set(orders.map((o) => o.continent).filter((c): c is string => Boolean(c)));
  return {
    paidOrders: orders.length,
    pointsOrders: orders.filter((o) => o.points_used > 0).length,
    esimCountries: countries.size,
    esimContinents: continents.size,
    rewardedCheckIns: Number(rewarded.n),
    checkInCountries: Number(checkInCountries.n),
    verifiedCheckIns: Number(rewarded.verified ?? 0),
    longestStreak: longestStreak(days.map((d) => d.check_in_day)),
    emailVerified: Boolean(user?.email_verified_at),
    fullNameSet: Boolean(user?.full_name?.trim()),
    levelsReached: levels.filter((l) => l.pointsRequired <= totals.lifetime - Number(undelivered?.n ?? 0) - lifetimeLess).map((l) => l.key),
  };
}

export interface Evaluation {
  /** The user's achievement rows after this evaluation (progress > 0 or completed), in display order. */
  list: UserAchievement[];
  /** Granted by this call. */
  granted: UserAchievement[];
}

/** Passes at most: a grant adds lifetime points, which may complete a level achievement. */
const MAX_PASSES = 3;

/**
 * Recomputes the user's progress from facts and grants what is complete. Writes only what changed;
 * a completed achievement stays completed.
 */
export async function evaluateAchievements(db: Db, services: Services, userId: number): Promise<Evaluation> {
  const [achievements, levels] = await Promise.all([listAchievementRows(db), listLevels(db)]);
  const grantedIds = new Set<number>();
  let rows = await userRows(db, userId);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const facts = await loadFacts(db, userId, levels);
    const byAchievement = new Map(rows.map((r) => [r.achievement_id, r]));
    const upserts: { achievement: AchievementRow; progress: number }[] = [];
    const completions: AchievementRow[] = [];
    for (const a of achievements) {
      const row = byAchievement.get(a.id);
      if (row?.completed_at) continue;
      const progress = achievementProgress(a.key, a.target_progress, facts);
      if (progress >= Math.max(1, a.target_progress)) completions.push(a);
      else if (row ? row.progress !== progress : progress > 0) upserts.push({ achievement: a, progress });
    }
    if (upserts.length === 0 && completions.length === 0) break;
    const now = iso(services.now());
    const grantedNow = await writeTransaction(db, async (trx) => {
      for (const { achievement, progress } of upserts) {
        await trx
          .insertInto('user_achievements')
          .values({ user_id: userId, achievement_id: achievement.id, progress, completed_at: null, created_at: now, updated_at: now })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'achievement_id'])
              .doUpdateSet({ progress, updated_at: now })
              .where('user_achievements.completed_at', 'is', null),
          )
          .execute();
      }
      const granted: number[] = [];
      for (const a of completions) {
        await trx
          .insertInto('user_achievements')
          .values({ user_id: userId, achievement_id: a.id, progress: 0, completed_at: null, created_at: now, updated_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'achievement_id']).doNothing())
          .execute();
        // The grant: only the caller that moves completed_at from null goes on to the points.
        const done = await trx
          .updateTable('user_achievements')
          .set({ progress: Math.max(1, a.target_progress), completed_at: now, updated_at: now })
          .where('user_id', '=', userId)
          .where('achievement_id', '=', a.id)
          .where('completed_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!done) continue;
        granted.push(a.id);
        // Granted again after a refund revoked it: a fresh key (the first grant's is taken).
        const before = await achievementRowCount(trx, userId, a.id, 'granted');
        await addLedgerRow(trx, {
          userId,
          source: 'achievement',
          amount: a.points_awarded,
          description: `Achievement: ${a.name}`.slice(0, 200),
          key: before === 0 ? ledgerKeys.achievement(userId, a.id) : ledgerKeys.achievementAgain(userId, a.id, before),
          now,
        });
      }
      return granted;
    });
    for (const id of grantedNow) grantedIds.add(id);
    rows = await userRows(db, userId);
    if (grantedNow.length === 0) break;
  }
  const byId = new Map(achievements.map((a) => [a.id, a]));
  const list: UserAchievement[] = [];
  for (const a of achievements) {
    const row = rows.find((r) => r.achievement_id === a.id);
    if (row && (row.progress > 0 || row.completed_at)) list.push(toUserAchievement(row, a));
  }
  const granted = list.filter((u) => grantedIds.has(u.achievementId) && byId.has(u.achievementId));
  return { list, granted };
}

/** The user's achievements with progress or completed, as stored (a read: nothing is evaluated or granted). */
export async function storedUserAchievements(db: Db, userId: number): Promise<UserAchievement[]> {
  const [achievements, rows] = await Promise.all([listAchievementRows(db), userRows(db, userId)]);
  const list: UserAchievement[] = [];
  for (const a of achievements) {
    const row = rows.find((r) => r.achievement_id === a.id);
    if (row && (row.progress > 0 || row.completed_at)) list.push(toUserAchievement(row, a));
  }
  return list;
}

function userRows(db: Db, userId: number): Promise<UserAchievementRow[]> {
  return db.selectFrom('user_achievements').selectAll().where('user_id', '=', userId).execute();
}

/**
 * The achievements a full refund of `orderIds` (an order, or an eSIM's order with the top-ups its
 * refund covers) ends: held (completed) and counting orders (ORDER_ACHIEVEMENT_KEYS), whose
 * progress without those orders falls short of the target; then those of levels
 * (LEVEL_ACHIEVEMENT_KEYS) the lifetime points no longer reach once the orders' purchase points
 * (`purchasePoints`) and the points of those achievements are taken back.
 */
export async function achievementsLostByRefund(
  db: Db,
  userId: number,
  orderIds: readonly number[],
  purchasePoints: number,
): Promise<LostAchievement[]> {
  const [achievements, levels, rows] = await Promise.all([listAchievementRows(db), listLevels(db), userRows(db, userId)]);
  const held = rows.filter((r) => r.completed_at !== null);
  if (held.length === 0) return [];
  const lost: LostAchievement[] = [];
  const pass = async (keys: readonly string[], lifetimeLess: number) => {
    const facts = await loadFacts(db, userId, levels, orderIds, lifetimeLess);
    for (const row of held) {
      const a = achievements.find((x) => x.id === row.achievement_id);
      if (!a || !keys.includes(a.key)) continue;
      const progress = achievementProgress(a.key, a.target_progress, facts);
      if (progress < Math.max(1, a.target_progress)) lost.push({ id: a.id, key: a.key, name: a.name, points: a.points_awarded, progress });
    }
  };
  await pass(ORDER_ACHIEVEMENT_KEYS, 0);
  await pass(LEVEL_ACHIEVEMENT_KEYS, purchasePoints + lost.reduce((n, a) => n + a.points, 0));
  return lost;
}

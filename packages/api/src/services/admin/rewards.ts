// admin.rewards.*: levels (with how many accounts hold each), achievements (with how many completed
// each), the point rules in force (read-only: they live in domain/rewards.ts), editing a level or an
// achievement, and a manual points adjustment: one signed 'adjustment' row in the ledger under the
// form's request id (a double click adjusts once), its reason shown in the customer's points history.
import type { AchievementRow, Db, TravelerLevelRow } from '@esim/db';
import { AppError } from '../../errors.ts';
import {
  CHECK_IN_POINTS,
  CHECK_INS_PER_DAY_MAX,
  LIFETIME_SOURCES,
  POINT_VALUE,
  PURCHASE_POINTS_PER_USD,
  REWARDED_CHECK_INS_PER_DAY,
  VERIFIED_TRIP_CHECK_IN_POINTS,
  levelFor,
} from '../../domain/rewards.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { listLevels } from '../rewards/rewards-achievements.ts';
import { addLedgerRow, lockUserPoints, pointsTotals } from '../rewards/rewards-ledger.ts';
import type { Services } from '../types.ts';
import { diffFields, recordAudit } from './audit.ts';
import type { AdminAchievement, AdminActor, AdminLevel, AdminRewardsView } from './views.ts';

const n = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

function parseList(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function toAdminLevel(l: TravelerLevelRow, members: number): AdminLevel {
  return {
    id: l.id,
    key: l.key,
    name: l.name,
    description: l.description,
    color: l.color,
    pointsRequired: l.points_required,
    multiplierPercent: l.multiplier_percent,
    perks: parseList(l.perks),
    members,
  };
}

function toAdminAchievement(a: AchievementRow, completedBy: number): AdminAchievement {
  return {
    id: a.id,
    key: a.key,
    name: a.name,
    description: a.description,
    category: a.category,
    pointsAwarded: a.points_awarded,
    targetProgress: a.target_progress,
    completedBy,
  };
}

/** Accounts per level id, by lifetime points (accounts without points hold the lowest level). */
async function membersByLevel(db: Db): Promise<Map<number, number>> {
  const [levels, sums, users] = await Promise.all([
    listLevels(db),
    db
      .selectFrom('points_ledger')
      .select((eb) => [
        'user_id',
        eb.fn
          .sum<number>(
            eb
              .case()
              .when('source', 'in', [...LIFETIME_SOURCES])
              .then(eb.ref('amount'))
              .else(0)
              .end(),
          )
          .as('lifetime'),
      ])
      .groupBy('user_id')
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  const members = new Map<number, number>();
  const add = (lifetime: number, count: number) => {
    const id = levelFor(levels, lifetime).level.id;
    members.set(id, (members.get(id) ?? 0) + count);
  };
  for (const s of sums) add(n(s.lifetime), 1);
  add(0, Math.max(0, n(users?.n) - sums.length));
  return members;
}

async function completions(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('user_achievements')
    .select((eb) => ['achievement_id', eb.fn.countAll().as('n')])
    .where('completed_at', 'is not', null)
    .groupBy('achievement_id')
    .execute();
  return new Map(rows.map((r) => [r.achievement_id, n(r.n)]));
}

/** The point rules in force, in words (they live in code: domain/rewards.ts). */
export function pointRules(): AdminRewardsView['rules'] {
  return [
    { key: 'purchase', label: 'Purchase points', value: `${PURCHASE_POINTS_PER_USD} per 1 USD paid by card, times the level's multiplier` },
    {
      key: 'point_value',
      label: 'Paying with points',
      value: `${POINT_VALUE.points} points = ${(POINT_VALUE.usdMinor / 100).toFixed(2)} USD`,
    },
    { key: 'check_in', label: 'Check-in', value: `${CHECK_IN_POINTS} points` },
    {
      key: 'verified_check_in',
      label: 'Check-in with an active eSIM covering the place',
      value: `${VERIFIED_TRIP_CHECK_IN_POINTS} points`,
    },
    { key: 'rewarded_check_ins', label: 'Rewarded check-ins a day', value: `${REWARDED_CHECK_INS_PER_DAY}, one per region` },
    { key: 'check_ins_max', label: 'Check-ins kept a day', value: String(CHECK_INS_PER_DAY_MAX) },
    {
      key: 'lifetime',
      label: 'What counts towards the level',
      value: 'Points earned by purchases, check-ins, achievements and adjustments, minus refunded purchases',
    },
  ];
}

export async function rewardsOverview(db: Db): Promise<AdminRewardsView> {
  const [levels, achievements, members, done] = await Promise.all([
    db.selectFrom('traveler_levels').selectAll().orderBy('points_required').execute(),
    db.selectFrom('achievements').selectAll().orderBy('sort_order').orderBy('id').execute(),
    membersByLevel(db),
    completions(db),
  ]);
  return {
    levels: levels.map((l) => toAdminLevel(l, members.get(l.id) ?? 0)),
    achievements: achievements.map((a) => toAdminAchievement(a, done.get(a.id) ?? 0)),
    rules: pointRules(),
  };
}

export interface LevelPatch {
  name?: string | undefined;
  description?: string | undefined;
  color?: string | undefined;
  pointsRequired?: number | undefined;
  multiplierPercent?: number | undefined;
  perks?: string[] | undefined;
}

export async function updateLevel(db: Db, services: Services, actor: AdminActor, id: number, patch: LevelPatch): Promise<AdminLevel> {
  await writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom('traveler_levels').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', `No level has the id ${id}.`);
    const before = toAdminLevel(row, 0);
    const diff = diffFields({ ...before }, patch);
    if (!diff) return;
    if (patch.pointsRequired !== undefined && patch.pointsRequired !== row.points_required) {
      const other = await trx
        .selectFrom('traveler_levels')
        .select('name')
        .where('points_required', '=', patch.pointsRequired)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (other) {
        throw new AppError(
          'CONFLICT',
          `Another level (${other.name}) starts at ${patch.pointsRequired} points: each level needs its own.`,
          {
            field: 'pointsRequired',
          },
        );
      }
    }
    await trx
      .updateTable('traveler_levels')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.color !== undefined ? { color: patch.color } : {}),
        ...(patch.pointsRequired !== undefined ? { points_required: patch.pointsRequired } : {}),
        ...(patch.multiplierPercent !== undefined ? { multiplier_percent: patch.multiplierPercent } : {}),
        ...(patch.perks !== undefined ? { perks: JSON.stringify(patch.perks) } : {}),
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'level.update',
        entity: 'level',
        entityId: id,
        summary: `Level ${patch.name ?? row.name}: ${Object.keys(diff.after).join(', ')} changed`,
        ...diff,
      },
      services.now(),
    );
  });
  const level = (await rewardsOverview(db)).levels.find((l) => l.id === id);
  if (!level) throw new AppError('NOT_FOUND', `No level has the id ${id}.`);
  return level;
}

export interface AchievementPatch {
  name?: string | undefined;
  description?: string | undefined;
  pointsAwarded?: number | undefined;
  targetProgress?: number | undefined;
}

export async function updateAchievement(
  db: Db,
  services: Services,
  actor: AdminActor,
  id: number,
  patch: AchievementPatch,
): Promise<AdminAchievement> {
  await writeTransaction(db, async (trx) => {
    const row = await trx.selectFrom('achievements').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', `No achievement has the id ${id}.`);
    const diff = diffFields({ ...toAdminAchievement(row, 0) }, patch);
    if (!diff) return;
    await trx
      .updateTable('achievements')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.pointsAwarded !== undefined ? { points_awarded: patch.pointsAwarded } : {}),
        ...(patch.targetProgress !== undefined ? { target_progress: patch.targetProgress } : {}),
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'achievement.update',
        entity: 'achievement',
        entityId: id,
        summary: `Achievement ${patch.name ?? row.name}: ${Object.keys(diff.after).join(', ')} changed`,
        ...diff,
      },
      services.now(),
    );
  });
  const row = await db.selectFrom('achievements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toAdminAchievement(row, (await completions(db)).get(id) ?? 0);
}

/** The ledger key of an adjustment: the form's request id, so a second click finds its row. */
export const adjustmentKey = (requestId: string) => `adjustment:${requestId}`;

/**
 * Adds `amount` (signed) points to the customer's balance with `reason` as the row's description
 * (the customer reads it in their points history). Once per requestId: a repeat answers
 * applied: false. A deduction larger than the balance is refused (points never go below 0).
 */
export async function adjustPoints(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: { userId: number; amount: number; reason: string; requestId: string },
): Promise<{ balance: number; applied: boolean }> {
  const key = adjustmentKey(input.requestId);
  return writeTransaction(db, async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'username']).where('id', '=', input.userId).executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND', `No customer has the id ${input.userId}.`);
    await lockUserPoints(trx, user.id);
    const done = await trx.selectFrom('points_ledger').select('user_id').where('unique_key', '=', key).executeTakeFirst();
    if (done) {
      if (done.user_id !== user.id)
        throw new AppError('CONFLICT', 'This adjustment was already used for another customer: reload the page.');
      return { balance: (await pointsTotals(trx, user.id)).balance, applied: false };
    }
    const { balance } = await pointsTotals(trx, user.id);
    if (input.amount < 0 && balance + input.amount < 0) {
      throw new AppError('CONFLICT', `${user.username} has ${balance} points: an adjustment can take away at most ${balance}.`, {
        field: 'amount',
        balance,
      });
    }
    const now = services.now();
    const applied = await addLedgerRow(trx, {
      userId: user.id,
      source: 'adjustment',
      amount: input.amount,
      description: input.reason,
      key,
      now: now.toISOString(),
    });
    if (applied) {
      await recordAudit(
        trx,
        actor,
        {
          action: 'points.adjust',
          entity: 'user',
          entityId: user.id,
          summary: `${input.amount > 0 ? '+' : ''}${input.amount} points for ${user.username}: ${input.reason}`,
          before: { balance },
          after: { balance: balance + input.amount },
        },
        now,
      );
    }
    return { balance: applied ? balance + input.amount : balance, applied };
  });
}

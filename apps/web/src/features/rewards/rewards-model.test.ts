import { describe, expect, it } from 'vitest';
import {
  formatRewardDate,
  groupByCategory,
  levelState,
  mergeAchievements,
  progressPercent,
  recentCompleted,
  signedPoints,
  targetOf,
  titleCase,
} from './rewards-model.ts';
import { ACHIEVEMENTS, LEVELS, TOP_PROFILE, makeProfile, userAchievement } from './test-fixtures.ts';

describe('rewards model', () => {
  it.each([
    [0, 10, 0],
    [4, 10, 40],
    [10, 10, 100],
    [12, 10, 100],
    [1, 3, 33],
    [2, 3, 67],
    [1, 0, 100],
    [-1, 5, 0],
  ])('progressPercent(%i, %i) = %i', (progress, target, want) => {
    expect(progressPercent(progress, target)).toBe(want);
  });

  it('reads the target, 1 by default', () => {
    expect(targetOf({ criteria: { targetProgress: 7 } })).toBe(7);
    expect(targetOf({ criteria: { targetProgress: 0 } })).toBe(1);
    expect(targetOf({ criteria: undefined as never })).toBe(1);
  });

  it.each([
    ['check_ins', 'Check Ins'],
    ['purchases', 'Purchases'],
    ['points_SPENDER', 'Points Spender'],
    ['', ''],
  ])('titleCase(%s) = %s', (input, want) => expect(titleCase(input)).toBe(want));

  it('formats dates as short month, day, year (US English for English)', () => {
    expect(formatRewardDate('2026-11-24T12:00:00.000Z', 'en')).toBe('Nov 24, 2026');
    expect(formatRewardDate('2026-11-24T12:00:00.000Z', 'de')).toBe('24. Nov. 2026');
    expect(formatRewardDate('not a date', 'en')).toBe('');
  });

  it('signs points; zero counts as a gain', () => {
    expect([25, 0, -300, 1500].map((n) => signedPoints(n, 'en'))).toEqual(['+25', '+0', '-300', '+1,500']);
  });

  it('finds the level by id and the next one in order; none at the top or when not found', () => {
    const shuffled = [LEVELS[2]!, LEVELS[0]!, LEVELS[3]!, LEVELS[1]!];
    expect(levelState(shuffled, makeProfile())).toMatchObject({
      level: { key: 'explorer' },
      next: { key: 'globetrotter' },
      pointsNeeded: 1200,
      percent: 20,
    });
    expect(levelState(LEVELS, TOP_PROFILE)).toMatchObject({ level: { key: 'jetsetter' }, next: null, pointsNeeded: null });
    expect(levelState(LEVELS, makeProfile({ currentLevelId: 99 }))).toMatchObject({ level: null, next: null });
    // Without the list, the profile's own level and next level.
    expect(levelState([], makeProfile())).toMatchObject({ level: { key: 'explorer' }, next: { key: 'globetrotter' } });
    // Without the server's count: from the thresholds, never below 0.
    expect(levelState(LEVELS, makeProfile({ pointsToNextLevel: null, totalPointsEarned: 2100 }))).toMatchObject({
      pointsNeeded: 0,
      percent: 100,
    });
    expect(levelState(LEVELS, undefined)).toMatchObject({ level: null, next: null });
  });

  it('merges the catalogue with the user progress, groups by category, lists the latest completed', () => {
    const views = mergeAchievements(ACHIEVEMENTS, [
      userAchievement(4, 4),
      userAchievement(1, 1, true, '2026-11-20T10:00:00Z'),
      userAchievement(3, 1, true, '2026-11-22T10:00:00Z'),
    ]);
    expect(views).toHaveLength(ACHIEVEMENTS.length);
    expect(views.find((v) => v.achievement.id === 4)).toMatchObject({ progress: 4, target: 10, isCompleted: false });
    expect(views.find((v) => v.achievement.id === 5)).toMatchObject({ progress: 0, target: 7, isCompleted: false, earnedAt: null });
    expect(groupByCategory(views).map((g) => [g.category, g.items.length])).toEqual([
      ['purchases', 2],
      ['check_ins', 3],
      ['profile', 1],
    ]);
    expect(recentCompleted(views).map((v) => v.achievement.key)).toEqual(['first_check_in', 'first_purchase']);
  });
});

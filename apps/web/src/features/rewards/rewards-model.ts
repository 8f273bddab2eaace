// The page's pure rules (spec §4, §9): the user's level and the next one, achievement progress,
// the recent lists, grouping and the display forms of names, dates and points.
import { DEFAULT_LEVEL, progressPercent } from '@esim/api/domain';
import type { Achievement, CheckIn, PointsHistoryEntry, RewardsProfile, TravelerLevel, UserAchievement } from './types.ts';

/** Progress over target as a whole percentage, capped at 100 (spec §4): the server's own rule. */
export { progressPercent };

/** Spec §9: recent lists of 3 check-ins, 3 completed achievements, 5 points-history entries. */
export const RECENT = { checkIns: 3, achievements: 3, points: 5 } as const;
export const PROGRESS_INCREMENT = 1;
export const DEFAULT_TARGET = 1;
/** Spec §9: 'Traveler', multiplier 1, a light grey-blue (the server's stand-in level). */
export const DEFAULT_LEVEL_NAME = DEFAULT_LEVEL.name;
export const DEFAULT_MULTIPLIER = DEFAULT_LEVEL.dataRewardMultiplier;
export const DEFAULT_LEVEL_COLOR = DEFAULT_LEVEL.color;

/** 'check_ins' → 'Check Ins' (spec §2: title case, underscores as spaces). */
export function titleCase(snake: string): string {
  return snake
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

export function targetOf(achievement: Pick<Achievement, 'criteria'>): number {
  const target = achievement.criteria?.targetProgress;
  return typeof target === 'number' && target > 0 ? target : DEFAULT_TARGET;
}

/** An achievement as the page shows it: the catalogue entry plus the user's progress. */
export interface AchievementView {
  achievement: Achievement;
  progress: number;
  target: number;
  isCompleted: boolean;
  earnedAt: string | null;
}

/** Every achievement of the catalogue, with the user's progress where there is some. */
export function mergeAchievements(all: readonly Achievement[], mine: readonly UserAchievement[]): AchievementView[] {
  const byId = new Map(mine.map((u) => [u.achievementId, u]));
  const views = all.map((achievement) => view(achievement, byId.get(achievement.id)));
  // One the user holds that the public list lacks (retired, or the list failed to load).
  const known = new Set(all.map((a) => a.id));
  for (const u of mine) if (!known.has(u.achievementId)) views.push(view(u.achievement, u));
  return views;
}

function view(achievement: Achievement, mine: UserAchievement | undefined): AchievementView {
  const target = targetOf(achievement);
  return {
    achievement,
    progress: mine?.progress ?? 0,
    target,
    isCompleted: mine?.isCompleted ?? false,
    earnedAt: mine?.earnedAt ?? null,
  };
}

/** Groups by category, in the order the categories first appear. */
export function groupByCategory(views: readonly AchievementView[]): { category: string; items: AchievementView[] }[] {
  const groups = new Map<string, AchievementView[]>();
  for (const v of views) {
    const list = groups.get(v.achievement.category);
    if (list) list.push(v);
    else groups.set(v.achievement.category, [v]);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

/** The latest completed achievements, newest first. */
export function recentCompleted(views: readonly AchievementView[], count: number = RECENT.achievements): AchievementView[] {
  return views
    .filter((v) => v.isCompleted)
    .sort((a, b) => (b.earnedAt ?? '').localeCompare(a.earnedAt ?? ''))
    .slice(0, count);
}

export function recentCheckIns(checkIns: readonly CheckIn[], count: number = RECENT.checkIns): CheckIn[] {
  return checkIns.slice(0, count);
}

export function recentPoints(history: readonly PointsHistoryEntry[], count: number = RECENT.points): PointsHistoryEntry[] {
  return history.slice(0, count);
}

export interface LevelState {
  /** The user's level, or null when it is not known (the card shows the defaults). */
  level: TravelerLevel | null;
  /** The level after it; null at the top level or when the level is not in the list. */
  next: TravelerLevel | null;
  /** Points still needed for the next level (0 or more); null without a next level. */
  pointsNeeded: number | null;
  /** How far from the current level's threshold to the next one, 0–100. */
  percent: number;
}

/**
 * Spec §4: the user's level is the one whose id equals currentLevelId; the next level is the one
 * after it in the ordered list; none at the last level or when the level is not found. Without
 * the list (it failed to load) the profile's own level and next level stand in.
 */
export function levelState(levels: readonly TravelerLevel[] | undefined, profile: RewardsProfile | undefined): LevelState {
  if (!profile) return { level: null, next: null, pointsNeeded: null, percent: 0 };
  let level: TravelerLevel | null;
  let next: TravelerLevel | null;
  if (levels && levels.length > 0) {
    const ordered = [...levels].sort((a, b) => a.pointsRequired - b.pointsRequired);
    const index = ordered.findIndex((l) => l.id === profile.currentLevelId);
    level = index >= 0 ? ordered[index]! : null;
    next = index >= 0 ? (ordered[index + 1] ?? null) : null;
  } else {
    level = profile.level ?? null;
    next = profile.nextLevel ?? null;
  }
  if (!next) return { level, next: null, pointsNeeded: null, percent: 100 };
  const earned = profile.totalPointsEarned;
  const pointsNeeded =
    profile.nextLevel?.id === next.id && typeof profile.pointsToNextLevel === 'number'
      ? Math.max(0, profile.pointsToNextLevel)
      : Math.max(0, next.pointsRequired - earned);
  const floor = level?.pointsRequired ?? 0;
  const span = next.pointsRequired - floor;
  const percent = span > 0 ? Math.max(0, Math.min(100, Math.round(((next.pointsRequired - pointsNeeded - floor) / span) * 100))) : 100;
  return { level, next, pointsNeeded, percent };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Spec §9: short month, day, year in US English ('Nov 24, 2026'); other languages get the same
 * fields in their own order and words.
 */
export function formatRewardDate(iso: string, language: string): string {
  const locale = language === 'en' ? 'en-US' : language;
  let f = dateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' });
    dateFormats.set(locale, f);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : f.format(date);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatPoints(value: number, language: string): string {
  let f = numberFormats.get(language);
  if (!f) {
    f = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    numberFormats.set(language, f);
  }
  return f.format(value);
}

/** '+25', '+0', '-100' (spec §2: points signed; zero counts as gained). */
export function signedPoints(value: number, language: string): string {
  return `${value < 0 ? '-' : '+'}${formatPoints(Math.abs(value), language)}`;
}

const percentFormats = new Map<string, Intl.NumberFormat>();

export function formatPercent(percent: number, language: string): string {
  let f = percentFormats.get(language);
  if (!f) {
    f = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    percentFormats.set(language, f);
  }
  return f.format(percent / 100);
}

// Rewards texts in the UI language. Level and achievement names, descriptions and perks are
// translated by their stable `key` (rewards:catalog.*); English and any key without a translation
// show the server's own text, so an admin's edit or a new achievement still reads right.
// Signed numbers sit in a left-to-right isolate so '+25' keeps its sign in front in Arabic.
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DEFAULT_LEVEL_NAME, formatPercent, formatPoints, formatRewardDate, signedPoints, titleCase } from './rewards-model.ts';
import type { PointsSource, TravelerLevel } from './types.ts';

interface Keyed {
  key: string;
  name: string;
  description: string;
}

export function useRewardsText() {
  const { t, i18n } = useTranslation('rewards');
  const language = i18n.language || 'en';
  /** This language's own text at a path, without falling back to English (that is the server's). */
  const own = (path: string): unknown => (language === 'en' ? undefined : i18n.getResource(language, 'rewards', path));
  const text = (path: string, fallback: string): string => {
    const value = own(path);
    return typeof value === 'string' && value.trim() ? value : fallback;
  };

  return {
    t,
    language,
    levelName: (level: Pick<TravelerLevel, 'key' | 'name'> | null | undefined): string =>
      level ? text(`catalog.levels.${level.key}.name`, level.name) : text('catalog.levels.traveler.name', DEFAULT_LEVEL_NAME),
    levelDescription: (level: Pick<TravelerLevel, 'key' | 'description'>): string =>
      text(`catalog.levels.${level.key}.description`, level.description),
    levelPerks: (level: Pick<TravelerLevel, 'key' | 'perks'>): string[] => {
      const value = own(`catalog.levels.${level.key}.perks`);
      // Index for index: only a translation of the same list the server sends.
      return Array.isArray(value) && value.length === level.perks.length && value.every((p) => typeof p === 'string' && p.trim())
        ? (value as string[])
        : level.perks;
    },
    achievementName: (a: Pick<Keyed, 'key' | 'name'>): string => text(`catalog.achievements.${a.key}.name`, a.name),
    achievementDescription: (a: Pick<Keyed, 'key' | 'description'>): string =>
      text(`catalog.achievements.${a.key}.description`, a.description),
    /** 'check_ins' → 'Check Ins' (or its translation). */
    category: (category: string): string =>
      i18n.exists(`categories.${category}`, { ns: 'rewards' })
        ? t(`categories.${category}` as 'categories.purchases')
        : titleCase(category),
    source: (source: PointsSource | string): string =>
      i18n.exists(`history.sources.${source}`, { ns: 'rewards' })
        ? t(`history.sources.${source}` as 'history.sources.purchase')
        : titleCase(source),
    date: (iso: string): string => formatRewardDate(iso, language),
    number: (value: number): string => formatPoints(value, language),
    percent: (value: number): string => formatPercent(value, language),
    signed: (value: number): string => signedPoints(value, language),
  };
}

export type RewardsText = ReturnType<typeof useRewardsText>;

/** A left-to-right island for numbers with signs or slashes ('+25', '3 / 5'). */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** '+25 pts' (unit 'pts') or '+25 points' (unit 'points'); signed unless `signed` is false. */
export function Points({ value, unit = 'pts', signed = true }: { value: number; unit?: 'pts' | 'points'; signed?: boolean }) {
  const { i18n } = useTranslation('rewards');
  const language = i18n.language || 'en';
  const shown = signed ? signedPoints(value, language) : formatPoints(value, language);
  return <Trans ns="rewards" i18nKey={`units.${unit}`} values={{ value: shown }} components={{ num: <bdi dir="ltr" /> }} />;
}

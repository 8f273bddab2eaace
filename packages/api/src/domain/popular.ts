// Which regions the picker's tabs show (spec §2 landing, §9 popular regions).
import { isPopularRegion } from '@esim/db/popular';
import type { Searchable } from './search.ts';

export { isPopularRegion, POPULAR_REGION_CODES, POPULAR_REGION_NAMES } from '@esim/db/popular';

/** The Latin America tab groups these continents. */
export const LATIN_AMERICA_CONTINENTS: readonly string[] = ['South America', 'Central America', 'Caribbean'];

export interface PopularCandidate extends Searchable {
  isPopular?: boolean | null | undefined;
}

/** The picker's tabs, in the spec's order. */
export const PICKER_TABS = [
  'popular',
  'all',
  'europe',
  'middle-east',
  'asia',
  'north-america',
  'latin-america',
  'oceania',
  'africa',
] as const;
export type PickerTab = (typeof PICKER_TABS)[number];

const TAB_CONTINENTS: Record<Exclude<PickerTab, 'popular' | 'all'>, readonly string[]> = {
  europe: ['Europe'],
  'middle-east': ['Middle East'],
  asia: ['Asia'],
  'north-america': ['North America'],
  'latin-america': LATIN_AMERICA_CONTINENTS,
  oceania: ['Oceania'],
  africa: ['Africa'],
};

export function inPickerTab(region: PopularCandidate, tab: PickerTab): boolean {
  if (tab === 'all') return true;
  if (tab === 'popular') return isPopularRegion(region);
  return region.continent != null && TAB_CONTINENTS[tab].includes(region.continent);
}

export function regionsForTab<R extends PopularCandidate>(regions: readonly R[], tab: PickerTab): R[] {
  return regions.filter((r) => inPickerTab(r, tab));
}

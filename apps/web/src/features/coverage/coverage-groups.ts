// The coverage page's list (spec §2 Coverage page, §5): countries grouped by continent in the
// spec's order, searched on name or continent.
//
// The shop stores finer continents than the page shows. The mapping:
//   Europe → Europe · Asia → Asia · Africa → Africa · Oceania → Oceania · Middle East → Middle East
//   North America, South America, Central America, Caribbean → Americas
//   no continent (null or blank) → Other
//   any other value the shop may add later (e.g. 'Antarctica') → Unknown
// Bundles (Europe, Global, Asia…) are plans, not places: they are left out of the country list
// and shown in the page's Regional Packages block instead.
import { foldSearchText, matchesCoverage, searchCoverage, type SearchIndex, type Searchable } from '@esim/api/domain';
import { collatorFor } from '../../lib/format.ts';

export const COVERAGE_GROUPS = ['europe', 'asia', 'americas', 'africa', 'oceania', 'middleEast', 'other', 'unknown'] as const;
export type CoverageGroup = (typeof COVERAGE_GROUPS)[number];

const CONTINENT_GROUP: Readonly<Record<string, CoverageGroup>> = {
  europe: 'europe',
  asia: 'asia',
  'north america': 'americas',
  'south america': 'americas',
  'central america': 'americas',
  caribbean: 'americas',
  americas: 'americas',
  africa: 'africa',
  oceania: 'oceania',
  'middle east': 'middleEast',
};

/** English names of the groups; the page shows translated ones (coverage:groups.*). */
export const GROUP_NAMES_EN: Readonly<Record<CoverageGroup, string>> = {
  europe: 'Europe',
  asia: 'Asia',
  americas: 'Americas',
  africa: 'Africa',
  oceania: 'Oceania',
  middleEast: 'Middle East',
  other: 'Other',
  unknown: 'Unknown',
};

export function groupOfContinent(continent: string | null | undefined): CoverageGroup {
  const key = continent?.trim().toLowerCase();
  if (!key) return 'other';
  return CONTINENT_GROUP[key] ?? 'unknown';
}

export interface CoverageRegion extends Searchable {
  kind?: string;
  /** Another name search should find, e.g. the English name beside a translated one. */
  altName?: string | undefined;
}

/** Countries only: bundles are regional plans, not destinations in the list. */
export function coverageCountries<R extends CoverageRegion>(regions: readonly R[]): R[] {
  return regions.filter((r) => r.kind !== 'bundle');
}

export interface CoverageSection<R> {
  group: CoverageGroup;
  regions: R[];
}

export interface GroupCoverageOptions<R> {
  /** Sort names in this language (default 'en'). */
  locale?: string;
  /** The group's shown (translated) name; it is searched as well as the English one. */
  groupLabel?: (group: CoverageGroup) => string;
  /**
   * The regions' search index (names in every language, aliases, localized continents:
   * features/catalog/region-search.ts); without it, the name, altName and continent are searched.
   */
  index?: SearchIndex<R> | undefined;
}

/**
 * Search on name or continent, ignoring case and accents (@esim/api/domain search) — the shop's
 * continent or the group shown for it, so 'americas' finds Brazil and Jamaica — then groups in
 * the spec's order, names sorted; empty groups are left out.
 */
export function groupCoverage<R extends CoverageRegion>(
  regions: readonly R[],
  query: string,
  { locale = 'en', groupLabel, index }: GroupCoverageOptions<R> = {},
): CoverageSection<R>[] {
  const q = foldSearchText(query);
  const found = q && index ? new Set(searchCoverage(index, query)) : null;
  const has = (text: string | undefined) => (text ? foldSearchText(text).includes(q) : false);
  const byGroup = new Map<CoverageGroup, R[]>(COVERAGE_GROUPS.map((g) => [g, []]));
  for (const region of regions) {
    const group = groupOfContinent(region.continent);
    const matches =
      !q ||
      (found ? found.has(region) : matchesCoverage(region, query) || has(region.altName)) ||
      has(GROUP_NAMES_EN[group]) ||
      (groupLabel ? has(groupLabel(group)) : false);
    if (matches) byGroup.get(group)!.push(region);
  }
  const collator = collatorFor(locale);
  return COVERAGE_GROUPS.map((group) => ({ group, regions: byGroup.get(group)!.sort((a, b) => collator.compare(a.name, b.name)) })).filter(
    (s) => s.regions.length > 0,
  );
}

/** The Regional Packages block: which bundle each package links to on the landing picker. */
export const REGIONAL_PACKAGES = [
  { key: 'europe', code: 'EU', flag: '/flags/4x3/eu.svg' },
  { key: 'asia', code: 'ASIA', flag: '/flags/regions/asia.svg' },
  { key: 'northAmerica', code: 'NORAM', flag: '/flags/regions/north-america.svg' },
  { key: 'southAmerica', code: 'LATAM', flag: '/flags/regions/latam.svg' },
  { key: 'middleEast', code: 'MENA', flag: '/flags/regions/mena.svg' },
  { key: 'africa', code: 'AFRICA', flag: '/flags/regions/africa.svg' },
] as const;

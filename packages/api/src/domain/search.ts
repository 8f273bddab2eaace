// Destination search for the picker and the coverage page (spec §5), across languages and scripts.
//
// A region is found by its names — in the UI language and in English (the caller passes them:
// this file knows no language), CLDR's short forms, common aliases ('USA', 'Holland', from
// search-aliases.json), its names in the shop's other languages — by its code (the picker only)
// and by its continent, ignoring case, accents, width and the punctuation between words. The
// query is trimmed; an empty query matches everything.
//
// Without terms a region is searched on its `name`, `code` and `continent`, as the spec's picker did.

/** The fields search looks at; both the Region DTO and a db row mapped to it fit. */
export interface Searchable {
  name: string;
  code: string;
  continent?: string | null | undefined;
}

/** More words a region is known by, beside its `name`, `code` and `continent`. */
export interface SearchTerms {
  /** Its names in the UI language and in English (with CLDR's short forms): the strongest matches. */
  names?: readonly string[];
  /** Other names for it ('USA', 'Holland', 'Nippon'): matched from the start of a word. */
  aliases?: readonly string[];
  /** Its names in the shop's other languages, so 'Japón' finds Japan whatever the UI language. */
  otherNames?: readonly string[];
  /** Its continent in the UI language and in English. */
  continents?: readonly string[];
}

/** How well a region matched: lower is better. */
export const MATCH_RANK = {
  /** The code, a name or an alias is exactly the query. */
  exact: 0,
  /** A name (UI language or English) starts with the query, or one of its words does. */
  namePrefix: 1,
  /** An alias or a name in another language starts with the query, or one of its words does. */
  aliasPrefix: 2,
  /** The query sits inside a name. */
  nameContains: 3,
  /** Found by its continent only. */
  continent: 4,
  /** The query sits inside the code ('x' in MX), as the spec's picker matched. */
  codeContains: 5,
} as const;
export type MatchRank = (typeof MATCH_RANK)[keyof typeof MATCH_RANK];

const KATAKANA = /[\u30a1-\u30f6]/g;

/**
 * The form both the query and the names are compared in: compatibility-decomposed (full-width
 * 'ＪＰ' is 'jp') without combining marks ('Japón' is 'japon', 'ألمانيا' is 'المانيا'), lower case,
 * katakana as hiragana, Arabic final forms unified (ى/ي, ة/ه), apostrophes and dots dropped and
 * other separators made one space ('Royaume-Uni' is 'royaume uni', 'U.S.A.' is 'usa').
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .replace(KATAKANA, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/\u0640/g, '') // Arabic tatweel
    .replace(/\u0649/g, '\u064a') // alef maksura → yeh
    .replace(/\u0629/g, '\u0647') // teh marbuta → heh
    .toLowerCase()
    .replace(/['\u2018\u2019`\u00b4.\u00b7\u30fb]/g, '')
    .replace(/[\s\p{Pd}_,;:&/()]+/gu, ' ')
    .trim();
}

/** Catalogue codes that are not the ISO code travellers may type ('gb' finds the United Kingdom). */
const ISO_CODES: Readonly<Record<string, string>> = { UK: 'GB' };

/** A region's words in their folded form (foldSearchText). */
export interface Folded {
  codes: string[];
  names: string[];
  aliases: string[];
  otherNames: string[];
  continents: string[];
}

function foldAll(list: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const item of list) {
    if (!item) continue;
    const f = foldSearchText(item);
    if (f) out.add(f);
  }
  return [...out];
}

function foldRegion(region: Searchable, terms: SearchTerms | undefined): Folded {
  const code = region.code.toUpperCase();
  return {
    codes: foldAll([code, ISO_CODES[code]]),
    names: foldAll([region.name, ...(terms?.names ?? [])]),
    aliases: foldAll(terms?.aliases ?? []),
    otherNames: foldAll(terms?.otherNames ?? []),
    continents: foldAll([region.continent, ...(terms?.continents ?? [])]),
  };
}

function startsWord(text: string, q: string): boolean {
  return text.startsWith(q) || text.includes(` ${q}`);
}

/** The best rank of a folded region for a folded, non-empty query; null when it does not match. */
function rankFolded(f: Folded, q: string, withCode: boolean): MatchRank | null {
  if (withCode && f.codes.includes(q)) return MATCH_RANK.exact;
  if (f.names.includes(q) || f.aliases.includes(q) || f.otherNames.includes(q)) return MATCH_RANK.exact;
  if (f.names.some((n) => startsWord(n, q))) return MATCH_RANK.namePrefix;
  if (f.aliases.some((n) => startsWord(n, q)) || f.otherNames.some((n) => startsWord(n, q))) return MATCH_RANK.aliasPrefix;
  if (f.names.some((n) => n.includes(q)) || f.otherNames.some((n) => n.includes(q))) return MATCH_RANK.nameContains;
  if (f.continents.some((c) => c.includes(q))) return MATCH_RANK.continent;
  if (withCode && f.codes.some((c) => c.includes(q))) return MATCH_RANK.codeContains;
  return null;
}

/** Regions folded once, to search on every keystroke without folding their names again. */
export interface SearchIndex<R> {
  readonly entries: readonly { readonly region: R; readonly folded: Folded }[];
}

export function indexRegions<R extends Searchable>(
  regions: readonly R[],
  termsOf?: (region: R) => SearchTerms | undefined,
): SearchIndex<R> {
  return { entries: regions.map((region) => ({ region, folded: foldRegion(region, termsOf?.(region)) })) };
}

export interface SearchMatch<R> {
  region: R;
  rank: MatchRank;
}

/** Picker search: every match with its rank, best first; equal ranks keep the index's order. */
export function searchMatches<R>(index: SearchIndex<R>, query: string): SearchMatch<R>[] {
  const q = foldSearchText(query);
  if (!q) return index.entries.map(({ region }) => ({ region, rank: MATCH_RANK.exact }));
  const matches: SearchMatch<R>[] = [];
  for (const { region, folded } of index.entries) {
    const rank = rankFolded(folded, q, true);
    if (rank !== null) matches.push({ region, rank });
  }
  // Array.prototype.sort is stable: equal ranks stay in the index's (collator) order.
  return matches.sort((a, b) => a.rank - b.rank);
}

/** Picker search: matching regions, best first. */
export function searchRegions<R>(index: SearchIndex<R>, query: string): R[] {
  return searchMatches(index, query).map((m) => m.region);
}

/** Coverage search: name (any language, aliases) or continent, never the code; the index's order. */
export function searchCoverage<R>(index: SearchIndex<R>, query: string): R[] {
  const q = foldSearchText(query);
  if (!q) return index.entries.map((e) => e.region);
  return index.entries.filter((e) => rankFolded(e.folded, q, false) !== null).map((e) => e.region);
}

/** Picker: does the region match (name, alias, code or continent)? Trimmed; empty matches all. */
export function matchesRegion(region: Searchable, query: string, terms?: SearchTerms): boolean {
  const q = foldSearchText(query);
  return !q || rankFolded(foldRegion(region, terms), q, true) !== null;
}

/** Picker: the matching regions, best first (see MATCH_RANK). */
export function filterRegions<R extends Searchable>(
  regions: readonly R[],
  query: string,
  termsOf?: (region: R) => SearchTerms | undefined,
): R[] {
  if (!foldSearchText(query)) return regions.slice();
  return searchRegions(indexRegions(regions, termsOf), query);
}

/** Coverage page: name or continent only (spec §5), in any language the terms give. */
export function matchesCoverage(region: Searchable, query: string, terms?: SearchTerms): boolean {
  const q = foldSearchText(query);
  return !q || rankFolded(foldRegion(region, terms), q, false) !== null;
}

export function filterCoverage<R extends Searchable>(
  regions: readonly R[],
  query: string,
  termsOf?: (region: R) => SearchTerms | undefined,
): R[] {
  if (!foldSearchText(query)) return regions.slice();
  return searchCoverage(indexRegions(regions, termsOf), query);
}

/** search-aliases.json: ISO alpha-2 → other names ('$'-keys are notes, not countries). */
export type AliasTable = Readonly<Record<string, readonly string[] | string>>;

/** A region's aliases from the table (the catalogue's 'UK' is ISO's GB). */
export function aliasesOf(table: AliasTable | undefined, code: string): readonly string[] {
  const upper = code.toUpperCase();
  const found = table?.[ISO_CODES[upper] ?? upper];
  return Array.isArray(found) ? found : [];
}

/** What bundle suggestions need of a region. */
export interface CoveringRegion extends Searchable {
  kind?: string;
  /** A bundle's country codes; empty for a country. */
  covers?: readonly string[];
}

/** The bundles that cover a country, the smallest first (a regional plan before the global one). */
export function bundlesCovering<R extends CoveringRegion>(regions: readonly R[], countryCode: string): R[] {
  const code = countryCode.toUpperCase();
  return regions
    .filter((r) => r.kind === 'bundle' && (r.covers ?? []).some((c) => c.toUpperCase() === code))
    .sort((a, b) => (a.covers?.length ?? 0) - (b.covers?.length ?? 0));
}

export interface BundleSuggestion<R> {
  /** The country the traveller searched for. */
  country: R;
  /** Bundles covering it that the search did not already find by their own name. */
  bundles: R[];
}

/**
 * For a search that found a country by its name, code or an alias (not only by its continent):
 * the regional and global bundles that cover the best-matched country, so a traveller crossing
 * borders sees them. Null when there is no such country or no bundle covers it.
 */
export function suggestBundles<R extends CoveringRegion>(
  matches: readonly SearchMatch<R>[],
  regions: readonly R[],
): BundleSuggestion<R> | null {
  const best = matches.find((m) => m.region.kind !== 'bundle' && m.rank <= MATCH_RANK.nameContains);
  if (!best) return null;
  const found = new Set(matches.map((m) => m.region));
  const bundles = bundlesCovering(regions, best.region.code).filter((b) => !found.has(b));
  return bundles.length ? { country: best.region, bundles } : null;
}

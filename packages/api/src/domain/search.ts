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
  /**
   * Nothing above, but a name, an alias or one of their words is within a typo or two of the
   * query ('japn', 'tailand', 'portgual'): see typoDistance. Last, so real matches come first.
   */
  typo: 6,
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

/**
 * How many typos a folded query of this length may carry: none under 4 characters (two letters
 * are a code or the start of many names), 1 up to 7 characters, 2 from 8 ('portgual').
 */
export function typoBudget(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one
 * substring): insertions, deletions, substitutions and swaps of two neighbours each cost 1, so
 * 'portgual' is 1 from 'portugal'. Compares UTF-16 units, which is exact for the folded text of
 * every script the shop uses (none needs surrogate pairs). Gives up early: any answer above `max`
 * is returned as max + 1.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const m = a.length;
  const n = b.length;
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[n]!;
}

/**
 * The fewest typos between a folded query and a folded name: against the whole name, each of its
 * words ('kingdon' ~ 'united kingdom'), and the start of the name or a word as long as the
 * query give or take the budget (so a traveller still typing, 'tailan', finds Thailand).
 * null when more than `max`.
 */
export function typoDistance(query: string, name: string, max: number): number | null {
  if (max <= 0) return null;
  const starts = [0];
  for (let i = name.indexOf(' '); i !== -1; i = name.indexOf(' ', i + 1)) starts.push(i + 1);
  let best = max + 1;
  const consider = (candidate: string) => {
    const d = editDistance(query, candidate, Math.min(max, best - 1));
    if (d < best) best = d;
  };
  consider(name);
  for (const start of starts) {
    const rest = name.slice(start);
    const wordEnd = rest.indexOf(' ');
    if (start > 0) consider(wordEnd === -1 ? rest : rest.slice(0, wordEnd));
    // The start of the name or word, as if the traveller had not finished typing.
    for (let len = query.length - max; len <= query.length + max; len++) {
      if (len >= 3 && len < rest.length) consider(rest.slice(0, len));
    }
    if (best === 0) break;
  }
  return best <= max ? best : null;
}

/** The fewest typos between the query and any name, alias or other-language name; null when over budget. */
function typoFolded(f: Folded, q: string): number | null {
  const max = typoBudget(q.length);
  if (max === 0) return null;
  let best: number | null = null;
  for (const list of [f.names, f.aliases, f.otherNames]) {
    for (const name of list) {
      const d = typoDistance(q, name, best === null ? max : best - 1);
      if (d !== null) best = d;
      if (best === 1) return best; // 0 would have been an exact or prefix match
    }
  }
  return best;
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
  /** For a typo match: how many typos (1 or 2). */
  typos?: number;
}

/**
 * Every match of a folded, non-empty query with its rank, best first: exact, prefix and substring
 * matches, then typo matches (fewest typos first). Equal ranks keep the index's order.
 */
function matchFolded<R>(index: SearchIndex<R>, q: string, withCode: boolean): SearchMatch<R>[] {
  const matches: SearchMatch<R>[] = [];
  const typos: SearchMatch<R>[] = [];
  for (const { region, folded } of index.entries) {
    const rank = rankFolded(folded, q, withCode);
    if (rank !== null) {
      matches.push({ region, rank });
      continue;
    }
    const d = typoFolded(folded, q);
    if (d !== null) typos.push({ region, rank: MATCH_RANK.typo, typos: d });
  }
  // Array.prototype.sort is stable: equal ranks stay in the index's (collator) order.
  matches.sort((a, b) => a.rank - b.rank);
  typos.sort((a, b) => (a.typos ?? 0) - (b.typos ?? 0));
  return [...matches, ...typos];
}

/** Picker search: every match with its rank, best first; equal ranks keep the index's order. */
export function searchMatches<R>(index: SearchIndex<R>, query: string): SearchMatch<R>[] {
  const q = foldSearchText(query);
  if (!q) return index.entries.map(({ region }) => ({ region, rank: MATCH_RANK.exact }));
  return matchFolded(index, q, true);
}

/** Picker search: matching regions, best first. */
export function searchRegions<R>(index: SearchIndex<R>, query: string): R[] {
  return searchMatches(index, query).map((m) => m.region);
}

/**
 * Coverage search: name (any language, aliases) or continent, never the code; the index's order.
 * A query that matches nothing that way falls back to names within a typo or two.
 */
export function searchCoverage<R>(index: SearchIndex<R>, query: string): R[] {
  const q = foldSearchText(query);
  if (!q) return index.entries.map((e) => e.region);
  const found = index.entries.filter((e) => rankFolded(e.folded, q, false) !== null).map((e) => e.region);
  if (found.length) return found;
  return matchFolded(index, q, false).map((m) => m.region);
}

/** Picker: does the region match (name, alias, code, continent, or a name with a typo)? Trimmed; empty matches all. */
export function matchesRegion(region: Searchable, query: string, terms?: SearchTerms): boolean {
  const q = foldSearchText(query);
  if (!q) return true;
  const folded = foldRegion(region, terms);
  return rankFolded(folded, q, true) !== null || typoFolded(folded, q) !== null;
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
  const best = matches.find(
    (m) => m.region.kind !== 'bundle' && (m.rank <= MATCH_RANK.nameContains || (m.rank === MATCH_RANK.typo && m === matches[0])),
  );
  if (!best) return null;
  const found = new Set(matches.map((m) => m.region));
  const bundles = bundlesCovering(regions, best.region.code).filter((b) => !found.has(b));
  return bundles.length ? { country: best.region, bundles } : null;
}

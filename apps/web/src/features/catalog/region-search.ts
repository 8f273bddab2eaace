// The words the picker and the coverage list search a destination by: its names in the UI
// language and in English (CLDR's long and short forms), its names in the shop's other languages,
// common aliases ('USA', 'Holland') and its continent in the UI language and in English.
//
// The alias table (~9 kB gzipped) is not needed for a first paint: loadAliases() fetches it in its
// own chunk when the traveller first types; until then search works on the names alone.
import { LANGUAGE_CODES, continentName, destinationNames, type DestinationRef, type TranslateFn } from '@esim/i18n';
import { aliasesOf, indexRegions, type AliasTable, type SearchIndex, type SearchTerms } from '@esim/api/domain';

export interface SearchableRegion extends DestinationRef {
  name: string;
  code: string;
  continent?: string | null | undefined;
}

let aliases: Promise<AliasTable> | undefined;

/** The alias table, loaded once (its own chunk). A failed load resolves to no aliases. */
export function loadAliases(): Promise<AliasTable> {
  aliases ??= import('@esim/api/domain/search-aliases.json').then(
    (m) => m.default as AliasTable,
    () => ({}),
  );
  return aliases;
}

export interface TermsOptions {
  /** The UI language. */
  lang: string;
  t?: TranslateFn | undefined;
  /** The alias table, once loaded. */
  aliases?: AliasTable | undefined;
  /** Also the names in the shop's other languages (the picker: yes). */
  otherLanguages?: boolean;
}

/** The search terms of one destination. */
export function searchTerms(region: SearchableRegion, { lang, t, aliases: table, otherLanguages = true }: TermsOptions): SearchTerms {
  const base = lang.split('-')[0] ?? lang;
  return {
    names: [...destinationNames(region, lang, t), ...destinationNames(region, 'en')],
    aliases: aliasesOf(table, region.code),
    otherNames: otherLanguages ? LANGUAGE_CODES.filter((l) => l !== base && l !== 'en').flatMap((l) => destinationNames(region, l)) : [],
    continents: region.continent ? [continentName(region.continent, lang, t), region.continent] : [],
  };
}

/** An index over the regions, in their given order (equal ranks keep it). */
export function searchIndexFor<R extends SearchableRegion>(regions: readonly R[], options: TermsOptions): SearchIndex<R> {
  return indexRegions(regions, (r) => searchTerms(r, options));
}

// Destination and continent names in any language, from CLDR through Intl.DisplayNames (built into
// every browser and Node with full ICU), so no table of country names is kept here.
//
// Countries use their ISO 3166-1 code (the catalogue's 'UK' is ISO's GB). Regional bundles use the
// UN M.49 area CLDR names (Europe 150, World 001, Asia 142, …). The few names CLDR lacks (the
// Middle East & North Africa bundle, the 'Middle East' continent) are keys of the `destinations`
// namespace, looked up through the caller's `t` ('destinations:bundles.MENA'); without a `t` the
// catalogue's English name is the fallback.
//
// English keeps the catalogue's own names ('Global', 'DR Congo'), which are the spec's texts; the
// other nine languages take CLDR's.
//
// The areas' names come from a small table generated from CLDR (cldr-areas.json,
// scripts/cldr-areas.mjs): Chrome's built-in ICU data lacks them, so Intl.DisplayNames there
// answers only for countries.
import areaTable from './cldr-areas.json' with { type: 'json' };

const AREA_NAMES = areaTable as unknown as Readonly<Record<string, Readonly<Record<string, string>> | string>>;

/** A translate function; i18next's `t` fits. A result equal to the key counts as missing. */
export type TranslateFn = (key: string) => string;

export interface DestinationRef {
  code: string;
  kind?: 'country' | 'bundle' | undefined;
  /** The catalogue's English name: English's name, and the last fallback in every language. */
  name?: string | undefined;
}

/** Catalogue codes that are not ISO 3166-1 alpha-2 codes CLDR knows, mapped to ones it does. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

/** Bundle code → UN M.49 area code, where CLDR names the area. */
export const BUNDLE_AREAS: Readonly<Record<string, string>> = {
  EU: '150',
  GLOBAL: '001',
  ASIA: '142',
  LATAM: '419',
  AFRICA: '002',
  NORAM: '003',
  CARIB: '029',
  // The bundle covers Australia and New Zealand: M.49's 053 is exactly those two ('Australasia').
  OCEANIA: '053',
};

/** Bundles CLDR has no name for: key in the `destinations` namespace. */
const BUNDLE_KEYS: Readonly<Record<string, string>> = { MENA: 'destinations:bundles.MENA' };

/** The catalogue's continent values → UN M.49 area code. */
export const CONTINENT_AREAS: Readonly<Record<string, string>> = {
  Europe: '150',
  Asia: '142',
  Africa: '002',
  'North America': '003',
  'South America': '005',
  'Central America': '013',
  Caribbean: '029',
  Oceania: '009',
};

/** Continents CLDR has no name for: key in the `destinations` namespace. */
const CONTINENT_KEYS: Readonly<Record<string, string>> = { 'Middle East': 'destinations:continents.middleEast' };

/** English names for the keyed ones, when neither `t` nor a catalogue name is given. */
const ENGLISH: Readonly<Record<string, string>> = {
  'destinations:bundles.MENA': 'Middle East & North Africa',
  'destinations:continents.middleEast': 'Middle East',
};

/**
 * Codes whose CLDR short form is the everyday name and the long form an administrative one
 * ('Hong Kong' rather than 'Hong Kong SAR China', 'Palestine' rather than 'Palestinian Territories').
 */
const SHORT_STYLE = new Set(['HK', 'MO', 'PS', 'MM']);

type Style = 'long' | 'short';
const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(lang: string, style: Style): Intl.DisplayNames | null {
  const key = `${lang}|${style}`;
  let names = displayNames.get(key);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang, 'en'], { type: 'region', style, fallback: 'none' });
    } catch {
      names = null; // not a valid language tag, or no Intl.DisplayNames
    }
    displayNames.set(key, names);
  }
  return names;
}

/** An M.49 area's name from the generated CLDR table, in `lang` or its base language. */
function areaName(area: string, lang: string): string | undefined {
  const names = AREA_NAMES[area];
  if (!names || typeof names === 'string') return undefined;
  return names[lang] ?? names[lang.toLowerCase().split(/[-_]/)[0] ?? ''];
}

/** CLDR's name of a region subtag (ISO alpha-2 or M.49), or undefined when it has none. */
export function cldrRegionName(subtag: string, lang: string, style: Style = 'long'): string | undefined {
  if (/^\d{3}$/.test(subtag)) {
    const area = areaName(subtag, lang);
    if (area) return area;
  }
  const names = regionNames(lang, style) ?? regionNames('en', style);
  if (!names) return undefined;
  try {
    const name = names.of(subtag);
    return name && name !== subtag ? name : undefined;
  } catch {
    return undefined; // not a well-formed region subtag (e.g. 'GLOBAL')
  }
}

/** The CLDR region subtag for a catalogue code: ISO for a country, M.49 for a known bundle. */
export function cldrRegionCode(region: Pick<DestinationRef, 'code' | 'kind'>): string | undefined {
  const code = region.code.toUpperCase();
  if (region.kind === 'bundle' || (region.kind === undefined && code in BUNDLE_AREAS)) return BUNDLE_AREAS[code];
  const iso = COUNTRY_ALIASES[code] ?? code;
  return /^[A-Z]{2}$/.test(iso) ? iso : undefined;
}

function isEnglish(lang: string): boolean {
  return lang === 'en' || lang.toLowerCase().startsWith('en-');
}

function translated(key: string, t: TranslateFn | undefined): string | undefined {
  if (!t) return undefined;
  const text = t(key);
  // i18next answers a missing key with the key (with or without its namespace).
  if (!text || text === key || text === key.slice(key.indexOf(':') + 1)) return undefined;
  return text;
}

/** Upper-case the first letter (CLDR writes some areas lower-case: English 'world', Russian 'весь мир'). */
function capitalize(text: string, lang: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  try {
    return head.toLocaleUpperCase(lang) + text.slice(head.length);
  } catch {
    return head.toUpperCase() + text.slice(head.length);
  }
}

/** A destination's name in `lang`: CLDR, else the `destinations` namespace, else the catalogue name. */
export function destinationName(region: DestinationRef, lang: string, t?: TranslateFn): string {
  const code = region.code.toUpperCase();
  if (isEnglish(lang) && region.name) return region.name;
  const key = region.kind !== 'country' ? BUNDLE_KEYS[code] : undefined;
  if (key) return translated(key, t) ?? region.name ?? ENGLISH[key] ?? code;
  const subtag = cldrRegionCode(region);
  const cldr = subtag ? cldrRegionName(subtag, lang, SHORT_STYLE.has(subtag) ? 'short' : 'long') : undefined;
  if (cldr) return capitalize(cldr, lang);
  return region.name ?? code;
}

/**
 * Every name a traveller may type for a destination in `lang`: the shown name, and CLDR's long
 * and short forms where they differ ('Myanmar (Burma)' / 'Myanmar', 'Vereinigte Staaten' / 'USA').
 */
export function destinationNames(region: DestinationRef, lang: string, t?: TranslateFn): string[] {
  const names = new Set([destinationName(region, lang, t)]);
  const subtag = cldrRegionCode(region);
  if (subtag && !BUNDLE_KEYS[region.code.toUpperCase()]) {
    for (const style of ['long', 'short'] as const) {
      const name = cldrRegionName(subtag, lang, style);
      if (name) names.add(capitalize(name, lang));
    }
  }
  return [...names];
}

/** A catalogue continent ('Europe', 'Middle East', …) in `lang`; unknown values come back as they are. */
export function continentName(continent: string, lang: string, t?: TranslateFn): string {
  if (isEnglish(lang)) return continent;
  const key = CONTINENT_KEYS[continent];
  if (key) return translated(key, t) ?? continent;
  const area = CONTINENT_AREAS[continent];
  const cldr = area ? cldrRegionName(area, lang) : undefined;
  return cldr ? capitalize(cldr, lang) : continent;
}

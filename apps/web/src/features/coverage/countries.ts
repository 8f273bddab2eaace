// From a country on the globe (the shop's alpha-2 code; GB is spelled 'UK') to the region the
// shop sells, and to a name in the UI language for countries it doesn't.
import type { Region } from '../catalog/types.ts';

/** The country region the shop sells for a clicked alpha-2 code (bundles are not countries). */
export function regionForCountry(regions: readonly Region[] | undefined, alpha2: string): Region | undefined {
  const code = alpha2.trim().toUpperCase();
  return regions?.find((r) => r.kind !== 'bundle' && r.code.toUpperCase() === code);
}

const namesByLocale = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string): Intl.DisplayNames | null {
  if (!namesByLocale.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    namesByLocale.set(locale, names);
  }
  return namesByLocale.get(locale)!;
}

/** 'Japan' for 'JP' (in the UI language); the code itself when the name is unknown. */
export function countryName(alpha2: string, locale: string): string {
  const code = alpha2.trim().toUpperCase();
  const iso = code === 'UK' ? 'GB' : code;
  if (!/^[A-Z]{2}$/.test(iso)) return code;
  try {
    return displayNames(locale)?.of(iso) ?? code;
  } catch {
    return code;
  }
}

/**
 * A country region's name in the UI language (Intl.DisplayNames), so the coverage list reads
 * 'Japon' in French; the shop's English name in English or when the code is not a country.
 */
export function localCountryName(region: { code: string; name: string }, locale: string): string {
  if (locale.toLowerCase().split('-')[0] === 'en') return region.name;
  const code = region.code.trim().toUpperCase();
  const local = countryName(code, locale);
  return local === code || local === (code === 'UK' ? 'GB' : code) ? region.name : local;
}

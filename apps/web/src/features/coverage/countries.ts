// From a country on the globe (the shop's alpha-2 code; GB is spelled 'UK') to the region the
// shop sells, and names in the UI language (CLDR, @esim/i18n destinationName) for both.
import { destinationName, type TranslateFn } from '@esim/i18n';
import type { Region } from '../catalog/types.ts';

/** The country region the shop sells for a clicked alpha-2 code (bundles are not countries). */
export function regionForCountry(regions: readonly Region[] | undefined, alpha2: string): Region | undefined {
  const code = alpha2.trim().toUpperCase();
  return regions?.find((r) => r.kind !== 'bundle' && r.code.toUpperCase() === code);
}

/** 'Japan' for 'JP' in the UI language (CLDR); the code itself when CLDR has no name for it. */
export function countryName(alpha2: string, locale: string, t?: TranslateFn): string {
  return destinationName({ code: alpha2.trim().toUpperCase(), kind: 'country' }, locale, t);
}

/**
 * A region's name in the UI language, so the coverage list reads 'Japon' in French; the shop's
 * English name in English or when CLDR cannot name it.
 */
export function localCountryName(
  region: { code: string; name: string; kind?: 'country' | 'bundle' },
  locale: string,
  t?: TranslateFn,
): string {
  return destinationName({ code: region.code.trim().toUpperCase(), name: region.name, kind: region.kind }, locale, t);
}

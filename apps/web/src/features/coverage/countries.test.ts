import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../test/fixtures.ts';
import { countryName, localCountryName, regionForCountry } from './countries.ts';

describe('regionForCountry', () => {
  it.each<[string, string | undefined]>([
    ['JP', 'Japan'],
    ['jp', 'Japan'],
    ['FR', 'France'],
    ['EU', undefined], // a bundle, not a country
    ['ZZ', undefined],
  ])('%s → %s', (code, name) => {
    expect(regionForCountry(REGIONS, code)?.name).toBe(name);
  });
  it('is undefined while the regions load', () => {
    expect(regionForCountry(undefined, 'JP')).toBeUndefined();
  });
});

describe('countryName', () => {
  it.each<[string, string, string]>([
    ['JP', 'en', 'Japan'],
    ['UK', 'en', 'United Kingdom'],
    ['DE', 'de', 'Deutschland'],
    ['GLOBAL', 'en', 'GLOBAL'],
  ])('%s in %s → %s', (code, locale, name) => {
    expect(countryName(code, locale)).toBe(name);
  });
});

describe('localCountryName', () => {
  it.each<[string, string, string, string]>([
    ['JP', 'Japan', 'en', 'Japan'],
    ['JP', 'Japan', 'fr', 'Japon'],
    ['UK', 'United Kingdom', 'de', 'Vereinigtes Königreich'],
    ['XY', 'Nowhere Land', 'fr', 'Nowhere Land'], // unknown to Intl: the shop's name
    ['GLOBAL', 'Global', 'fr', 'Monde'], // a bundle: CLDR's name of its area (UN M.49 001)
    ['GLOBAL', 'Global', 'en', 'Global'],
    ['HK', 'Hong Kong', 'zh', '香港'],
  ])('%s (%s) in %s → %s', (code, name, locale, expected) => {
    expect(localCountryName({ code, name }, locale)).toBe(expected);
  });
});

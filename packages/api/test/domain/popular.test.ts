import { describe, expect, it } from 'vitest';
import {
  LATIN_AMERICA_CONTINENTS,
  PICKER_TABS,
  inPickerTab,
  isPopularRegion,
  regionsForTab,
  type PickerTab,
} from '../../src/domain/popular.ts';

const r = (name: string, code: string, continent: string | null, isPopular = false) => ({ name, code, continent, isPopular });

describe('isPopularRegion', () => {
  it.each([
    [r('Europe', 'EU', 'Europe'), true],
    [r('United Kingdom', 'UK', 'Europe'), true],
    [r('United States', 'US', 'North America'), true],
    [r('China', 'CN', 'Asia'), true],
    [r('United Arab Emirates', 'AE', 'Middle East'), true],
    [r('Australia', 'AU', 'Oceania'), true],
    [r('South Africa', 'ZA', 'Africa'), true],
    [r('Britain', 'UK', 'Europe'), true], // by code
    [r('South Africa', 'XX', 'Africa'), true], // by name
    [r('Japan', 'JP', 'Asia'), false],
    [r('Japan', 'JP', 'Asia', true), true], // flagged
    [r('europe', 'eu', 'Europe'), false], // exact, case-sensitive, as the spec's lists
  ])('%o → %s', (region, expected) => {
    expect(isPopularRegion(region)).toBe(expected);
  });
});

describe('inPickerTab', () => {
  const peru = r('Peru', 'PE', 'South America');
  const cuba = r('Cuba', 'CU', 'Caribbean');
  const panama = r('Panama', 'PA', 'Central America');
  const mexico = r('Mexico', 'MX', 'North America');
  const global = r('Global', 'GLOBAL', null);
  it.each<[ReturnType<typeof r>, PickerTab, boolean]>([
    [peru, 'latin-america', true],
    [cuba, 'latin-america', true],
    [panama, 'latin-america', true],
    [mexico, 'latin-america', false],
    [mexico, 'north-america', true],
    [global, 'all', true],
    [global, 'europe', false],
    [r('UAE', 'AE', 'Middle East'), 'middle-east', true],
    [r('UAE', 'AE', 'Middle East'), 'popular', true],
    [r('Kenya', 'KE', 'Africa'), 'africa', true],
    [r('Fiji', 'FJ', 'Oceania'), 'oceania', true],
    [r('Japan', 'JP', 'Asia'), 'asia', true],
    [r('France', 'FR', 'Europe'), 'europe', true],
  ])('%o in %s → %s', (region, tab, expected) => {
    expect(inPickerTab(region, tab)).toBe(expected);
  });

  it('knows the spec tabs and Latin America continents', () => {
    expect(PICKER_TABS).toHaveLength(9);
    expect(LATIN_AMERICA_CONTINENTS).toEqual(['South America', 'Central America', 'Caribbean']);
    expect(regionsForTab([peru, mexico, cuba], 'latin-america')).toEqual([peru, cuba]);
  });
});

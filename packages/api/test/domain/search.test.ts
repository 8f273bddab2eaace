import { describe, expect, it } from 'vitest';
import { filterCoverage, filterRegions, matchesCoverage, matchesRegion } from '../../src/domain/search.ts';

const japan = { name: 'Japan', code: 'JP', continent: 'Asia' };
const uk = { name: 'United Kingdom', code: 'UK', continent: 'Europe' };
const global = { name: 'Global', code: 'GLOBAL', continent: null };
const mexico = { name: 'Mexico', code: 'MX', continent: 'North America' };

describe('matchesRegion', () => {
  it.each([
    [japan, 'jap', true],
    [japan, 'JAPAN', true],
    [japan, '  japan  ', true],
    [japan, 'jp', true], // code
    [japan, 'asi', true], // continent
    [japan, 'europe', false],
    [uk, 'kingdom', true],
    [uk, 'uk', true],
    [uk, 'eur', true],
    [global, 'glo', true],
    [global, 'asia', false], // null continent never matches
    [mexico, 'america', true],
    [japan, '', true],
    [japan, '   ', true],
    [japan, 'ja pan', false],
  ])('%o ~ %j → %s', (region, query, expected) => {
    expect(matchesRegion(region, query)).toBe(expected);
  });
});

describe('filterRegions', () => {
  const all = [japan, uk, global, mexico];
  it.each([
    ['', all],
    ['  ', all],
    ['a', [japan, global, mexico]], // 'a' in Japan, Asia, Global, Mexico, America; not in United Kingdom/Europe
    ['EU', [uk]],
    ['x', [mexico]],
    ['zz', []],
  ])('%j', (query, expected) => {
    expect(filterRegions(all, query)).toEqual(expected);
  });

  it('returns a new array', () => {
    expect(filterRegions(all, '')).not.toBe(all);
  });
});

describe('matchesCoverage / filterCoverage (name or continent only)', () => {
  it.each([
    [japan, 'japan', true],
    [japan, 'asia', true],
    [japan, 'jp', false], // code is not searched on the coverage page
    [uk, 'uk', false],
    [uk, ' Europe ', true],
    [global, '', true],
  ])('%o ~ %j → %s', (region, query, expected) => {
    expect(matchesCoverage(region, query)).toBe(expected);
  });

  it('filters', () => {
    expect(filterCoverage([japan, uk, mexico], 'america')).toEqual([mexico]);
  });
});

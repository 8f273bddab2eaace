import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../test/fixtures.ts';
import { COVERAGE_GROUPS, coverageCountries, groupCoverage, groupOfContinent, type CoverageGroup } from './coverage-groups.ts';

const r = (name: string, continent: string | null, kind = 'country') => ({ name, code: name.slice(0, 2).toUpperCase(), continent, kind });

describe('groupOfContinent', () => {
  it.each<[string | null | undefined, CoverageGroup]>([
    ['Europe', 'europe'],
    ['Asia', 'asia'],
    ['North America', 'americas'],
    ['South America', 'americas'],
    ['Central America', 'americas'],
    ['Caribbean', 'americas'],
    ['caribbean', 'americas'],
    ['Africa', 'africa'],
    ['Oceania', 'oceania'],
    ['Middle East', 'middleEast'],
    [null, 'other'],
    [undefined, 'other'],
    ['  ', 'other'],
    ['Antarctica', 'unknown'],
  ])('%j → %s', (continent, group) => {
    expect(groupOfContinent(continent)).toBe(group);
  });
});

describe('groupCoverage', () => {
  const all = [
    r('Zambia', 'Africa'),
    r('Nowhere', 'Antarctica'),
    r('Fiji', 'Oceania'),
    r('Qatar', 'Middle East'),
    r('Jamaica', 'Caribbean'),
    r('Brazil', 'South America'),
    r('Canada', 'North America'),
    r('Japan', 'Asia'),
    r('Austria', 'Europe'),
    r('France', 'Europe'),
    r('Limbo', null),
  ];
  const shape = (query: string) => groupCoverage(all, query).map((s) => [s.group, s.regions.map((x) => x.name)]);

  it('keeps the spec order Europe, Asia, Americas, Africa, Oceania, Middle East, Other, Unknown', () => {
    expect(groupCoverage(all, '').map((s) => s.group)).toEqual([...COVERAGE_GROUPS]);
  });

  it.each<[string, (string | string[])[][]]>([
    [
      '',
      [
        ['europe', ['Austria', 'France']],
        ['asia', ['Japan']],
        ['americas', ['Brazil', 'Canada', 'Jamaica']],
        ['africa', ['Zambia']],
        ['oceania', ['Fiji']],
        ['middleEast', ['Qatar']],
        ['other', ['Limbo']],
        ['unknown', ['Nowhere']],
      ],
    ],
    ['fra', [['europe', ['France']]]],
    ['  FRANCE ', [['europe', ['France']]]],
    ['europe', [['europe', ['Austria', 'France']]]],
    ['south america', [['americas', ['Brazil']]]],
    ['americas', [['americas', ['Brazil', 'Canada', 'Jamaica']]]],
    ['middle', [['middleEast', ['Qatar']]]],
    [
      'an',
      [
        ['europe', ['France']],
        ['asia', ['Japan']],
        ['americas', ['Canada', 'Jamaica']], // Caribbean
        ['oceania', ['Fiji']], // Oceania
        ['unknown', ['Nowhere']], // Antarctica
      ],
    ],
    ['atlantis', []],
  ])('search %j', (query, expected) => {
    expect(shape(query)).toEqual(expected);
  });

  it('matches a second name (the English one beside a translation)', () => {
    const list = [{ ...r('Japon', 'Asia'), altName: 'Japan' }];
    expect(groupCoverage(list, 'japan').map((s) => s.regions.map((x) => x.name))).toEqual([['Japon']]);
    expect(groupCoverage(list, 'japon')).toHaveLength(1);
  });

  it('matches the translated group name too', () => {
    const labels = (g: CoverageGroup) => (g === 'americas' ? 'Amériques' : g);
    expect(groupCoverage(all, 'amériques', { groupLabel: labels }).map((s) => s.group)).toEqual(['americas']);
  });

  it('sorts names in the given language', () => {
    const list = [r('Österreich', 'Europe'), r('Zypern', 'Europe'), r('Albanien', 'Europe')];
    expect(groupCoverage(list, '', { locale: 'de' })[0]!.regions.map((x) => x.name)).toEqual(['Albanien', 'Österreich', 'Zypern']);
  });
});

describe('coverageCountries', () => {
  it('leaves bundles out of the country list', () => {
    const codes = coverageCountries(REGIONS).map((x) => x.code);
    expect(codes).not.toContain('EU');
    expect(codes).not.toContain('GLOBAL');
    expect(codes).toContain('JP');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// The generator, and the CLDR names the web builds its terms from (read across the package
// boundary as data: @esim/api does not depend on @esim/i18n).
import { OUTPUT, buildAliases, loadCountries, render } from '../../scripts/search-aliases.mjs';
import { LANGUAGE_CODES } from '../../../i18n/src/languages.ts';
import { continentName, destinationNames } from '../../../i18n/src/destinations.ts';
import { COUNTRIES } from '../../../db/src/seed/countries.ts';
import { aliasesOf, indexRegions, searchRegions, type AliasTable } from '../../src/domain/search.ts';
import aliases from '../../src/domain/search-aliases.json' with { type: 'json' };

const table = aliases as AliasTable;

describe('search-aliases.json', () => {
  it('is what scripts/search-aliases.mjs makes from world-countries (run it after a data update)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(render(buildAliases(loadCountries())));
  });

  it('has the everyday names travellers type', () => {
    expect(aliasesOf(table, 'US')).toContain('USA');
    expect(aliasesOf(table, 'UK')).toContain('UK');
    expect(aliasesOf(table, 'AE')).toContain('UAE');
    expect(aliasesOf(table, 'NL')).toContain('Holland');
    expect(aliasesOf(table, 'TR')).toContain('Republic of Turkey');
  });
});

describe('search over the seeded countries, in every language', () => {
  const regions = COUNTRIES.map(([code, name, continent]) => ({ code, name, continent, kind: 'country' as const }));

  /** The terms the web's picker builds (features/catalog/region-search.ts), for one UI language. */
  const indexFor = (lang: string) =>
    indexRegions(regions, (r) => ({
      names: [...destinationNames(r, lang), ...destinationNames(r, 'en')],
      aliases: aliasesOf(table, r.code),
      otherNames: LANGUAGE_CODES.filter((l) => l !== lang && l !== 'en').flatMap((l) => destinationNames(r, l)),
      continents: [continentName(r.continent, lang), r.continent],
    }));

  const cases: [query: string, code: string][] = [
    ['USA', 'US'],
    ['UK', 'UK'],
    ['Türkiye', 'TR'],
    ['Turkey', 'TR'],
    ['UAE', 'AE'],
    ['Holland', 'NL'],
    ['اليابان', 'JP'],
    ['日本', 'JP'],
    ['japon', 'JP'],
    ['Japón', 'JP'],
    ['jp', 'JP'],
  ];

  for (const lang of LANGUAGE_CODES) {
    it(`${lang}: ${cases.map(([q]) => q).join(', ')} find their country first`, () => {
      const index = indexFor(lang);
      for (const [query, code] of cases) expect(searchRegions(index, query)[0]?.code, `${lang}: ${query}`).toBe(code);
    });
  }

  it("finds a country by its name in the UI language ('Deutschland' in German, 'Германия' in Russian)", () => {
    expect(searchRegions(indexFor('de'), 'deutschland')[0]?.code).toBe('DE');
    expect(searchRegions(indexFor('ru'), 'Германия')[0]?.code).toBe('DE');
    expect(searchRegions(indexFor('hi'), 'जर्मनी')[0]?.code).toBe('DE');
    expect(searchRegions(indexFor('zh'), '德国')[0]?.code).toBe('DE');
  });
});

import { describe, expect, it } from 'vitest';
import {
  MATCH_RANK,
  aliasesOf,
  bundlesCovering,
  editDistance,
  filterCoverage,
  filterRegions,
  foldSearchText,
  indexRegions,
  matchesCoverage,
  matchesRegion,
  searchCoverage,
  searchMatches,
  searchRegions,
  suggestBundles,
  typoBudget,
  typoDistance,
  type SearchTerms,
} from '../../src/domain/search.ts';

const japan = { name: 'Japan', code: 'JP', continent: 'Asia' };
const uk = { name: 'United Kingdom', code: 'UK', continent: 'Europe' };
const global = { name: 'Global', code: 'GLOBAL', continent: null };
const mexico = { name: 'Mexico', code: 'MX', continent: 'North America' };

describe('matchesRegion (no terms: name, code or continent, as the spec)', () => {
  it.each([
    [japan, 'jap', true],
    [japan, 'JAPAN', true],
    [japan, '  japan  ', true],
    [japan, 'jp', true], // code
    [japan, 'asi', true], // continent
    [japan, 'europe', false],
    [uk, 'kingdom', true],
    [uk, 'uk', true],
    [uk, 'gb', true], // the ISO code of the catalogue's UK
    [uk, 'eur', true],
    [global, 'glo', true],
    [global, 'asia', false], // null continent never matches
    [mexico, 'america', true],
    [japan, '', true],
    [japan, '   ', true],
    [japan, 'ja pen', false], // two typos: over the budget of a 6-character query
  ])('%o ~ %j → %s', (region, query, expected) => {
    expect(matchesRegion(region, query)).toBe(expected);
  });
});

describe('filterRegions', () => {
  const all = [japan, uk, global, mexico];
  it.each([
    ['', all],
    ['  ', all],
    ['a', [japan, global, mexico]], // 'a' in Japan, Global (names) before Mexico (its continent)
    ['EU', [uk]],
    ['x', [mexico]],
    ['zz', []],
  ])('%j', (query, expected) => {
    expect(filterRegions(all, query)).toEqual(expected);
  });

  it('returns a new array', () => {
    expect(filterRegions(all, '')).not.toBe(all);
  });

  it('ranks the code and names that start with the query first', () => {
    const ukraine = { name: 'Ukraine', code: 'UA', continent: 'Europe' };
    const belarus = { name: 'Belarus', code: 'BY', continent: 'Europe' };
    const muk = { name: 'Mukalla', code: 'ZZ', continent: 'Asia' };
    expect(filterRegions([muk, belarus, ukraine, uk], 'uk')).toEqual([uk, ukraine, muk]);
  });
});

describe('foldSearchText', () => {
  it.each([
    ['Japón', 'japon'],
    ['  CÔTE d’Ivoire ', 'cote divoire'],
    ['Royaume-Uni', 'royaume uni'],
    ['U.S.A.', 'usa'],
    ['ＪＰ', 'jp'], // full-width
    ['ألمانيا', 'المانيا'], // hamza on alef
    ['مِصْر', 'مصر'], // harakat
    ['ـاليابـان', 'اليابان'], // tatweel
    ['المملكة', 'المملكه'], // teh marbuta
    ['イギリス', 'いきりす'], // katakana → hiragana, dakuten dropped
    ['Bosnia & Herzegovina', 'bosnia herzegovina'],
  ])('%j → %j', (text, folded) => {
    expect(foldSearchText(text)).toBe(folded);
  });
});

// Terms as the web builds them: names in the UI language and English, aliases, other languages.
const JP: SearchTerms = {
  names: ['اليابان', 'Japan'],
  aliases: ['Nippon', 'Nihon', '日本'],
  otherNames: ['Japon', 'Japón', 'Japão', 'Япония', '日本', 'जापान'],
  continents: ['آسيا', 'Asia'],
};
const TR: SearchTerms = {
  names: ['تركيا', 'Turkey', 'Türkiye'],
  aliases: ['Republic of Turkey', 'Türkiye Cumhuriyeti'],
  continents: ['أوروبا'],
};
const GB: SearchTerms = { names: ['المملكة المتحدة', 'United Kingdom', 'UK'], aliases: ['Great Britain'], continents: ['أوروبا'] };
const US: SearchTerms = { names: ['الولايات المتحدة', 'United States', 'US'], aliases: ['United States of America', 'USA'] };
const AE: SearchTerms = { names: ['الإمارات العربية المتحدة', 'United Arab Emirates'], aliases: ['UAE', 'Emirates'] };
const NL: SearchTerms = { names: ['هولندا', 'Netherlands'], aliases: ['Holland', 'Nederland', 'The Netherlands'] };

describe('matchesRegion with terms (across scripts and aliases)', () => {
  const turkey = { name: 'Turkey', code: 'TR', continent: 'Europe' };
  const us = { name: 'United States', code: 'US', continent: 'North America' };
  const uae = { name: 'United Arab Emirates', code: 'AE', continent: 'Middle East' };
  const nl = { name: 'Netherlands', code: 'NL', continent: 'Europe' };
  it.each([
    [japan, JP, 'اليابان'],
    [japan, JP, 'الیابان'.replace('ی', 'ي')], // typed with another yeh
    [japan, JP, '日本'],
    [japan, JP, 'japon'],
    [japan, JP, 'Japón'],
    [japan, JP, 'JAPÃO'],
    [japan, JP, 'япония'],
    [japan, JP, 'jp'],
    [japan, JP, 'nippon'],
    [japan, JP, 'آسيا'], // continent in Arabic
    [turkey, TR, 'Türkiye'],
    [turkey, TR, 'turkiye'],
    [turkey, TR, 'Turkey'],
    [uk, GB, 'UK'],
    [uk, GB, 'great brit'],
    [uk, GB, 'المملكة'],
    [us, US, 'USA'],
    [uae, AE, 'UAE'],
    [uae, AE, 'emirates'],
    [nl, NL, 'Holland'],
    [nl, NL, 'nederland'],
  ])('%o ~ %j', (region, terms, query) => {
    expect(matchesRegion(region, query, terms)).toBe(true);
  });

  it.each([
    [japan, JP, 'korea'],
    [nl, NL, 'olan'], // aliases match from the start of a word only (and 2 typos from 'holland')
    [us, US, 'sa'],
  ])('%o !~ %j', (region, terms, query) => {
    expect(matchesRegion(region, query, terms)).toBe(false);
  });
});

describe('searchRegions / searchMatches on an index', () => {
  const turkey = { name: 'Turkey', code: 'TR', continent: 'Europe' };
  const terms = new Map<object, SearchTerms>([
    [japan, JP],
    [turkey, TR],
    [uk, GB],
  ]);
  const index = indexRegions([global, japan, turkey, uk], (r) => terms.get(r));

  it('finds across scripts and ranks', () => {
    expect(searchRegions(index, '日本')).toEqual([japan]);
    expect(searchRegions(index, 'TR')).toEqual([turkey]);
    expect(searchRegions(index, '')).toEqual([global, japan, turkey, uk]);
    expect(searchMatches(index, 'jp')).toEqual([{ region: japan, rank: MATCH_RANK.exact }]);
    expect(searchMatches(index, 'japon')).toEqual([{ region: japan, rank: MATCH_RANK.exact }]);
    expect(searchMatches(index, 'أوروبا').map((m) => [m.region, m.rank])).toEqual([
      [turkey, MATCH_RANK.continent],
      [uk, MATCH_RANK.continent],
    ]);
  });

  it('searches the coverage list on names and continents, never the code', () => {
    expect(searchCoverage(index, 'jp')).toEqual([]);
    expect(searchCoverage(index, 'japon')).toEqual([japan]);
    expect(searchCoverage(index, 'أوروبا')).toEqual([turkey, uk]);
    expect(searchCoverage(index, ' ')).toEqual([global, japan, turkey, uk]);
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

  it('matches localized names and aliases when given', () => {
    expect(matchesCoverage(uk, 'UK', GB)).toBe(true); // an everyday name, not the code
    expect(matchesCoverage(japan, 'آسيا', JP)).toBe(true);
  });

  it('filters', () => {
    expect(filterCoverage([japan, uk, mexico], 'america')).toEqual([mexico]);
    expect(filterCoverage([japan, uk, mexico], 'اليابان', (r) => (r === japan ? JP : undefined))).toEqual([japan]);
  });
});

describe('aliasesOf', () => {
  const table = { $source: 'a note', GB: ['Great Britain', 'UK'], JP: ['Nippon'] };
  it('reads the catalogue code UK as GB and skips notes', () => {
    expect(aliasesOf(table, 'UK')).toEqual(['Great Britain', 'UK']);
    expect(aliasesOf(table, 'jp')).toEqual(['Nippon']);
    expect(aliasesOf(table, '$source')).toEqual([]);
    expect(aliasesOf(undefined, 'JP')).toEqual([]);
  });
});

describe('bundle suggestions', () => {
  const portugal = { name: 'Portugal', code: 'PT', continent: 'Europe', kind: 'country', covers: [] as string[] };
  const spain = { name: 'Spain', code: 'ES', continent: 'Europe', kind: 'country', covers: [] as string[] };
  const europe = { name: 'Europe', code: 'EU', continent: 'Europe', kind: 'bundle', covers: ['FR', 'PT', 'ES'] };
  const world = { name: 'Global', code: 'GLOBAL', continent: null, kind: 'bundle', covers: ['FR', 'PT', 'ES', 'JP', 'US'] };
  const asia = { name: 'Asia', code: 'ASIA', continent: 'Asia', kind: 'bundle', covers: ['JP'] };
  const regions = [world, europe, asia, portugal, spain];

  it('lists the bundles covering a country, smallest first', () => {
    expect(bundlesCovering(regions, 'pt')).toEqual([europe, world]);
    expect(bundlesCovering(regions, 'JP')).toEqual([asia, world]);
    expect(bundlesCovering(regions, 'DE')).toEqual([]);
  });

  it("offers Europe and Global for 'Portugal'", () => {
    const index = indexRegions(regions);
    expect(suggestBundles(searchMatches(index, 'Portugal'), regions)).toEqual({ country: portugal, bundles: [europe, world] });
    expect(suggestBundles(searchMatches(index, 'pt'), regions)).toEqual({ country: portugal, bundles: [europe, world] });
  });

  it('leaves out bundles the search found itself, and suggests nothing for a continent-only match', () => {
    const index = indexRegions(regions);
    // 'europe' finds the Europe bundle by name and the two countries by their continent only.
    expect(suggestBundles(searchMatches(index, 'europe'), regions)).toBeNull();
    expect(suggestBundles(searchMatches(index, 'zz'), regions)).toBeNull();
    const onlyGlobal = suggestBundles(searchMatches(index, 'global portugal'), regions);
    expect(onlyGlobal).toBeNull();
  });
});

describe('typo tolerance', () => {
  it.each([
    ['', '', 0],
    ['japan', 'japan', 0],
    ['japn', 'japan', 1], // a letter left out
    ['tailand', 'thailand', 1],
    ['portgual', 'portugal', 1], // two neighbours swapped count as one
    ['jpaan', 'japan', 1],
    ['japon', 'japan', 1],
    ['kitten', 'sitting', 3],
    ['abc', 'ca', 3], // optimal string alignment, not unrestricted Damerau–Levenshtein (2)
  ])('editDistance(%j, %j) = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it('gives up past the budget', () => {
    expect(editDistance('afghanistan', 'japan', 1)).toBe(2);
    expect(editDistance('tailand', 'thailand', 0)).toBe(1);
  });

  it.each([
    [0, 0],
    [3, 0],
    [4, 1],
    [7, 1],
    [8, 2],
    [20, 2],
  ])('a %i-character query may carry %i typos', (length, budget) => {
    expect(typoBudget(length)).toBe(budget);
  });

  it.each([
    ['japn', 'japan', 1, 1],
    ['kingdon', 'united kingdom', 1, 1], // a word of the name
    ['tailan', 'thailand', 1, 1], // the start of the name, still being typed
    ['portgual', 'portugal', 2, 1],
    ['brasil', 'brazil', 1, 1],
    ['france', 'frankreich', 1, null],
    ['japn', 'spain', 1, null],
  ])('typoDistance(%j, %j, %i) = %s', (query, name, max, expected) => {
    expect(typoDistance(query, name, max)).toBe(expected);
  });

  const thailand = { name: 'Thailand', code: 'TH', continent: 'Asia' };
  const portugal = { name: 'Portugal', code: 'PT', continent: 'Europe' };
  const spain = { name: 'Spain', code: 'ES', continent: 'Europe' };
  const taiwan = { name: 'Taiwan', code: 'TW', continent: 'Asia' };
  const iran = { name: 'Iran', code: 'IR', continent: 'Middle East' };
  const iraq = { name: 'Iraq', code: 'IQ', continent: 'Middle East' };
  const TERMS = new Map<object, SearchTerms>([
    [japan, JP],
    [thailand, { names: ['Thaïlande', 'Thailand'], otherNames: ['Tailandia', 'Таиланд', 'タイ', 'تايلاند', 'थाईलैंड'] }],
    [portugal, { names: ['Portugal'], otherNames: ['Португалия', 'ポルトガル', 'البرتغال'] }],
    [spain, { names: ['Spain'], otherNames: ['España', 'Espagne', 'Spanien', 'Испания'] }],
  ]);
  const index = indexRegions([japan, thailand, portugal, spain, taiwan, iran, iraq, uk], (r) => TERMS.get(r));

  it.each([
    ['japn', [japan]],
    ['tailand', [thailand]],
    ['Tailandia', [thailand]], // exact in another language
    ['thialand', [thailand]],
    ['portgual', [portugal]],
    ['PORTGUAL', [portugal]],
    ['espana', [spain]], // exact after folding
    ['espnaa', [spain]],
    ['тайланд', [thailand]], // Russian, one letter off 'Таиланд'
    ['البرتقال', [portugal]], // Arabic, one letter off
    ['ポルトガレ', [portugal]], // Japanese katakana, one off (folded to hiragana)
    ['unted kingdom', [uk]],
  ])('%j finds %o', (query, expected) => {
    expect(searchRegions(index, query)).toEqual(expected);
  });

  it('ranks exact and prefix matches before typo matches', () => {
    const matches = searchMatches(index, 'iran');
    expect(matches.map((m) => [m.region.name, m.rank])).toEqual([
      ['Iran', MATCH_RANK.exact],
      ['Iraq', MATCH_RANK.typo],
    ]);
    expect(matches[1]?.typos).toBe(1);
    // Taiwan starts with 'taiw'; Thailand's Spanish name 'Tailandia' starts one letter off.
    expect(searchMatches(index, 'taiw').map((m) => [m.region.name, m.rank])).toEqual([
      ['Taiwan', MATCH_RANK.namePrefix],
      ['Thailand', MATCH_RANK.typo],
    ]);
  });

  it('orders typo matches by their number of typos', () => {
    // 'tland': 2 typos from 'thailand' and 'tailan(dia)' (budget 1 for 5 letters) → nothing;
    expect(searchRegions(index, 'tland')).toEqual([]);
    // 'mauritans': 2 typos from Mauritius, 1 from Mauritania (its start), which comes first though listed second.
    const mauritius = { name: 'Mauritius', code: 'MU', continent: 'Africa' };
    const mauritania = { name: 'Mauritania', code: 'MR', continent: 'Africa' };
    const two = indexRegions([mauritius, mauritania]);
    expect(searchMatches(two, 'mauritans').map((m) => [m.region.name, m.typos])).toEqual([
      ['Mauritania', 1],
      ['Mauritius', 2],
    ]);
    expect(searchMatches(index, 'portugall').map((m) => m.region)).toEqual([portugal]);
  });

  it('never guesses from one to three letters', () => {
    expect(searchRegions(index, 'jpn')).toEqual([]);
    expect(searchRegions(index, 'xx')).toEqual([]);
  });

  it('the coverage list falls back to typos only when nothing else matches', () => {
    expect(searchCoverage(index, 'portgual')).toEqual([portugal]);
    expect(searchCoverage(index, 'iran')).toEqual([iran]);
  });

  it('a country found by a typo still brings its covering bundles', () => {
    const europe = { name: 'Europe', code: 'EU', continent: 'Europe', kind: 'bundle', covers: ['PT', 'ES'] };
    const pt = { ...portugal, kind: 'country', covers: [] };
    const regions = [europe, pt];
    const bundleIndex = indexRegions(regions);
    expect(suggestBundles(searchMatches(bundleIndex, 'portgual'), regions)).toEqual({ country: pt, bundles: [europe] });
  });
});

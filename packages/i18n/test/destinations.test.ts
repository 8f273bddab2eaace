import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { OUTPUT, buildAreas, render } from '../scripts/cldr-areas.mjs';
// The seed is read as data (both files import only types), so this package keeps no dependency on @esim/db.
import { BUNDLES } from '../../db/src/seed/bundles.ts';
import { CONTINENTS } from '../../db/src/seed/continents.ts';
import { COUNTRIES } from '../../db/src/seed/countries.ts';
import {
  CONTINENT_AREAS,
  LANGUAGE_CODES,
  cldrRegionCode,
  cldrRegionName,
  continentName,
  destinationName,
  destinationNames,
  type DestinationRef,
} from '../src/index.ts';

const root = join(import.meta.dirname, '..', 'locales');
const destinationsFile = (lang: string) =>
  JSON.parse(readFileSync(join(root, lang, 'destinations.json'), 'utf8')) as Record<string, Record<string, string>>;

/** A `t` over the destinations namespace, as i18next answers ('destinations:a.b'; the key when missing). */
function tFor(lang: string) {
  const messages = destinationsFile(lang);
  return (key: string) => {
    const [ns, path] = key.split(':');
    if (ns !== 'destinations' || !path) return key;
    const [group, leaf] = path.split('.');
    return (group && leaf && messages[group]?.[leaf]) || key;
  };
}

const countries: DestinationRef[] = COUNTRIES.map(([code, name]) => ({ code, name, kind: 'country' }));
const bundles: DestinationRef[] = BUNDLES.map(({ code, name }) => ({ code, name, kind: 'bundle' }));
const others = LANGUAGE_CODES.filter((l) => l !== 'en');

describe('destinationName', () => {
  it('keeps the catalogue name in English', () => {
    for (const region of [...countries, ...bundles]) expect(destinationName(region, 'en')).toBe(region.name);
  });

  for (const lang of others) {
    it(`${lang}: every seeded country and bundle has a name, different from English wherever CLDR's differs`, () => {
      const t = tFor(lang);
      for (const region of [...countries, ...bundles]) {
        const name = destinationName(region, lang, t);
        expect(name.trim(), `${lang} ${region.code}`).not.toBe('');
        const subtag = cldrRegionCode(region);
        if (!subtag) continue;
        expect(cldrRegionName(subtag, lang), `CLDR names ${region.code} (${subtag})`).toBeDefined();
        // CLDR's name in this language differs from its English one (in both the long and short forms).
        const differs = (['long', 'short'] as const).every(
          (style) => cldrRegionName(subtag, lang, style) !== cldrRegionName(subtag, 'en', style),
        );
        if (differs) expect(name, `${lang} ${region.code}`).not.toBe(region.name);
      }
    });
  }

  it('maps the catalogue code UK to the United Kingdom', () => {
    expect(cldrRegionCode({ code: 'UK' })).toBe('GB');
    expect(destinationName({ code: 'UK' }, 'en')).toBe('United Kingdom');
    expect(destinationName({ code: 'UK', name: 'United Kingdom' }, 'fr')).toBe('Royaume-Uni');
    expect(destinationName({ code: 'UK' }, 'ar')).toBe('المملكة المتحدة');
    expect(destinationName({ code: 'UK' }, 'ja')).toBe('イギリス');
  });

  it.each([
    ['JP', 'ar', 'اليابان'],
    ['JP', 'ja', '日本'],
    ['JP', 'es', 'Japón'],
    ['DE', 'de', 'Deutschland'],
    ['HK', 'en', 'Hong Kong'], // short form: not 'Hong Kong SAR China'
    ['HK', 'zh', '香港'],
    ['US', 'ru', 'Соединенные Штаты'],
  ])('%s in %s is %s', (code, lang, expected) => {
    expect(destinationName({ code }, lang)).toBe(expected);
  });

  it('names bundles by their UN M.49 area, capitalised', () => {
    expect(destinationName({ code: 'EU', kind: 'bundle', name: 'Europe' }, 'de')).toBe('Europa');
    expect(destinationName({ code: 'GLOBAL', kind: 'bundle', name: 'Global' }, 'en')).toBe('Global');
    expect(destinationName({ code: 'GLOBAL', kind: 'bundle', name: 'Global' }, 'ru')).toBe('Весь мир');
    expect(destinationName({ code: 'LATAM', kind: 'bundle' }, 'es')).toBe('Latinoamérica');
    expect(destinationName({ code: 'ASIA' }, 'ja')).toBe('アジア');
  });

  it('takes names CLDR lacks from the destinations namespace, else the catalogue name', () => {
    const mena = { code: 'MENA', kind: 'bundle', name: 'Middle East & North Africa' } as const;
    expect(destinationName(mena, 'ar', tFor('ar'))).toBe('الشرق الأوسط وشمال أفريقيا');
    expect(destinationName(mena, 'ar')).toBe('Middle East & North Africa');
    expect(destinationName(mena, 'ar', (k) => k)).toBe('Middle East & North Africa'); // i18next's missing-key answer
    expect(destinationName({ code: 'MENA' }, 'fr')).toBe('Middle East & North Africa');
  });

  it('falls back to the catalogue name, then the code, for what CLDR cannot name', () => {
    expect(destinationName({ code: 'NOWHERE', kind: 'bundle', name: 'Nowhere' }, 'de')).toBe('Nowhere');
    expect(destinationName({ code: 'ZZZ' }, 'de')).toBe('ZZZ');
    expect(destinationName({ code: 'JP', name: 'Japan' }, 'not a language!')).toBe('Japan');
  });

  it('lists the long and short forms for search', () => {
    expect(destinationNames({ code: 'US' }, 'de')).toEqual(['Vereinigte Staaten', 'USA']);
    expect(destinationNames({ code: 'UK', name: 'United Kingdom' }, 'en')).toEqual(['United Kingdom', 'UK']);
    expect(destinationNames({ code: 'MM' }, 'en')).toEqual(['Myanmar', 'Myanmar (Burma)']);
  });
});

describe('the CLDR area table', () => {
  it('is what scripts/cldr-areas.mjs makes from cldr-localenames-full', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(render(buildAreas()));
  });

  it("names bundles and continents where the browser's Intl lacks the areas (Chrome's ICU data)", () => {
    const Real = Intl.DisplayNames;
    class ChromeLike extends Real {
      override of(code: string) {
        return /^\d{3}$/.test(code) && code !== '419' ? undefined : super.of(code);
      }
    }
    expect(new ChromeLike('ar', { type: 'region', fallback: 'none' }).of('150')).toBeUndefined();
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl), { DisplayNames: ChromeLike }));
    try {
      // Languages with region subtags, so no name made before the stub is reused.
      expect(destinationName({ code: 'EU', kind: 'bundle', name: 'Europe' }, 'ar-EG')).toBe('أوروبا');
      expect(destinationName({ code: 'GLOBAL', kind: 'bundle', name: 'Global' }, 'ru-RU')).toBe('Весь мир');
      expect(continentName('Asia', 'ja-JP')).toBe('アジア');
      expect(destinationName({ code: 'JP' }, 'ar-EG')).toBe('اليابان');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('continentName', () => {
  it('names every seeded continent in every language', () => {
    for (const lang of LANGUAGE_CODES) {
      const t = tFor(lang);
      for (const continent of CONTINENTS) {
        const name = continentName(continent, lang, t);
        expect(name.trim(), `${lang} ${continent}`).not.toBe('');
        const area = CONTINENT_AREAS[continent];
        if (lang !== 'en' && (!area || cldrRegionName(area, lang) !== cldrRegionName(area, 'en'))) {
          expect(name, `${lang} ${continent}`).not.toBe(continent);
        }
      }
    }
  });

  it.each([
    ['Europe', 'ar', 'أوروبا'],
    ['Asia', 'zh', '亚洲'],
    ['North America', 'fr', 'Amérique du Nord'],
    ['Middle East', 'en', 'Middle East'],
  ])('%s in %s is %s', (continent, lang, expected) => {
    expect(continentName(continent, lang)).toBe(expected);
  });

  it('takes the Middle East from the destinations namespace, and keeps unknown values', () => {
    expect(continentName('Middle East', 'ja', tFor('ja'))).toBe('中東');
    expect(continentName('Middle East', 'ja')).toBe('Middle East');
    expect(continentName('Atlantis', 'de')).toBe('Atlantis');
  });
});

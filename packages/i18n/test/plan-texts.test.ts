import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, formatDataAmount, planTexts, type PlanFacts, type PlanTextsT } from '../src/index.ts';

const root = join(import.meta.dirname, '..', 'locales');
const plansOf = (lang: string) => JSON.parse(readFileSync(join(root, lang, 'plans.json'), 'utf8')) as object;

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGE_CODES],
    ns: ['plans'],
    defaultNS: 'common',
    resources: Object.fromEntries(LANGUAGE_CODES.map((l) => [l, { plans: plansOf(l) }])),
    interpolation: { escapeValue: true },
  });
});

// The shared instance's `t`, as the server would pass it: planTexts picks the language and namespace.
const t: PlanTextsT = (key, opts) => i18n.t(key, opts) as string;

const country = (over: Partial<PlanFacts> = {}): PlanFacts => ({
  destination: 'Japan',
  kind: 'country',
  code: 'JP',
  coverage: 1,
  dataMb: 5 * 1024,
  validityDays: 30,
  ...over,
});
const europe = (over: Partial<PlanFacts> = {}): PlanFacts => ({
  destination: 'Europe',
  kind: 'bundle',
  code: 'EU',
  coverage: 35,
  dataMb: 10 * 1024,
  validityDays: 30,
  ...over,
});

const DAYS = [1, 2, 3, 5, 11, 21, 30] as const;

describe('planTexts in English', () => {
  it('composes a country plan like the stored texts, from its facts', () => {
    expect(planTexts(t, country(), 'en')).toEqual({
      name: 'Japan 5 GB – 30 days',
      description: '5 GB of high-speed data in Japan, valid for 30 days from activation.',
      features: ['4G/5G networks', 'Instant activation', 'Hotspot / tethering allowed', 'Data only (no calls or SMS)', 'Top-ups available'],
      data: '5 GB',
      validity: '30 days',
    });
  });

  it('says one day, and leaves tethering out below 3 GB', () => {
    const texts = planTexts(t, country({ dataMb: 1024, validityDays: 1 }), 'en');
    expect(texts.name).toBe('Japan 1 GB – 1 day');
    expect(texts.features).not.toContain('Hotspot / tethering allowed');
    expect(texts.features).toContain('Top-ups available');
  });

  it('formats allowances under a gigabyte and fractions', () => {
    expect(formatDataAmount(500, 'en')).toBe('500 MB');
    expect(formatDataAmount(1536, 'en')).toBe('1.5 GB');
    expect(formatDataAmount(1536, 'de')).toBe('1,5\u00a0GB');
    expect(formatDataAmount(20 * 1024, 'ru')).toBe('20 ГБ');
  });

  it('describes an unlimited plan with its fair use, and no top-ups', () => {
    const texts = planTexts(t, country({ dataMb: null, validityDays: 7 }), 'en');
    expect(texts.name).toBe('Japan Unlimited – 7 days');
    expect(texts.data).toBe('Unlimited');
    expect(texts.description).toBe(
      'Unlimited data in Japan for 7 days: full speed up to 3 GB a day, then reduced speed. Validity starts when you activate.',
    );
    expect(texts.features).toEqual([
      'Unlimited data (fair use: 3 GB/day at full speed)',
      '4G/5G networks',
      'Instant activation',
      'Hotspot / tethering allowed',
      'Data only (no calls or SMS)',
    ]);
  });

  it('names a bundle’s coverage first, and keeps at most five features', () => {
    const texts = planTexts(t, europe({ dataMb: null, validityDays: 10 }), 'en');
    expect(texts.description).toBe(
      'Unlimited data across 35 countries in Europe for 10 days: full speed up to 3 GB a day, then reduced speed. Validity starts when you activate.',
    );
    expect(texts.features).toEqual([
      'One eSIM for 35 countries',
      'Unlimited data (fair use: 3 GB/day at full speed)',
      '4G/5G networks',
      'Instant activation',
      'Hotspot / tethering allowed',
    ]);
    expect(planTexts(t, europe(), 'en').features[0]).toBe('One eSIM for 35 countries');
    expect(planTexts(t, europe({ coverage: 1 }), 'en').features[0]).toBe('One eSIM for 1 country');
  });

  it('describes the global bundle as worldwide', () => {
    const texts = planTexts(t, europe({ destination: 'World', code: 'GLOBAL', coverage: 120 }), 'en');
    expect(texts.description).toBe('10 GB of high-speed data across 120 countries worldwide, valid for 30 days from activation.');
    expect(texts.name).toBe('World 10 GB – 30 days');
  });

  it('returns plain text even when the instance escapes HTML', () => {
    const texts = planTexts(t, country({ destination: 'Bosnia & Herzegovina', code: 'BA' }), 'en');
    expect(texts.name).toBe('Bosnia & Herzegovina 5 GB – 30 days');
  });
});

describe('plurals', () => {
  it('Arabic: zero/one/two/few/many/other forms for days', () => {
    const got = DAYS.map((d) => planTexts(t, country({ destination: 'اليابان', validityDays: d }), 'ar').validity);
    expect(got).toEqual(['يوم واحد', 'يومان', '3 أيام', '5 أيام', '11 يومًا', '21 يومًا', '30 يومًا']);
    expect(planTexts(t, country({ validityDays: 100 }), 'ar').validity).toBe('100 يوم');
    expect(planTexts(t, country({ validityDays: 0 }), 'ar').validity).toBe('0 يوم');
  });

  it('Arabic: the name and description carry the agreeing form', () => {
    const texts = planTexts(t, country({ destination: 'اليابان', validityDays: 2 }), 'ar');
    expect(texts.name).toBe('اليابان 5 غ.ب – يومان');
    expect(texts.description).toContain('صالحة لمدة يومان');
  });

  it('Arabic: bundle coverage agrees with the country count', () => {
    const cover = (n: number) => planTexts(t, europe({ destination: 'أوروبا', coverage: n }), 'ar').features[0];
    expect(cover(1)).toBe('شريحة eSIM واحدة لدولة واحدة');
    expect(cover(2)).toBe('شريحة eSIM واحدة لدولتين');
    expect(cover(5)).toBe('شريحة eSIM واحدة لـ 5 دول');
    expect(cover(35)).toBe('شريحة eSIM واحدة لـ 35 دولة');
    expect(planTexts(t, europe({ destination: 'أوروبا', coverage: 3 }), 'ar').description).toContain('في 3 دول ضمن أوروبا');
  });

  it('Russian: one/few/many forms for days', () => {
    const got = DAYS.map((d) => planTexts(t, country({ destination: 'Япония', validityDays: d }), 'ru').validity);
    expect(got).toEqual(['1 день', '2 дня', '3 дня', '5 дней', '11 дней', '21 день', '30 дней']);
  });

  it('Russian: bundle coverage and the unlimited description', () => {
    const cover = (n: number) => planTexts(t, europe({ destination: 'Европа', coverage: n }), 'ru').features[0];
    expect([1, 3, 5, 11, 21, 35].map(cover)).toEqual([
      'Одна eSIM — 1 страна',
      'Одна eSIM — 3 страны',
      'Одна eSIM — 5 стран',
      'Одна eSIM — 11 стран',
      'Одна eSIM — 21 страна',
      'Одна eSIM — 35 стран',
    ]);
    const unlimited = planTexts(t, country({ destination: 'Япония', dataMb: null, validityDays: 7 }), 'ru');
    expect(unlimited.name).toBe('Япония Безлимит – 7 дней');
    expect(unlimited.description).toContain('на 7 дней');
    expect(unlimited.description).toContain('3 ГБ в день');
  });

  it('Japanese and Chinese use one form', () => {
    expect(DAYS.map((d) => planTexts(t, country({ destination: '日本', validityDays: d }), 'ja').validity)).toEqual(
      DAYS.map((d) => `${d}日間`),
    );
    expect(planTexts(t, country({ destination: '日本', validityDays: 1 }), 'zh').validity).toBe('1天');
  });
});

describe('every language', () => {
  const cases: [string, PlanFacts][] = [
    ['country', country()],
    ['country, small, one day', country({ dataMb: 1024, validityDays: 1 })],
    ['country, unlimited', country({ dataMb: null, validityDays: 7 })],
    ['bundle', europe()],
    ['bundle, unlimited', europe({ dataMb: null, validityDays: 10 })],
    ['global', europe({ code: 'GLOBAL', coverage: 120 })],
    ['global, unlimited', europe({ code: 'GLOBAL', coverage: 120, dataMb: null, validityDays: 10 })],
  ];
  const keyLike = /\b(name|validity|description\.|features\.|data\.unlimited)\b/;

  for (const lang of LANGUAGE_CODES) {
    it(`${lang}: every text is filled in, with no raw key or placeholder`, () => {
      for (const [label, facts] of cases) {
        const texts = planTexts(t, { ...facts, destination: `«${facts.destination}»` }, lang);
        const all = [texts.name, texts.description, texts.data, texts.validity, ...texts.features];
        for (const s of all) {
          expect(s.trim(), `${lang} ${label}`).not.toBe('');
          expect(s, `${lang} ${label}`).not.toContain('{{');
          expect(s, `${lang} ${label}`).not.toMatch(keyLike);
        }
        expect(texts.features.length, `${lang} ${label}`).toBeGreaterThanOrEqual(4);
        expect(texts.features.length, `${lang} ${label}`).toBeLessThanOrEqual(5);
        expect(texts.name, `${lang} ${label}`).toContain(`«${facts.destination}»`);
        if (facts.code !== 'GLOBAL') expect(texts.description, `${lang} ${label}`).toContain(`«${facts.destination}»`);
      }
    });

    if (lang !== 'en') {
      it(`${lang}: is translated (differs from English)`, () => {
        const en = planTexts(t, europe({ dataMb: null }), 'en');
        const other = planTexts(t, europe({ dataMb: null }), lang);
        expect(other.description).not.toBe(en.description);
        expect(other.features.filter((f, i) => f === en.features[i] && f !== '4G/5G networks')).toEqual([]);
      });
    }
  }
});

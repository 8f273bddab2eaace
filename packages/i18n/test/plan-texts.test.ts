import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LANGUAGE_CODES,
  formatDataAmount,
  formatSpeed,
  planTexts,
  type PlanFacts,
  type PlanTextsT,
  type ProvidedPlanFacts,
} from '../src/index.ts';

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

// What a simulator-like provider says about a plan (the seed catalogue's values).
const said: ProvidedPlanFacts = {
  operators: [
    { country: 'JP', name: 'NTT Docomo', generation: '5G' },
    { country: 'JP', name: 'SoftBank', generation: '4G' },
  ],
  hotspot: true,
  dailyCapMb: null,
  topUps: true,
  validityStarts: 'first_connection',
};

describe('planTexts in English', () => {
  it('composes a country plan from its facts and claims nothing the provider did not say', () => {
    expect(planTexts(t, country(), 'en')).toEqual({
      name: 'Japan 5 GB – 30 days',
      description: '5 GB of mobile data in Japan, valid for 30 days.',
      features: ['Instant activation', 'Data only (no calls or SMS)'],
      data: '5 GB',
      validity: '30 days',
    });
  });

  it('adds exactly what the provider said: networks, hotspot, top-ups, when validity starts', () => {
    const texts = planTexts(t, country({ provided: said }), 'en');
    expect(texts.description).toBe('5 GB of mobile data in Japan, valid for 30 days. Validity starts when you first connect.');
    expect(texts.features).toEqual([
      '5G where available',
      'Hotspot / tethering allowed',
      'Top-ups available',
      'Validity starts when you first connect',
      'Instant activation',
      'Data only (no calls or SMS)',
    ]);
    // 4G only, no hotspot, no top-ups: said as such; an IP country is named in the language.
    const other = planTexts(
      t,
      country({
        provided: { operators: [{ country: 'JP', name: 'KDDI', generation: '4G' }], hotspot: false, topUps: false, ipCountry: 'HK' },
      }),
      'en',
    );
    expect(other.features.slice(0, 4)).toEqual(['4G/LTE networks', 'No hotspot / tethering', 'No top-ups', 'IP address in Hong Kong']);
    // Operators without a generation claim no generation.
    expect(planTexts(t, country({ provided: { operators: [{ country: 'JP', name: 'KDDI' }] } }), 'en').features).toEqual([
      'Instant activation',
      'Data only (no calls or SMS)',
    ]);
  });

  it('no size rule: a large plan is not said to allow tethering, a small one not said to forbid it', () => {
    expect(planTexts(t, country({ dataMb: 50 * 1024 }), 'en').features.join()).not.toMatch(/hotspot/i);
    expect(planTexts(t, country({ dataMb: 1024, validityDays: 1 }), 'en').name).toBe('Japan 1 GB – 1 day');
  });

  it('formats allowances under a gigabyte and fractions, and speeds', () => {
    expect(formatDataAmount(500, 'en')).toBe('500 MB');
    expect(formatDataAmount(1536, 'en')).toBe('1.5 GB');
    expect(formatDataAmount(1536, 'de')).toBe('1,5\u00a0GB');
    expect(formatDataAmount(20 * 1024, 'ru')).toBe('20 ГБ');
    expect(formatSpeed(512, 'en')).toBe('512 kb/s');
    expect(formatSpeed(1024, 'en')).toBe('1 Mb/s');
  });

  it('an unlimited plan: its daily cap and the speed after it only when the provider gave them', () => {
    const plain = planTexts(t, country({ dataMb: null, validityDays: 7 }), 'en');
    expect(plain.name).toBe('Japan Unlimited – 7 days');
    expect(plain.data).toBe('Unlimited');
    expect(plain.description).toBe('Unlimited mobile data in Japan for 7 days.');
    expect(plain.features).toEqual(['Unlimited data', 'Instant activation', 'Data only (no calls or SMS)']);
    const capped = planTexts(t, country({ dataMb: null, validityDays: 7, provided: { dailyCapMb: 2048, throttledKbps: 1024 } }), 'en');
    expect(capped.description).toBe('Unlimited mobile data in Japan for 7 days. Full speed up to 2 GB a day, then 1 Mb/s.');
    expect(capped.features.slice(0, 2)).toEqual(['Unlimited data', 'Full speed up to 2 GB a day, then 1 Mb/s']);
    const noSpeed = planTexts(t, country({ dataMb: null, provided: { dailyCapMb: 3072 } }), 'en');
    expect(noSpeed.features[1]).toBe('Full speed up to 3 GB a day');
  });

  it('names a bundle’s coverage first, and keeps at most six features', () => {
    const texts = planTexts(
      t,
      europe({ dataMb: null, validityDays: 10, provided: { ...said, dailyCapMb: 2048, throttledKbps: 512, ipCountry: 'NL' } }),
      'en',
    );
    expect(texts.description).toBe(
      'Unlimited mobile data in Europe for 10 days. Full speed up to 2 GB a day, then 512 kb/s. Validity starts when you first connect.',
    );
    expect(texts.features).toEqual([
      'One eSIM for 35 countries',
      'Unlimited data',
      'Full speed up to 2 GB a day, then 512 kb/s',
      '5G where available',
      'Hotspot / tethering allowed',
      'Top-ups available',
    ]);
    expect(planTexts(t, europe(), 'en').features[0]).toBe('One eSIM for 35 countries');
    expect(planTexts(t, europe({ coverage: 1 }), 'en').features[0]).toBe('One eSIM for 1 country');
  });

  it('describes the global bundle as worldwide', () => {
    const texts = planTexts(t, europe({ destination: 'World', code: 'GLOBAL', coverage: 120 }), 'en');
    expect(texts.description).toBe('10 GB of mobile data worldwide, valid for 30 days.');
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
    expect(unlimited.description).not.toContain('в день');
    const capped = planTexts(
      t,
      country({ destination: 'Япония', dataMb: null, validityDays: 7, provided: { dailyCapMb: 2048, throttledKbps: 1024 } }),
      'ru',
    );
    expect(capped.description).toContain('Полная скорость до 2 ГБ в день, затем 1 Мбит/c.');
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
    ['country, every fact', country({ provided: { ...said, ipCountry: 'HK' } })],
    [
      'country, the opposite facts',
      country({
        provided: {
          operators: [{ country: 'JP', name: 'KDDI', generation: '4G' }],
          hotspot: false,
          topUps: false,
          validityStarts: 'installation',
        },
      }),
    ],
    ['bundle, unlimited, capped', europe({ dataMb: null, provided: { dailyCapMb: 1024, throttledKbps: 512, validityStarts: 'purchase' } })],
    ['bundle, capped, no speed', europe({ dataMb: null, provided: { dailyCapMb: 1024 } })],
  ];
  const keyLike = /\b(name|validity|summary\.|sentence|features\.|data\.unlimited)\b/;

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
        expect(texts.features.length, `${lang} ${label}`).toBeGreaterThanOrEqual(2);
        expect(texts.features.length, `${lang} ${label}`).toBeLessThanOrEqual(6);
        expect(texts.name, `${lang} ${label}`).toContain(`«${facts.destination}»`);
        if (facts.code !== 'GLOBAL') expect(texts.description, `${lang} ${label}`).toContain(`«${facts.destination}»`);
      }
    });

    if (lang !== 'en') {
      it(`${lang}: is translated (differs from English)`, () => {
        for (const provided of [
          said,
          {
            operators: [{ country: 'JP', name: 'KDDI', generation: '4G' as const }],
            hotspot: false,
            topUps: false,
            dailyCapMb: 1024,
            throttledKbps: 512,
            validityStarts: 'installation' as const,
            ipCountry: 'FR',
          },
        ]) {
          const en = planTexts(t, europe({ dataMb: null, provided }), 'en');
          const other = planTexts(t, europe({ dataMb: null, provided }), lang);
          expect(other.description).not.toBe(en.description);
          expect(other.features.filter((f, i) => f === en.features[i])).toEqual([]);
        }
      });
    }
  }
});

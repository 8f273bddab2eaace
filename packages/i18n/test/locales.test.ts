import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ENGLISH_ONLY_NAMESPACES,
  LANGUAGE_CODES,
  NAMESPACES,
  SUPPORTED_LANGUAGES,
  availableFiles,
  directionOf,
  loadNamespace,
  matchLanguage,
} from '../src/index.ts';

const root = join(import.meta.dirname, '..', 'locales');
const read = (lang: string, ns: string) => JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;

/** Every leaf as 'a.b.c' → value. */
function leaves(obj: Record<string, unknown>, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object') leaves(v as Record<string, unknown>, `${prefix}${k}.`, out);
    else out.set(`${prefix}${k}`, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** {{placeholders}} a text uses, sorted, without format options ('{{count, number}}' → 'count'). */
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('has a folder per supported language and no others', () => {
    expect(readdirSync(root).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(SUPPORTED_LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
  });

  for (const lang of LANGUAGE_CODES.filter((l) => l !== 'en')) {
    describe(lang, () => {
      for (const ns of NAMESPACES.filter((n) => !ENGLISH_ONLY_NAMESPACES.includes(n))) {
        it(`${ns}: has every English key, none empty, with the same placeholders`, () => {
          expect(existsSync(join(root, lang, `${ns}.json`)), `${lang}/${ns}.json`).toBe(true);
          const en = leaves(read('en', ns));
          const other = leaves(read(lang, ns));
          const missing = [...en.keys()].filter((k) => typeof other.get(k) !== 'string' || (other.get(k) as string).trim() === '');
          expect(missing, `${lang}/${ns} lacks or leaves empty`).toEqual([]);
          for (const [k, v] of en) {
            if (typeof v !== 'string') continue;
            // Plural forms may drop {{count}} ("one day" style wording); everything else keeps them.
            const got = placeholders(other.get(k) as string).filter((p) => !(PLURAL.test(k) && p === 'count'));
            const want = placeholders(v).filter((p) => !(PLURAL.test(k) && p === 'count'));
            expect(got, `${lang}/${ns}: ${k}`).toEqual(want);
          }
        });

        it(`${ns}: has no key English lacks (plural forms of English plurals excepted)`, () => {
          const en = leaves(read('en', ns));
          const enPluralBases = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
          const extra = [...leaves(read(lang, ns)).keys()].filter(
            (k) => !en.has(k) && !(PLURAL.test(k) && enPluralBases.has(k.replace(PLURAL, ''))),
          );
          expect(extra, `${lang}/${ns} has keys English lacks`).toEqual([]);
        });
      }
      for (const ns of ENGLISH_ONLY_NAMESPACES) {
        it(`${ns}: is English-only, so has no file (English is the fallback)`, () => {
          expect(existsSync(join(root, lang, `${ns}.json`)), `${lang}/${ns}.json`).toBe(false);
        });
      }
    });
  }

  it('English has no empty strings', () => {
    for (const ns of NAMESPACES) {
      const walk = (o: Record<string, unknown>) =>
        Object.values(o).forEach((v) => (typeof v === 'string' ? expect(v.trim()).not.toBe('') : walk(v as Record<string, unknown>)));
      walk(read('en', ns));
    }
  });
});

describe('loadNamespace', () => {
  it('lists every file through the glob', () => {
    expect(availableFiles()).toContain('en/common');
    expect(availableFiles()).toHaveLength(
      LANGUAGE_CODES.length * (NAMESPACES.length - ENGLISH_ONLY_NAMESPACES.length) + ENGLISH_ONLY_NAMESPACES.length,
    );
  });
  it('loads English and resolves a missing file to {}', async () => {
    expect(await loadNamespace('en', 'common')).toMatchObject({ nav: { plans: 'Plans' } });
    expect(await loadNamespace('xx', 'common')).toEqual({});
  });
});

describe('languages', () => {
  it('matches browser preferences to a supported language', () => {
    expect(matchLanguage(['pt-BR', 'en'])).toBe('pt');
    expect(matchLanguage(['nl-NL', 'zh_CN'])).toBe('zh');
    expect(matchLanguage(['nl'])).toBeNull();
  });
  it('is right-to-left only for Arabic', () => {
    expect(LANGUAGE_CODES.filter((l) => directionOf(l) === 'rtl')).toEqual(['ar']);
  });
});

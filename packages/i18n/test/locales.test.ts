import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, NAMESPACES, SUPPORTED_LANGUAGES, availableFiles, directionOf, loadNamespace, matchLanguage } from '../src/index.ts';

const root = join(import.meta.dirname, '..', 'locales');
const read = (lang: string, ns: string) => JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')) as Record<string, unknown>;

/** 'a.b.c' paths of every leaf, with plural suffixes folded ('day_one' → 'day'). */
function leafPaths(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leafPaths(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('locale files', () => {
  it('has a folder per supported language and no others', () => {
    expect(readdirSync(root).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(SUPPORTED_LANGUAGES.map((l) => l.code)).toEqual([...LANGUAGE_CODES]);
  });

  for (const lang of LANGUAGE_CODES) {
    it(`${lang}: every namespace file exists and only uses keys English has`, () => {
      for (const ns of NAMESPACES) {
        expect(existsSync(join(root, lang, `${ns}.json`)), `${lang}/${ns}.json`).toBe(true);
        const en = new Set(leafPaths(read('en', ns)));
        for (const key of leafPaths(read(lang, ns))) expect(en.has(key), `${lang}/${ns}: ${key}`).toBe(true);
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
    expect(availableFiles()).toHaveLength(LANGUAGE_CODES.length * NAMESPACES.length);
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

// The per-language URL scheme and the router's rewrite: English at '/', the nine others under
// '/<lang>/…'; unknown prefixes and the API are left alone.
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@esim/i18n';
import { PREFIXED_LANGUAGES, languageOfHref, localizeHref, localizePath, splitLocalePath } from './locale-path.ts';
import { languageRewrite } from '../router.tsx';

const input = (href: string) => {
  const url = new URL(href, 'http://shop.test');
  const out = languageRewrite('en').input!({ url });
  const u = out instanceof URL ? out : new URL(String(out));
  return u.pathname + u.search + u.hash;
};
const output = (href: string, current: string) => {
  const url = new URL(href, 'http://shop.test');
  const out = languageRewrite(splitLocalePath(current).language).output!({ url });
  const u = out instanceof URL ? out : new URL(String(out));
  return u.pathname + u.search + u.hash;
};

describe('locale paths', () => {
  it('prefixes every language but English', () => {
    expect([...PREFIXED_LANGUAGES].sort()).toEqual(LANGUAGE_CODES.filter((l) => l !== 'en').sort());
    expect(PREFIXED_LANGUAGES).toHaveLength(9);
  });

  it.each(PREFIXED_LANGUAGES)('%s: in and out again', (lang) => {
    expect(splitLocalePath(`/${lang}/coverage`)).toEqual({ language: lang, path: '/coverage', prefixed: true });
    expect(splitLocalePath(`/${lang}/`)).toEqual({ language: lang, path: '/', prefixed: true });
    expect(splitLocalePath(`/${lang}`)).toEqual({ language: lang, path: '/', prefixed: true });
    expect(localizePath('/coverage', lang)).toBe(`/${lang}/coverage`);
    expect(localizePath('/', lang)).toBe(`/${lang}/`);
    expect(localizeHref('/destinations/japan?x=1#plans', lang)).toBe(`/${lang}/destinations/japan?x=1#plans`);
    expect(languageOfHref(`/${lang}/blog/2?a=b`)).toBe(lang);
  });

  it('English lives at the root', () => {
    expect(splitLocalePath('/coverage')).toEqual({ language: 'en', path: '/coverage', prefixed: false });
    expect(localizePath('/coverage', 'en')).toBe('/coverage');
    expect(localizePath('/', 'en')).toBe('/');
    expect(languageOfHref('/?lang=ja')).toBe('en');
  });

  it('leaves unknown prefixes, English and look-alikes untouched', () => {
    for (const path of ['/en/coverage', '/xx/coverage', '/JA/', '/jap/coverage', '/japan', '/coverage/ja', '/arabic']) {
      expect(splitLocalePath(path)).toEqual({ language: 'en', path, prefixed: false });
    }
  });

  it('never prefixes the API', () => {
    for (const lang of PREFIXED_LANGUAGES) {
      expect(localizePath('/api', lang)).toBe('/api');
      expect(localizePath('/api/trpc/catalog.regions', lang)).toBe('/api/trpc/catalog.regions');
      expect(localizePath('/apis', lang)).toBe(`/${lang}/apis`);
    }
  });
});

describe("the router's rewrite", () => {
  it('input strips every prefix, whatever the page language', () => {
    for (const page of ['en', ...PREFIXED_LANGUAGES] as const) {
      for (const lang of PREFIXED_LANGUAGES) {
        const url = languageRewrite(page).input!({ url: new URL(`http://shop.test/${lang}/faq`) });
        expect(url instanceof URL ? url.pathname : url).toBe('/faq');
      }
    }
  });

  it.each(PREFIXED_LANGUAGES)('input strips /%s/', (lang) => {
    expect(input(`/${lang}/coverage?q=1#list`)).toBe('/coverage?q=1#list');
    expect(input(`/${lang}/`)).toBe('/');
    expect(input(`/${lang}`)).toBe('/');
    expect(input(`/${lang}/destinations/united-kingdom`)).toBe('/destinations/united-kingdom');
  });

  it('input leaves English and unknown prefixes as they are', () => {
    expect(input('/coverage')).toBe('/coverage');
    expect(input('/')).toBe('/');
    expect(input('/en/coverage')).toBe('/en/coverage');
    expect(input('/xx/faq')).toBe('/xx/faq');
  });

  it.each(PREFIXED_LANGUAGES)("output adds the page's prefix (%s)", (lang) => {
    expect(output('/faq', `/${lang}/coverage`)).toBe(`/${lang}/faq`);
    expect(output('/', `/${lang}/`)).toBe(`/${lang}/`);
    expect(output('/blog/3?x=1', `/${lang}`)).toBe(`/${lang}/blog/3?x=1`);
    expect(output('/api/trpc/x', `/${lang}/faq`)).toBe('/api/trpc/x');
  });

  it('output adds nothing on an English page', () => {
    expect(output('/faq', '/coverage')).toBe('/faq');
    expect(output('/', '/')).toBe('/');
    expect(output('/faq', '/xx/coverage')).toBe('/faq');
  });
});

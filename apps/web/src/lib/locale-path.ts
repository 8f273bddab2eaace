// The URL scheme of the ten languages: English at '/', the nine others under '/<lang>/…'
// ('/ja/', '/ar/coverage'). The router sees the path without its prefix (router.tsx's `rewrite`),
// so route files and links never name a language; the prefix follows the current URL's language.
// Pure and browser-safe; the server's sitemap and static pages follow the same rule.
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@esim/i18n/languages';

/** The languages that live under a prefix (every language but English). */
export const PREFIXED_LANGUAGES: readonly LanguageCode[] = LANGUAGE_CODES.filter((l) => l !== DEFAULT_LANGUAGE);

const isPrefixed = (segment: string): segment is LanguageCode => (PREFIXED_LANGUAGES as readonly string[]).includes(segment);

/** Paths the language never applies to: the API. */
const isUnprefixable = (path: string) => path === '/api' || path.startsWith('/api/');

export interface LocalePath {
  /** The URL's language: its prefix, else English. */
  language: LanguageCode;
  /** The path without the prefix ('/ja' and '/ja/' → '/'). */
  path: string;
  /** Whether the path carried a language prefix. */
  prefixed: boolean;
}

/** Split a pathname into its language and the path the routes know. Unknown prefixes stay. */
export function splitLocalePath(pathname: string): LocalePath {
  const end = pathname.indexOf('/', 1);
  const first = end === -1 ? pathname.slice(1) : pathname.slice(1, end);
  if (!isPrefixed(first)) return { language: DEFAULT_LANGUAGE, path: pathname, prefixed: false };
  return { language: first, path: end === -1 ? '/' : pathname.slice(end), prefixed: true };
}

/** A route path ('/coverage') as the URL of a language ('/de/coverage'; '/' → '/de/'). */
export function localizePath(path: string, language: LanguageCode): string {
  if (language === DEFAULT_LANGUAGE || !isPrefixed(language) || isUnprefixable(path)) return path;
  return `/${language}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The same for an href with search and hash ('/coverage?x=1#list'). */
export function localizeHref(href: string, language: LanguageCode): string {
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  return localizePath(path, language) + (cut === -1 ? '' : href.slice(cut));
}

/** The language of an href's path ('/ar/coverage?x' → 'ar'). */
export function languageOfHref(href: string): LanguageCode {
  const cut = href.search(/[?#]/);
  return splitLocalePath(cut === -1 ? href : href.slice(0, cut)).language;
}

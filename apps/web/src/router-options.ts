// The router options the shop (router.tsx) and the back office (admin/router.tsx) share: the
// language prefix, the search format and the defaults. Not in router.tsx, which imports the shop's
// route tree: the back office's bundle must not.
import { parseSearchWith, stringifySearchWith, type LocationRewrite, type RouterHistory } from '@tanstack/react-router';
import type { LanguageCode } from '@esim/i18n';
import { localizePath, splitLocalePath } from './lib/locale-path.ts';
import { NotFound } from './routes/-components/not-found.tsx';
import { RouteError } from './routes/-components/route-error.tsx';
import { PageLoader } from './components/page-loader.tsx';

/**
 * The language prefix (lib/locale-path.ts) between the address bar and the routes: '/de/coverage'
 * reaches the router as '/coverage', and every location the router builds (links, navigate,
 * redirects) gets the prefix of the page's language. A page keeps its language: choosing another
 * one loads that language's URL as a new document (goToLanguage), so no built link goes stale.
 */
export function languageRewrite(language: LanguageCode): LocationRewrite {
  return {
    input: ({ url }) => {
      const { path, prefixed } = splitLocalePath(url.pathname);
      if (prefixed) url.pathname = path;
      return url;
    },
    output: ({ url }) => {
      url.pathname = localizePath(url.pathname, language);
      return url;
    },
  };
}

/** What the shop's router and the back office's (src/admin/router.tsx) share: all but their routes. */
export function sharedRouterOptions(history: RouterHistory) {
  return {
    history,
    parseSearch,
    stringifySearch,
    rewrite: languageRewrite(splitLocalePath(history.location.pathname).language),
    defaultPreload: 'intent' as const,
    // React Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Jump, don't glide: with the stylesheet's `scroll-behavior: smooth` the default ('auto')
    // opened a page at the old scroll position and then slid it up for ~0.7 s.
    scrollRestorationBehavior: 'instant' as const,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PageLoader,
    defaultPendingMs: 400,
  };
}

/**
 * Search values as JSON (the router's default), except long digit strings: an ICCID
 * (?topUp=8999…, 19–20 digits) is beyond a JavaScript number's precision, so it stays a string,
 * and links write it bare rather than quoted.
 */
const LONG_DIGITS = /^\d{16,}$/;
const parseSearch = parseSearchWith((value) => (LONG_DIGITS.test(value) ? value : JSON.parse(value)));
// A string the parser would read back as something else is written as JSON ("…"); one that
// fails to parse is written as it is: long digit strings are made to fail, so they stay bare.
const stringifySearch = stringifySearchWith(JSON.stringify, (value: string) => {
  if (LONG_DIGITS.test(value)) throw new Error('kept as text');
  return JSON.parse(value);
});

import {
  createBrowserHistory,
  createRouter,
  parseSearchWith,
  stringifySearchWith,
  type LocationRewrite,
  type RouterHistory,
} from '@tanstack/react-router';
import type { LanguageCode } from '@esim/i18n';
import { localizePath, splitLocalePath } from './lib/locale-path.ts';
import type { RouterContext } from './lib/router-context.ts';
import { routeTree } from './routeTree.gen.ts';
import { NotFound } from './routes/-components/not-found.tsx';
import { RouteError } from './routes/-components/route-error.tsx';
import { PageLoader } from './components/page-loader.tsx';

export type { RouterContext };

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

export function createAppRouter(context: RouterContext, history: RouterHistory = createBrowserHistory()) {
  return createRouter({
    routeTree,
    context,
    history,
    parseSearch,
    stringifySearch,
    rewrite: languageRewrite(splitLocalePath(history.location.pathname).language),
    defaultPreload: 'intent',
    // React Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Jump, don't glide: with the stylesheet's `scroll-behavior: smooth` the default ('auto')
    // opened a page at the old scroll position and then slid it up for ~0.7 s.
    scrollRestorationBehavior: 'instant',
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PageLoader,
    defaultPendingMs: 400,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

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

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

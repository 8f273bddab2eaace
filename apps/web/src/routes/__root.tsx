import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { SiteLayout } from '../layout/site-layout.tsx';
import { isNotFoundMatch, ogLocaleAlternates, pageHead, tHead } from '../lib/page-meta.ts';
import { useLanguage } from '../lib/preferences/language-provider.tsx';
import type { RouterContext } from '../lib/router-context.ts';
import { NotFound } from './-components/not-found.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The defaults every page starts from (a route's head() overrides them); a path no route
  // matches, or an unknown destination, gets the not-found title and stays out of search results.
  // Its links (canonical, alternates) are left to each page's own head().
  head: ({ matches }) => ({
    meta: matches.some(isNotFoundMatch)
      ? pageHead('/', { title: tHead('common:notFound.metaTitle'), noindex: true }).meta
      : pageHead('/', { title: tHead('common:meta.defaultTitle'), raw: true }).meta,
  }),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { language } = useLanguage();
  return (
    <>
      <HeadContent />
      {ogLocaleAlternates(language).map((locale) => (
        <meta key={locale} property="og:locale:alternate" content={locale} />
      ))}
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </>
  );
}

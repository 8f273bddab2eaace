// The root route's head and layout, the same in the shop (routes/__root.tsx) and the back office
// (admin/routes/__root.tsx): two apps, one site frame.
import { HeadContent, Outlet, type AnyRouteMatch } from '@tanstack/react-router';
import { isNotFoundMatch, ogLocaleAlternates, pageHead, tHead } from '../lib/page-meta.ts';
import { useLanguage } from '../lib/preferences/language-provider.tsx';
import { SiteLayout } from './site-layout.tsx';

/**
 * The defaults every page starts from (a route's head() overrides them); a path no route
 * matches, or an unknown destination, gets the not-found title and stays out of search results.
 * Its links (canonical, alternates) are left to each page's own head().
 */
export function rootHead({ matches }: { matches: readonly Pick<AnyRouteMatch, 'status'>[] }) {
  return {
    meta: matches.some(isNotFoundMatch)
      ? pageHead('/', { title: tHead('common:notFound.metaTitle'), noindex: true }).meta
      : pageHead('/', { title: tHead('common:meta.defaultTitle'), raw: true }).meta,
  };
}

export function RootLayout() {
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

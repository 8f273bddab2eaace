import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { SiteLayout } from '../layout/site-layout.tsx';
import { adoptUrlLanguage } from '../lib/preferences/language-provider.tsx';
import type { RouterContext } from '../lib/router-context.ts';
import { NotFound } from './-components/not-found.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The URL's language ('/ja/…') is the page's language: its texts load in the loaders below.
  beforeLoad: async ({ location }) => {
    await adoptUrlLanguage(location.publicHref);
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}

import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { SiteLayout } from '../layout/site-layout.tsx';
import type { RouterContext } from '../lib/router-context.ts';
import { NotFound } from './-components/not-found.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
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

// The back office's root: the same site frame and head defaults as the shop's (layout/app-root.tsx).
import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout, rootHead } from '../../layout/app-root.tsx';
import type { RouterContext } from '../../lib/router-context.ts';
import { NotFound } from '../../routes/-components/not-found.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: rootHead,
  component: RootLayout,
  notFoundComponent: NotFound,
});

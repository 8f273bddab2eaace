import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootLayout, rootHead } from '../layout/app-root.tsx';
import type { RouterContext } from '../lib/router-context.ts';
import { NotFound } from './-components/not-found.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: rootHead,
  component: RootLayout,
  notFoundComponent: NotFound,
});

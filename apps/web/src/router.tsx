import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { RouterContext } from './lib/router-context.ts';
import { routeTree } from './routeTree.gen.ts';
import { NotFound } from './routes/-components/not-found.tsx';
import { RouteError } from './routes/-components/route-error.tsx';
import { PageLoader } from './components/page-loader.tsx';

export type { RouterContext };

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
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

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

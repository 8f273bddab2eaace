import { createBrowserHistory, createRouter, type Router, type RouterHistory } from '@tanstack/react-router';
import type { FileRouteTypes as AdminRouteTypes, RootRouteChildren as AdminRoutes } from './admin/routeTree.gen.ts';
import { isBackOfficePath, leaveForOtherApp } from './lib/back-office.ts';
import type { RouterContext } from './lib/router-context.ts';
import { sharedRouterOptions } from './router-options.ts';
import { routeTree, type FileRouteTypes as ShopRouteTypes, type RootRouteChildren as ShopRoutes } from './routeTree.gen.ts';
import type { Route as RootRoute } from './routes/__root.tsx';

export { languageRewrite } from './router-options.ts';
export type { RouterContext };

/** The shop's router. The back office (/admin…) is another app: going there loads its page. */
export function createAppRouter(context: RouterContext, history: RouterHistory = createBrowserHistory()) {
  const router = createRouter({ routeTree, context, ...sharedRouterOptions(history) });
  leaveForOtherApp(router, (pathname) => !isBackOfficePath(pathname));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Both apps' routes in one tree, for the types only: links and navigations in shared code (the
 * header, the login page) may name either app's paths, and each app's own are checked. At run
 * time each router has its own tree, and a navigation to the other app's path loads that app
 * (lib/back-office.ts).
 */
type BothRouteTypes = {
  [K in keyof ShopRouteTypes]: K extends `fileRoutesBy${string}`
    ? ShopRouteTypes[K] & AdminRouteTypes[K]
    : ShopRouteTypes[K] | AdminRouteTypes[K];
};
declare const bothRoutes: ReturnType<typeof RootRoute._addFileChildren<ShopRoutes & AdminRoutes>>;
type BothRoutesTree = ReturnType<typeof bothRoutes._addFileTypes<BothRouteTypes>>;
export type BothAppsRouter = Router<BothRoutesTree, 'never', false, RouterHistory, Record<string, unknown>>;

declare module '@tanstack/react-router' {
  interface Register {
    router: BothAppsRouter;
  }
}

import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { isBackOfficePath, leaveForOtherApp } from '../lib/back-office.ts';
import type { RouterContext } from '../lib/router-context.ts';
import { sharedRouterOptions } from '../router-options.ts';
import { routeTree } from './routeTree.gen.ts';

/**
 * The back office's router: its own route tree (src/admin/routes, generated into
 * src/admin/routeTree.gen.ts by the admin build), the shop's search format and language prefix.
 * A link to a shop page (the header, 'Back to the shop') loads the shop.
 */
export function createAdminRouter(context: RouterContext, history: RouterHistory = createBrowserHistory()) {
  const router = createRouter({ routeTree, context, ...sharedRouterOptions(history) });
  leaveForOtherApp(router, isBackOfficePath);
  return router;
}

export type AdminRouter = ReturnType<typeof createAdminRouter>;

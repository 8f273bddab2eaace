// Render a component inside every app provider and a memory router. Navigation targets render
// a 'location' probe, so tests can assert where a button led.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  useLocation,
} from '@tanstack/react-router';
import { AppProviders } from '../app-providers.tsx';
import { adoptUrlLanguage, goToLanguage } from '../lib/preferences/language-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { httpLink } from '@trpc/client';
import { createTrpc, createTrpcClient } from '../lib/trpc.ts';
import { createAdminRouter } from '../admin/router.tsx';
import { createAppRouter } from '../router.tsx';
import { TEST_TRPC_URL } from './msw.ts';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.searchStr + (location.hash ? `#${location.hash}` : '')}</div>;
}

function testClients() {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient({ url: TEST_TRPC_URL, link: httpLink });
  return { queryClient, trpcClient };
}

/** Render `ui` at '/' of a throwaway router; other paths show the location probe. */
export async function renderWithProviders(ui: ReactNode) {
  const { queryClient, trpcClient } = testClients();
  const root = createRootRoute({ component: () => <Outlet /> });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <>{ui}</> });
  const other = createRoute({ getParentRoute: () => root, path: '$', component: LocationProbe });
  const router = createRouter({
    routeTree: root.addChildren([home, other]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const result = render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} initialLanguage="en">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** Render the real shop (route tree from src/routes) at a path. */
export function renderApp(path: string) {
  return renderRealApp(createAppRouter, path);
}

/** Render the real back office (route tree from src/admin/routes) at a path. */
export function renderAdminApp(path: string) {
  return renderRealApp(createAdminRouter, path);
}

async function renderRealApp(createRouterFor: typeof createAppRouter | typeof createAdminRouter, path: string) {
  await adoptUrlLanguage(path);
  const { queryClient, trpcClient } = testClients();
  const router = createRouterFor(
    { queryClient, trpc: createTrpc(queryClient, trpcClient) },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const result = render(
    <AppProviders
      queryClient={queryClient}
      trpcClient={trpcClient}
      initialLanguage="en"
      onLanguageChange={(code) => goToLanguage(router, code)}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

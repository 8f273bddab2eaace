// Build-time pre-rendering (scripts/prerender.mjs): the real app rendered to static HTML in
// English for a few public pages, with every query still loading. The HTML goes into that page's
// index file as a shell that paints before any script runs; main.tsx renders the app beside it
// and swaps it in (shell.ts). Not part of the browser bundle.
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { DEFAULT_LANGUAGE } from '@esim/i18n';
import { AppProviders } from './app-providers.tsx';
import { initI18n } from './lib/i18n.ts';
import { renderedMeta } from './lib/page-meta.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createTrpc, type AppRouter } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';

export { shellBootScript } from './shell-boot.ts';
export { SHELL_ID } from './shell.ts';

/** Every call stays pending: the shell shows what a first visit shows before data arrives. */
const pendingLink: TRPCLink<AppRouter> = () => () => observable(() => () => undefined);

export interface RenderedPage {
  html: string;
  title: string;
  description: string;
}

let i18nReady: Promise<unknown> | undefined;

export async function render(url: string): Promise<RenderedPage> {
  await (i18nReady ??= initI18n({ lng: DEFAULT_LANGUAGE }));
  const queryClient = createQueryClient();
  const trpcClient = createTRPCClient<AppRouter>({ links: [pendingLink] });
  const router = createAppRouter(
    { queryClient, trpc: createTrpc(queryClient, trpcClient) },
    createMemoryHistory({ initialEntries: [url] }),
  );
  await router.load();
  delete renderedMeta.title;
  delete renderedMeta.description;
  const html = renderToString(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} initialLanguage={DEFAULT_LANGUAGE}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  queryClient.clear();
  return { html, title: renderedMeta.title ?? '', description: renderedMeta.description ?? '' };
}

// The back office's entry (admin.html, served at /admin and /<lang>/admin/*): the shop's
// providers, styles and start-up, with its own router and route tree (src/admin/routes), so none
// of its code or route definitions is in the shop's bundle.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from '../app-providers.tsx';
import { detectLanguage, initI18n } from '../lib/i18n.ts';
import { adoptUrlLanguage, applyDocumentLanguage, goToLanguage } from '../lib/preferences/language-provider.tsx';
import { localizePath, splitLocalePath } from '../lib/locale-path.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createTrpc, createTrpcClient } from '../lib/trpc.ts';
import { createAdminRouter } from './router.tsx';

// No top-level await: route chunks import from this module (see src/main.tsx).
async function start(): Promise<void> {
  // As in the shop: the URL's language wins; an unprefixed URL goes to the stored or the browser's.
  const url = splitLocalePath(window.location.pathname);
  let language = url.language;
  if (!url.prefixed) {
    const preferred = detectLanguage();
    if (preferred !== language) {
      language = preferred;
      const { search, hash } = window.location;
      window.history.replaceState(window.history.state, '', localizePath(url.path, language) + search + hash);
    }
  }
  applyDocumentLanguage(language);
  await initI18n({ lng: language });
  await adoptUrlLanguage(window.location.pathname);

  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const router = createAdminRouter({ queryClient, trpc: createTrpc(queryClient, trpcClient) });
  // Written into admin.html by the build (scripts/prerender.mjs), as into the shop's pages.
  const mantineStylesInHead = document.head.querySelector('style[data-mantine-styles="true"]') !== null;
  await router.load().catch(() => undefined);
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders
          queryClient={queryClient}
          trpcClient={trpcClient}
          initialLanguage={language}
          mantineStylesInHead={mantineStylesInHead}
          onLanguageChange={(code) => goToLanguage(router, code)}
        >
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();

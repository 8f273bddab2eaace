import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './app-providers.tsx';
import { adoptUrlLanguage, applyDocumentLanguage, goToLanguage } from './lib/preferences/language-provider.tsx';
import { detectLanguage, initI18n } from './lib/i18n.ts';
import { localizePath, splitLocalePath } from './lib/locale-path.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createTrpc, createTrpcClient } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';
import { revealApp } from './shell.ts';

/** Lets the browser run other tasks (input, paint) between the steps of the start-up. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// No top-level await in this module: route chunks import from it, and their dynamic imports
// would wait for its evaluation to end (router.load() below would never finish).
async function start(): Promise<void> {
  // The URL's language wins. An unprefixed (English) URL goes to the stored or the browser's
  // language instead, in place (no extra history entry): the router then reads that URL.
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
  // Header and footer texts ('common') are there at once (English is bundled).
  await initI18n({ lng: language });
  // The page's language is the stored preference from now on.
  await adoptUrlLanguage(window.location.pathname);
  await yieldToMain();

  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const router = createAppRouter({ queryClient, trpc: createTrpc(queryClient, trpcClient) });
  const container = document.getElementById('root')!;
  const mantineStylesInHead = document.head.querySelector('style[data-mantine-styles="true"]') !== null;
  revealApp(router, container);
  await yieldToMain();

  // The route's code, texts and loader first: the first render is then the whole page, in one
  // transition that React renders in small slices (a router update would render synchronously).
  await router.load().catch(() => undefined);
  startTransition(() => {
    createRoot(container).render(
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
// The installable app's service worker (lib/service-worker.ts), once the page has loaded and the
// browser is idle (Safari has no requestIdleCallback: a timer); none in `vite dev`.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => (self.requestIdleCallback ?? setTimeout)(() => void import('./lib/service-worker.ts')), { once: true });
}

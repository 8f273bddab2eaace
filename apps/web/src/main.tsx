import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './app-providers.tsx';
import { applyDocumentLanguage } from './features/preferences/language-provider.tsx';
import { detectLanguage, initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createTrpc, createTrpcClient } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';

const language = detectLanguage();
applyDocumentLanguage(language);
// Header and footer texts ('common') are loaded before the first paint; pages load their own.
await initI18n({ lng: language });

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter({ queryClient, trpc: createTrpc(queryClient, trpcClient) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} initialLanguage={language}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// Every provider the app needs, in one place so main.tsx and the component tests share it.
import { Suspense, lazy, type ReactNode } from 'react';
import { DirectionProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { directionOf, type LanguageCode } from '@esim/i18n/languages';
import { CurrencyProvider } from './lib/preferences/currency-provider.tsx';
import { LanguageProvider } from './lib/preferences/language-provider.tsx';
import { MantineRoot } from './mantine-root.tsx';
import { TRPCProvider, type TrpcClient } from './lib/trpc.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toast container loads after the first render; toasts raised earlier wait in the store.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export interface AppProvidersProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  initialLanguage: LanguageCode;
  /**
   * Mantine's CSS variables and global classes are already in the page's <head> (the build puts
   * them there, scripts/prerender.mjs): don't insert them again (a new stylesheet restyles the page).
   */
  mantineStylesInHead?: boolean;
  /** How a chosen language takes effect (the app: go to that language's URL); see LanguageProvider. */
  onLanguageChange?: (code: LanguageCode) => void;
  children: ReactNode;
}

export function AppProviders({
  queryClient,
  trpcClient,
  initialLanguage,
  mantineStylesInHead = false,
  onLanguageChange,
  children,
}: AppProvidersProps) {
  return (
    <DirectionProvider initialDirection={directionOf(initialLanguage)} detectDirection={false}>
      <MantineRoot theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver} stylesInHead={mantineStylesInHead}>
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <LanguageProvider onLanguageChange={onLanguageChange}>
              <CurrencyProvider>
                <Suspense fallback={null}>
                  <Notifications position="top-right" limit={4} zIndex={1000} />
                </Suspense>
                {children}
              </CurrencyProvider>
            </LanguageProvider>
          </TRPCProvider>
        </QueryClientProvider>
      </MantineRoot>
    </DirectionProvider>
  );
}

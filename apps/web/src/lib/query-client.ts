import { useDeferredValue } from 'react';
import { QueryClient } from '@tanstack/react-query';

/** Spec §7: no retry, no refetch on focus or interval, never stale — queries opt out per call. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
        // Without a connection a query still runs once: the service worker may answer it from
        // what it kept (an eSIM's install details, pwa.config.ts). 'online' would pause it,
        // and the page would wait for the network forever.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}

/** Per-query cache policies from spec §7 and §9. */
export const CACHE = {
  /** Plans of a region: 60 s. */
  plansStaleMs: 60_000,
  /** Exchange rates: 30 minutes, 3 retries, back-off 1 s doubling up to 30 s. */
  ratesStaleMs: 30 * 60_000,
  ratesRetries: 3,
  ratesRetryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
} as const;

/**
 * A query's data and status, deferred: when they change, React re-renders the reader in a
 * transition (in small slices) instead of in one synchronous pass. For long lists.
 */
export function useDeferredQuery<T>(query: { data: T | undefined; status: 'pending' | 'error' | 'success' }): {
  data: T | undefined;
  status: 'pending' | 'error' | 'success';
} {
  const data = useDeferredValue(query.data);
  const status = useDeferredValue(query.status);
  return { data, status };
}

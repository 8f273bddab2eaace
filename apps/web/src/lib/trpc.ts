// The typed tRPC client. Components use `useTRPC()`; route loaders use the `trpc` proxy from
// the router context. Both produce the same query keys, so loaders warm the components' cache.
import { createTRPCClient, httpBatchLink, type TRPCClient, type TRPCLink } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '@esim/api';
import { i18n } from './i18n.ts';

export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type Trpc = TRPCOptionsProxy<AppRouter>;
export type TrpcClient = TRPCClient<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Absolute, so it works the same in the browser, under happy-dom and behind the dev proxy. */
export function trpcUrl(origin = globalThis.location?.origin ?? 'http://localhost:3000'): string {
  return `${origin}/api/trpc`;
}

/**
 * Calls per batched request: the server refuses more (MAX_TRPC_BATCH_CALLS in
 * apps/server/src/middleware/trpc-limits.ts, checked equal by its test), so larger batches are split.
 */
export const TRPC_MAX_BATCH_CALLS = 20;

/** What every link gets: the URL, the transformer, the headers and the fetch with credentials. */
export interface TrpcLinkOptions {
  url: string;
  transformer: typeof superjson;
  headers: () => Record<string, string>;
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

export interface TrpcClientOptions {
  url?: string;
  /**
   * How calls travel. The app batches concurrent calls into one request (the default); tests
   * pass `httpLink` from '@trpc/client' (one request per call, what msw-trpc answers). A
   * parameter rather than a switch, so the app's bundle does not carry the link it never uses.
   */
  link?: (options: TrpcLinkOptions) => TRPCLink<AppRouter>;
}

const batchLink = (options: TrpcLinkOptions): TRPCLink<AppRouter> =>
  httpBatchLink({ ...options, maxURLLength: 2000, maxItems: TRPC_MAX_BATCH_CALLS });

export function createTrpcClient({ url = trpcUrl(), link = batchLink }: TrpcClientOptions = {}): TrpcClient {
  const options: TrpcLinkOptions = {
    url,
    transformer: superjson,
    // The server's CSRF guard wants this marker (spec §7: the request helper sends it). The
    // interface language goes with every call: the server stores it on orders and accounts and
    // writes the e-mails a call causes in it (ctx.locale).
    headers: () => ({ 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': i18n.language || 'en' }),
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: 'include' }),
  };
  return createTRPCClient<AppRouter>({ links: [link(options)] });
}

export function createTrpc(queryClient: QueryClient, client: TrpcClient): Trpc {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}

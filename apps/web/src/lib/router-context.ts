import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from './trpc.ts';

/**
 * What every route's beforeLoad/loader receives: prefetch with context.trpc.x.queryOptions().
 * Its own module so routes/__root.tsx need not import router.tsx (which imports the route tree).
 */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: Trpc;
}

// The signed-in user, from `auth.me` (null for a guest). The query runs on every page load (the
// header mounts on every page), so the session cookie is turned back into a user each time; login,
// register, profile updates and logout write the same cache entry, so every reader follows at once.
// Kept free of zod and of the forms: the header imports this into the initial bundle.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTRPC, type RouterOutputs, type Trpc } from '../../lib/trpc.ts';

export type SessionUser = NonNullable<RouterOutputs['auth']['me']>;

export type Session = { status: 'loading'; user: null } | { status: 'authenticated'; user: SessionUser } | { status: 'guest'; user: null };

export function useSession(): Session {
  const trpc = useTRPC();
  const { data, isPending } = useQuery(trpc.auth.me.queryOptions());
  if (isPending) return { status: 'loading', user: null };
  // A failed request (server unreachable) reads as a guest: the pages stay usable.
  return data ? { status: 'authenticated', user: data } : { status: 'guest', user: null };
}

/** For route guards (beforeLoad): the cached user, else ask the server once. Never throws. */
export async function ensureSession(context: { queryClient: QueryClient; trpc: Trpc }): Promise<SessionUser | null> {
  try {
    return (await context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions())) ?? null;
  } catch {
    return null;
  }
}

/**
 * Routers whose queries belong to the signed-in user. Their cache is dropped when the user
 * changes (login, register, logout), so nobody sees the previous user's data. Add a router here
 * when its queries are per user.
 */
export const USER_SCOPED_ROUTERS: ReadonlySet<string> = new Set([
  'orders',
  'esims',
  'users',
  'rewards',
  'subscriptions',
  'payments',
  'tickets',
]);

export function isUserScopedKey(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return Array.isArray(path) && typeof path[0] === 'string' && USER_SCOPED_ROUTERS.has(path[0]);
}

/**
 * A new session user (or null after logout): drop the previous user's data (the query cache and
 * what the service worker kept for offline use), then store the user.
 */
export function setSessionUser(queryClient: QueryClient, trpc: Trpc, user: SessionUser | null): void {
  queryClient.removeQueries({ predicate: (q) => isUserScopedKey(q.queryKey) });
  void import('../../lib/offline-caches.ts').then((m) => m.clearUserDataCaches());
  queryClient.setQueryData(trpc.auth.me.queryKey(), user);
}

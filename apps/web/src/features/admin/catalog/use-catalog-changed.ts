// After any catalogue change: the admin's lists and the shop's catalogue queries (regions, plans,
// a region, a plan, rates) are refetched, so the shop in this tab shows the change at once.
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';

export function useCatalogChanged(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.admin.catalog.pathFilter()),
      queryClient.invalidateQueries(trpc.catalog.pathFilter()),
    ]);
  };
}

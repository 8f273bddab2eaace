// The eSIM pages ask the server once, when they open, to read eSIMs it has not heard about for a
// while from the provider (esims.refresh, a mutation: esims.list and esims.get only read). When
// something changed, the eSIM reads are fetched again; a failure changes nothing on the page.
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';

export function useEsimRefresh(iccid?: string): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useMutation(
    trpc.esims.refresh.mutationOptions({
      onSuccess: (result) => {
        if (result.refreshed > 0) void queryClient.invalidateQueries(trpc.esims.pathFilter());
      },
    }),
  );
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    refresh.mutate(iccid === undefined ? undefined : { iccid });
  });
}

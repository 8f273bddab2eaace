// Logout (spec §7): ends the session on the server, then the site goes home as a guest and the
// previous user's data leaves the cache. 'Logout failed' (§8) when the call fails.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { setSessionUser } from './session.ts';

export function useLogout() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation(trpc.auth.logout.mutationOptions());
  const logout = (onDone?: () => void) =>
    mutation.mutate(undefined, {
      onSuccess: async () => {
        onDone?.();
        // Leave a guarded page first, so its guard doesn't send the visitor to /login.
        await navigate({ to: '/' });
        setSessionUser(queryClient, trpc, null);
      },
      onError: () => {
        toast({ title: t('account.logoutFailed'), description: t('account.logoutFailedDescription'), variant: 'destructive' });
      },
    });
  return { logout, isPending: mutation.isPending };
}

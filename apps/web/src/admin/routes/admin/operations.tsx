import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_STALE_MS } from '../../../features/admin/admin-query.ts';
import { OperationsPage } from '../../../features/admin/operations/operations-page.tsx';
import { i18n, loadNamespaces } from '../../../lib/i18n.ts';

export const Route = createFileRoute('/admin/operations')({
  loader: async ({ context }) => {
    await loadNamespaces('admin');
    if (context.isAdmin) {
      await context.queryClient
        .ensureQueryData({ ...context.trpc.admin.operations.jobs.queryOptions(), staleTime: ADMIN_STALE_MS })
        // The page shows the error in words, with 'Try again'.
        .catch(() => undefined);
    }
    return { adminTitle: i18n.t('admin:operations.title') };
  },
  component: OperationsPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../features/admin/dashboard/dashboard-page.tsx';
import { ADMIN_STALE_MS } from '../../../features/admin/admin-query.ts';
import { i18n, loadNamespaces } from '../../../lib/i18n.ts';

// /admin?range=today|30d (7 days without it).
export const Route = createFileRoute('/admin/')({
  validateSearch: (search: Record<string, unknown>): { range?: 'today' | '30d' } =>
    search.range === 'today' || search.range === '30d' ? { range: search.range } : {},
  loaderDeps: ({ search }) => ({ range: search.range ?? ('7d' as const) }),
  loader: async ({ context, deps }) => {
    await loadNamespaces('admin');
    if (context.isAdmin) {
      await context.queryClient
        .ensureQueryData({ ...context.trpc.admin.dashboard.summary.queryOptions({ range: deps.range }), staleTime: ADMIN_STALE_MS })
        // The page shows the error (in words, with 'Try again').
        .catch(() => undefined);
    }
    return { adminTitle: i18n.t('admin:dashboard.title') };
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { range = '7d' } = Route.useSearch();
  return <DashboardPage range={range} />;
}

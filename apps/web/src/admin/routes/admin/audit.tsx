import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_STALE_MS } from '../../../features/admin/admin-query.ts';
import { textSearch } from '../../../features/admin/admin-search.ts';
import { AuditPage } from '../../../features/admin/audit/audit-page.tsx';
import { auditListInput } from '../../../features/admin/audit/audit-search.ts';
import { i18n, loadNamespaces } from '../../../lib/i18n.ts';

// /admin/audit?action=…&entity=…&entityId=…&actor=…&from=…&to=…&page=…
export const Route = createFileRoute('/admin/audit')({
  validateSearch: textSearch(['action', 'entity', 'entityId', 'actor', 'from', 'to']),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadNamespaces('admin');
    const parsed = auditListInput(deps);
    if (context.isAdmin && parsed.ok) {
      await context.queryClient
        .ensureQueryData({ ...context.trpc.admin.audit.list.queryOptions(parsed.input), staleTime: ADMIN_STALE_MS })
        // The page shows the error beside its field or in an alert.
        .catch(() => undefined);
    }
    return { adminTitle: i18n.t('admin:audit.title') };
  },
  component: AuditRoute,
});

function AuditRoute() {
  return <AuditPage search={Route.useSearch()} />;
}

// /admin/rates: the exchange rates in force, edited in place; the time, source and admin of the
// last change of each.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RatesTable } from '../../../features/admin/rates/rates-table.tsx';
import { AdminPage, ApiErrorAlert } from '../../../features/admin/ui/index.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { tHead } from '../../../lib/page-meta.ts';
import { useTRPC } from '../../../lib/trpc.ts';

export const Route = createFileRoute('/admin/rates')({
  loader: async ({ context }) => {
    await loadNamespaces('admin');
    if (!context.isAdmin) return {};
    await context.queryClient.ensureQueryData(context.trpc.admin.rates.list.queryOptions());
    return { adminTitle: tHead('admin:rates.title') };
  },
  component: RatesPage,
});

function RatesPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const rates = useQuery(trpc.admin.rates.list.queryOptions());
  return (
    <AdminPage title={t('rates.title')} description={t('rates.description')}>
      {rates.error ? <ApiErrorAlert error={rates.error} onRetry={() => void rates.refetch()} /> : null}
      {rates.data ? <RatesTable rates={rates.data} /> : null}
    </AdminPage>
  );
}

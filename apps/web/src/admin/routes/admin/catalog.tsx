// /admin/catalog: the regions, and the plans of the region picked (?region=<id>, so a reload or
// the back button keeps it). Create, edit and hide/show both; delete a plan without orders.
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PlanFormModal } from '../../../features/admin/catalog/plan-form.tsx';
import { PlansTable } from '../../../features/admin/catalog/plans-table.tsx';
import { RegionFormModal } from '../../../features/admin/catalog/region-form.tsx';
import { RegionsTable } from '../../../features/admin/catalog/regions-table.tsx';
import type { AdminPlan, AdminRegion } from '../../../features/admin/forms/views.ts';
import { textSearch } from '../../../features/admin/admin-search.ts';
import { AdminPage, ApiErrorAlert } from '../../../features/admin/ui/index.ts';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { tHead } from '../../../lib/page-meta.ts';
import { useTRPC } from '../../../lib/trpc.ts';

/** ?region=<id>: the region whose plans are open. */
function regionIdOf(search: { region?: string }): number | undefined {
  const n = Number(search.region);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export const Route = createFileRoute('/admin/catalog')({
  // Text only here (route options are in the shop's initial bundle); the id is read in the page.
  validateSearch: textSearch<'region'>(['region']),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadNamespaces('admin');
    // A customer sees the layout's 'not allowed' page: nothing to ask the server for.
    if (!context.isAdmin) return {};
    const regionId = regionIdOf(deps);
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.admin.catalog.regions.queryOptions()),
      regionId ? context.queryClient.ensureQueryData(context.trpc.admin.catalog.plans.queryOptions({ regionId })) : null,
    ]);
    return { adminTitle: tHead('admin:catalog.title') };
  },
  component: CatalogPage,
});

type Editing<T> = { open: false } | { open: true; item: T | null };

function CatalogPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const regionId = regionIdOf(Route.useSearch());
  const navigate = Route.useNavigate();
  const regions = useQuery(trpc.admin.catalog.regions.queryOptions());
  const plans = useQuery({ ...trpc.admin.catalog.plans.queryOptions({ regionId: regionId ?? 0 }), enabled: regionId !== undefined });
  const [regionForm, setRegionForm] = useState<Editing<AdminRegion>>({ open: false });
  const [planForm, setPlanForm] = useState<Editing<AdminPlan>>({ open: false });
  const selected = regions.data?.find((r) => r.id === regionId);

  const select = (region: AdminRegion) => {
    void navigate({ search: { region: String(region.id) }, resetScroll: false }).then(() =>
      document.getElementById('region-plans')?.focus({ preventScroll: false }),
    );
  };

  return (
    <AdminPage
      title={t('catalog.title')}
      description={t('catalog.description')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRegionForm({ open: true, item: null })}>
          {t('catalog.region.new')}
        </Button>
      }
    >
      {regions.error ? <ApiErrorAlert error={regions.error} onRetry={() => void regions.refetch()} /> : null}
      {regions.data ? (
        <RegionsTable
          regions={regions.data}
          selectedId={regionId}
          onSelect={select}
          onEdit={(region) => setRegionForm({ open: true, item: region })}
        />
      ) : null}

      {regionId !== undefined ? (
        <Stack gap="sm" component="section" aria-labelledby="region-plans">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2} fz={{ base: 20, sm: 22 }} id="region-plans" tabIndex={-1}>
              {selected ? t('catalog.plans.heading', { region: selected.name, code: selected.code }) : t('catalog.plans.headingUnknown')}
            </Title>
            {selected ? (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPlanForm({ open: true, item: null })}>
                {t('catalog.plan.new')}
              </Button>
            ) : null}
          </Group>
          {regions.data && !selected ? <Text c="dimmed">{t('catalog.plans.noRegion', { id: regionId })}</Text> : null}
          {plans.error ? <ApiErrorAlert error={plans.error} onRetry={() => void plans.refetch()} /> : null}
          {selected && plans.data ? (
            <PlansTable
              regionName={selected.name}
              plans={plans.data}
              busy={plans.isFetching}
              onEdit={(plan) => setPlanForm({ open: true, item: plan })}
            />
          ) : null}
        </Stack>
      ) : (
        <Text c="dimmed">{t('catalog.plans.pick')}</Text>
      )}

      <RegionFormModal
        opened={regionForm.open}
        region={regionForm.open ? regionForm.item : null}
        onClose={() => setRegionForm({ open: false })}
      />
      {selected ? (
        <PlanFormModal
          opened={planForm.open}
          region={selected}
          plan={planForm.open ? planForm.item : null}
          onClose={() => setPlanForm({ open: false })}
        />
      ) : null}
    </AdminPage>
  );
}

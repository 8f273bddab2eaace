// The regions: name, code, continent, popular, visible, plan counts; a filter box (by name or
// code, in the page: some 250 rows), Plans (opens the region's plans below), Edit and Hide/Show.
// 25 rows a page with the back office's pager (all 250 at once made a page of some 5,000 elements:
// slow to use on a phone, and a minute of axe per audit); it opens on the page of the region picked.
import { useMemo, useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminRegion } from '../forms/views.ts';
import { errorWords } from '../ui/api-error.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';
import { Pager } from '../ui/pager.tsx';
import { Code } from '../ui/money.tsx';
import { formatCount } from '../ui/format.ts';
import { useCatalogChanged } from './use-catalog-changed.ts';

export interface RegionsTableProps {
  regions: readonly AdminRegion[];
  selectedId: number | undefined;
  onSelect: (region: AdminRegion) => void;
  onEdit: (region: AdminRegion) => void;
}

/** Rows of the regions table per page. */
export const REGIONS_PAGE_SIZE = 25;

export function filterRegions(regions: readonly AdminRegion[], query: string): readonly AdminRegion[] {
  const q = query.trim().toLowerCase();
  if (!q) return regions;
  return regions.filter((r) => r.name.toLowerCase().includes(q) || r.code.toLowerCase().includes(q));
}

export function RegionsTable({ regions, selectedId, onSelect, onEdit }: RegionsTableProps) {
  const { t } = useTranslation('admin');
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterRegions(regions, query), [regions, query]);
  const [page, setPage] = useState(() => {
    const at = regions.findIndex((r) => r.id === selectedId);
    return at < 0 ? 1 : Math.floor(at / REGIONS_PAGE_SIZE) + 1;
  });
  const lastPage = Math.max(1, Math.ceil(shown.length / REGIONS_PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const rows = shown.slice((current - 1) * REGIONS_PAGE_SIZE, current * REGIONS_PAGE_SIZE);

  const columns: DataColumn<AdminRegion>[] = [
    { key: 'name', header: t('catalog.regions.name'), cell: (r) => r.name, rowHeader: true },
    { key: 'code', header: t('catalog.regions.code'), cell: (r) => <Code>{r.code}</Code>, nowrap: true },
    { key: 'continent', header: t('catalog.regions.continent'), cell: (r) => r.continent ?? t('catalog.region.worldwide') },
    {
      key: 'kind',
      header: t('catalog.regions.kind'),
      cell: (r) => (r.kind === 'bundle' ? t('catalog.region.kindBundle') : t('catalog.region.kindCountry')),
    },
    { key: 'popular', header: t('catalog.regions.popular'), cell: (r) => (r.isPopular ? t('catalog.yes') : t('catalog.no')) },
    { key: 'visible', header: t('catalog.regions.visible'), cell: (r) => (r.visible ? t('catalog.shown') : t('catalog.hidden')) },
    {
      key: 'plans',
      header: t('catalog.regions.plans'),
      numeric: true,
      nowrap: true,
      cell: (r) => t('catalog.regions.planCount', { visible: formatCount(r.visiblePlanCount), total: formatCount(r.planCount) }),
    },
    {
      key: 'actions',
      header: t('catalog.actions'),
      cell: (r) => <RegionActions region={r} selected={r.id === selectedId} onSelect={onSelect} onEdit={onEdit} />,
    },
  ];

  return (
    <Stack gap="xs">
      <TextInput
        label={t('catalog.regions.filter')}
        description={t('catalog.regions.filterHint', { shown: formatCount(shown.length), total: formatCount(regions.length) })}
        type="search"
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <DataTable
        caption={t('catalog.regions.caption')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('catalog.regions.none')}
        minWidth={900}
        testId="regions-table"
      />
      {shown.length > REGIONS_PAGE_SIZE ? (
        <Pager page={current} pageSize={REGIONS_PAGE_SIZE} total={shown.length} onPage={setPage} />
      ) : null}
    </Stack>
  );
}

function RegionActions({
  region,
  selected,
  onSelect,
  onEdit,
}: {
  region: AdminRegion;
  selected: boolean;
  onSelect: (region: AdminRegion) => void;
  onEdit: (region: AdminRegion) => void;
}) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const changed = useCatalogChanged();
  const toggle = useMutation(trpc.admin.catalog.updateRegion.mutationOptions());
  const flip = () =>
    toggle.mutate(
      { id: region.id, patch: { visible: !region.visible } },
      {
        onSuccess: async (saved) => {
          await changed();
          toast({
            title: saved.visible
              ? t('catalog.region.shownToast', { name: saved.name })
              : t('catalog.region.hiddenToast', { name: saved.name }),
          });
        },
        onError: (error) => toast({ variant: 'destructive', title: t('catalog.notSaved'), description: errorWords(error, t).message }),
      },
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant={selected ? 'filled' : 'light'}
        aria-pressed={selected}
        aria-label={t('catalog.regions.plansOf', { name: region.name })}
        onClick={() => onSelect(region)}
      >
        {t('catalog.regions.plansButton')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={t('catalog.region.editOf', { name: region.name })}
        onClick={() => onEdit(region)}
      >
        {t('catalog.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        loading={toggle.isPending}
        aria-label={region.visible ? t('catalog.region.hideOf', { name: region.name }) : t('catalog.region.showOf', { name: region.name })}
        onClick={flip}
      >
        {region.visible ? t('catalog.hide') : t('catalog.show')}
      </Button>
    </Group>
  );
}

// The plans of one region: name, description, price (USD, the shop's money formatting), data,
// validity, features, popular, visible, orders; Edit, Hide/Show, and Delete, which only a plan
// without orders has (otherwise the button says why: hide it instead).
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminPlan } from '../forms/views.ts';
import { errorWords } from '../ui/api-error.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';
import { formatCount } from '../ui/format.ts';
import { Money } from '../ui/money.tsx';
import { useCatalogChanged } from './use-catalog-changed.ts';
import { PlanWordingModal } from './plan-wording.tsx';

export interface PlansTableProps {
  regionName: string;
  plans: readonly AdminPlan[];
  onEdit: (plan: AdminPlan) => void;
  busy?: boolean;
}

export function PlansTable({ regionName, plans, onEdit, busy }: PlansTableProps) {
  const { t } = useTranslation('admin');
  const columns: DataColumn<AdminPlan>[] = [
    {
      key: 'name',
      header: t('catalog.plans.name'),
      rowHeader: true,
      cell: (p) => (
        <Text size="sm" miw={150} maw={240} fw={500} component="span" display="block">
          {p.name}
          {p.description ? (
            <Text size="xs" c="dimmed" fw={400} lineClamp={2} component="span" display="block">
              {p.description}
            </Text>
          ) : null}
        </Text>
      ),
    },
    { key: 'price', header: t('catalog.plans.price'), numeric: true, cell: (p) => <Money minor={p.priceMinor} currency={p.currency} /> },
    {
      key: 'provider',
      header: t('catalog.plans.provider'),
      cell: (p) => <ProviderCell plan={p} plans={plans} />,
    },
    {
      key: 'cost',
      header: t('catalog.plans.cost'),
      numeric: true,
      cell: (p) =>
        p.wholesaleMinor === null || p.wholesaleCurrency === null ? (
          t('catalog.plans.noCost')
        ) : (
          <Money minor={p.wholesaleMinor} currency={p.wholesaleCurrency} />
        ),
    },
    {
      key: 'data',
      header: t('catalog.plans.data'),
      nowrap: true,
      cell: (p) =>
        p.dataMb === null ? t('catalog.plans.unlimited') : t('catalog.plans.dataMb', { amount: p.dataAmount, mb: formatCount(p.dataMb) }),
    },
    {
      key: 'validity',
      header: t('catalog.plans.validity'),
      numeric: true,
      nowrap: true,
      cell: (p) => t('catalog.plans.days', { count: p.validityDays }),
    },
    { key: 'popular', header: t('catalog.plans.popular'), cell: (p) => (p.isPopular ? t('catalog.yes') : t('catalog.no')) },
    { key: 'visible', header: t('catalog.plans.visible'), cell: (p) => (p.visible ? t('catalog.shown') : t('catalog.hidden')) },
    { key: 'orders', header: t('catalog.plans.orders'), numeric: true, cell: (p) => formatCount(p.orderCount) },
    { key: 'actions', header: t('catalog.actions'), cell: (p) => <PlanActions plan={p} onEdit={onEdit} /> },
    // Last: the longest cells; the actions stay in view at 1280 px.
    {
      key: 'features',
      header: t('catalog.plans.features'),
      cell: (p) =>
        p.features.length === 0 ? (
          t('catalog.none')
        ) : (
          <Text size="xs" component="ul" m={0} ps="md" miw={200} maw={280}>
            {p.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </Text>
        ),
    },
  ];
  return (
    <DataTable
      caption={t('catalog.plans.caption', { region: regionName })}
      columns={columns}
      rows={plans}
      rowKey={(p) => p.id}
      empty={t('catalog.plans.none')}
      minWidth={1400}
      busy={busy}
      testId="plans-table"
    />
  );
}

/** The provider and its package; with several providers, whether the plan is listed or another's alternate (issue 25). */
function ProviderCell({ plan, plans }: { plan: AdminPlan; plans: readonly AdminPlan[] }) {
  const { t } = useTranslation('admin');
  const alternates = plans.filter((x) => x.alternateOf === plan.id);
  const listedInstead = plan.alternateOf === null ? undefined : plans.find((x) => x.id === plan.alternateOf);
  return (
    <Text size="sm" component="span" display="block" miw={120}>
      {plan.provider ?? t('catalog.plans.ownPlan')}
      {plan.providerPackage ? (
        <Text size="xs" c="dimmed" component="span" display="block" ff="monospace">
          {plan.providerPackage}
        </Text>
      ) : null}
      {listedInstead ? (
        <Text size="xs" c="dimmed" component="span" display="block">
          {t('catalog.plans.alternateOf', { name: `${listedInstead.name} (${listedInstead.provider ?? t('catalog.plans.ownPlan')})` })}
        </Text>
      ) : alternates.length > 0 ? (
        <Text size="xs" c="dimmed" component="span" display="block">
          {t('catalog.plans.listed')} · {t('catalog.plans.alternates', { count: alternates.length })}:{' '}
          {alternates.map((a) => a.provider).join(', ')}
        </Text>
      ) : null}
    </Text>
  );
}

function PlanActions({ plan, onEdit }: { plan: AdminPlan; onEdit: (plan: AdminPlan) => void }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const changed = useCatalogChanged();
  const update = useMutation(trpc.admin.catalog.updatePlan.mutationOptions());
  const remove = useMutation(trpc.admin.catalog.deletePlan.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const [wording, setWording] = useState(false);
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: t('catalog.notSaved'), description: errorWords(error, t).message });

  const flip = () =>
    update.mutate(
      { id: plan.id, patch: { visible: !plan.visible } },
      {
        onSuccess: async (saved) => {
          await changed();
          toast({
            title: saved.visible ? t('catalog.plan.shownToast', { name: saved.name }) : t('catalog.plan.hiddenToast', { name: saved.name }),
          });
        },
        onError: failed,
      },
    );
  const destroy = () =>
    remove.mutate(
      { id: plan.id },
      {
        onSuccess: async () => {
          setConfirming(false);
          await changed();
          toast({ title: t('catalog.plan.deleted', { name: plan.name }) });
        },
        onError: (error) => {
          setConfirming(false);
          failed(error);
        },
      },
    );

  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" variant="default" aria-label={t('catalog.plan.editOf', { name: plan.name })} onClick={() => onEdit(plan)}>
        {t('catalog.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={t('catalog.wording.buttonOf', { name: plan.name })}
        onClick={() => setWording(true)}
      >
        {t('catalog.wording.button')}
      </Button>
      <PlanWordingModal plan={plan} opened={wording} onClose={() => setWording(false)} />
      <Button
        size="compact-sm"
        variant="default"
        loading={update.isPending}
        aria-label={plan.visible ? t('catalog.plan.hideOf', { name: plan.name }) : t('catalog.plan.showOf', { name: plan.name })}
        onClick={flip}
      >
        {plan.visible ? t('catalog.hide') : t('catalog.show')}
      </Button>
      {plan.orderCount > 0 ? (
        <Button size="compact-sm" variant="default" disabled>
          {t('catalog.plan.cannotDelete', { count: plan.orderCount })}
        </Button>
      ) : confirming ? (
        <>
          <Button
            size="compact-sm"
            color="red.8"
            loading={remove.isPending}
            aria-label={t('catalog.plan.deleteConfirmOf', { name: plan.name })}
            onClick={destroy}
          >
            {t('catalog.plan.deleteConfirm')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('catalog.cancel')}
          </Button>
        </>
      ) : (
        <Button
          size="compact-sm"
          variant="default"
          c="red.8"
          aria-label={t('catalog.plan.deleteOf', { name: plan.name })}
          onClick={() => setConfirming(true)}
        >
          {t('catalog.plan.delete')}
        </Button>
      )}
    </Group>
  );
}

// The order table: filters (in the URL, so the back button returns to them), server paging, and
// a link per row to the order's page.
import { Anchor, Badge, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_ORDER_STATUSES } from '@esim/api/domain/admin';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { ADMIN_STALE_MS } from '../admin-query.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import { DataTable, type DataColumn } from '../ui/data-table.tsx';
import { FilterBar, useFilterFields } from '../ui/filter-bar.tsx';
import { formatDateTime, formatUsdMinor } from '../ui/format.ts';
import { Code, Money } from '../ui/money.tsx';
import { StatusBadge, statusLabel } from '../ui/status-badge.tsx';
import { ORDER_FILTER_KEYS, cleanFilters, orderListInput, type OrderFilterKey, type OrderSearch } from './order-search.ts';

type Row = RouterOutputs['admin']['orders']['list']['rows'][number];

export function OrdersPage({ search }: { search: OrderSearch }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const parsed = orderListInput(search);
  const query = useQuery({
    ...trpc.admin.orders.list.queryOptions(parsed.ok ? parsed.input : { page: 1, pageSize: 25 }),
    enabled: parsed.ok,
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
  const labels: Record<string, string> = Object.fromEntries(ORDER_FILTER_KEYS.map((k) => [k, t(`orders.filters.${k}`)]));
  const go = (next: OrderSearch) => void navigate({ to: '/admin/orders', search: next });

  return (
    <AdminPage title={t('orders.title')} description={t('orders.description')}>
      <AdminList
        search={search}
        onSearch={go}
        query={query}
        fieldLabels={labels}
        invalid={parsed.ok ? {} : parsed.fields}
        filters={({ errors, busy }) => (
          <OrderFilters
            search={search}
            errors={errors}
            busy={busy}
            active={ORDER_FILTER_KEYS.some((k) => search[k] !== undefined)}
            onApply={(values) => go(cleanFilters(values))}
            onClear={() => go({})}
          />
        )}
        table={(rows, busy) => <OrderTable rows={rows} busy={busy} />}
      />
    </AdminPage>
  );
}

interface OrderFiltersProps {
  search: OrderSearch;
  errors: Partial<Record<OrderFilterKey, string>>;
  busy: boolean;
  active: boolean;
  onApply: (values: Partial<Record<OrderFilterKey, string>>) => void;
  onClear: () => void;
}

function OrderFilters({ search, errors, busy, active, onApply, onClear }: OrderFiltersProps) {
  const { t } = useTranslation('admin');
  const { values, field } = useFilterFields(search, errors, (key: OrderFilterKey) => t(`orders.filters.${key}`));
  return (
    <FilterBar label={t('common.filters.label')} onApply={() => onApply(values)} onClear={onClear} active={active} busy={busy}>
      <NativeSelect
        {...field('status')}
        data={[
          { value: '', label: t('orders.filters.anyStatus') },
          ...ADMIN_ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s, t) })),
        ]}
      />
      <TextInput {...field('orderId')} dir="ltr" autoComplete="off" />
      <TextInput {...field('email')} type="search" dir="ltr" autoComplete="off" />
      <TextInput {...field('destination')} autoComplete="off" maxLength={12} />
      <TextInput {...field('from')} type="date" dir="ltr" />
      <TextInput {...field('to')} type="date" dir="ltr" />
      <TextInput {...field('iccid')} dir="ltr" inputMode="numeric" autoComplete="off" />
      <TextInput {...field('paymentId')} dir="ltr" autoComplete="off" />
    </FilterBar>
  );
}

export function OrderTable({ rows, busy = false, caption }: { rows: readonly Row[]; busy?: boolean; caption?: string }) {
  const { t } = useTranslation('admin');
  const columns: DataColumn<Row>[] = [
    {
      key: 'order',
      header: t('orders.table.order'),
      rowHeader: true,
      nowrap: true,
      cell: (o) => (
        <Anchor renderRoot={(props) => <Link to="/admin/orders/$orderId" params={{ orderId: o.orderId }} {...props} />} fw={600} size="sm">
          <Code>{o.orderId}</Code>
        </Anchor>
      ),
    },
    { key: 'created', header: t('orders.table.created'), nowrap: true, cell: (o) => formatDateTime(o.createdAt) },
    { key: 'status', header: t('orders.table.status'), nowrap: true, cell: (o) => <StatusBadge status={o.status} /> },
    {
      key: 'customer',
      header: t('orders.table.customer'),
      nowrap: true,
      cell: (o) => (
        <Stack gap={0}>
          <Code mono={false}>{o.email}</Code>
          <Text size="xs" c="dimmed">
            {o.user ? <bdi>{o.user.username}</bdi> : t('orders.table.guest')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'plan',
      header: t('orders.table.plan'),
      minWidth: 180,
      cell: (o) => (
        <>
          <bdi>{o.planName}</bdi>
          {o.topUp ? (
            <Badge ms={6} size="sm" variant="outline" color="gray.8" tt="none">
              {t('orders.table.topUp')}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      key: 'total',
      header: t('orders.table.total'),
      numeric: true,
      cell: (o) => <Money minor={o.total.minor} currency={o.total.currency} />,
    },
    {
      key: 'usd',
      header: t('orders.table.usd'),
      numeric: true,
      nowrap: true,
      cell: (o) => <bdi dir="ltr">{formatUsdMinor(o.usdMinor)}</bdi>,
    },
    {
      key: 'payment',
      header: t('orders.table.paymentId'),
      nowrap: true,
      cell: (o) => (o.paymentId ? <Code>{o.paymentId}</Code> : t('common.none')),
    },
    { key: 'iccid', header: t('orders.table.iccid'), nowrap: true, cell: (o) => (o.iccid ? <Code>{o.iccid}</Code> : t('common.none')) },
  ];
  return (
    <DataTable
      caption={caption ?? t('orders.table.caption')}
      columns={columns}
      rows={rows}
      rowKey={(o) => o.orderId}
      empty={busy ? t('common.loading') : t('orders.table.none')}
      busy={busy}
      minWidth={1280}
      testId="orders-table"
    />
  );
}

// The owner's referrals list (issue 29), under the promo codes: each referral's status and, when
// no reward was given, why (self-referral, same card, not a first order, monthly limit, refunded…).
// admin.referrals.list is the owner's: for another role the section is not shown.
import { Badge, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { Code, DataTable, Money, formatDay, type DataColumn } from '../ui/index.ts';

type AdminReferral = RouterOutputs['admin']['referrals']['list'][number];

const COLOR: Record<AdminReferral['status'], string> = {
  pending: 'blue.9',
  credited: 'green.9',
  refused: 'red.9',
  canceled: 'gray.8',
  clawed_back: 'orange.9',
};

export function ReferralsSection() {
  const { t } = useTranslation('referrals');
  const tt = t as unknown as (key: string, opts?: Record<string, unknown>) => string;
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.admin.referrals.list.queryOptions({}), retry: false });
  if (!list.data) return null;
  const columns: DataColumn<AdminReferral>[] = [
    { key: 'referrer', header: tt('admin.table.referrer'), rowHeader: true, cell: (r) => r.referrerEmail },
    {
      key: 'order',
      header: tt('admin.table.order'),
      nowrap: true,
      cell: (r) => (r.orderId ? <Code>{r.orderId}</Code> : tt('admin.noOrder')),
    },
    {
      key: 'status',
      header: tt('admin.table.status'),
      nowrap: true,
      cell: (r) => (
        <Badge variant="light" color={COLOR[r.status]}>
          {tt(`admin.status.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'reason',
      header: tt('admin.table.reason'),
      // Issue 29: reasons added later (same_device) have their text in promo-limits.
      cell: (r) => (r.reason ? tt(`reasons.${r.reason}`, { ns: ['referrals', 'promo-limits'] }) : '—'),
    },
    {
      key: 'discount',
      header: tt('admin.table.discount'),
      numeric: true,
      nowrap: true,
      cell: (r) => <Money minor={r.discountMinor} currency={r.currency} />,
    },
    { key: 'points', header: tt('admin.table.points'), numeric: true, cell: (r) => r.points || '—' },
    {
      key: 'clawback',
      header: tt('admin.table.clawback'),
      numeric: true,
      nowrap: true,
      cell: (r) => (r.clawbackPoints || r.clawbackUnsettled ? `${r.clawbackPoints} (${r.clawbackUnsettled})` : '—'),
    },
    { key: 'created', header: tt('admin.table.created'), nowrap: true, cell: (r) => formatDay(r.createdAt) },
  ];
  return (
    <section aria-labelledby="admin-referrals-title" data-testid="admin-referrals">
      <Title order={2} fz="lg" mt="xl" mb="xs" id="admin-referrals-title">
        {tt('admin.title')}
      </Title>
      <DataTable
        caption={tt('admin.description')}
        columns={columns}
        rows={list.data}
        rowKey={(r) => String(r.id)}
        empty={tt('admin.none')}
        minWidth={900}
        testId="referrals-table"
      />
    </section>
  );
}

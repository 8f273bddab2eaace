// The dashboard: a period switch (today / 7 days / 30 days, in the URL), the figures, the daily
// chart and the top destinations. Figures are in UTC days, amounts in English formatting.
import type { ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { ADMIN_STALE_MS } from '../admin-query.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { formatCount, formatDateTime, formatUsdMinor } from '../ui/format.ts';
import { Code, Money } from '../ui/money.tsx';
import { DailyChart } from './daily-chart.tsx';

export type DashboardRange = 'today' | '7d' | '30d';
type View = RouterOutputs['admin']['dashboard']['summary'];
const RANGES: readonly DashboardRange[] = ['today', '7d', '30d'];

export function DashboardPage({ range }: { range: DashboardRange }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.admin.dashboard.summary.queryOptions({ range }),
    staleTime: ADMIN_STALE_MS,
    placeholderData: keepPreviousData,
  });
  const actions = (
    <>
      <Group gap={4} role="group" aria-label={t('dashboard.range.label')}>
        {RANGES.map((r) => (
          <Button
            key={r}
            size="sm"
            variant={r === range ? 'filled' : 'default'}
            // The router marks the current one aria-current="page" (search compared exactly).
            renderRoot={(props) => <Link to="/admin" search={r === '7d' ? {} : { range: r }} activeOptions={{ exact: true }} {...props} />}
          >
            {t(`dashboard.range.${r}`)}
          </Button>
        ))}
      </Group>
      <Button
        size="sm"
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        loading={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {t('common.refresh')}
      </Button>
    </>
  );
  return (
    <AdminPage title={t('dashboard.title')} description={t('dashboard.description')} actions={actions}>
      {query.error ? <ApiErrorAlert error={query.error} title={t('common.error.loadTitle')} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <DashboardBody view={query.data} busy={query.isPlaceholderData} />
      ) : query.isPending ? (
        <PageLoader label={t('common.loading')} />
      ) : null}
    </AdminPage>
  );
}

function Figure({ label, value, children, testId }: { label: string; value: ReactNode; children?: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.2} mt={4}>
        {value}
      </Text>
      {children ? (
        <Text size="sm" mt={4} component="div">
          {children}
        </Text>
      ) : null}
    </Paper>
  );
}

function DashboardBody({ view, busy }: { view: View; busy: boolean }) {
  const { t } = useTranslation('admin');
  const waiting = view.waiting.provisioning + view.waiting.emails;
  return (
    <Stack gap="xl" aria-busy={busy || undefined} style={busy ? { opacity: 0.6 } : undefined}>
      <Text size="sm" c="dimmed" data-testid="dashboard-window">
        {t('dashboard.window', { from: formatDateTime(view.from), to: formatDateTime(view.to) })}
      </Text>
      <section aria-label={t('dashboard.cards.label')}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
          <Figure
            label={t('dashboard.cards.revenueUsd')}
            value={<bdi dir="ltr">{formatUsdMinor(view.netRevenueUsdMinor)}</bdi>}
            testId="figure-revenue"
          >
            <span data-testid="revenue-gross">
              {t('dashboard.cards.revenueGross', {
                gross: formatUsdMinor(view.revenueUsdMinor),
                refunds: formatUsdMinor(view.refunds.usdMinor),
              })}
            </span>
            <br />
            {view.revenue.length === 0 ? (
              t('dashboard.cards.revenueNone')
            ) : (
              <>
                <span>{t('dashboard.cards.revenue')}: </span>
                {view.revenue.map((m, i) => (
                  <span key={m.currency}>
                    {i > 0 ? ' · ' : null}
                    <Money minor={m.minor} currency={m.currency} /> <Code mono={false}>{m.currency}</Code>
                  </span>
                ))}
              </>
            )}
          </Figure>
          <Figure label={t('dashboard.cards.paidOrders')} value={formatCount(view.paidOrders)} testId="figure-paid" />
          <Figure label={t('dashboard.cards.refunds')} value={formatCount(view.refunds.count)} testId="figure-refunds">
            {t('dashboard.cards.refundsDetail', { amount: formatUsdMinor(view.refunds.usdMinor) })}
          </Figure>
          <Figure label={t('dashboard.cards.newAccounts')} value={formatCount(view.newAccounts)} testId="figure-accounts" />
          <Figure label={t('dashboard.cards.waiting')} value={formatCount(waiting)} testId="figure-waiting">
            <Stack gap={4}>
              <span>
                {t('dashboard.cards.waitingDetail', {
                  provisioning: formatCount(view.waiting.provisioning),
                  provisioningFailed: formatCount(view.waiting.provisioningFailed),
                  emails: formatCount(view.waiting.emails),
                  emailsFailed: formatCount(view.waiting.emailsFailed),
                })}
              </span>
              <Anchor renderRoot={(props) => <Link to="/admin/operations" {...props} />} fw={600} size="sm">
                {t('dashboard.cards.waitingLink')}
              </Anchor>
            </Stack>
          </Figure>
        </SimpleGrid>
      </section>
      <DailyChart daily={view.daily} />
      <section aria-labelledby="top-destinations-heading">
        <Title order={2} fz="lg" id="top-destinations-heading" mb="xs">
          {t('dashboard.top.heading')}
        </Title>
        <DataTable
          caption={t('dashboard.top.heading')}
          minWidth={420}
          rows={view.topDestinations}
          rowKey={(d) => d.regionCode}
          empty={t('dashboard.top.none')}
          testId="top-destinations"
          columns={[
            {
              key: 'destination',
              header: t('dashboard.top.destination'),
              rowHeader: true,
              cell: (d) => (
                <>
                  <bdi>{d.name}</bdi>{' '}
                  <Text span c="dimmed" size="xs">
                    <Code>{d.regionCode}</Code>
                  </Text>
                </>
              ),
            },
            { key: 'orders', header: t('dashboard.top.orders'), numeric: true, cell: (d) => formatCount(d.orders) },
            {
              key: 'revenue',
              header: t('dashboard.top.revenue'),
              numeric: true,
              nowrap: true,
              cell: (d) => <bdi dir="ltr">{formatUsdMinor(d.usdMinor)}</bdi>,
            },
          ]}
        />
      </section>
    </Stack>
  );
}

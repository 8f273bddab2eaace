// /admin/customers/$userId: one customer's facts, account actions (disable/enable, admin role),
// orders (each links to its admin order page), eSIMs, points (balance, history) and the manual
// points adjustment.
import type { ReactNode } from 'react';
import { Anchor, Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, notFound } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CustomerActions } from '../../../../features/admin/customers/customer-actions.tsx';
import { RevealContact } from '../../../../features/admin/customers/reveal-contact.tsx';
import { useSession } from '../../../../features/auth/session.ts';
import { PointsAdjustForm } from '../../../../features/admin/customers/points-adjust-form.tsx';
import type { AdminCustomerDetail } from '../../../../features/admin/forms/views.ts';
import {
  AdminPage,
  ApiErrorAlert,
  Code,
  DataTable,
  Money,
  StatusBadge,
  formatCount,
  formatDateTime,
} from '../../../../features/admin/ui/index.ts';
import { loadNamespaces } from '../../../../lib/i18n.ts';
import { tHead } from '../../../../lib/page-meta.ts';
import { useTRPC } from '../../../../lib/trpc.ts';

function userIdOf(param: string): number | null {
  const n = Number(param);
  return /^\d{1,12}$/.test(param) && n > 0 ? n : null;
}

export const Route = createFileRoute('/admin/customers/$userId')({
  loader: async ({ context, params }) => {
    await loadNamespaces('admin');
    if (!context.isAdmin) return {};
    const userId = userIdOf(params.userId);
    if (userId === null) throw notFound();
    const customer = await context.queryClient.ensureQueryData(context.trpc.admin.customers.get.queryOptions({ userId }));
    return { adminTitle: tHead('admin:customers.detail.metaTitle', { username: customer.username }) };
  },
  component: CustomerPage,
});

function CustomerPage() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  // The server masks them for every role but the owner's; the points adjustment is the owner's.
  const isOwner = user?.adminRole === 'owner';
  const masked = !isOwner;
  const trpc = useTRPC();
  const { userId: param } = Route.useParams();
  const userId = userIdOf(param) ?? 0;
  const customer = useQuery(trpc.admin.customers.get.queryOptions({ userId }));
  const back = (
    <Anchor component={Link} to="/admin/customers" size="sm">
      <IconArrowLeft size={14} aria-hidden className="mirror-rtl" /> {t('customers.detail.back')}
    </Anchor>
  );
  if (customer.error) {
    return (
      <AdminPage title={t('customers.detail.errorTitle')} before={back}>
        <ApiErrorAlert error={customer.error} onRetry={() => void customer.refetch()} />
      </AdminPage>
    );
  }
  if (!customer.data) return null;
  const c = customer.data;
  return (
    <AdminPage
      before={back}
      title={<bdi>{c.username}</bdi>}
      description={c.fullName ? <bdi>{c.fullName}</bdi> : undefined}
      actions={
        c.disabled ? (
          <Badge color="red.9" variant="filled" tt="none" size="lg">
            {t('customers.status.disabled')}
          </Badge>
        ) : undefined
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={t('customers.detail.facts')}>
          <Facts customer={c} />
          {/* Support sees the e-mail and phone masked; revealing them is audited. */}
          {masked ? <RevealContact userId={c.id} /> : null}
        </Section>
        <Section title={t('customers.detail.account')}>
          <CustomerActions customer={c} />
        </Section>
      </SimpleGrid>
      <Section title={t('customers.detail.orders', { count: c.orders.length })}>
        <DataTable
          caption={t('customers.detail.ordersCaption', { username: c.username })}
          rows={c.orders}
          rowKey={(o) => o.orderId}
          empty={t('customers.detail.noOrders')}
          minWidth={760}
          columns={[
            {
              key: 'order',
              header: t('customers.detail.order'),
              rowHeader: true,
              nowrap: true,
              cell: (o) => (
                <Link to="/admin/orders/$orderId" params={{ orderId: o.orderId }}>
                  <Code>{o.orderId}</Code>
                </Link>
              ),
            },
            { key: 'created', header: t('customers.detail.created'), nowrap: true, cell: (o) => formatDateTime(o.createdAt) },
            { key: 'status', header: t('customers.detail.status'), cell: (o) => <StatusBadge status={o.status} /> },
            { key: 'plan', header: t('customers.detail.plan'), cell: (o) => o.planName },
            {
              key: 'total',
              header: t('customers.detail.total'),
              numeric: true,
              cell: (o) => <Money minor={o.total.minor} currency={o.total.currency} />,
            },
          ]}
        />
      </Section>
      <Section title={t('customers.detail.esims', { count: c.esims.length })}>
        <DataTable
          caption={t('customers.detail.esimsCaption', { username: c.username })}
          rows={c.esims}
          rowKey={(e) => e.iccid}
          empty={t('customers.detail.noEsims')}
          minWidth={820}
          columns={[
            { key: 'iccid', header: t('customers.detail.iccid'), rowHeader: true, nowrap: true, cell: (e) => <Code>{e.iccid}</Code> },
            { key: 'plan', header: t('customers.detail.plan'), cell: (e) => e.planName },
            { key: 'state', header: t('customers.detail.state'), cell: (e) => `${e.profileState} · ${e.planState}` },
            {
              key: 'usage',
              header: t('customers.detail.usage'),
              numeric: true,
              nowrap: true,
              cell: (e) =>
                e.dataTotalMb === null
                  ? t('customers.detail.usageUnlimited', { used: formatCount(e.dataUsedMb) })
                  : t('customers.detail.usageOf', { used: formatCount(e.dataUsedMb), total: formatCount(e.dataTotalMb) }),
            },
            {
              key: 'expires',
              header: t('customers.detail.expires'),
              nowrap: true,
              cell: (e) => formatDateTime(e.expiresAt) ?? t('customers.none'),
            },
            {
              key: 'order',
              header: t('customers.detail.order'),
              nowrap: true,
              cell: (e) => (
                <Link to="/admin/orders/$orderId" params={{ orderId: e.orderId }}>
                  <Code>{e.orderId}</Code>
                </Link>
              ),
            },
          ]}
        />
      </Section>
      <Section title={t('customers.points.heading')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Figure label={t('customers.points.balanceLabel')} value={formatCount(c.points.balance)} />
            <Figure label={t('customers.points.lifetime')} value={formatCount(c.points.lifetime)} />
            <Figure label={t('customers.points.level')} value={c.points.level ?? t('customers.none')} />
          </SimpleGrid>
          <DataTable
            caption={t('customers.points.history')}
            captionVisible
            rows={c.points.history}
            rowKey={(p) => p.id}
            empty={t('customers.points.noHistory')}
            minWidth={640}
            columns={[
              { key: 'when', header: t('customers.points.when'), nowrap: true, rowHeader: true, cell: (p) => formatDateTime(p.createdAt) },
              {
                key: 'amount',
                header: t('customers.points.amountColumn'),
                numeric: true,
                nowrap: true,
                cell: (p) => <bdi dir="ltr">{p.amount > 0 ? `+${formatCount(p.amount)}` : formatCount(p.amount)}</bdi>,
              },
              { key: 'source', header: t('customers.points.source'), cell: (p) => p.source },
              { key: 'description', header: t('customers.points.description'), cell: (p) => p.description ?? t('customers.none') },
              {
                key: 'order',
                header: t('customers.detail.order'),
                nowrap: true,
                cell: (p) =>
                  p.orderId ? (
                    <Link to="/admin/orders/$orderId" params={{ orderId: p.orderId }}>
                      <Code>{p.orderId}</Code>
                    </Link>
                  ) : (
                    t('customers.none')
                  ),
              },
            ]}
          />
          <Title order={3} fz="md" id="points-adjust-heading">
            {t('customers.points.adjustHeading')}
          </Title>
          {isOwner ? <PointsAdjustForm userId={c.id} username={c.username} /> : null}
        </Stack>
      </Section>
    </AdminPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Title order={2} fz={{ base: 18, sm: 20 }} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </div>
  );
}

function Facts({ customer: c }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation('admin');
  const rows: [string, ReactNode][] = [
    [t('customers.detail.username'), <bdi key="u">{c.username}</bdi>],
    [t('customers.detail.name'), c.fullName ? <bdi>{c.fullName}</bdi> : t('customers.none')],
    [t('customers.detail.email'), <Code mono={false}>{c.email}</Code>],
    [t('customers.detail.emailVerified'), c.emailVerified ? t('customers.yes') : t('customers.no')],
    [t('customers.detail.mobile'), c.mobile ? <Code mono={false}>{c.mobile}</Code> : t('customers.none')],
    [t('customers.detail.role'), c.role === 'admin' ? t('customers.role.admin') : t('customers.role.customer')],
    [
      t('customers.detail.status'),
      c.disabled ? t('customers.detail.disabledSince', { at: formatDateTime(c.disabledAt) ?? '' }) : t('customers.status.active'),
    ],
    [t('customers.detail.sessions'), formatCount(c.activeSessions)],
    [t('customers.detail.language'), c.locale],
    [t('customers.detail.joined'), formatDateTime(c.createdAt)],
  ];
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, max-content) 1fr', gap: '6px 16px', margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}

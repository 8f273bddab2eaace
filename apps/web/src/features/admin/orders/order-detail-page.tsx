// One order for the admin: its facts, payment, eSIM, e-mails, timeline and status history (the
// order_events rows: from → to, who, why, when), and the actions.
import type { ReactNode } from 'react';
import { Anchor, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
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
import { StatusBadge } from '../ui/status-badge.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderRiskPanel } from './order-risk-panel.tsx';
import classes from './order-detail.module.css';

type Detail = RouterOutputs['admin']['orders']['get'];

export function OrderDetailPage({ orderId }: { orderId: string }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.admin.orders.get.queryOptions({ orderId }), staleTime: ADMIN_STALE_MS });
  const back = (
    <Anchor renderRoot={(props) => <Link to="/admin/orders" {...props} />} size="sm" fw={600} className={classes.back}>
      <IconArrowLeft size={16} aria-hidden className={classes.mirror} />
      {t('orders.detail.back')}
    </Anchor>
  );
  return (
    <AdminPage
      title={
        <>
          {t('orders.detail.title', { orderId: '' })}
          <Code>{orderId}</Code>
        </>
      }
      before={back}
      actions={query.data ? <StatusBadge status={query.data.status} /> : null}
    >
      {query.error ? <ApiErrorAlert error={query.error} title={t('common.error.loadTitle')} onRetry={() => void query.refetch()} /> : null}
      {query.data ? <OrderDetail order={query.data} /> : query.isPending ? <PageLoader label={t('common.loading')} /> : null}
    </AdminPage>
  );
}

/** A definition list's row: term and value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{term}</dt>
      <dd>{children ?? '—'}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function OrderDetail({ order }: { order: Detail }) {
  const { t } = useTranslation('admin');
  const none = t('common.none');
  const when = (iso: string | null) => formatDateTime(iso) ?? none;
  const esim = order.esim;
  return (
    <Stack gap="md">
      <OrderActions order={order} />
      <OrderRiskPanel risk={order.risk} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Section id="order-facts" title={t('orders.detail.facts')}>
            <dl className={classes.facts}>
              <Fact term={t('orders.detail.status')}>
                <StatusBadge status={order.status} />
              </Fact>
              <Fact term={t('orders.detail.kind')}>
                {order.kind}
                {order.topUp ? ` · ${t('orders.table.topUp')}` : ''}
              </Fact>
              <Fact term={t('orders.detail.created')}>{when(order.createdAt)}</Fact>
              <Fact term={t('orders.detail.paid')}>{when(order.paidAt)}</Fact>
              <Fact term={t('orders.detail.email')}>
                <Code mono={false}>{order.email}</Code>
              </Fact>
              <Fact term={t('orders.detail.account')}>
                {order.user ? (
                  <Anchor
                    size="sm"
                    renderRoot={(props) => (
                      // The customer's page belongs to the customers section.
                      <Link to={'/admin/customers/$userId' as '/admin'} params={{ userId: String(order.user!.id) } as never} {...props} />
                    )}
                  >
                    <bdi>{order.user.username}</bdi>
                  </Anchor>
                ) : (
                  t('orders.detail.guest')
                )}
              </Fact>
              <Fact term={t('orders.detail.plan')}>
                <bdi>{order.planName}</bdi>
                <Text span size="xs" c="dimmed" display="block">
                  {t('orders.detail.planFacts', { data: order.planDataAmount, days: order.planValidityDays })}
                  {order.regionCode ? ' · ' : ''}
                  {order.regionCode ? <Code>{order.regionCode}</Code> : null}
                </Text>
              </Fact>
              <Fact term={t('orders.detail.language')}>{order.locale}</Fact>
              <Fact term={t('orders.detail.subtotal')}>
                <Money {...order.subtotal} />
              </Fact>
              {order.pointsUsed > 0 ? (
                <>
                  <Fact term={t('orders.detail.points')}>{formatCount(order.pointsUsed)}</Fact>
                  <Fact term={t('orders.detail.pointsDiscount')}>
                    <Money {...order.pointsDiscount} />
                  </Fact>
                </>
              ) : null}
              <Fact term={t('orders.detail.total')}>
                <Money {...order.total} />
              </Fact>
              <Fact term={t('orders.detail.usd')}>
                <bdi dir="ltr">{formatUsdMinor(order.usdMinor)}</bdi>
              </Fact>
              {order.refunded.minor > 0 ? (
                <Fact term={t('orders.detail.refunded')}>
                  <Money {...order.refunded} />
                </Fact>
              ) : null}
            </dl>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <Section id="order-payment" title={t('orders.detail.payment')}>
              <dl className={classes.facts}>
                <Fact term={t('orders.detail.provider')}>{order.payment.provider}</Fact>
                <Fact term={t('orders.detail.paymentId')}>{order.payment.id ? <Code>{order.payment.id}</Code> : none}</Fact>
                <Fact term={t('orders.detail.paymentStatus')}>{order.payment.status ?? t('orders.detail.paymentStatusUnknown')}</Fact>
                <Fact term={t('orders.detail.card')}>
                  {order.payment.cardLast4 ? (
                    <bdi dir="ltr">
                      {order.payment.cardBrand ?? ''} •••• {order.payment.cardLast4}
                    </bdi>
                  ) : (
                    none
                  )}
                </Fact>
              </dl>
            </Section>
            <Section id="order-esim" title={t('orders.detail.esim')}>
              {esim ? (
                <dl className={classes.facts}>
                  <Fact term={t('orders.detail.iccid')}>
                    <Code>{esim.iccid}</Code>
                  </Fact>
                  <Fact term={t('orders.detail.profileState')}>{esim.profileState}</Fact>
                  <Fact term={t('orders.detail.planState')}>{esim.planState}</Fact>
                  <Fact term={t('orders.detail.usage')}>
                    {esim.dataTotalMb === null
                      ? t('orders.detail.usageUnlimited', { used: formatCount(esim.dataUsedMb) })
                      : t('orders.detail.usageOf', { used: formatCount(esim.dataUsedMb), total: formatCount(esim.dataTotalMb) })}
                  </Fact>
                  <Fact term={t('orders.detail.activated')}>{when(esim.activatedAt)}</Fact>
                  <Fact term={t('orders.detail.expires')}>{when(esim.expiresAt)}</Fact>
                  <Fact term={t('orders.detail.smdp')}>
                    <Code>{esim.smdpAddress}</Code>
                  </Fact>
                  <Fact term={t('orders.detail.esimProvider')}>{esim.provider}</Fact>
                </dl>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('orders.detail.noEsim')}
                </Text>
              )}
              <dl className={classes.facts}>
                {order.topUpIccid ? (
                  <Fact term={t('orders.detail.topUpOf')}>
                    <Code>{order.topUpIccid}</Code>
                  </Fact>
                ) : null}
                <Fact term={t('orders.detail.provisioning')}>{formatCount(order.provisioning.attempts)}</Fact>
                {order.provisioning.lastError ? (
                  <Fact term={t('orders.detail.lastError')}>
                    <Text span size="sm" c="red.9" className={classes.error}>
                      {order.provisioning.lastError}
                    </Text>
                  </Fact>
                ) : null}
                {order.provisioning.nextAttemptAt ? (
                  <Fact term={t('orders.detail.nextAttempt')}>{when(order.provisioning.nextAttemptAt)}</Fact>
                ) : null}
              </dl>
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <Section id="order-emails" title={t('orders.detail.emails')}>
        <DataTable
          caption={t('orders.detail.emails')}
          rows={order.emails}
          rowKey={(e) => e.id}
          empty={t('orders.detail.noEmails')}
          minWidth={760}
          testId="order-emails"
          columns={[
            { key: 'kind', header: t('orders.detail.emailKind'), rowHeader: true, cell: (e) => <Code>{e.kind}</Code> },
            { key: 'to', header: t('orders.detail.emailTo'), nowrap: true, cell: (e) => <Code mono={false}>{e.to}</Code> },
            { key: 'status', nowrap: true, header: t('orders.detail.emailStatus'), cell: (e) => <StatusBadge status={e.status} /> },
            { key: 'attempts', header: t('orders.detail.attempts'), numeric: true, cell: (e) => formatCount(e.attempts) },
            { key: 'sent', header: t('orders.detail.sentAt'), nowrap: true, cell: (e) => when(e.sentAt) },
            {
              key: 'error',
              header: t('orders.detail.lastError'),
              cell: (e) => (e.lastError ? <span className={classes.error}>{e.lastError}</span> : none),
            },
          ]}
        />
      </Section>
      <Section id="order-timeline" title={t('orders.detail.timeline')}>
        {order.timeline.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('orders.detail.noTimeline')}
          </Text>
        ) : (
          <ol className={classes.timeline} data-testid="order-timeline">
            {order.timeline.map((entry, i) => (
              <li key={`${entry.kind}-${entry.at}-${i}`} className={classes.event} data-kind={entry.kind}>
                <Text size="sm" fw={700}>
                  {t(`orders.timelineKinds.${entry.kind}`)}
                  <Text span size="xs" c="dimmed" fw={400} ms={8}>
                    <time dateTime={entry.at}>{when(entry.at)}</time>
                  </Text>
                </Text>
                <Text size="sm" className={classes.error}>
                  {entry.detail}
                </Text>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section id="order-status-history" title={t('orders.detail.statusHistory')}>
        <DataTable
          caption={t('orders.detail.statusHistory')}
          rows={order.statusHistory}
          rowKey={(e) => e.id}
          empty={t('orders.detail.noStatusHistory')}
          minWidth={760}
          testId="order-status-history"
          columns={[
            {
              key: 'at',
              header: t('orders.detail.statusAt'),
              rowHeader: true,
              nowrap: true,
              cell: (e) => <time dateTime={e.at}>{when(e.at)}</time>,
            },
            {
              key: 'from',
              header: t('orders.detail.statusFrom'),
              nowrap: true,
              cell: (e) => (e.from ? <StatusBadge status={e.from} /> : t('orders.detail.statusUnknown')),
            },
            { key: 'to', header: t('orders.detail.statusTo'), nowrap: true, cell: (e) => <StatusBadge status={e.to} /> },
            { key: 'actor', header: t('orders.detail.statusActor'), nowrap: true, cell: (e) => t(`orders.detail.actors.${e.actor}`) },
            { key: 'reason', header: t('orders.detail.statusReason'), cell: (e) => e.reason },
          ]}
        />
      </Section>
    </Stack>
  );
}

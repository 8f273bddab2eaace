// Operations: the fulfilment jobs (paid orders whose eSIM is not delivered, refunds claimed and
// not finished) and the e-mail jobs that wait or failed, oldest first, each with Retry. The
// workers retry on their own; Retry runs one now. While a retry runs, the list's Retry buttons
// are disabled; its result shows in the list's live region and the lists are read again.
import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { ADMIN_STALE_MS } from '../admin-query.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { formatCount, formatDateTime } from '../ui/format.ts';
import { Code } from '../ui/money.tsx';
import { StatusBadge, statusLabel } from '../ui/status-badge.tsx';

type View = RouterOutputs['admin']['operations']['jobs'];
type Outcome = { text: string; tone: 'ok' | 'error'; error?: unknown };

function OrderLink({ orderId }: { orderId: string }) {
  return (
    <Anchor renderRoot={(props) => <Link to="/admin/orders/$orderId" params={{ orderId }} {...props} />} size="sm" fw={600}>
      <Code>{orderId}</Code>
    </Anchor>
  );
}

function Outcome({ outcome, label }: { outcome: Outcome | null; label: string }) {
  return (
    <div role="status" aria-label={label}>
      {outcome && outcome.tone === 'ok' ? <Text size="sm">{outcome.text}</Text> : null}
    </div>
  );
}

export function OperationsPage() {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.admin.operations.jobs.queryOptions(), staleTime: ADMIN_STALE_MS });
  return (
    <AdminPage
      title={t('operations.title')}
      description={t('operations.description')}
      actions={
        <Button
          size="sm"
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('common.refresh')}
        </Button>
      }
    >
      {query.error ? <ApiErrorAlert error={query.error} title={t('common.error.loadTitle')} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <Stack gap="xl">
          <ProvisioningJobs jobs={query.data.provisioning} />
          <EmailJobs jobs={query.data.emails} />
        </Stack>
      ) : query.isPending ? (
        <PageLoader label={t('common.loading')} />
      ) : null}
    </AdminPage>
  );
}

function useRefreshAfter() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.admin.operations.jobs.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.summary.queryKey() });
  };
}

function ProvisioningJobs({ jobs }: { jobs: View['provisioning'] }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshAfter();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const retry = useMutation(
    trpc.admin.orders.retryProvisioning.mutationOptions({
      onSuccess: (result) => {
        setOutcome({ text: `${result.order.orderId}: ${t(`common.outcome.${result.outcome}`)}. ${result.message}`, tone: 'ok' });
        queryClient.setQueryData(trpc.admin.orders.get.queryKey({ orderId: result.order.orderId }), result.order);
        refresh();
      },
      onError: (error) => setOutcome({ text: '', tone: 'error', error }),
    }),
  );
  return (
    <JobsSection id="ops-provisioning" heading={t('operations.provisioning.heading')} outcome={outcome}>
      <DataTable
        caption={t('operations.provisioning.heading')}
        rows={jobs}
        rowKey={(j) => j.orderId}
        empty={t('operations.provisioning.none')}
        minWidth={1000}
        testId="provisioning-jobs"
        columns={[
          {
            key: 'order',
            header: t('operations.provisioning.order'),
            rowHeader: true,
            nowrap: true,
            cell: (j) => <OrderLink orderId={j.orderId} />,
          },
          {
            key: 'status',
            nowrap: true,
            header: t('operations.provisioning.status'),
            cell: (j) => (
              <Group gap={4}>
                <StatusBadge status={j.status} />
                {j.refundPending ? (
                  <Badge color="grape.8" variant="outline" tt="none" size="sm">
                    {t('operations.provisioning.refundPending')}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          { key: 'email', header: t('operations.provisioning.email'), nowrap: true, cell: (j) => <Code mono={false}>{j.email}</Code> },
          { key: 'plan', header: t('operations.provisioning.plan'), minWidth: 160, cell: (j) => <bdi>{j.planName}</bdi> },
          { key: 'attempts', header: t('operations.provisioning.attempts'), numeric: true, cell: (j) => formatCount(j.attempts) },
          {
            key: 'error',
            header: t('operations.provisioning.lastError'),
            minWidth: 200,
            cell: (j) =>
              j.lastError ? (
                <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                  {j.lastError}
                </Text>
              ) : (
                t('common.none')
              ),
          },
          {
            key: 'next',
            header: t('operations.provisioning.nextAttempt'),
            nowrap: true,
            cell: (j) => formatDateTime(j.nextAttemptAt) ?? t('common.none'),
          },
          {
            key: 'paid',
            header: t('operations.provisioning.paid'),
            nowrap: true,
            cell: (j) => formatDateTime(j.paidAt) ?? t('common.none'),
          },
          {
            key: 'retry',
            header: t('operations.provisioning.retry'),
            cell: (j) => (
              <Button
                size="xs"
                variant="default"
                aria-label={t('operations.provisioning.retryLabel', { orderId: j.orderId })}
                loading={retry.isPending && retry.variables?.orderId === j.orderId}
                disabled={retry.isPending}
                onClick={() => {
                  setOutcome(null);
                  retry.mutate({ orderId: j.orderId });
                }}
              >
                {t('operations.provisioning.retry')}
              </Button>
            ),
          },
        ]}
      />
    </JobsSection>
  );
}

function EmailJobs({ jobs }: { jobs: View['emails'] }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const refresh = useRefreshAfter();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const retry = useMutation(
    trpc.admin.operations.retryEmail.mutationOptions({
      onSuccess: (job) => {
        setOutcome({
          text: t('operations.emails.result', { id: job.id, to: job.to, status: statusLabel(job.status, t).toLowerCase() }),
          tone: 'ok',
        });
        refresh();
      },
      onError: (error) => setOutcome({ text: '', tone: 'error', error }),
    }),
  );
  return (
    <JobsSection id="ops-emails" heading={t('operations.emails.heading')} outcome={outcome}>
      <DataTable
        caption={t('operations.emails.heading')}
        rows={jobs}
        rowKey={(j) => j.id}
        empty={t('operations.emails.none')}
        minWidth={1040}
        testId="email-jobs"
        columns={[
          { key: 'id', header: t('operations.emails.id'), rowHeader: true, numeric: true, cell: (j) => j.id },
          { key: 'order', header: t('operations.emails.order'), nowrap: true, cell: (j) => <OrderLink orderId={j.orderId} /> },
          { key: 'kind', header: t('operations.emails.kind'), cell: (j) => <Code>{j.kind}</Code> },
          { key: 'to', header: t('operations.emails.to'), nowrap: true, cell: (j) => <Code mono={false}>{j.to}</Code> },
          { key: 'status', nowrap: true, header: t('operations.emails.status'), cell: (j) => <StatusBadge status={j.status} /> },
          { key: 'attempts', header: t('operations.emails.attempts'), numeric: true, cell: (j) => formatCount(j.attempts) },
          {
            key: 'error',
            header: t('operations.emails.lastError'),
            minWidth: 200,
            cell: (j) =>
              j.lastError ? (
                <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                  {j.lastError}
                </Text>
              ) : (
                t('common.none')
              ),
          },
          {
            key: 'next',
            header: t('operations.emails.nextAttempt'),
            nowrap: true,
            cell: (j) => formatDateTime(j.nextAttemptAt) ?? t('common.none'),
          },
          { key: 'created', header: t('operations.emails.created'), nowrap: true, cell: (j) => formatDateTime(j.createdAt) },
          {
            key: 'retry',
            header: t('operations.emails.retry'),
            cell: (j) => (
              <Button
                size="xs"
                variant="default"
                aria-label={t('operations.emails.retryLabel', { id: j.id, orderId: j.orderId })}
                loading={retry.isPending && retry.variables?.outboxId === j.id}
                disabled={retry.isPending}
                onClick={() => {
                  setOutcome(null);
                  retry.mutate({ outboxId: j.id });
                }}
              >
                {t('operations.emails.retry')}
              </Button>
            ),
          },
        ]}
      />
    </JobsSection>
  );
}

/** One list of jobs: its heading, the last retry's outcome (in words, or the error), the table. */
function JobsSection({ id, heading, outcome, children }: { id: string; heading: string; outcome: Outcome | null; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        {heading}
      </Title>
      <Outcome outcome={outcome} label={heading} />
      {outcome?.error ? <ApiErrorAlert error={outcome.error} /> : null}
      {children}
    </Stack>
  );
}

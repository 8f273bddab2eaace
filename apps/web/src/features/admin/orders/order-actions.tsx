// The order page's actions: Refund (a dialog: all that remains or a part with a reason, and the
// server's quote of what goes back and what is kept for points already used), Resend the
// eSIM e-mail, Retry provisioning. Each is idempotent on the server; here each is disabled while
// any runs, says its result ('Done' / 'Already done' / 'Queued' and the server's sentence) in a
// live region, and puts the refreshed order the answer carries into the page.
import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { ConfirmActionButton } from '../ui/confirm-action-button.tsx';
import { RefundDialog, type RefundRequest } from './refund-dialog.tsx';
import { formatDateTime, formatMoney } from '../ui/format.ts';

type Detail = RouterOutputs['admin']['orders']['get'];
type Result = RouterOutputs['admin']['orders']['refund'];
type ActionKey = 'refund' | 'resendEmail' | 'retryProvisioning';

const OUTCOME_COLORS: Record<Result['outcome'], string> = { done: 'green.9', already: 'blue.8', queued: 'yellow.4' };

export function OrderActions({ order }: { order: Detail }) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [last, setLast] = useState<{ action: ActionKey; result?: Result; error?: unknown } | null>(null);

  const settle = (action: ActionKey) => ({
    onSuccess: (result: Result) => {
      setLast({ action, result });
      queryClient.setQueryData(trpc.admin.orders.get.queryKey({ orderId: order.orderId }), result.order);
      // The table, the dashboard and the job lists count this order too.
      void queryClient.invalidateQueries({ queryKey: trpc.admin.orders.list.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.summary.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.operations.jobs.queryKey() });
    },
    onError: (error: unknown) => setLast({ action, error }),
  });
  const refund = useMutation(trpc.admin.orders.refund.mutationOptions(settle('refund')));
  const resend = useMutation(trpc.admin.orders.resendEmail.mutationOptions(settle('resendEmail')));
  const retry = useMutation(trpc.admin.orders.retryProvisioning.mutationOptions(settle('retryProvisioning')));
  const running = refund.isPending || resend.isPending || retry.isPending;
  const [refunding, setRefunding] = useState(false);
  const ref = { orderId: order.orderId };
  const start = (action: ActionKey, run: () => void) => () => {
    setLast(null);
    run();
  };

  const none = !order.actions.refund && !order.actions.resendEmail && !order.actions.retryProvisioning;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-actions-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="order-actions-heading">
          {t('orders.detail.actions')}
        </Title>
        <Group gap="xs">
          <Button color="red.8" loading={refund.isPending} disabled={!order.actions.refund || running} onClick={() => setRefunding(true)}>
            {t('orders.actions.refund')}
          </Button>
          {order.actions.refund ? (
            <RefundDialog
              order={order}
              opened={refunding}
              onClose={() => setRefunding(false)}
              onRefund={(req: RefundRequest) => {
                setRefunding(false);
                start('refund', () => refund.mutate(req))();
              }}
            />
          ) : null}
          <ConfirmActionButton
            label={t('orders.actions.resendEmail')}
            variant="default"
            loading={resend.isPending}
            disabled={!order.actions.resendEmail || running}
            onConfirm={start('resendEmail', () => resend.mutate(ref))}
          />
          <ConfirmActionButton
            label={t('orders.actions.retryProvisioning')}
            variant="default"
            loading={retry.isPending}
            disabled={!order.actions.retryProvisioning || running}
            onConfirm={start('retryProvisioning', () => retry.mutate(ref))}
          />
        </Group>
        {none ? (
          <Text size="sm" c="dimmed">
            {t('orders.actions.unavailable')}
          </Text>
        ) : null}
        <div role="status" aria-label={t('orders.actions.resultLabel')} data-testid="action-result">
          {last?.result ? (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge color={OUTCOME_COLORS[last.result.outcome]} autoContrast variant="filled" tt="none">
                {t(`common.outcome.${last.result.outcome}`)}
              </Badge>
              <Text size="sm">{last.result.message}</Text>
            </Group>
          ) : null}
        </div>
        {last?.error ? <ApiErrorAlert error={last.error} /> : null}
        <RefundList order={order} />
      </Stack>
    </Paper>
  );
}

/** The order's refunds (full, partial, goodwill), oldest first, and what can still be refunded. */
function RefundList({ order }: { order: Detail }) {
  const { t } = useTranslation('admin');
  if (order.refunds.length === 0) return null;
  return (
    <Stack gap={4} data-testid="refund-list">
      <Title order={3} fz="md">
        {t('orders.refund.list')}
      </Title>
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={t('orders.refund.list')}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('orders.refund.when')}</Table.Th>
              <Table.Th scope="col">{t('orders.refund.by')}</Table.Th>
              <Table.Th scope="col">{t('orders.refund.back')}</Table.Th>
              <Table.Th scope="col">{t('orders.refund.kept')}</Table.Th>
              <Table.Th scope="col">{t('orders.refund.points')}</Table.Th>
              <Table.Th scope="col">{t('orders.refund.why')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.refunds.map((r) => (
              <Table.Tr key={r.seq}>
                <Table.Td>
                  {formatDateTime(r.completedAt ?? r.createdAt)}
                  {r.state !== 'done' ? ` (${t('orders.refund.underWay')})` : ''}
                </Table.Td>
                <Table.Td>
                  {t(`orders.refund.actors.${r.actor}`)} · {r.full ? t('orders.refund.full') : t('orders.refund.partial')}
                </Table.Td>
                <Table.Td>{formatMoney(r.amount.minor, r.amount.currency)}</Table.Td>
                <Table.Td>{r.cashDeducted.minor > 0 ? formatMoney(r.cashDeducted.minor, r.cashDeducted.currency) : '—'}</Table.Td>
                <Table.Td>{r.pointsTaken + r.pointsSettledInCash}</Table.Td>
                <Table.Td>{r.reason || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        {t('orders.refund.refundable', { amount: formatMoney(order.refundable.minor, order.refundable.currency) })}
      </Text>
    </Stack>
  );
}

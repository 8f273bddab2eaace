// The order page's actions: Refund (asks first, saying the amount and what happens), Resend the
// eSIM e-mail, Retry provisioning. Each is idempotent on the server; here each is disabled while
// any runs, says its result ('Done' / 'Already done' / 'Queued' and the server's sentence) in a
// live region, and puts the refreshed order the answer carries into the page.
import { useState } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts';
import { ApiErrorAlert } from '../ui/api-error.tsx';
import { ConfirmActionButton } from '../ui/confirm-action-button.tsx';
import { formatMoney } from '../ui/format.ts';

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
  const amount = formatMoney(order.total.minor, order.total.currency);
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
          <ConfirmActionButton
            label={t('orders.actions.refund')}
            color="red.8"
            loading={refund.isPending}
            disabled={!order.actions.refund || running}
            onConfirm={start('refund', () => refund.mutate(ref))}
            confirm={{
              title: t('orders.actions.refundTitle', { orderId: order.orderId }),
              body: t('orders.actions.refundBody', { amount }),
              confirmLabel: t('orders.actions.refundConfirm', { amount }),
            }}
          />
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
      </Stack>
    </Paper>
  );
}

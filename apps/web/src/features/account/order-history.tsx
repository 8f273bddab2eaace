// The signed-in user's orders (orders.list) in the order table, with loading and error states.
// Spec §6: the orders query runs only when signed in — this lives inside the guarded account area.
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { OrderTable, type OrderTableProps } from './order-table.tsx';
import type { AccountOrder } from './orders.ts';

export function useOrders() {
  const trpc = useTRPC();
  return useQuery(trpc.orders.list.queryOptions());
}

export function OrderHistory({ limit, onViewQr, onViewDetails }: { limit?: number } & Omit<OrderTableProps, 'orders'>) {
  const { t } = useTranslation('account');
  const { data, isPending, isError, refetch, isRefetching } = useOrders();
  const navigate = useNavigate();
  // 'View QR code' opens the eSIM's page at its install section; 'view details' the order's receipt.
  const viewQr = (order: AccountOrder) => {
    if (order.iccid) void navigate({ to: '/account/esim/$iccid', params: { iccid: order.iccid }, hash: 'install' });
    else void navigate({ to: '/account/esim' });
  };
  const viewDetails = (order: AccountOrder) => {
    void navigate({ to: '/account/orders/$orderId/receipt', params: { orderId: String(order.id) } });
  };
  if (isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={44} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (isError) {
    return (
      <Alert color="red" variant="light" title={t('orders.loadFailed')}>
        <Button mt="xs" size="xs" variant="default" loading={isRefetching} onClick={() => void refetch()}>
          {t('orders.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <OrderTable orders={limit ? data.slice(0, limit) : data} onViewQr={onViewQr ?? viewQr} onViewDetails={onViewDetails ?? viewDetails} />
  );
}

// The signed-in user's orders (orders.list) in the order table, with loading and error states.
// Spec §6: the orders query runs only when signed in — this lives inside the guarded account area.
import { useState } from 'react';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { OrderEsimModal } from '../esim/order-esim-modal.tsx';
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
  // Checkout work: 'view QR code' opens the eSIM's install details; 'view details' opens the
  // order's own page (/order-success/{planId}?payment_intent=…, the owner needs no secret).
  const [qrOrder, setQrOrder] = useState<AccountOrder | null>(null);
  const viewDetails = (order: AccountOrder) => {
    const search = order.paymentIntentId ? { payment_intent: order.paymentIntentId } : {};
    if (typeof order.planId === 'number') void navigate({ to: '/order-success/$planId', params: { planId: String(order.planId) }, search });
    else void navigate({ to: '/order-success', search });
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
    <>
      <OrderTable
        orders={limit ? data.slice(0, limit) : data}
        onViewQr={onViewQr ?? setQrOrder}
        onViewDetails={onViewDetails ?? viewDetails}
      />
      <OrderEsimModal order={qrOrder} onClose={() => setQrOrder(null)} />
    </>
  );
}

import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { OrderHistory } from '../../../features/account/order-history.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

export const Route = createFileRoute('/_account/account/orders')({
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.orders.list.queryOptions()),
  component: OrdersPage,
});

function OrdersPage() {
  const { t } = useTranslation('account');
  usePageMeta({ title: t('meta.ordersTitle'), description: t('meta.ordersDescription') });
  return (
    <Stack gap="md">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {t('layout.orders')}
      </Title>
      <OrderHistory />
    </Stack>
  );
}

import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { OrderHistory } from '../../../features/account/order-history.tsx';
import { pageHead, tHead } from '../../../lib/page-meta.ts';

export const Route = createFileRoute('/_account/account/orders')({
  head: ({ match }) =>
    pageHead(match.pathname, {
      title: tHead('account:meta.ordersTitle'),
      description: tHead('account:meta.ordersDescription'),
      noindex: true,
    }),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.orders.list.queryOptions()),
  component: OrdersPage,
});

function OrdersPage() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="md">
      <Title order={2} fz={{ base: 22, sm: 26 }}>
        {t('layout.orders')}
      </Title>
      <OrderHistory />
    </Stack>
  );
}

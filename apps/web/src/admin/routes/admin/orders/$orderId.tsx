import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_STALE_MS } from '../../../../features/admin/admin-query.ts';
import { OrderDetailPage } from '../../../../features/admin/orders/order-detail-page.tsx';
import { i18n, loadNamespaces } from '../../../../lib/i18n.ts';

// /admin/orders/ORD-… (the public order number).
export const Route = createFileRoute('/admin/orders/$orderId')({
  loader: async ({ context, params }) => {
    await loadNamespaces('admin');
    if (context.isAdmin) {
      await context.queryClient
        .ensureQueryData({ ...context.trpc.admin.orders.get.queryOptions({ orderId: params.orderId }), staleTime: ADMIN_STALE_MS })
        // The page shows the error in words (e.g. no order has that number).
        .catch(() => undefined);
    }
    return { adminTitle: i18n.t('admin:orders.detail.title', { orderId: params.orderId }) };
  },
  component: OrderRoute,
});

function OrderRoute() {
  const { orderId } = Route.useParams();
  return <OrderDetailPage orderId={orderId} />;
}

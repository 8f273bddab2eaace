import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_STALE_MS } from '../../../../features/admin/admin-query.ts';
import { textSearch } from '../../../../features/admin/admin-search.ts';
import { OrdersPage } from '../../../../features/admin/orders/orders-page.tsx';
import { orderListInput } from '../../../../features/admin/orders/order-search.ts';
import { i18n, loadNamespaces } from '../../../../lib/i18n.ts';

// /admin/orders?status=…&from=…&to=…&email=…&iccid=…&paymentId=…&destination=…&orderId=…&page=…
export const Route = createFileRoute('/admin/orders/')({
  validateSearch: textSearch(['status', 'from', 'to', 'email', 'iccid', 'paymentId', 'destination', 'orderId']),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await loadNamespaces('admin');
    const parsed = orderListInput(deps);
    if (context.isAdmin && parsed.ok) {
      await context.queryClient
        .ensureQueryData({ ...context.trpc.admin.orders.list.queryOptions(parsed.input), staleTime: ADMIN_STALE_MS })
        // The page shows the error beside its field or in an alert.
        .catch(() => undefined);
    }
    return { adminTitle: i18n.t('admin:orders.title') };
  },
  component: OrdersRoute,
});

function OrdersRoute() {
  return <OrdersPage search={Route.useSearch()} />;
}

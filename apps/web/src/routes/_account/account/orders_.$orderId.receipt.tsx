import { createFileRoute } from '@tanstack/react-router';
import { ReceiptScreen } from '../../../features/account/receipt.tsx';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { pageHead, tHead } from '../../../lib/page-meta.ts';

/** /account/orders/{orderId}/receipt: the printable receipt of one of the user's orders. */
export const Route = createFileRoute('/_account/account/orders_/$orderId/receipt')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('receipt:meta.title'), description: tHead('receipt:meta.description'), noindex: true }),
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.trpc.orders.receipt.queryOptions({ orderId: params.orderId }));
    await loadNamespaces('receipt', 'plans', 'destinations', 'invoice');
  },
  component: ReceiptPage,
});

function ReceiptPage() {
  const { orderId } = Route.useParams();
  return <ReceiptScreen key={orderId} orderId={orderId} />;
}

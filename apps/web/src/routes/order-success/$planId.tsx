import { createFileRoute } from '@tanstack/react-router';
import { parseOrderSuccessSearch } from '../../features/checkout/success-search.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { OrderSuccessPage } from '../-components/order-success-page.tsx';
import { OrderSuccessPending } from '../-components/order-success-pending.tsx';
import { pageHead, tHead } from '../../lib/page-meta.ts';

/** /order-success/{planId}?payment_intent=…[&payment_intent_client_secret=…] */
export const Route = createFileRoute('/order-success/$planId')({
  head: ({ match }) =>
    pageHead(match.pathname, {
      title: tHead('checkout:meta.successTitle'),
      description: tHead('checkout:meta.successDescription'),
      noindex: true,
    }),
  validateSearch: parseOrderSuccessSearch,
  loader: () => loadNamespaces('checkout', 'esim', 'plans', 'destinations'),
  pendingComponent: OrderSuccessPending,
  component: PlanOrderSuccess,
});

function PlanOrderSuccess() {
  return <OrderSuccessPage planId={Route.useParams().planId} search={Route.useSearch()} />;
}

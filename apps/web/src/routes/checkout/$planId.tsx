import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader.tsx';
import { Checkout } from '../../features/checkout/checkout.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useRequirePlan } from '../-components/use-require-plan.ts';
import { pageHead, tHead } from '../../lib/page-meta.ts';

function parsePlanId(raw: string): number | null {
  const id = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

// The loader only waits for the texts; the plan and the payment configuration load in the page
// (it shows 'Preparing your checkout...' and its own error panel). Prefetching starts them early.
export const Route = createFileRoute('/checkout/$planId')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('checkout:meta.title'), description: tHead('checkout:meta.description'), noindex: true }),
  loader: async ({ context, params }) => {
    const id = parsePlanId(params.planId);
    if (id !== null) {
      void context.queryClient.prefetchQuery(context.trpc.catalog.plan.queryOptions({ id }));
      void context.queryClient.prefetchQuery(context.trpc.payments.config.queryOptions());
      // The plan's region names its destination in the plan texts.
      void context.queryClient.prefetchQuery(context.trpc.catalog.regions.queryOptions());
    }
    await loadNamespaces('checkout', 'plans', 'destinations');
  },
  pendingComponent: CheckoutPending,
  component: CheckoutPlanPage,
});

function CheckoutPending() {
  const { t } = useTranslation('checkout');
  return <PageLoader label={t('loading')} />;
}

function CheckoutPlanPage() {
  const { t } = useTranslation('checkout');
  const { planId } = Route.useParams();
  const id = parsePlanId(planId);
  useRequirePlan(id !== null);
  return id === null ? null : <Checkout key={id} planId={id} kind="one_time" />;
}

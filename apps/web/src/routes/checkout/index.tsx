import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readSelectedPlan } from '../../features/catalog/selected-plan.ts';
import { Checkout } from '../../features/checkout/checkout.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { useRequirePlan } from '../-components/use-require-plan.ts';
import { pageHead, tHead } from '../../lib/page-meta.ts';

/** Plain checkout after a one-time 'Select Plan': the plan comes from sessionStorage. */
export const Route = createFileRoute('/checkout/')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('checkout:meta.title'), description: tHead('checkout:meta.description'), noindex: true }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.catalog.regions.queryOptions());
    return loadNamespaces('checkout', 'plans', 'destinations');
  },
  component: CheckoutPage,
});

function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const [plan] = useState(readSelectedPlan);
  useRequirePlan(plan !== null);
  return plan ? <Checkout planId={plan.id} kind="one_time" initialPlan={plan} /> : null;
}

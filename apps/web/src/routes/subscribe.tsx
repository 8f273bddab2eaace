import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readSelectedPlan } from '../features/catalog/selected-plan.ts';
import { Checkout } from '../features/checkout/checkout.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { useRequirePlan } from './-components/use-require-plan.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

/**
 * Subscription checkout after a subscription 'Select Plan' (the plan comes from sessionStorage):
 * 85% of the plan price monthly through payments.createSubscription. Signed-in only — a guest is
 * asked to sign in first, since a subscription is managed and cancelled from the account.
 */
export const Route = createFileRoute('/subscribe')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('checkout:meta.subscribeTitle'), description: tHead('checkout:meta.subscribeDescription') }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.catalog.regions.queryOptions());
    return loadNamespaces('checkout', 'plans', 'destinations');
  },
  component: SubscribePage,
});

function SubscribePage() {
  const { t } = useTranslation('checkout');
  const [plan] = useState(readSelectedPlan);
  useRequirePlan(plan !== null);
  return plan ? <Checkout planId={plan.id} kind="subscription" initialPlan={plan} /> : null;
}

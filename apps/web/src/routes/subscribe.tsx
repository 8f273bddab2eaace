import { useState } from 'react';
import { createFileRoute, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readSelectedPlan } from '../features/catalog/selected-plan.ts';
import { Checkout } from '../features/checkout/checkout.tsx';
import { SubscriptionCancelPage } from '../features/subscriptions/subscription-cancel-page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { useRequirePlan } from './-components/use-require-plan.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

/**
 * Subscription checkout after a subscription 'Select Plan' (the plan comes from sessionStorage):
 * 85% of the plan price monthly through payments.createSubscription. Signed-in only — a guest is
 * asked to sign in first, since a subscription is managed and cancelled from the account.
 * /subscribe?cancel=<token>: the renewal reminder's one-click cancel (issue 31), no sign-in — here
 * rather than on a route of its own, which would cost the shop's initial chunk (its budget).
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
  const search: Record<string, unknown> = useSearch({ strict: false });
  if (typeof search.cancel === 'string') return <SubscriptionCancelPage token={search.cancel || undefined} />;
  return <SubscribeCheckout />;
}

function SubscribeCheckout() {
  const { t } = useTranslation('checkout');
  const [plan] = useState(readSelectedPlan);
  useRequirePlan(plan !== null);
  return plan ? <Checkout planId={plan.id} kind="subscription" initialPlan={plan} /> : null;
}

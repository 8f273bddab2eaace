import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readSelectedPlan } from '../../features/catalog/selected-plan.ts';
import { Checkout } from '../../features/checkout/checkout.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useRequirePlan } from '../-components/use-require-plan.ts';

/** Plain checkout after a one-time 'Select Plan': the plan comes from sessionStorage. */
export const Route = createFileRoute('/checkout/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.catalog.regions.queryOptions());
    return loadNamespaces('checkout', 'plans', 'destinations');
  },
  component: CheckoutPage,
});

function CheckoutPage() {
  const { t } = useTranslation('checkout');
  usePageMeta({ title: t('meta.title'), description: t('meta.description') });
  const [plan] = useState(readSelectedPlan);
  useRequirePlan(plan !== null);
  return plan ? <Checkout planId={plan.id} kind="one_time" initialPlan={plan} /> : null;
}

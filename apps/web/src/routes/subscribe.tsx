import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readSelectedPlan } from '../features/catalog/selected-plan.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { PaymentComingSoon } from './-components/payment-coming-soon.tsx';
import { useRequirePlan } from './-components/use-require-plan.ts';

/** Subscription checkout after a subscription 'Select Plan': the plan comes from sessionStorage. */
export const Route = createFileRoute('/subscribe')({
  loader: () => loadNamespaces('checkout'),
  component: SubscribePage,
});

function SubscribePage() {
  const { t } = useTranslation('checkout');
  usePageMeta({ title: t('placeholder.subscribeMetaTitle'), description: t('placeholder.metaDescription') });
  const [plan] = useState(readSelectedPlan);
  useRequirePlan(plan !== null);
  return plan ? <PaymentComingSoon plan={plan} mode="subscription" /> : null;
}

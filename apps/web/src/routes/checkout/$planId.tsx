import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader.tsx';
import { loadNamespaces } from '../../lib/i18n.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { PaymentComingSoon } from '../-components/payment-coming-soon.tsx';
import { RouteError } from '../-components/route-error.tsx';
import { useRequirePlan } from '../-components/use-require-plan.ts';

function parsePlanId(raw: string): number | null {
  const id = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const Route = createFileRoute('/checkout/$planId')({
  loader: async ({ context, params }) => {
    await loadNamespaces('checkout');
    const id = parsePlanId(params.planId);
    if (id !== null) await context.queryClient.ensureQueryData(context.trpc.catalog.plan.queryOptions({ id }));
  },
  pendingComponent: CheckoutPending,
  errorComponent: CheckoutError,
  component: CheckoutPlanPage,
});

function CheckoutPending() {
  const { t } = useTranslation('checkout');
  return <PageLoader label={t('placeholder.loading')} />;
}

function CheckoutError() {
  const { t } = useTranslation('common');
  return <RouteError title={t('errors.fetchPlan')} />;
}

function CheckoutPlanPage() {
  const { planId } = Route.useParams();
  const id = parsePlanId(planId);
  useRequirePlan(id !== null);
  return id === null ? null : <PlanCheckout id={id} />;
}

function PlanCheckout({ id }: { id: number }) {
  const { t } = useTranslation('checkout');
  const trpc = useTRPC();
  const { data: plan } = useSuspenseQuery(trpc.catalog.plan.queryOptions({ id }));
  usePageMeta({ title: `${t('placeholder.metaTitle')} – ${plan.name}`, description: t('placeholder.metaDescription') });
  return <PaymentComingSoon plan={plan} mode="onetime" />;
}

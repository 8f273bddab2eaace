import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader.tsx';
import { OrderSuccess } from '../../features/checkout/order-success.tsx';
import { parseOrderSuccessSearch } from '../../features/checkout/success-search.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

/** /order-success without a plan id: the order comes from ?payment_intent=… alone. */
export const Route = createFileRoute('/order-success/')({
  validateSearch: parseOrderSuccessSearch,
  loader: () => loadNamespaces('checkout', 'esim'),
  pendingComponent: Pending,
  component: OrderSuccessPage,
});

function Pending() {
  const { t } = useTranslation('checkout');
  return <PageLoader label={t('success.loading')} />;
}

function OrderSuccessPage() {
  const { t } = useTranslation('checkout');
  usePageMeta({ title: t('meta.successTitle'), description: t('meta.successDescription') });
  return <OrderSuccess planId={null} search={Route.useSearch()} />;
}

import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader.tsx';

/**
 * While the order-success page's code and texts load. Its own small module: a route's
 * pendingComponent stays in the initial bundle, the page itself does not.
 */
export function OrderSuccessPending() {
  const { t } = useTranslation('checkout');
  return <PageLoader label={t('success.loading')} />;
}

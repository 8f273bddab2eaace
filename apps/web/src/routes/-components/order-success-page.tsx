// The order-success page, shared by /order-success/{planId} and /order-success (no plan id: the
// order comes from ?payment_intent=… alone).
import { useTranslation } from 'react-i18next';
import { OrderSuccess } from '../../features/checkout/order-success.tsx';
import type { OrderSuccessSearch } from '../../features/checkout/success-search.ts';

/** `planId` is the path segment when there is one: a positive integer, or it is ignored. */
export function OrderSuccessPage({ planId, search }: { planId?: string; search: OrderSuccessSearch }) {
  const { t } = useTranslation('checkout');
  const id = planId !== undefined && /^\d{1,15}$/.test(planId) && Number(planId) > 0 ? Number(planId) : null;
  return <OrderSuccess planId={id} search={search} />;
}

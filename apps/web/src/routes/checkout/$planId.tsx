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

/** ICCID_PATTERN of @esim/api/domain, inlined: importing it put the whole ICCID module into the initial bundle. */
const ICCID_PATTERN = /^89\d{17,18}$/;

export interface CheckoutSearch {
  /** Top-up mode: the ICCID of the signed-in buyer's eSIM the plan's data goes onto. */
  topUp?: string | undefined;
}

/**
 * ?topUp=<iccid>: kept only when it is an ICCID (19–20 digits from 89); anything else is dropped
 * and the page is the plain checkout. Hand-written rather than zod: the route's definition is in
 * the initial bundle, which zod would grow past its budget.
 */
export function parseCheckoutSearch(search: Record<string, unknown>): CheckoutSearch {
  const raw = typeof search.topUp === 'number' ? String(search.topUp) : search.topUp;
  // An explicit undefined: the router keeps the URL's other values, so a bad one is overwritten.
  return { topUp: typeof raw === 'string' && ICCID_PATTERN.test(raw.trim()) ? raw.trim() : undefined };
}

// The loader only waits for the texts; the plan and the payment configuration load in the page
// (it shows 'Preparing your checkout...' and its own error panel). Prefetching starts them early.
export const Route = createFileRoute('/checkout/$planId')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('checkout:meta.title'), description: tHead('checkout:meta.description'), noindex: true }),
  validateSearch: parseCheckoutSearch,
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
  const { topUp } = Route.useSearch();
  const id = parsePlanId(planId);
  useRequirePlan(id !== null);
  return id === null ? null : <Checkout key={`${id}:${topUp ?? ''}`} planId={id} kind="one_time" topUpIccid={topUp ?? null} />;
}

// The checkout page (spec §2 Checkout, §4, §8): 'Preparing your checkout...' while the
// plan and the payment configuration load (each once per visit; React Query dedupes StrictMode's
// double mount), then a two-column page — order summary and payment — that stacks on phones.
// The payment form is the demo card form, or Stripe's Payment Element (lazy: Stripe.js loads only
// when the server's provider is 'stripe'). An error the checkout cannot get past shows the error
// panel with 'Return to Home' and the destructive toast 'Checkout Error'.
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Anchor, Box, Button, Container, Grid, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isSubscribable, subscriptionMinor } from '@esim/api/domain';
import { PageLoader } from '../../components/page-loader.tsx';
import { toast } from '../../components/toast.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { useSession } from '../auth/session.ts';
import type { Plan } from '../catalog/types.ts';
import { useCurrency } from '../../lib/preferences/currency-provider.tsx';
import { UsePointsOption, usePointsOnlyTexts, useRedemptionPreview } from '../rewards/checkout-points.tsx';
import { formatPoints } from '../rewards/rewards-model.ts';
import { formatMinor } from '../../lib/format.ts';
import { checkoutProblem } from './checkout-errors.ts';
import { DeviceCheck } from '../devices/device-check.tsx';
import { DemoPaymentForm } from './demo-payment-form.tsx';
import { OrderSummary } from './order-summary.tsx';
import { SignInToSubscribe } from './sign-in-to-subscribe.tsx';
import { linkTokenFromHash } from './esim-link-fragment.ts';
import { TopUpBackLink, TopUpBanner, TopUpSignIn, useTopUpTarget } from './top-up-banner.tsx';
import type { CheckoutKind } from './use-checkout-intent.ts';
import type { AppliedPromo } from '../promotions/promo-code-field.tsx';
import type { AppliedReferral } from '../referrals/referral-line.tsx';
import { readReferralCode } from '../referrals/referral-cookie.ts';
import { BusinessSection, useBusinessDetails } from './business-section.tsx';
import classes from './checkout.module.css';

const StripePaymentForm = lazy(() => import('./stripe-payment-form.tsx'));
// Issue 29: the promo code field is a chunk of its own (the checkout without a code never loads it).
const PromoCodeField = lazy(() => import('../promotions/promo-code-field.tsx'));
// Issue 29: the referral discount line, loaded only for a visitor who came by a referral link.
const ReferralLine = lazy(() => import('../referrals/referral-line.tsx'));
// Issue 29: 'This is a gift' (its own chunk; the intent call takes the gift from gift-slot.ts).
const GiftSection = lazy(() => import('./gift-section.tsx'));

export interface CheckoutProps {
  planId: number;
  kind: CheckoutKind;
  /** The plan as 'Select Plan' stored it (/checkout, /subscribe): shown without a fetch. */
  initialPlan?: Plan | undefined;
  /**
   * Top-up mode (/checkout/{planId}?topUp={iccid}): the data goes onto this eSIM of the signed-in
   * buyer's, or (with #link=<token>, issue 26) of the holder of its 'Manage your eSIM' link.
   */
  topUpIccid?: string | null;
}

export function Checkout({ planId, kind, initialPlan, topUpIccid = null }: CheckoutProps) {
  const { t, i18n } = useTranslation('checkout');
  const trpc = useTRPC();
  const session = useSession();
  const { currency, formatPrice } = useCurrency();
  const returnTo = useLocation({ select: (l) => l.href });
  // Issue 26: a top-up through the eSIM's 'Manage your eSIM' link (#link=… from its page): no account needed.
  const hash = useLocation({ select: (l) => l.hash });
  const linkToken = topUpIccid ? linkTokenFromHash(hash) : null;
  const plan = useQuery({ ...trpc.catalog.plan.queryOptions({ id: planId }), ...(initialPlan ? { initialData: initialPlan } : {}) });
  const config = useQuery(trpc.payments.config.queryOptions());
  const [fatal, setFatal] = useState<string | null>(null);
  // Rewards points (signed in, one-time orders): what they would pay, and whether to use them.
  const [usePoints, setUsePoints] = useState(false);
  // Issue 29: the promo code the server accepted for this plan, currency and use of points.
  const [appliedPromo, setPromo] = useState<AppliedPromo | null>(null);
  const promo = appliedPromo && appliedPromo.currency === currency && kind === 'one_time' ? appliedPromo : null;
  // Issue 29: the referral link's discount (a new eSIM only; one discount per order: a promo code wins).
  const [hasReferral] = useState(() => readReferralCode() !== null);
  const [appliedReferral, setReferral] = useState<AppliedReferral | null>(null);
  const referralAllowed = hasReferral && kind === 'one_time' && !topUpIccid;
  const referral = !promo && referralAllowed && appliedReferral && appliedReferral.currency === currency ? appliedReferral : null;
  const { t: tRef } = useTranslation('referrals', { useSuspense: false });
  const points = useRedemptionPreview({
    usdMinor: promo ? promo.usdMinor : referral ? referral.usdMinor : (plan.data?.priceMinor ?? 0),
    enabled: Boolean(session.user) && kind === 'one_time' && Boolean(plan.data) && linkToken === null,
  });
  const pointsOnlyTexts = usePointsOnlyTexts(points);
  const queryClient = useQueryClient();
  const topUp = useTopUpTarget(topUpIccid, Boolean(session.user), linkToken);
  // Issue 31: 'Buying for a business?': company details for the VAT invoice, sent with the order.
  const business = useBusinessDetails();

  const loadError = plan.error ?? config.error;
  const initError = fatal ?? (loadError ? initErrorMessage(loadError, t) : null);

  if (initError) return <CheckoutErrorPanel message={initError} />;
  if (topUpIccid && !linkToken && session.status !== 'loading' && !session.user) return <TopUpSignIn returnTo={returnTo} />;
  if (topUp.notFound) return <CheckoutErrorPanel message={t(linkToken ? 'topUp.linkNotFound' : 'topUp.notFound')} />;
  if (topUp.closed) return <CheckoutErrorPanel message={t('topUp.closed')} />;
  if (!plan.data || !config.data || session.status === 'loading' || topUp.pending) return <PageLoader label={t('loading')} />;
  if (kind === 'subscription' && !session.user) return <SignInToSubscribe plan={plan.data} returnTo={returnTo} />;
  // Only 30-day plans are sold monthly (the server refuses the others too).
  if (kind === 'subscription' && typeof plan.data.validityDays === 'number' && !isSubscribable(plan.data)) {
    return <CheckoutErrorPanel message={t('monthly.notMonthly')} />;
  }

  const usdMinor = kind === 'subscription' ? subscriptionMinor(plan.data.priceMinor) : plan.data.priceMinor;
  const redemption = usePoints ? points.redemption : null;
  // The summary shows the same figures: the price, what the code and the points take off, what the card pays.
  const money = (minor: number) => formatMinor(minor, currency, i18n.language || 'en');
  const amount =
    redemption && points.remaining && !redemption.paidWithPoints
      ? points.remaining
      : promo
        ? money(promo.totalMinor)
        : referral
          ? money(referral.totalMinor)
          : formatPrice(usdMinor);
  const summaryPromo = promo
    ? { code: promo.code, discount: money(promo.discountMinor), toPay: money(promo.totalMinor) }
    : referral
      ? {
          code: referral.code,
          label: tRef('checkout.line', { percent: referral.discountPercent }),
          discount: money(referral.discountMinor),
          toPay: money(referral.totalMinor),
        }
      : null;
  const summaryPoints = redemption
    ? {
        points: formatPoints(redemption.pointsUsed, i18n.language || 'en'),
        discount: money(redemption.discountMinor),
        toPay: money(Math.max(0, points.totalMinor - redemption.discountMinor)),
      }
    : null;
  const pointsOnly =
    redemption?.paidWithPoints && pointsOnlyTexts
      ? { ...pointsOnlyTexts, onChanged: () => void queryClient.invalidateQueries({ queryKey: trpc.rewards.profile.queryKey() }) }
      : null;
  const formProps = {
    planId,
    kind,
    // Through a link the order goes to the linked order's address (the server binds it): no field.
    accountEmail: linkToken ? null : (session.user?.email ?? null),
    linkToken,
    currency,
    amount,
    returnTo,
    onFatal: setFatal,
    usePoints: Boolean(redemption),
    pointsOnly,
    topUpIccid,
    promoCode: promo?.code ?? null,
    referralCode: referral?.code ?? null,
    onReferralRefused: () => setReferral(null),
    business: business.details,
  };

  // Issue 29: a new eSIM bought once may be a gift; Pay sends it with the order (gift-slot.ts).
  const giftable = kind === 'one_time' && !topUpIccid && !linkToken;

  return (
    <div className={classes.page}>
      <Container size="lg" py={{ base: 'lg', sm: 48 }}>
        {topUpIccid ? (
          <TopUpBackLink iccid={topUpIccid} linkToken={linkToken} />
        ) : (
          <Anchor component={Link} to="/plans" size="sm" fw={600} className={classes.back}>
            <Group gap={6} component="span" wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden className={classes.flip} />
              {t('page.backToPlans')}
            </Group>
          </Anchor>
        )}
        <Title order={1} fz={{ base: 28, sm: 38 }} mt="sm">
          {topUpIccid ? t('topUp.title') : kind === 'subscription' ? t('page.subscribeTitle') : t('page.title')}
        </Title>
        {topUpIccid ? (
          <TopUpBanner iccid={topUpIccid} destination={topUp.destination} />
        ) : (
          <Text c="dimmed" mt={6} maw={640}>
            {kind === 'subscription' ? t('page.subscribeSubtitle') : t('page.subtitle')}
          </Text>
        )}

        <Grid gap={{ base: 'lg', md: 'xl' }} mt={{ base: 'lg', sm: 'xl' }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderSummary
              plan={plan.data}
              kind={kind}
              amount={
                promo
                  ? money(promo.listMinor)
                  : referral
                    ? money(referral.listMinor)
                    : redemption
                      ? money(points.totalMinor)
                      : formatPrice(usdMinor)
              }
              currency={currency}
              topUp={topUpIccid !== null}
              points={summaryPoints}
              promo={summaryPromo}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {/* A top-up goes onto an eSIM already on the phone: no device to check. */}
            {topUpIccid ? null : <DeviceCheck />}
            <Paper withBorder radius="lg" shadow="sm" p={{ base: 'md', sm: 'xl' }} bg="white">
              {kind === 'one_time' && !linkToken ? (
                <Suspense fallback={null}>
                  <PromoCodeField
                    planId={planId}
                    currency={currency}
                    usePoints={Boolean(redemption)}
                    applied={appliedPromo}
                    onChange={setPromo}
                  />
                </Suspense>
              ) : null}
              {referralAllowed && !promo ? (
                <Suspense fallback={null}>
                  <ReferralLine planId={planId} currency={currency} onChange={setReferral} />
                </Suspense>
              ) : null}
              {points.redemption ? (
                <Box mb="lg">
                  <UsePointsOption preview={points} checked={usePoints} onChange={setUsePoints} />
                </Box>
              ) : null}
              <BusinessSection controller={business} />
              {giftable ? (
                <Box mb="lg">
                  <Suspense fallback={null}>
                    <GiftSection accountEmail={session.user?.email ?? null} />
                  </Suspense>
                </Box>
              ) : null}
              {/* Points that pay everything need no card, whichever the provider. */}
              {pointsOnly ? (
                <DemoPaymentForm {...formProps} />
              ) : config.data.provider === 'stripe' && config.data.publishableKey ? (
                <Suspense fallback={<PaymentSkeleton />}>
                  <StripePaymentForm {...formProps} publishableKey={config.data.publishableKey} />
                </Suspense>
              ) : (
                <DemoPaymentForm {...formProps} />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </div>
  );
}

function PaymentSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={24} width="40%" />
      <Skeleton height={44} />
      <Skeleton height={44} />
      <Skeleton height={50} mt="md" />
    </Stack>
  );
}

function initErrorMessage(error: unknown, t: TFunction<'checkout'>): string {
  const problem = checkoutProblem(error);
  if (problem.key && problem.key !== 'errors.network') return t(problem.key);
  return problem.message ?? t('init.errorDefault');
}

/** 'Something went wrong' + the message + 'Return to Home'; toasts 'Checkout Error' once. */
export function CheckoutErrorPanel({ message }: { message: string | null }) {
  const { t } = useTranslation('checkout');
  const toasted = useRef(false);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (toasted.current) return;
    toasted.current = true;
    toast({ title: t('init.toastTitle'), description: message ?? t('init.toastDefault'), variant: 'destructive' });
    panel.current?.focus();
  }, [message, t]);
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm" bg="white">
        <Stack
          align="center"
          gap="md"
          ta="center"
          role="alert"
          ref={panel}
          tabIndex={-1}
          style={{ outline: 'none' }}
          data-testid="checkout-error"
        >
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconAlertTriangle size={30} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('init.errorTitle')}
          </Title>
          <Text c="dimmed" maw={420}>
            {message ?? t('init.errorDefault')}
          </Text>
          <Button mt="sm" size="md" renderRoot={(props) => <Link to="/" {...props} />}>
            {t('init.returnHome')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

// The order-success page (spec §2, §4). With ?payment_intent=… it asks the server once to settle
// the payment (orders.settle, a mutation: the provider's answer is re-read and the order claimed
// if the webhook has not done it yet), loads the order (orders.byPaymentIntent, read only: the
// owner by session, a guest with the client secret from the URL or sessionStorage) and polls it
// every second, for up to a minute, until the eSIM is delivered. Then: plan, data, validity, total,
// payment method 'Card', purchase date, and the eSIM's install details. Refunded (provisioning
// failed), failed, expired (never paid in time) and not-found orders each say so. With only a
// plan id: the plan and a note.
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Container, DataList, Grid, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconRepeat,
  IconCircleCheck,
  IconClockHour4,
  IconMailForward,
  IconReceiptRefund,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader.tsx';
import { formatMinor } from '../../lib/format.ts';
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts';
import { registerFragment } from '../auth/register-prefill.ts';
import { useSession } from '../auth/session.ts';
import { FindOrder } from '../find-order/find-order.tsx';
import { callError } from '../auth/trpc-error.ts';
import { InstallDetails } from '../esim/install-details.tsx';
import { formatDay } from '../esim/esim-format.ts';
import type { Plan } from '../catalog/types.ts';
import { useCatalogPlanTexts, usePlanTexts } from '../catalog/use-plan-texts.ts';
import { OrderRewardsNote, PointsPaymentMethod } from '../rewards/checkout-points.tsx';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useCurrency } from '../../lib/preferences/currency-provider.tsx';
import { readPaymentSecret, storePaymentSecret } from './checkout-storage.ts';
import { linkTokenFromHash } from './esim-link-fragment.ts';
import { planFacts } from './plan-facts.ts';
import type { OrderSuccessSearch } from './success-search.ts';
import classes from './checkout.module.css';
import { isolated } from '../../components/bidi.tsx';
import { PaymentHoldNotice } from './payment-hold.tsx';
import { forgetReferralCode } from '../referrals/referral-cookie.ts';

export type OrderView = RouterOutputs['orders']['byPaymentIntent'];
// Issue 29: an eSIM bought as a gift: 'Your gift to … is on its way' (its own chunk), never install details.
const GiftSent = lazy(() => import('./gift-sent.tsx'));

export const POLL_INTERVAL_MS = 1000;
export const POLL_LIMIT_MS = 60_000;

/** Final states: stop polling. */
const OVER = new Set(['payment_failed', 'refunded', 'canceled', 'expired']);

export function isWaiting(order: Pick<OrderView, 'ready' | 'orderStatus'>, topUp = false): boolean {
  // A top-up brings no eSIM of its own: it is done once fulfilled (the data is on the eSIM).
  if (topUp && order.orderStatus === 'fulfilled') return false;
  return !order.ready && !OVER.has(order.orderStatus);
}

export function OrderSuccess({ planId, search }: { planId: number | null; search: OrderSuccessSearch }) {
  const { t } = useTranslation('checkout');
  if (search.payment_intent)
    return <OrderByPaymentIntent key={search.payment_intent} planId={planId} search={search} paymentIntentId={search.payment_intent} />;
  if (planId !== null) return <PlanOnly planId={planId} />;
  return <StatusPanel tone="error" title={t('success.noInfo')} body={t('success.noInfoBody')} alert after={<FindOrderCard />} />;
}

/** 'Find my order' under a panel that has no order to show (a guest who lost the page, issue 26). */
function FindOrderCard(props: { email?: string | undefined; orderNumber?: string; variant?: 'resend' }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="white" mt="lg" data-testid="order-find-order">
      <FindOrder {...props} />
    </Paper>
  );
}

function OrderByPaymentIntent({
  paymentIntentId,
  search,
  planId,
}: {
  paymentIntentId: string;
  search: OrderSuccessSearch;
  planId: number | null;
}) {
  const { t } = useTranslation('checkout');
  const { t: te } = useTranslation('esim');
  const trpc = useTRPC();
  const session = useSession();
  // The URL's secret (Stripe's redirect, or ours) is kept for a reload; else the one stored at pay time.
  const [clientSecret] = useState(() => {
    const fromUrl = search.payment_intent_client_secret;
    if (fromUrl) {
      storePaymentSecret(paymentIntentId, fromUrl);
      return fromUrl;
    }
    return readPaymentSecret(paymentIntentId) ?? undefined;
  });
  const [since, setSince] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const timedOutRef = useRef(false);

  const input = { paymentIntentId, ...(clientSecret ? { clientSecret } : {}) };
  const queryOptions = trpc.orders.byPaymentIntent.queryOptions(input);
  const queryClient = useQueryClient();
  // Settled once when the page opens (and on 'Check again'); its answer is the order as it is
  // then. A failure changes nothing here: the poll below says what the order is.
  const settle = useMutation(
    trpc.orders.settle.mutationOptions({
      onSuccess: (view) => queryClient.setQueryData(queryOptions.queryKey, view),
    }),
  );
  const settleOnce = useRef(false);
  useEffect(() => {
    if (settleOnce.current) return;
    settleOnce.current = true;
    settle.mutate(input);
  });

  const order = useQuery({
    ...queryOptions,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || !isWaiting(data, Boolean(search.topUp)) || timedOutRef.current) return false;
      return POLL_INTERVAL_MS;
    },
  });

  const waiting = order.data ? isWaiting(order.data, Boolean(search.topUp)) : false;
  // Issue 29: the referral link is kept until an order with it is paid (or refused for it), so a
  // declined card and a reload still show and apply the friend's discount.
  const orderStatus = order.data?.orderStatus;
  const referralOver = orderStatus === 'paid' || orderStatus === 'provisioning' || orderStatus === 'fulfilled';
  const referralRefused = order.data?.holdRefusal?.refusedBy === 'referral';
  useEffect(() => {
    if (referralOver || referralRefused) forgetReferralCode();
  }, [referralOver, referralRefused]);
  useEffect(() => {
    if (!waiting) return;
    const left = Math.max(0, POLL_LIMIT_MS - (Date.now() - since));
    const timer = setTimeout(() => {
      timedOutRef.current = true;
      setTimedOut(true);
    }, left);
    return () => clearTimeout(timer);
  }, [waiting, since]);

  const checkAgain = () => {
    timedOutRef.current = false;
    setTimedOut(false);
    setSince(Date.now());
    settle.mutate(input);
    void order.refetch();
  };

  if (order.isPending) return <PageLoader label={t('success.loading')} />;
  if (order.isError) {
    const notFound = callError(order.error).code === 'NOT_FOUND';
    return (
      <StatusPanel
        tone="error"
        alert
        title={t('success.notFoundTitle')}
        body={notFound ? t('success.notFoundBody') : t('success.fetchFailed')}
        after={notFound ? <FindOrderCard /> : null}
        action={
          notFound ? null : (
            <Button variant="default" onClick={() => void order.refetch()} loading={order.isFetching}>
              {t('success.checkAgain')}
            </Button>
          )
        }
      />
    );
  }

  const data = order.data;
  const retryPlan = planId ?? data.planId;
  if (data.orderStatus === 'refunded') {
    return <StatusPanel tone="refund" alert title={t('success.refundedTitle')} body={t('success.refundedBody')} order={data} />;
  }
  if (data.orderStatus === 'expired') {
    return (
      <StatusPanel
        tone="error"
        alert
        title={t('success.expiredTitle')}
        body={t('success.expiredBody')}
        order={data}
        action={
          <Button renderRoot={(props) => <Link to="/checkout/$planId" params={{ planId: String(retryPlan) }} {...props} />}>
            {t('success.tryAgain')}
          </Button>
        }
      />
    );
  }
  // Issue 29: the card was held, then the hold released (a code already used with this card, or a refused referral).
  if (data.orderStatus === 'canceled' && data.holdRefusal) {
    const tryAgain = (
      <Button renderRoot={(props) => <Link to="/checkout/$planId" params={{ planId: String(retryPlan) }} {...props} />}>
        {t('success.tryAgain')}
      </Button>
    );
    return (
      <Suspense fallback={<PageLoader label={t('loading')} />}>
        <HoldRefusedPanel refusal={data.holdRefusal} action={tryAgain} />
      </Suspense>
    );
  }
  if (
    data.orderStatus === 'payment_failed' ||
    data.orderStatus === 'canceled' ||
    (!data.ready && search.redirect_status === 'failed' && data.orderStatus === 'pending_payment')
  ) {
    return (
      <StatusPanel
        tone="error"
        alert
        title={t('success.failedTitle')}
        body={t('success.failedBody')}
        action={
          <Button renderRoot={(props) => <Link to="/checkout/$planId" params={{ planId: String(retryPlan) }} {...props} />}>
            {t('success.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (search.topUp && data.orderStatus === 'fulfilled') {
    return (
      <SuccessLayout
        order={data}
        title={t('success.title')}
        subtitle={t('success.orderNumber', { id: data.id })}
        icon="done"
        topUpIccid={search.topUp}
      >
        <TopUpDone iccid={search.topUp} />
      </SuccessLayout>
    );
  }
  if (!data.ready) {
    const paid = data.orderStatus !== 'pending_payment';
    return (
      <SuccessLayout order={data} title={t('success.title')} subtitle={t('success.orderNumber', { id: data.id })} icon="wait">
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          bg="white"
          aria-live="polite"
          aria-busy={!timedOut}
          data-testid="order-waiting"
        >
          {data.paymentHold ? (
            <PaymentHoldNotice hold={data.paymentHold} />
          ) : (
            <Stack align="center" ta="center" gap="sm" py="lg">
              {timedOut ? (
                <ThemeIcon size={52} radius="xl" variant="light" color="yellow">
                  <IconClockHour4 size={28} aria-hidden />
                </ThemeIcon>
              ) : (
                <Loader size="lg" aria-hidden />
              )}
              <Title order={2} fz="xl">
                {timedOut ? t('success.slowTitle') : paid ? t('success.preparingTitle') : t('success.confirmingTitle')}
              </Title>
              <Text c="dimmed" maw={440}>
                {timedOut ? t('success.slowBody') : paid ? t('success.preparingBody') : t('success.confirmingBody')}
              </Text>
              {timedOut ? (
                <Button variant="default" onClick={checkAgain} loading={order.isFetching}>
                  {t('success.checkAgain')}
                </Button>
              ) : null}
            </Stack>
          )}
        </Paper>
      </SuccessLayout>
    );
  }

  if (data.gift) {
    return (
      <SuccessLayout order={data} title={t('success.title')} subtitle={t('success.orderNumber', { id: data.id })} icon="done">
        <Suspense fallback={<Loader size="lg" aria-hidden />}>
          <GiftSent gift={data.gift} />
        </Suspense>
      </SuccessLayout>
    );
  }

  return (
    <SuccessLayout order={data} title={t('success.title')} subtitle={t('success.readyTitle')} icon="done" topUpIccid={search.topUp ?? null}>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        bg="white"
        component="section"
        aria-labelledby="install-heading"
        data-testid="order-ready"
      >
        <Title order={2} fz="xl" id="install-heading" mb="md">
          {te('install.heading')}
        </Title>
        <InstallDetails esim={data} titleOrder={3} layout="wide" idPrefix="order" />
      </Paper>
      {data.guestEmail && !session.user ? <FindOrderCard variant="resend" email={data.guestEmail} orderNumber={data.id} /> : null}
    </SuccessLayout>
  );
}

function SuccessLayout({
  order,
  title,
  subtitle,
  icon,
  children,
  topUpIccid = null,
}: {
  order: OrderView;
  title: string;
  subtitle: string;
  icon: 'done' | 'wait';
  children: ReactNode;
  topUpIccid?: string | null;
}) {
  return (
    <div className={classes.page}>
      <Container size="lg" py={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="xs" className={classes.successHero} mb={{ base: 'lg', sm: 'xl' }}>
          <ThemeIcon size={72} radius={999} color={icon === 'done' ? 'green' : 'brand'} variant="light">
            {icon === 'done' ? <IconCircleCheck size={44} aria-hidden /> : <IconClockHour4 size={40} aria-hidden />}
          </ThemeIcon>
          <Title order={1} fz={{ base: 28, sm: 38 }}>
            {title}
          </Title>
          <Text c="dimmed" size="lg">
            {subtitle}
          </Text>
        </Stack>
        <Grid gap={{ base: 'lg', md: 'xl' }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 7 }}>{children}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OrderDetailsCard order={order} topUpIccid={topUpIccid} />
          </Grid.Col>
        </Grid>
      </Container>
    </div>
  );
}

function formatDate(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(d);
}

export function OrderDetailsCard({ order, topUpIccid = null }: { order: OrderView; topUpIccid?: string | null }) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const session = useSession();
  const linkToken = useLinkToken();
  // A guest's order, seen by a guest: 'Create an account with this e-mail' (issue 26).
  const guestEmail = !session.user && order.guestEmail ? order.guestEmail : null;
  // Composed in the UI language from the order's facts; the stored texts when the plan is gone.
  const texts = usePlanTexts(order.planFacts);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      bg="white"
      component="section"
      aria-labelledby="order-details-heading"
      className={classes.sticky}
      data-testid="order-details"
    >
      <Title order={2} fz="lg" id="order-details-heading">
        {t('success.detailsHeading')}
      </Title>
      <DataList mt="md" size="sm" withDivider labelWidth="42%">
        <Row label={t('success.plan')} value={<bdi data-testid="order-plan-name">{texts?.name ?? order.planName}</bdi>} />
        <Row label={t('success.data')} value={texts?.data ?? order.planData} />
        <Row label={t('success.validity')} value={texts?.validity ?? t('summary.validity', { count: order.validityDays })} />
        <Row label={t('success.total')} value={<bdi>{formatMinor(order.totalMinor, order.currency, language)}</bdi>} />
        <Row label={t('success.paymentMethod')} value={order.paymentMethod === 'Points' ? <PointsPaymentMethod /> : t('success.card')} />
        <Row label={t('success.purchaseDate')} value={formatDate(order.purchaseDate, language)} />
        <Row
          label={t('success.orderId')}
          value={
            <Text span ff="monospace" size="sm" dir="ltr">
              {order.id}
            </Text>
          }
        />
      </DataList>
      <OrderRewardsNote order={order} />
      {order.subscription ? <SubscriptionTerms subscription={order.subscription} /> : null}
      <Group gap="sm" wrap="nowrap" align="flex-start" mt="md">
        <IconMailForward size={20} aria-hidden color="var(--mantine-color-brand-7)" style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          {t('success.emailSent')}
        </Text>
      </Group>
      <Stack gap="xs" mt="lg">
        {topUpIccid && linkToken ? (
          <Button fullWidth renderRoot={(props) => <Link to="/esim-link" search={{ token: linkToken }} {...props} />}>
            {t('topUp.backToEsim')}
          </Button>
        ) : topUpIccid && session.user ? (
          <Button fullWidth renderRoot={(props) => <Link to="/account/esim/$iccid" params={{ iccid: topUpIccid }} {...props} />}>
            {t('topUp.backToEsim')}
          </Button>
        ) : null}
        {session.user ? (
          <Button fullWidth variant={topUpIccid ? 'default' : 'filled'} renderRoot={(props) => <Link to="/account" {...props} />}>
            {t('success.goToAccount')}
          </Button>
        ) : null}
        {guestEmail ? (
          <>
            <Text size="sm">{t('success.createAccountBody')}</Text>
            <Button fullWidth renderRoot={(props) => <Link to="/register" hash={registerFragment(guestEmail)} {...props} />}>
              {t('success.createAccount')}
            </Button>
          </>
        ) : null}
        <Button fullWidth variant={session.user || guestEmail ? 'default' : 'filled'} renderRoot={(props) => <Link to="/" {...props} />}>
          {t('success.backHome')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * A subscription's first month, said plainly (issue 26): the monthly price, the next renewal date,
 * how to cancel and the link to the account's subscriptions (subscriptions are for accounts only).
 */
function SubscriptionTerms({ subscription }: { subscription: NonNullable<OrderView['subscription']> }) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const amount = formatMinor(subscription.amountMinor, subscription.currency, language);
  const date = formatDay(subscription.nextRenewalAt, language, 'long');
  return (
    <Alert
      mt="md"
      variant="light"
      color="brand"
      radius="md"
      icon={<IconRepeat size={18} aria-hidden />}
      title={t('success.subscription.heading')}
      data-testid="subscription-terms"
    >
      <Stack gap={6}>
        <Text size="sm">
          {date
            ? isolated({ amount, date }, (v) => t('success.subscription.renews', v))
            : isolated({ amount }, (v) => t('success.subscription.price', v))}
        </Text>
        <Text size="sm">{t('success.subscription.cancel')}</Text>
        <Anchor size="sm" fw={600} renderRoot={(props) => <Link to="/account" hash="subscriptions-heading" {...props} />}>
          {t('success.subscription.manage')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** A top-up bought through a 'Manage your eSIM' link (#link=…, issue 26): its token, to lead back to the link's page. */
function useLinkToken(): string | null {
  return linkTokenFromHash(useLocation({ select: (l) => l.hash }));
}

/** A paid top-up: the data is on the traveller's eSIM; back to it (no QR code: nothing to install). */
function TopUpDone({ iccid }: { iccid: string }) {
  const { t } = useTranslation('checkout');
  const linkToken = useLinkToken();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      bg="white"
      component="section"
      aria-labelledby="topup-done-heading"
      data-testid="topup-done"
    >
      <Title order={2} fz="xl" id="topup-done-heading">
        {t('topUp.doneTitle')}
      </Title>
      <Text mt="sm">{isolated({ iccid: `\u200E…${iccid.slice(-4)}` }, (v) => t('topUp.doneBody', v))}</Text>
      <Button
        mt="lg"
        renderRoot={(props) =>
          linkToken ? (
            <Link to="/esim-link" search={{ token: linkToken }} {...props} />
          ) : (
            <Link to="/account/esim/$iccid" params={{ iccid }} {...props} />
          )
        }
      >
        {t('topUp.backToEsim')}
      </Button>
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** Spec §7: without a payment_intent the page shows the plan (catalog.plan). */
function PlanOnly({ planId }: { planId: number }) {
  const { t } = useTranslation('checkout');
  const trpc = useTRPC();
  const plan = useQuery(trpc.catalog.plan.queryOptions({ id: planId }));
  if (plan.isPending) return <PageLoader label={t('success.loading')} />;
  if (plan.isError) return <StatusPanel tone="error" alert title={t('success.notFoundTitle')} body={t('errors.planLoad')} />;
  return <PlanOnlyCard plan={plan.data} />;
}

function PlanOnlyCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation('checkout');
  const { formatPrice } = useCurrency();
  const texts = useCatalogPlanTexts(plan);
  const facts = planFacts(plan);
  const data = texts.composed ? texts.data : facts.data;
  const validity = texts.composed ? texts.validity : facts.validityDays ? t('summary.validity', { count: facts.validityDays }) : null;
  return (
    <Container size="sm" py={{ base: 'lg', sm: 72 }}>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        shadow="sm"
        bg="white"
        component="section"
        aria-labelledby="plan-only-heading"
        data-testid="plan-only"
      >
        <Text size="sm" c="dimmed" fw={700} tt="uppercase">
          {t('success.planOnlyTitle')}
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }} id="plan-only-heading" mt={4}>
          {texts.name}
        </Title>
        <DataList mt="md" size="sm" withDivider labelWidth="42%">
          {data ? <Row label={t('success.data')} value={data} /> : null}
          {validity ? <Row label={t('success.validity')} value={validity} /> : null}
          <Row label={t('success.price')} value={<bdi>{formatPrice(plan.priceMinor)}</bdi>} />
        </DataList>
        <Text mt="md" size="sm">
          {t('success.planOnlyBody')}
        </Text>
        <Group mt="lg" gap="sm">
          <Button renderRoot={(props) => <Link to="/account" {...props} />}>{t('success.viewOrders')}</Button>
          <Button variant="default" renderRoot={(props) => <Link to="/" {...props} />}>
            {t('success.backHome')}
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}

const TONES = {
  error: { color: 'red', icon: <IconAlertTriangle size={30} aria-hidden /> },
  refund: { color: 'orange', icon: <IconReceiptRefund size={30} aria-hidden /> },
  failed: { color: 'red', icon: <IconX size={30} aria-hidden /> },
} as const;

/** A centred panel: icon, title, text, an optional action and 'Return to Home'. */
/** Issue 29: why a held payment was released (texts in promo-limits, loaded here: only this panel needs them). */
function HoldRefusedPanel({ refusal, action }: { refusal: NonNullable<OrderView['holdRefusal']>; action: ReactNode }) {
  const { t } = useTranslation('promo-limits');
  const tt = t as unknown as (key: string, opts?: Record<string, unknown>) => string;
  const body =
    refusal.refusedBy === 'promo'
      ? t('holdRefused.promo')
      : t('holdRefused.referral', { reason: tt(`reasons.${refusal.reason}`, { defaultValue: refusal.reason }) });
  return <StatusPanel tone="error" alert title={t('holdRefused.title')} body={body} action={action} />;
}

function StatusPanel({
  tone,
  title,
  body,
  action,
  alert,
  order,
  after,
}: {
  tone: keyof typeof TONES;
  title: string;
  body: string;
  action?: ReactNode;
  alert?: boolean;
  order?: OrderView;
  /** Below the panel (e.g. 'Find my order'). */
  after?: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm" bg="white">
        <Stack
          align="center"
          gap="md"
          ta="center"
          role={alert ? 'alert' : undefined}
          ref={ref}
          tabIndex={-1}
          style={{ outline: 'none' }}
          data-testid="order-status-panel"
        >
          <ThemeIcon size={56} radius="xl" color={TONES[tone].color} variant="light">
            {TONES[tone].icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <Text c="dimmed" maw={460}>
            {body}
          </Text>
          {order ? (
            <Text size="sm" c="dimmed">
              {isolated({ id: order.id }, (v) => t('success.orderNumber', v))}
            </Text>
          ) : null}
          <Group gap="sm" justify="center" mt="sm">
            {action}
            <Button variant={action ? 'default' : 'filled'} renderRoot={(props) => <Link to="/" {...props} />}>
              {t('init.returnHome')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {after}
    </Container>
  );
}

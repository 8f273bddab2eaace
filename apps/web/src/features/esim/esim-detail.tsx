// /account/esim/{iccid}: one eSIM in full (esims.get). Its destination, status and usage with the
// days left; what it is for and when it started and ends; the actions (top up while it can,
// refund while the terms allow it, else why not); the data used per day; its packages; and how
// to install it (QR, one-tap iPhone link, manual details with copy buttons, APN).
// The install moment first: an eSIM not installed yet opens with how to install it, then its
// summary, refund and top-ups; once installed, usage leads and the spent QR code is folded
// behind 'Show installation details again' with the single-use warning. An unknown eSIM,
// or someone else's, is 'not found' (the API answers 404 for both). On opening it asks the server
// to refresh the eSIM from the provider if it is stale (useEsimRefresh).
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconDeviceMobileOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { DoctorLauncher } from '../doctor/doctor-launcher.tsx';
import { focusHeading } from '../doctor/doctor-types.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { BuyAgain, DaysLeft, EsimDestination, TravellerStatusBadge, UsageBar, useEsimDestination } from './esim-life.tsx';
import { EsimPackages } from './esim-packages.tsx';
import { formatDay } from './esim-format.ts';
import type { EsimDetail as EsimDetailData } from './esim-types.ts';
import { InstallDetails } from './install-details.tsx';
import { RefundAction } from './refund-action.tsx';
import { TopUpOptions } from './top-up-options.tsx';
import { UsageChart } from './usage-chart.tsx';
import { useEsimRefresh } from './use-esim-refresh.ts';
import classes from './esim-detail.module.css';

// Issue 29 (each its own chunk): 'Give as a gift', and the buyer's view of an eSIM they gave.
const GiftPanel = lazy(() => import('../gifts/gift-panel.tsx'));
const GivenGiftOrNotFound = lazy(() => import('../gifts/given-gifts.tsx').then((m) => ({ default: m.GivenGiftOrNotFound })));

export function EsimDetailScreen({ iccid }: { iccid: string }) {
  const { t } = useTranslation('esim');
  const trpc = useTRPC();
  useEsimRefresh(iccid);
  const esim = useQuery(
    trpc.esims.get.queryOptions({ iccid }, { retry: (count, err) => callError(err).code !== 'NOT_FOUND' && count < 2 }),
  );
  if (esim.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={140} radius="lg" />
        <Skeleton height={220} radius="lg" />
      </Stack>
    );
  }
  if (esim.isError) {
    const code = callError(esim.error).code;
    if (code === 'BAD_REQUEST') return <EsimNotFound />;
    // Not (or no longer) the account's: an eSIM it gave shows as its gift, else 'not found'.
    if (code === 'NOT_FOUND')
      return (
        <Suspense fallback={<Skeleton height={160} radius="lg" />}>
          <GivenGiftOrNotFound iccid={iccid} />
        </Suspense>
      );
    return (
      <Alert color="red" variant="light" title={t('life.detail.loadFailed')}>
        <Button mt="xs" size="xs" variant="default" loading={esim.isFetching} onClick={() => void esim.refetch()}>
          {t('subscriptions.retry')}
        </Button>
      </Alert>
    );
  }
  return <EsimDetailView esim={esim.data} />;
}

export function EsimNotFound() {
  const { t } = useTranslation('esim');
  return (
    <div role="alert" data-testid="esim-not-found">
      <EmptyState
        icon={IconDeviceMobileOff}
        title={t('life.detail.notFoundTitle')}
        hint={t('life.detail.notFoundBody')}
        action={{ label: t('life.detail.backToList'), to: '/account/esim' }}
      />
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation('esim');
  return (
    <Anchor component={Link} to="/account/esim" size="sm" fw={600}>
      <Group gap={6} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden className={classes.flip} />
        {t('life.detail.backToList')}
      </Group>
    </Anchor>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function EsimDetailView({ esim }: { esim: EsimDetailData }) {
  const { t } = useTranslation(['esim', 'tickets']);
  const { language } = useLanguage();
  const destination = useEsimDestination(esim.planFacts, esim.planName);
  const hash = useLocation({ select: (l) => l.hash });
  const installRef = useRef<HTMLHeadingElement>(null);
  // Once installed, the spent QR code is folded away ('Show installation details again');
  // 'View QR code' in the order table comes here with #install, which unfolds it.
  const [installOpen, setInstallOpen] = useState(hash === 'install');
  useEffect(() => {
    if (hash !== 'install') return;
    setInstallOpen(true);
    if (!installRef.current) return;
    installRef.current.scrollIntoView({ block: 'start' });
    installRef.current.focus({ preventScroll: true });
  }, [hash]);
  const headingId = `esim-${esim.id}-title`;
  const activated = formatDay(esim.activatedAt, language, 'long');
  const expires = formatDay(esim.expiresAt, language, 'long');
  const installable = esim.status === 'ready';
  const over = esim.status === 'expired' || esim.status === 'refunded';
  const summary = (
    <section aria-labelledby={headingId} className={classes.panel}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <EsimDestination esim={esim} order={2} id={headingId} />
        <TravellerStatusBadge status={esim.status} />
      </Group>
      <Stack gap="md" mt="lg">
        <UsageBar usage={esim.usage} status={esim.status} />
        <DaysLeft esim={esim} />
        <div>
          <BuyAgain esim={esim} />
        </div>
        <dl className={classes.facts}>
          <Fact label={t('install.iccid')} wide>
            <span dir="ltr" data-testid="esim-iccid" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
              {esim.iccid}
            </span>
          </Fact>
          <Fact label={t('life.detail.bought')}>{formatDay(esim.createdAt, language, 'long') ?? '—'}</Fact>
          <Fact label={t('life.detail.activated')}>{activated ?? t('life.detail.notYet')}</Fact>
          <Fact label={t('life.detail.expires')}>{expires ?? t('life.detail.startsOnConnect')}</Fact>
          <Fact label={t('card.order')}>
            <Anchor
              size="sm"
              fw={600}
              renderRoot={(props) => <Link to="/account/orders/$orderId/receipt" params={{ orderId: esim.orderId }} {...props} />}
            >
              <span dir="ltr">{esim.orderId}</span>
            </Anchor>
          </Fact>
        </dl>
        {/* Issue 30: the connection doctor (a lazy chunk), then a ticket about this eSIM. */}
        <div>
          <DoctorLauncher
            esim={esim}
            linkToken={null}
            targets={{
              showInstall: () => {
                setInstallOpen(true);
                window.setTimeout(() => focusHeading('install'), 0);
              },
              showTopUps: () => focusHeading('topup-heading'),
            }}
          />
        </div>
        <Text size="sm">
          {/* Issue 30: a ticket about this eSIM (the support page's form, the ICCID attached). */}
          <Anchor
            size="sm"
            fw={600}
            renderRoot={(props) => <Link to="/support" search={{ esim: esim.iccid } as never} hash="contact-form" {...props} />}
          >
            {t('tickets:getHelp')}
          </Anchor>
        </Text>
        {esim.subscriptionId ? (
          <Text size="sm" c="dimmed">
            {t('life.detail.renewsMonthly')}{' '}
            <Anchor component={Link} to="/account" size="sm" fw={600}>
              {t('life.detail.manageSubscription')}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </section>
  );
  const refund = !over ? (
    <section aria-labelledby="esim-refund-heading" className={classes.panel}>
      <Title order={2} fz="lg" id="esim-refund-heading" mb="xs">
        {t('life.refund.heading')}
      </Title>
      <RefundAction orderId={esim.orderId} refund={esim.refund} subject={destination.planName} kind="esim" />
    </section>
  ) : null;
  const topUps = esim.canTopUp ? (
    <div className={classes.panel}>
      <TopUpOptions iccid={esim.iccid} />
    </div>
  ) : null;
  const chart = (
    <div className={classes.panel}>
      <UsageChart dailyUsage={esim.dailyUsage} />
    </div>
  );
  const packages =
    esim.packages.length > 0 ? (
      <div className={classes.panel}>
        <EsimPackages packages={esim.packages} />
      </div>
    ) : null;
  const install =
    esim.status !== 'refunded' ? (
      <section aria-labelledby="install" className={classes.panel} data-testid="esim-install-section">
        <Title order={2} fz="lg" id="install" ref={installRef} tabIndex={-1} mb="xs" style={{ outline: 'none', scrollMarginTop: 80 }}>
          {t('install.heading')}
        </Title>
        {installable ? (
          <InstallDetails esim={esim} titleOrder={3} layout="wide" idPrefix={`esim-${esim.id}`} />
        ) : (
          <>
            <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} mb="md">
              {t('life.detail.alreadyInstalled')}
            </Alert>
            <Button
              variant="default"
              aria-expanded={installOpen}
              aria-controls={`esim-${esim.id}-install-details`}
              onClick={() => setInstallOpen((open) => !open)}
              data-testid="esim-install-toggle"
            >
              {installOpen ? t('life.detail.hideInstall') : t('life.detail.showInstall')}
            </Button>
            <div id={`esim-${esim.id}-install-details`}>
              {installOpen ? (
                <Box mt="md">
                  <InstallDetails esim={esim} titleOrder={3} layout="wide" idPrefix={`esim-${esim.id}`} />
                </Box>
              ) : null}
            </div>
          </>
        )}
      </section>
    ) : (
      <Text size="sm" c="dimmed">
        {t('card.canceled')}
      </Text>
    );
  return (
    <Stack gap="lg" data-testid="esim-detail">
      <BackLink />

      {installable ? install : null}
      {summary}
      {installable ? (
        <>
          {refund}
          {esim.giftable ? (
            <Suspense fallback={null}>
              <GiftPanel iccid={esim.iccid} />
            </Suspense>
          ) : null}
          {topUps}
          {chart}
          {packages}
        </>
      ) : (
        <>
          {chart}
          {packages}
          {topUps}
          {refund}
          {install}
        </>
      )}
    </Stack>
  );
}

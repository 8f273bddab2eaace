// /esim-link?token=…: the 'Manage your eSIM' link of the order e-mails (issue 26), no account
// needed; the token is the key (esimLinks.get answers the same eSIM view as the account's page).
// Not installed yet: how to install it first (one tap, QR, manual details, APN); then the usage
// and the packages. 'Send me a new link' ends this link and e-mails a new one (esimLinks.revoke).
// 'Ask for a refund', only while the view says a refund is possible: step 1 e-mails a code
// (esimLinks.refundCode), step 2 takes the 6-digit code and refunds (esimLinks.refund). A revoked
// or unknown link (404) says so, with 'Find my order' under it (or the newest e-mail).
// 'Top up' (while the eSIM can take more data): the top-ups of this eSIM through the link
// (esimLinks.topUps), each to the checkout in top-up mode with the link's token in the fragment —
// bought without an account, the receipt to the order's address.
import { lazy, Suspense, useRef, useState } from 'react';
import { Alert, Anchor, Box, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DoctorLauncher } from '../doctor/doctor-launcher.tsx';
import { focusHeading } from '../doctor/doctor-types.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { invoiceLink, useInvoiceView } from '../invoice/invoice-href.ts';
import { InvoiceScreen } from '../invoice/invoice-page.tsx';
import { EsimDestination, TravellerStatusBadge, UsageBar } from './esim-life.tsx';
import { EsimPackages } from './esim-packages.tsx';
import type { EsimDetail } from './esim-types.ts';
import { InstallDetails } from './install-details.tsx';
import { TopUpOptions } from './top-up-options.tsx';
import classes from './esim-detail.module.css';
import { EsimLinkGone, LinkRefund } from './esim-link-parts.tsx';

/** Issue 29: ?gift=… claims a gift here (its own chunk). */
const GiftClaimScreen = lazy(() => import('../gifts/gift-claim.tsx'));
/** Issue 29: the buyer's link of an eSIM given as a gift shows the gift, not the eSIM (its own chunk). */
const GivenGiftByLink = lazy(() => import('../gifts/given-gift-link.tsx'));

export function EsimLinkPage({ token, gift }: { token: string | undefined; gift?: string | undefined }) {
  // The route has no loader (the shop's initial chunk stays small): the texts this page and the
  // eSIM components use load here at once, in parallel (suspends until they are in).
  useTranslation(['esim', 'checkout', 'plans', 'destinations', 'invoice', ...(gift && !token ? (['gifts'] as const) : [])]);
  // ?view=invoice: the order's VAT invoice (issue 31; features/invoice/invoice-href.ts).
  const view = useInvoiceView() ? 'invoice' : 'esim';
  return (
    <Container size="md" py="xl">
      {gift && !token ? (
        <Suspense fallback={<Skeleton height={220} radius="lg" />}>
          <GiftClaimScreen token={gift} />
        </Suspense>
      ) : token ? (
        view === 'invoice' ? (
          <InvoiceScreen invoiceRef={{ token }} standalone />
        ) : (
          <EsimLinkScreen token={token} />
        )
      ) : (
        <EsimLinkGone />
      )}
    </Container>
  );
}

function EsimLinkScreen({ token }: { token: string }) {
  const { t } = useTranslation('esim');
  const trpc = useTRPC();
  const [renewed, setRenewed] = useState(false);
  const esim = useQuery({
    // Read again each time the page opens (the shop's default is never stale): back from a top-up
    // bought through this link, its new package is listed.
    ...trpc.esimLinks.get.queryOptions({ token }, { retry: (count, err) => !isGone(err) && count < 2, staleTime: 0 }),
    enabled: !renewed,
  });
  if (renewed) return <NewLinkSent />;
  if (esim.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={140} radius="lg" />
        <Skeleton height={220} radius="lg" />
      </Stack>
    );
  }
  if (esim.isError) {
    if (callError(esim.error).details.reason === 'gift_given')
      return (
        <Suspense fallback={<Skeleton height={160} radius="lg" />}>
          <GivenGiftByLink token={token} />
        </Suspense>
      );
    if (isGone(esim.error)) return <EsimLinkGone />;
    return (
      <Alert color="red" variant="light" title={t('life.detail.loadFailed')}>
        <Button mt="xs" size="xs" variant="default" loading={esim.isFetching} onClick={() => void esim.refetch()}>
          {t('subscriptions.retry')}
        </Button>
      </Alert>
    );
  }
  return <EsimLinkView esim={esim.data} token={token} onRenewed={() => setRenewed(true)} />;
}

/** 404 (revoked or unknown link) or 400 (a token the API refuses to read): this link is over. */
function isGone(err: unknown): boolean {
  const code = callError(err).code;
  // 403: the link's eSIM was given away (issue 29): only the recipient's link opens it.
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'FORBIDDEN';
}

function NewLinkSent() {
  const { t } = useTranslation('esim');
  return (
    <Alert color="green" variant="light" icon={<IconMailForward size={18} aria-hidden />} title={t('link.renew.doneTitle')} role="status">
      <Text size="sm" data-testid="esim-link-renewed">
        {t('link.renew.doneBody')}
      </Text>
    </Alert>
  );
}

function EsimLinkView({ esim, token, onRenewed }: { esim: EsimDetail; token: string; onRenewed: () => void }) {
  const { t } = useTranslation('esim');
  const { t: tInvoice } = useTranslation('invoice');
  const headingId = `esim-link-${esim.id}-title`;
  const installable = esim.status === 'ready';
  // Once offered, the refund section stays: after the refund (the eSIM, read again, is no longer
  // refundable) or a refusal, it says what happened.
  const refundOffered = useRef(false);
  if (esim.refund.eligible) refundOffered.current = true;
  const install =
    esim.status !== 'refunded' ? (
      <section aria-labelledby="esim-link-install" className={classes.panel} data-testid="esim-install-section">
        <Title order={2} fz="lg" id="esim-link-install" mb="xs">
          {t('install.heading')}
        </Title>
        {installable ? null : (
          <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} mb="md">
            {t('life.detail.alreadyInstalled')}
          </Alert>
        )}
        <InstallDetails esim={esim} titleOrder={3} layout="wide" idPrefix={`esim-link-${esim.id}`} />
      </section>
    ) : null;
  return (
    <Stack gap="lg" data-testid="esim-link">
      <Title order={1} fz="h2">
        {t('link.title')}
      </Title>
      {installable ? install : null}
      <section aria-labelledby={headingId} className={classes.panel}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <EsimDestination esim={esim} order={2} id={headingId} />
          <TravellerStatusBadge status={esim.status} />
        </Group>
        <Box mt="lg">
          <UsageBar usage={esim.usage} status={esim.status} />
        </Box>
        <Text size="sm" mt="md">
          {t('card.order')}: <span dir="ltr">{esim.orderId}</span>
        </Text>
        <Anchor
          renderRoot={(props) => <Link {...invoiceLink({ token })} {...props} />}
          size="sm"
          fw={600}
          mt="xs"
          display="inline-block"
          data-testid="esim-link-invoice"
        >
          {tInvoice('link')}
        </Anchor>
        {/* Issue 30: the connection doctor (a lazy chunk); its ticket goes through this link. */}
        <Box mt="md">
          <DoctorLauncher
            esim={esim}
            linkToken={token}
            targets={{
              showInstall: () => focusHeading('esim-link-install'),
              showTopUps: () => focusHeading('esim-link-topup-heading'),
            }}
          />
        </Box>
      </section>
      {esim.packages.length > 0 ? (
        <div className={classes.panel}>
          <EsimPackages packages={esim.packages} idPrefix="esim-link-packages" />
        </div>
      ) : null}
      {esim.canTopUp ? <TopUpOptions iccid={esim.iccid} linkToken={token} idPrefix="esim-link-topup" className={classes.panel} /> : null}
      {refundOffered.current ? (
        <section aria-labelledby="esim-link-refund" className={classes.panel}>
          <Title order={2} fz="lg" id="esim-link-refund" mb="xs">
            {t('life.refund.heading')}
          </Title>
          <LinkRefund token={token} />
        </section>
      ) : null}
      {installable ? null : install}
      <section aria-labelledby="esim-link-renew" className={classes.panel}>
        <Title order={2} fz="lg" id="esim-link-renew" mb="xs">
          {t('link.renew.heading')}
        </Title>
        <RenewLink token={token} onRenewed={onRenewed} />
      </section>
    </Stack>
  );
}

function RenewLink({ token, onRenewed }: { token: string; onRenewed: () => void }) {
  const { t } = useTranslation('esim');
  const trpc = useTRPC();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation(
    trpc.esimLinks.revoke.mutationOptions({
      onSuccess: () => onRenewed(),
      onError: (err) => setError(isGone(err) ? t('link.gone.title') : t('link.renew.failed')),
    }),
  );
  return (
    <Stack gap="xs">
      <Text size="sm">{t('link.renew.body')}</Text>
      <div>
        <Button
          variant="default"
          leftSection={<IconMailForward size={16} aria-hidden />}
          loading={mutation.isPending}
          disabled={mutation.isPending}
          onClick={() => {
            setError(null);
            mutation.mutate({ token });
          }}
        >
          {t('link.renew.button')}
        </Button>
      </div>
      {error ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          <Text size="sm">{error}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

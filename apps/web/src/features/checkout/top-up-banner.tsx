// The checkout in top-up mode (/checkout/{planId}?topUp={iccid}): it says which eSIM the data goes
// onto (…the ICCID's last four digits and its destination), that no new QR code is needed, and
// leads back to that eSIM. A top-up needs the eSIM's owner signed in, or (issue 26) its 'Manage
// your eSIM' link (#link=<token>): then it leads back to the link's page.
import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconLogin, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isolated } from '../../components/bidi.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { useDestinationNames } from '../catalog/destination-names.ts';
import classes from './checkout.module.css';

/**
 * The eSIM a top-up is for: its destination in the UI language, or why it cannot be topped up. Read
 * from the account (signed in), or through its 'Manage your eSIM' link's token (issue 26).
 */
export function useTopUpTarget(iccid: string | null, signedIn: boolean, linkToken: string | null = null) {
  const trpc = useTRPC();
  const names = useDestinationNames();
  const retry = (count: number, err: unknown) => callError(err).code !== 'NOT_FOUND' && count < 2;
  const owned = useQuery({
    ...trpc.esims.get.queryOptions({ iccid: iccid ?? '' }),
    enabled: iccid !== null && signedIn && linkToken === null,
    retry,
  });
  const linked = useQuery({
    ...trpc.esimLinks.get.queryOptions({ token: linkToken ?? '' }),
    enabled: iccid !== null && linkToken !== null,
    retry: (count, err) => callError(err).code !== 'BAD_REQUEST' && retry(count, err),
  });
  const esim = linkToken !== null ? linked : owned;
  const facts = esim.data?.planFacts ?? null;
  return {
    pending: iccid !== null && (signedIn || linkToken !== null) && esim.isPending,
    // A link that no longer works, or one of another eSIM than the ICCID asked for.
    notFound: esim.isError || (esim.data !== undefined && esim.data.iccid !== iccid),
    /** Expired or refunded: no top-up. */
    closed: esim.data ? !esim.data.canTopUp : false,
    destination: facts
      ? names.name({ code: facts.regionCode, kind: facts.regionKind, name: facts.regionName })
      : (esim.data?.planName ?? null),
  };
}

export function TopUpBanner({ iccid, destination }: { iccid: string; destination: string | null }) {
  const { t } = useTranslation('checkout');
  // A left-to-right mark first: the isolated '…1234' keeps its ellipsis before the digits in Arabic too.
  const tail = `\u200E…${iccid.slice(-4)}`;
  return (
    <Alert
      mt="md"
      color="brand"
      variant="light"
      radius="md"
      icon={<IconPlus size={18} aria-hidden />}
      title={t('topUp.bannerTitle')}
      data-testid="topup-banner"
    >
      <Text size="sm">
        {destination
          ? isolated({ iccid: tail, destination }, (v) => t('topUp.banner', v))
          : isolated({ iccid: tail }, (v) => t('topUp.bannerNoDestination', v))}
      </Text>
    </Alert>
  );
}

export function TopUpBackLink({ iccid, linkToken = null }: { iccid: string; linkToken?: string | null }) {
  const { t } = useTranslation('checkout');
  return (
    <Anchor
      size="sm"
      fw={600}
      className={classes.back}
      renderRoot={(props) =>
        linkToken ? (
          <Link to="/esim-link" search={{ token: linkToken }} {...props} />
        ) : (
          <Link to="/account/esim/$iccid" params={{ iccid }} {...props} />
        )
      }
    >
      <Group gap={6} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden className={classes.flip} />
        {t('topUp.back')}
      </Group>
    </Anchor>
  );
}

/** A guest asked to top up: the eSIM is in an account, so sign in first and come back here. */
export function TopUpSignIn({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('checkout');
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm" bg="white">
        <Stack align="center" gap="md" ta="center" data-testid="topup-sign-in">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconLogin size={30} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('topUp.signInTitle')}
          </Title>
          <Text c="dimmed" maw={420}>
            {t('topUp.signInBody')}
          </Text>
          <Button renderRoot={(props) => <Link to="/login" search={{ redirect: returnTo }} {...props} />}>{t('topUp.signIn')}</Button>
        </Stack>
      </Paper>
    </Container>
  );
}

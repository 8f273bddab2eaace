// 'Top up': the packages that fit this eSIM (esims.topUpOptions: the ones its provider lists for this
// very eSIM, of its destination; none when it lists none or cannot be reached; prices in USD
// converted to the chosen currency as everywhere), each leading to the same checkout in top-up
// mode (/checkout/{planId}?topUp={iccid}). The data goes onto this eSIM: no new QR code.
// On the 'Manage your eSIM' link's page (issue 26) the offers come through the link
// (esimLinks.topUps) and the checkout carries its token in the fragment (#link=…): no account needed.
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import type { Plan } from '../catalog/types.ts';
import { useCatalogPlanTexts } from '../catalog/use-plan-texts.ts';
import { linkFragment } from '../checkout/esim-link-fragment.ts';

export function TopUpOptions({
  iccid,
  idPrefix = 'topup',
  linkToken = null,
  className,
}: {
  iccid: string;
  idPrefix?: string;
  linkToken?: string | null;
  className?: string | undefined;
}) {
  const { t } = useTranslation('esim');
  const trpc = useTRPC();
  const owned = useQuery({ ...trpc.esims.topUpOptions.queryOptions({ iccid }), enabled: linkToken === null });
  const linked = useQuery({ ...trpc.esimLinks.topUps.queryOptions({ token: linkToken ?? '' }), enabled: linkToken !== null });
  const options = linkToken === null ? owned : linked;
  const headingId = `${idPrefix}-heading`;
  let body;
  if (options.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
        <Skeleton height={150} radius="md" />
        <Skeleton height={150} radius="md" />
      </SimpleGrid>
    );
  } else if (options.isError) {
    body = (
      <Alert color="red" variant="light" title={t('life.topUp.loadFailed')}>
        <Button mt="xs" size="xs" variant="default" loading={options.isFetching} onClick={() => void options.refetch()}>
          {t('subscriptions.retry')}
        </Button>
      </Alert>
    );
  } else if (options.data.length === 0) {
    body = <Text c="dimmed">{t('life.topUp.none')}</Text>;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="topup-options">
        {options.data.map((plan) => (
          <TopUpCard key={plan.id} plan={plan} iccid={iccid} linkToken={linkToken} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <section aria-labelledby={headingId} data-testid="topup" className={className}>
      <Title order={2} fz="lg" id={headingId}>
        {t('life.topUp.heading')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('life.topUp.intro')}
      </Text>
      {body}
    </section>
  );
}

function TopUpCard({ plan, iccid, linkToken }: { plan: Plan; iccid: string; linkToken: string | null }) {
  const { t } = useTranslation('esim');
  const texts = useCatalogPlanTexts(plan);
  const data = texts.composed ? texts.data : (plan.dataAmount ?? '');
  const validity = texts.composed ? texts.validity : t('life.packages.validity', { count: plan.validityDays });
  const titleId = `topup-plan-${plan.id}`;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId} data-plan-id={plan.id}>
      <Stack gap="xs" h="100%">
        <Title order={3} fz="md" id={titleId}>
          <bdi>{data}</bdi>
        </Title>
        <Text size="sm" c="dimmed">
          {validity}
        </Text>
        <Group gap={6} align="baseline" mt="auto">
          <Text fw={800} fz="xl">
            <Money usdMinor={plan.priceMinor} />
          </Text>
        </Group>
        <Button
          aria-label={`${t('life.topUp.buy')} – ${texts.name}`}
          renderRoot={(props) => (
            <Link
              to="/checkout/$planId"
              params={{ planId: String(plan.id) }}
              search={{ topUp: iccid }}
              {...(linkToken ? { hash: linkFragment(linkToken) } : {})}
              {...props}
            />
          )}
        >
          {t('life.topUp.buy')}
        </Button>
      </Stack>
    </Card>
  );
}

import { Button, Container, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowDown, IconWorld } from '@tabler/icons-react';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { findBySlug } from '@esim/api/domain';
import { Money } from '../components/money.tsx';
import { PlansSection } from '../features/catalog/plans-section.tsx';
import { RegionFlag } from '../features/catalog/region-flag.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { useTRPC } from '../lib/trpc.ts';
import { pageHead } from '../lib/page-meta.ts';
import { BundlesIncluding, DestinationNetworks } from './-components/destination-facts.tsx';
import { InfoHero } from './-components/info-hero.tsx';

const GLOBAL_CODE = 'GLOBAL';

// One destination's page: /destinations/japan, /de/destinations/europe. The slug is made from the
// English name (destinationSlug); an unknown one is the not-found page. The loader waits for the
// plans (and a bundle's countries), so the page, its head and the server's pre-render carry them.
export const Route = createFileRoute('/destinations/$slug')({
  loader: async ({ context, params }) => {
    const { queryClient, trpc } = context;
    const [regions] = await Promise.all([
      queryClient.ensureQueryData(trpc.catalog.regions.queryOptions()),
      loadNamespaces('seo', 'landing', 'plans', 'destinations'),
    ]);
    const region = findBySlug(regions, params.slug);
    if (!region) throw notFound();
    const [plans, head] = await Promise.all([
      queryClient.ensureQueryData(trpc.catalog.plans.queryOptions({ regionId: region.id })),
      import('./-components/destination-head.ts'),
      region.kind === 'bundle' && region.code !== GLOBAL_CODE
        ? queryClient.ensureQueryData(trpc.catalog.region.queryOptions({ id: region.id }))
        : null,
    ]);
    const cheapest = plans.reduce<(typeof plans)[number] | null>((min, p) => (!min || p.priceMinor < min.priceMinor ? p : min), null);
    return {
      region,
      cheapest,
      name: head.localDestinationName(region),
      meta: head.destinationMeta(`/destinations/${params.slug}`, region, plans),
    };
  },
  head: ({ match, loaderData }) => (loaderData ? pageHead(match.pathname, loaderData.meta) : {}),
  component: DestinationPage,
});

function DestinationPage() {
  const { t } = useTranslation('seo');
  const { region, cheapest, name } = Route.useLoaderData();
  const trpc = useTRPC();
  // Both were loaded by the loader (cached): the networks the plans name and the bundles covering the country.
  const plans = useQuery(trpc.catalog.plans.queryOptions({ regionId: region.id }));
  const regions = useQuery(trpc.catalog.regions.queryOptions());
  return (
    <>
      <InfoHero
        id="destination-title"
        eyebrow={t('destination.eyebrow')}
        title={t('destination.heading', { destination: name })}
        subtitle={t('destination.intro', { destination: name })}
      >
        <Group justify="center" gap="md">
          <RegionFlag code={region.code} flagIcon={region.flagIcon} />
          {cheapest ? (
            <Button size="md" renderRoot={(props) => <Link to="/checkout/$planId" params={{ planId: String(cheapest.id) }} {...props} />}>
              <BuyLabel usdMinor={cheapest.priceMinor} />
            </Button>
          ) : null}
          <Button
            size="md"
            variant="default"
            leftSection={<IconArrowDown size={18} aria-hidden />}
            renderRoot={(props) => <a href="#destination-plans" {...props} />}
          >
            {t('destination.seePlans')}
          </Button>
          <Button
            size="md"
            variant="subtle"
            leftSection={<IconWorld size={18} aria-hidden />}
            renderRoot={(props) => <Link to="/coverage" {...props} />}
          >
            {t('destination.allDestinations')}
          </Button>
        </Group>
      </InfoHero>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <PlansSection region={region} id="destination-plans" />
          {plans.data ? <DestinationNetworks plans={plans.data} region={region} /> : null}
          {regions.data ? <BundlesIncluding regions={regions.data} region={region} /> : null}
        </Stack>
      </Container>
    </>
  );
}

/** 'Buy now from $4.50' with the price in the traveller's currency. */
function BuyLabel({ usdMinor }: { usdMinor: number }) {
  const { t } = useTranslation('seo');
  const [before, after = ''] = t('destination.buy', { price: '%PRICE%' }).split('%PRICE%');
  // One inline run: the button's label is a flex box, which would drop the space beside the price.
  return (
    <span>
      {before}
      <Money usdMinor={usdMinor} />
      {after}
    </span>
  );
}

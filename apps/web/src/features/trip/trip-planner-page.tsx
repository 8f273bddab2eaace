// 'Plan my trip' (issue 28): the form, then the proposal trip.plan returns, with prices from the
// server in the visitor's currency. Works as a guest; nothing is saved.
import { useState } from 'react';
import { Alert, Badge, Box, Container, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouterInputs } from '../../lib/trpc.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useCurrency } from '../../lib/preferences/index.ts';
import { callError } from '../auth/trpc-error.ts';
import { TripForm } from './trip-form.tsx';
import { TripResult } from './trip-result.tsx';
import type { TripFormValues } from './trip-rules.ts';

type TripInput = RouterInputs['trip']['plan'];

/** The page: a hero like the info pages' (drawn with Mantine's props: no stylesheet), then the planner. */
export function TripPlannerPage() {
  const { t } = useTranslation(['trip', 'plans', 'destinations']);
  return (
    <>
      <Box
        component="section"
        aria-labelledby="trip-hero-title"
        style={{ background: 'linear-gradient(180deg, #eaf2fc 0%, #f7f9fc 100%)', borderBlockEnd: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Container size="lg" py={48} ta="center">
          <Badge variant="light" color="brand" size="lg" radius="xl" tt="none" c="brand.9">
            {t('hero.eyebrow')}
          </Badge>
          <Title order={1} id="trip-hero-title" mt="md" c="#0a2540">
            {t('hero.title')}
          </Title>
          <Text mt="sm" mx="auto" maw="40rem" size="lg" c="dark.5">
            {t('hero.subtitle')}
          </Text>
        </Container>
      </Box>
      <TripPlanner />
    </>
  );
}

/** The form beside (or above) the proposal. */
function TripPlanner() {
  const { t } = useTranslation('trip');
  const trpc = useTRPC();
  const { currency } = useCurrency();
  const [trip, setTrip] = useState<Omit<TripInput, 'currency'> | null>(null);
  const regions = useQuery(trpc.catalog.regions.queryOptions());
  const input: TripInput | null = trip ? { ...trip, currency } : null;
  const proposal = useQuery({
    ...trpc.trip.plan.queryOptions(input as TripInput),
    enabled: input !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const submit = (values: TripFormValues) =>
    setTrip({
      usage: values.usage,
      stops: values.stops.map((s) => ({ country: s.country ?? '', start: s.start, end: s.end, layover: s.layover })),
    });

  const failure = proposal.error ? callError(proposal.error) : null;
  const field = typeof failure?.details.field === 'string' ? failure.details.field : null;
  const serverErrors = field?.endsWith('.country') ? { [field]: t('errors.unknownCountry') } : undefined;

  return (
    <Container size="lg" py="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <div>
          {regions.data ? (
            <TripForm regions={regions.data} busy={proposal.isFetching} onSubmit={submit} serverErrors={serverErrors} />
          ) : regions.isError ? (
            <Alert color="red.8" variant="light" role="alert">
              {t('errors.failed')}
            </Alert>
          ) : (
            <Loader aria-label={t('form.planning')} />
          )}
        </div>
        <div aria-live="polite">
          {failure ? (
            <Alert color="red.8" variant="light" role="alert">
              {serverErrors ? t('errors.unknownCountry') : t('errors.failed')}
            </Alert>
          ) : proposal.data && regions.data ? (
            <TripResult proposal={proposal.data} regions={regions.data} />
          ) : proposal.isFetching ? (
            <Text>{t('form.planning')}</Text>
          ) : null}
        </div>
      </SimpleGrid>
    </Container>
  );
}

// The plans of the selected region (spec §2 landing points 5-7): title, coverage, purchase-mode
// tabs, and the plan grid with its loading, empty and error states.
import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSubscribable } from '@esim/api/domain';
import { isolated } from '../../components/bidi.tsx';
import { CACHE } from '../../lib/query-client.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { CountriesCovered } from './countries-covered.tsx';
import { useDestinationNames } from './destination-names.ts';
import { PlanCard } from './plan-card.tsx';
import { PlanCompareTable } from './plan-compare-table.tsx';
import { RegionFlag } from './region-flag.tsx';
import type { PurchaseMode, Region } from './types.ts';
import classes from './plans-section.module.css';

export interface PlansSectionProps {
  region: Region;
  id?: string;
}

export function PlansSection({ region, id = 'region-plans' }: PlansSectionProps) {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation('common');
  const names = useDestinationNames();
  const trpc = useTRPC();
  const [mode, setMode] = useState<PurchaseMode>('onetime');
  /** Cards (the spec's grid) or the compact comparison table. */
  const [view, setView] = useState<'cards' | 'compare'>('cards');
  const plans = useQuery({ ...trpc.catalog.plans.queryOptions({ regionId: region.id }), staleTime: CACHE.plansStaleMs });
  const titleId = `${id}-title`;
  // Only plans that make sense monthly (30 days) are sold as a subscription.
  const shown = plans.data ? (mode === 'subscription' ? plans.data.filter(isSubscribable) : plans.data) : [];

  let grid;
  if (plans.isPending) {
    grid = (
      <Center py={48} role="status">
        <Loader aria-hidden="true" />
        <VisuallyHidden>{t('plans.loading')}</VisuallyHidden>
      </Center>
    );
  } else if (plans.isError) {
    grid = (
      <Alert color="red.8" variant="light" icon={<IconAlertCircle aria-hidden />} title={tc('errors.fetchPlans')} role="alert">
        <Button size="xs" variant="white" color="red.8" mt="xs" onClick={() => void plans.refetch()}>
          {tc('errors.tryAgain')}
        </Button>
      </Alert>
    );
  } else if (shown.length === 0) {
    grid = (
      <Text ta="center" c="dimmed" py={40} size="lg">
        {mode === 'subscription' && plans.data.length > 0 ? t('plans.noMonthly') : t('plans.empty')}
      </Text>
    );
  } else if (view === 'compare') {
    grid = (
      <PlanCompareTable
        plans={shown}
        mode={mode}
        region={region}
        caption={isolated({ region: names.name(region) }, (v) =>
          t(mode === 'subscription' ? 'compare.captionMonthly' : 'compare.caption', v),
        )}
        label={t(mode === 'subscription' ? 'compare.captionMonthly' : 'compare.caption', { region: names.name(region) })}
      />
    );
  } else {
    grid = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="lg">
        {shown.map((plan) => (
          <PlanCard key={plan.id} plan={plan} mode={mode} region={region} />
        ))}
      </SimpleGrid>
    );
  }

  const viewSwitch =
    shown.length > 0 ? (
      <SegmentedControl
        size="sm"
        radius="xl"
        value={view}
        onChange={(v) => setView(v === 'compare' ? 'compare' : 'cards')}
        aria-label={t('compare.viewLabel')}
        data={[
          { value: 'cards', label: t('compare.cards') },
          { value: 'compare', label: t('compare.compare') },
        ]}
      />
    ) : null;

  return (
    <section id={id} aria-labelledby={titleId} className={classes.section}>
      <Stack gap="xl">
        <div className={classes.head}>
          <RegionFlag code={region.code} flagIcon={region.flagIcon} />
          <div>
            <Title order={2} id={titleId}>
              {isolated({ region: names.name(region) }, (v) => t('plans.title', v))}
            </Title>
            <Text c="dimmed" mt={4}>
              {t('plans.subtitle')}
            </Text>
          </div>
        </div>

        <CountriesCovered region={region} />

        <Tabs value={mode} onChange={(v) => v && setMode(v as PurchaseMode)} variant="pills" radius="xl">
          <Tabs.List aria-label={t('plans.modeLabel')} grow className={classes.modeList}>
            <Tabs.Tab value="onetime" className={classes.modeTab}>
              {t('plans.onetime')}
            </Tabs.Tab>
            <Tabs.Tab value="subscription" className={classes.modeTab}>
              {t('plans.subscription')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="onetime" pt="lg">
            <Group justify="space-between" align="center" gap="sm" mb="lg">
              <Text>{t('plans.onetimeText')}</Text>
              {mode === 'onetime' ? viewSwitch : null}
            </Group>
            {mode === 'onetime' ? grid : null}
          </Tabs.Panel>
          <Tabs.Panel value="subscription" pt="lg">
            <Group justify="space-between" align="center" gap="sm" mb="lg">
              <Text>{t('plans.subscriptionText')}</Text>
              {mode === 'subscription' ? viewSwitch : null}
            </Group>
            {mode === 'subscription' ? grid : null}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </section>
  );
}

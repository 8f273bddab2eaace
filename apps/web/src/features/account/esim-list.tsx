// The eSIMs of the signed-in user (esims.list) for /account/esim: 'No eSIMs yet' until there are
// any, then one card each (status in words, usage bar, days left, a link to the eSIM's page). On
// opening it asks the server to refresh stale eSIMs from the provider (useEsimRefresh).
import { Alert, Button, SimpleGrid, Skeleton } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { EsimCard } from '../esim/esim-card.tsx';
import type { EsimSummary } from '../esim/esim-types.ts';
import { useEsimRefresh } from '../esim/use-esim-refresh.ts';

export function NoEsims() {
  const { t } = useTranslation('account');
  return (
    <EmptyState
      icon={IconDeviceMobile}
      title={t('esim.empty')}
      hint={t('esim.emptyHint')}
      action={{ label: t('esim.browsePlans'), to: '/plans' }}
    />
  );
}

export function EsimList() {
  const { t } = useTranslation('account');
  const trpc = useTRPC();
  useEsimRefresh();
  const { data, isPending, isError, refetch, isRefetching } = useQuery(trpc.esims.list.queryOptions());
  if (isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true">
        <Skeleton height={220} radius="lg" />
        <Skeleton height={220} radius="lg" />
      </SimpleGrid>
    );
  }
  if (isError) {
    return (
      <Alert color="red" variant="light" title={t('esim.loadFailed')}>
        <Button mt="xs" size="xs" variant="default" loading={isRefetching} onClick={() => void refetch()}>
          {t('orders.retry')}
        </Button>
      </Alert>
    );
  }
  const esims: readonly EsimSummary[] = data;
  if (esims.length === 0) return <NoEsims />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {esims.map((esim) => (
        <EsimCard key={esim.id} esim={esim} />
      ))}
    </SimpleGrid>
  );
}

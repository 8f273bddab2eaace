import { lazy, Suspense } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EsimList } from '../../../../features/account/esim-list.tsx';
import { pageHead, tHead } from '../../../../lib/page-meta.ts';

/** Issue 29: 'eSIMs you gave' (its own chunk). */
const GivenGiftsList = lazy(() => import('../../../../features/gifts/given-gifts.tsx').then((m) => ({ default: m.GivenGiftsList })));

export const Route = createFileRoute('/_account/account/esim/')({
  head: ({ match }) =>
    pageHead(match.pathname, { title: tHead('account:meta.esimTitle'), description: tHead('account:meta.esimDescription'), noindex: true }),
  loader: ({ context }) => {
    // The flags come from the regions (cached app-wide).
    void context.queryClient.prefetchQuery(context.trpc.catalog.regions.queryOptions());
    return context.queryClient.prefetchQuery(context.trpc.esims.list.queryOptions());
  },
  component: EsimPage,
});

function EsimPage() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {t('esim.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('esim.intro')}
        </Text>
      </div>
      <EsimList />
      <Suspense fallback={null}>
        <GivenGiftsList />
      </Suspense>
    </Stack>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { Container, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/page-hero.tsx';
import { ensureSession, useSession } from '../features/auth/session.ts';
import { rewardsProxy, rewardsQueries } from '../features/rewards/rewards-api.ts';
import { ProgrammeOverview } from '../features/rewards/programme-overview.tsx';
import { RewardsDashboard } from '../features/rewards/rewards-dashboard.tsx';
import { SignedOutRewards } from '../features/rewards/signed-out-rewards.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { pageHead, tHead } from '../lib/page-meta.ts';

export const Route = createFileRoute('/rewards')({
  head: ({ match }) => pageHead(match.pathname, { title: tHead('rewards:meta.title'), description: tHead('rewards:meta.description') }),
  loader: ({ context }) => {
    // The header asks for the session too; start it now so the box does not flash. The public
    // rewards lists start at once, the traveller's own ones as soon as the session is known.
    const { queryClient } = context;
    const q = rewardsQueries(rewardsProxy(context.trpc));
    void queryClient.prefetchQuery(q.levels);
    void queryClient.prefetchQuery(q.achievements);
    void ensureSession(context).then((user) => {
      if (!user) return;
      void queryClient.prefetchQuery(q.profile);
      void queryClient.prefetchQuery(q.userAchievements);
      void queryClient.prefetchQuery(q.checkIns);
      void queryClient.prefetchQuery(q.pointsHistory);
    });
    return loadNamespaces('rewards');
  },
  component: RewardsPage,
});

function RewardsPage() {
  const { t } = useTranslation('rewards');
  const session = useSession();
  return (
    <>
      <PageHero title={t('hero.title')} lead={t('hero.subtitle')} />
      <Container size="lg" py={{ base: 36, sm: 56 }}>
        {session.status === 'loading' ? (
          <Stack gap="sm" maw={560} mx="auto" align="center" role="status">
            <VisuallyHidden>{t('signedIn.loading')}</VisuallyHidden>
            <Skeleton height={56} circle />
            <Skeleton height={28} width="70%" />
            <Skeleton height={16} width="90%" />
            <Skeleton height={42} width={220} mt="md" />
          </Stack>
        ) : session.status === 'authenticated' ? (
          <RewardsDashboard />
        ) : (
          <SignedOutRewards />
        )}
        <ProgrammeOverview />
      </Container>
    </>
  );
}

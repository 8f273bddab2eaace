// The signed-in part of /rewards (spec §2): skeletons while any rewards data loads, then the level
// card, the four tabs, the achievement detail dialog and the check-in dialog. A query that fails
// (after its one retry) is named in an alert with 'Try again'; the rest of the page still shows.
import { Suspense, lazy, useMemo, useState } from 'react';
import { Alert, Button, List, Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AchievementDialog } from './achievement-dialog.tsx';
import { CheckInDialog } from './check-in-dialog.tsx';
import { LevelCard } from './level-card.tsx';
import { REWARDS_QUERY_NAMES, type RewardsData, useRewardsData } from './rewards-api.ts';
import { levelState, mergeAchievements } from './rewards-model.ts';
import { RewardsTabs, type RewardsTab } from './rewards-tabs.tsx';
import { useRewardsText } from './rewards-text.tsx';
import classes from './rewards.module.css';

// Issue 29: 'Refer a friend', a chunk of its own (the rewards page's first paint does not wait for it).
const ReferAFriend = lazy(() => import('../referrals/refer-a-friend.tsx'));

export function RewardsDashboard() {
  const data = useRewardsData();
  const [tab, setTab] = useState<RewardsTab>('overview');
  const [checkInOpen, setCheckInOpen] = useState(false);
  const [openAchievement, setOpenAchievement] = useState<number | null>(null);

  const achievements = useMemo(
    () => mergeAchievements(data.achievements.data ?? [], data.userAchievements.data ?? []),
    [data.achievements.data, data.userAchievements.data],
  );
  const state = useMemo(() => levelState(data.levels.data, data.profile.data), [data.levels.data, data.profile.data]);

  if (REWARDS_QUERY_NAMES.some((name) => data[name].isPending)) return <RewardsSkeleton />;

  const openView = openAchievement === null ? null : (achievements.find((v) => v.achievement.id === openAchievement) ?? null);
  const openCheckIn = () => setCheckInOpen(true);

  return (
    <div data-testid="rewards-dashboard">
      <FetchErrors data={data} />
      <LevelCard profile={data.profile.data} state={state} onCheckIn={openCheckIn} />
      <RewardsTabs
        tab={tab}
        onTab={setTab}
        achievements={achievements}
        checkIns={data.checkIns.data ?? []}
        history={data.pointsHistory.data ?? []}
        onOpenAchievement={setOpenAchievement}
        onCheckIn={openCheckIn}
      />
      <Suspense fallback={null}>
        <ReferAFriend />
      </Suspense>
      <AchievementDialog view={openView} onClose={() => setOpenAchievement(null)} />
      <CheckInDialog opened={checkInOpen} onClose={() => setCheckInOpen(false)} />
    </div>
  );
}

function FetchErrors({ data }: { data: RewardsData }) {
  const { t } = useRewardsText();
  const failed = REWARDS_QUERY_NAMES.filter((name) => data[name].isError);
  if (failed.length === 0) return null;
  const retrying = failed.some((name) => data[name].isFetching);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      mb="lg"
      role="alert"
      title={t(`errors.${failed[0]!}`)}
    >
      {failed.length > 1 ? (
        <List size="sm" mb="sm">
          {failed.slice(1).map((name) => (
            <List.Item key={name}>{t(`errors.${name}`)}</List.Item>
          ))}
        </List>
      ) : null}
      <Button
        size="compact-sm"
        variant="light"
        color="red.9"
        loading={retrying}
        onClick={() => failed.forEach((name) => void data[name].refetch())}
      >
        {t('errors.retry')}
      </Button>
    </Alert>
  );
}

/** Placeholders in the page's shape while the data loads. */
export function RewardsSkeleton() {
  const { t } = useRewardsText();
  return (
    <div role="status" aria-busy="true" data-testid="rewards-skeleton">
      <VisuallyHidden>{t('signedIn.loading')}</VisuallyHidden>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.skeletonCard}>
        <Stack gap="md">
          <Skeleton height={32} width="45%" />
          <Skeleton height={16} width="70%" />
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mt="sm">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={64} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={12} radius="xl" mt="sm" />
        </Stack>
      </Paper>
      <Skeleton height={40} mt={48} radius="md" />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mt="lg">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={220} radius="lg" />
        ))}
      </SimpleGrid>
    </div>
  );
}

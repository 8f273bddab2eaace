// The rewards calls (spec §7): queries fresh for 10 s and retried once; the signed-in ones only
// run for a signed-in user. Loaders and components build the same options, so a loader's
// prefetch warms the page's cache.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC, type Trpc } from '../../lib/trpc.ts';

/** Spec §7 and §9: rewards data is fresh for 10 seconds, and a failed request is retried once. */
export const REWARDS_CACHE = { staleTime: 10_000, retry: 1 } as const;

export type RewardsProxy = Trpc['rewards'];

export function rewardsProxy(trpc: Trpc): RewardsProxy {
  return trpc.rewards;
}

/** Every rewards query's options, keyed by procedure. */
export function rewardsQueries(rewards: RewardsProxy) {
  return {
    levels: rewards.levels.queryOptions(undefined, REWARDS_CACHE),
    achievements: rewards.achievements.queryOptions(undefined, REWARDS_CACHE),
    profile: rewards.profile.queryOptions(undefined, REWARDS_CACHE),
    userAchievements: rewards.userAchievements.queryOptions(undefined, REWARDS_CACHE),
    checkIns: rewards.checkIns.queryOptions(undefined, REWARDS_CACHE),
    pointsHistory: rewards.pointsHistory.queryOptions(undefined, REWARDS_CACHE),
  };
}

export type RewardsQueryName = keyof ReturnType<typeof rewardsQueries>;

/** The order the page lists fetch failures in. */
export const REWARDS_QUERY_NAMES: readonly RewardsQueryName[] = [
  'levels',
  'profile',
  'achievements',
  'userAchievements',
  'checkIns',
  'pointsHistory',
];

export function useRewards() {
  return rewardsProxy(useTRPC());
}

/**
 * All six queries of the signed-in page. When the page opens it asks the server to bring the
 * rewards up to date once (rewards.refresh: achievements whose facts hold are granted, points of
 * never-paid orders given back; the queries themselves never write), then reloads what it changed.
 */
export function useRewardsData() {
  const rewards = useRewards();
  const queryClient = useQueryClient();
  const refresh = useMutation(
    rewards.refresh.mutationOptions({
      onSuccess: (r) =>
        r.granted > 0 || r.released > 0
          ? Promise.all([
              queryClient.invalidateQueries({ queryKey: rewards.profile.queryKey() }),
              queryClient.invalidateQueries({ queryKey: rewards.pointsHistory.queryKey() }),
              queryClient.invalidateQueries({ queryKey: rewards.userAchievements.queryKey() }),
            ])
          : undefined,
    }),
  );
  const refreshOnce = refresh.mutate;
  useEffect(() => refreshOnce(), [refreshOnce]);
  const q = rewardsQueries(rewards);
  return {
    levels: useQuery(q.levels),
    achievements: useQuery(q.achievements),
    profile: useQuery(q.profile),
    userAchievements: useQuery(q.userAchievements),
    checkIns: useQuery(q.checkIns),
    pointsHistory: useQuery(q.pointsHistory),
  };
}

export type RewardsData = ReturnType<typeof useRewardsData>;

/** Check in (spec §7): afterwards the check-ins, the profile, the points history and the achievements reload. */
export function useCheckIn() {
  const rewards = useRewards();
  const queryClient = useQueryClient();
  return useMutation(
    rewards.checkIn.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: rewards.checkIns.queryKey() }),
          queryClient.invalidateQueries({ queryKey: rewards.profile.queryKey() }),
          queryClient.invalidateQueries({ queryKey: rewards.pointsHistory.queryKey() }),
          queryClient.invalidateQueries({ queryKey: rewards.userAchievements.queryKey() }),
        ]),
    }),
  );
}

/** Update Progress (spec §7): afterwards the user's achievements, the profile and the points history reload. */
export function useUpdateProgress() {
  const rewards = useRewards();
  const queryClient = useQueryClient();
  return useMutation(
    rewards.updateProgress.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: rewards.userAchievements.queryKey() }),
          queryClient.invalidateQueries({ queryKey: rewards.profile.queryKey() }),
          queryClient.invalidateQueries({ queryKey: rewards.pointsHistory.queryKey() }),
        ]),
    }),
  );
}

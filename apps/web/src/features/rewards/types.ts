// The rewards DTOs (spec §3, the rewards contract), as the server's pure domain declares them.
export type {
  Achievement,
  CheckIn,
  CheckInResult,
  CheckInZeroReason,
  PointsHistoryEntry,
  PointsSourceValue as PointsSource,
  ProgressResult,
  RewardsProfile,
  TravelerLevel,
  UserAchievement,
} from '@esim/api/domain';

/** The page's four tabs, in the spec's order. */
export const REWARDS_TABS = ['overview', 'achievements', 'checkIns', 'history'] as const;
export type RewardsTab = (typeof REWARDS_TABS)[number];

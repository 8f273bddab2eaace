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

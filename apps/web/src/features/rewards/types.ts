// The rewards DTOs (spec §3, the rewards contract). Until the server's `rewards` router lands in
// packages/api these mirror the contract field for field; afterwards they are read from the
// router's outputs.
export interface TravelerLevel {
  id: number;
  key: string;
  name: string;
  description: string;
  color: string;
  pointsRequired: number;
  dataRewardMultiplier: number;
  perks: string[];
}

export interface RewardsProfile {
  currentLevelId: number;
  level: TravelerLevel;
  totalPointsEarned: number;
  currentPoints: number;
  streakDays: number;
  nextLevel: TravelerLevel | null;
  pointsToNextLevel: number | null;
  reservedPoints: number;
  pointValue: { points: number; usdMinor: number };
}

export interface Achievement {
  id: number;
  key: string;
  name: string;
  description: string;
  category: string;
  pointsAwarded: number;
  criteria: { targetProgress: number };
}

export interface UserAchievement {
  id: number;
  achievementId: number;
  achievement: Achievement;
  progress: number;
  isCompleted: boolean;
  earnedAt: string | null;
}

export type CheckInZeroReason = 'already_checked_in_here_today' | 'daily_cap_reached';

export interface CheckIn {
  id: number;
  region: { id: number; name: string; code: string; flagIcon: string | null };
  checkInDate: string;
  pointsAwarded: number;
  locationName?: string | undefined;
  verifiedTrip: boolean;
  zeroReason?: CheckInZeroReason | undefined;
}

export type PointsSource = 'purchase' | 'check_in' | 'achievement' | 'redemption' | 'refund' | 'adjustment' | 'release';

export interface PointsHistoryEntry {
  id: number;
  source: PointsSource;
  description?: string | undefined;
  points: number;
  createdAt: string;
}

export interface CheckInInput {
  regionId: number;
  locationName?: string | undefined;
}

export interface CheckInResult {
  checkIn: CheckIn;
  pointsAwarded: number;
  message: string;
  newAchievements: UserAchievement[];
}

export interface ProgressInput {
  achievementId: number;
  increment: number;
}

export interface ProgressResult {
  userAchievement: UserAchievement;
  changed: boolean;
  message: string;
}

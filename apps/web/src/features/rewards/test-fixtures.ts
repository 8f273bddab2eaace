// Rewards data for the component tests (not imported by app code), and the msw-trpc handlers that
// answer the rewards procedures.
import { trpcMsw } from '../../test/msw.ts';
import type { Achievement, CheckIn, PointsHistoryEntry, RewardsProfile, TravelerLevel, UserAchievement } from './types.ts';

export const LEVELS: TravelerLevel[] = [
  {
    id: 1,
    key: 'traveler',
    name: 'Traveler',
    description: 'Welcome aboard: every trip and every check-in earns points.',
    color: '#8aa0b8',
    pointsRequired: 0,
    dataRewardMultiplier: 1,
    perks: ['5 points for every 1 USD you pay by card', 'Points for daily check-ins', 'Pay with points at checkout (100 points = 1 USD)'],
  },
  {
    id: 2,
    key: 'explorer',
    name: 'Explorer',
    description: 'You are on the move: purchases earn 20% more points.',
    color: '#2f9e44',
    pointsRequired: 500,
    dataRewardMultiplier: 1.2,
    perks: ['1.2× points on purchases', 'Points for daily check-ins', 'Pay with points at checkout'],
  },
  {
    id: 3,
    key: 'globetrotter',
    name: 'Globetrotter',
    description: 'A seasoned traveller: purchases earn 40% more points.',
    color: '#1c7ed6',
    pointsRequired: 2000,
    dataRewardMultiplier: 1.4,
    perks: ['1.4× points on purchases', 'Points for daily check-ins', 'Pay with points at checkout'],
  },
  {
    id: 4,
    key: 'jetsetter',
    name: 'Jetsetter',
    description: 'The top level: purchases earn double points.',
    color: '#e8590c',
    pointsRequired: 6000,
    dataRewardMultiplier: 2,
    perks: ['2× points on purchases', 'Points for daily check-ins', 'Pay with points at checkout'],
  },
];

const level = (id: number) => LEVELS.find((l) => l.id === id)!;

export function makeProfile(overrides: Partial<RewardsProfile> = {}): RewardsProfile {
  return {
    currentLevelId: 2,
    level: level(2),
    totalPointsEarned: 800,
    currentPoints: 650,
    streakDays: 3,
    nextLevel: level(3),
    pointsToNextLevel: 1200,
    reservedPoints: 0,
    pointValue: { points: 100, usdMinor: 100 },
    ...overrides,
  };
}

export const TOP_PROFILE = makeProfile({
  currentLevelId: 4,
  level: level(4),
  totalPointsEarned: 7000,
  currentPoints: 7000,
  nextLevel: null,
  pointsToNextLevel: null,
});

export const ACHIEVEMENTS: Achievement[] = [
  {
    id: 1,
    key: 'first_purchase',
    name: 'First Purchase',
    description: 'Buy your first eSIM.',
    category: 'purchases',
    pointsAwarded: 100,
    criteria: { targetProgress: 1 },
  },
  {
    id: 2,
    key: 'esims_in_5_countries',
    name: 'Country Collector',
    description: 'Buy eSIMs for 5 different countries.',
    category: 'purchases',
    pointsAwarded: 300,
    criteria: { targetProgress: 5 },
  },
  {
    id: 3,
    key: 'first_check_in',
    name: 'First Check-in',
    description: 'Check in to a location for the first time.',
    category: 'check_ins',
    pointsAwarded: 25,
    criteria: { targetProgress: 1 },
  },
  {
    id: 4,
    key: 'ten_check_ins',
    name: 'Frequent Checker',
    description: 'Earn points for 10 check-ins.',
    category: 'check_ins',
    pointsAwarded: 100,
    criteria: { targetProgress: 10 },
  },
  {
    id: 5,
    key: 'streak_7_days',
    name: 'Week-Long Streak',
    description: 'Check in on 7 days in a row.',
    category: 'check_ins',
    pointsAwarded: 150,
    criteria: { targetProgress: 7 },
  },
  {
    id: 6,
    key: 'verified_email',
    name: 'Verified E-mail',
    description: 'Confirm your e-mail address.',
    category: 'profile',
    pointsAwarded: 25,
    criteria: { targetProgress: 1 },
  },
];

const achievement = (id: number) => ACHIEVEMENTS.find((a) => a.id === id)!;

export function userAchievement(
  achievementId: number,
  progress: number,
  isCompleted = false,
  earnedAt: string | null = null,
): UserAchievement {
  return { id: 100 + achievementId, achievementId, achievement: achievement(achievementId), progress, isCompleted, earnedAt };
}

export const USER_ACHIEVEMENTS: UserAchievement[] = [
  userAchievement(1, 1, true, '2026-11-20T10:00:00.000Z'),
  userAchievement(3, 1, true, '2026-11-22T10:00:00.000Z'),
  userAchievement(6, 1, true, '2026-11-18T10:00:00.000Z'),
  userAchievement(4, 4),
  userAchievement(2, 2),
];

export function makeCheckIn(id: number, overrides: Partial<CheckIn> = {}): CheckIn {
  return {
    id,
    region: { id: 10, name: 'Japan', code: 'JP', flagIcon: '/flags/4x3/jp.svg' },
    checkInDate: `2026-11-${String(24 - id).padStart(2, '0')}T09:00:00.000Z`,
    pointsAwarded: 10,
    verifiedTrip: false,
    ...overrides,
  };
}

export const CHECK_INS: CheckIn[] = [
  makeCheckIn(1, { locationName: 'Shibuya, Tokyo', pointsAwarded: 25, verifiedTrip: true }),
  makeCheckIn(2, { region: { id: 12, name: 'France', code: 'FR', flagIcon: '/flags/4x3/fr.svg' } }),
  makeCheckIn(3, { region: { id: 11, name: 'United States', code: 'US', flagIcon: null } }),
  makeCheckIn(4, { region: { id: 13, name: 'Brazil', code: 'BR', flagIcon: '/flags/4x3/br.svg' } }),
];

export const HISTORY: PointsHistoryEntry[] = [
  { id: 1, source: 'check_in', description: 'Check-in: Japan', points: 25, createdAt: '2026-11-23T09:00:00.000Z' },
  { id: 2, source: 'redemption', description: 'Order ORD-B', points: -300, createdAt: '2026-11-22T09:00:00.000Z' },
  { id: 3, source: 'achievement', points: 25, createdAt: '2026-11-22T08:00:00.000Z' },
  { id: 4, source: 'purchase', description: 'Order ORD-A', points: 540, createdAt: '2026-11-20T09:00:00.000Z' },
  { id: 5, source: 'achievement', points: 100, createdAt: '2026-11-20T08:00:00.000Z' },
  { id: 6, source: 'adjustment', description: 'Welcome bonus', points: 0, createdAt: '2026-11-19T08:00:00.000Z' },
];

export interface RewardsMocks {
  levels?: TravelerLevel[];
  achievements?: Achievement[];
  profile?: RewardsProfile;
  userAchievements?: UserAchievement[];
  checkIns?: CheckIn[];
  history?: PointsHistoryEntry[];
}

/** Handlers answering every rewards query (full data unless overridden). */
export function rewardsHandlers(m: RewardsMocks = {}) {
  return [
    trpcMsw.rewards.levels.query(() => m.levels ?? LEVELS),
    trpcMsw.rewards.achievements.query(() => m.achievements ?? ACHIEVEMENTS),
    trpcMsw.rewards.profile.query(() => m.profile ?? makeProfile()),
    trpcMsw.rewards.userAchievements.query(() => m.userAchievements ?? USER_ACHIEVEMENTS),
    trpcMsw.rewards.checkIns.query(() => m.checkIns ?? CHECK_INS),
    trpcMsw.rewards.pointsHistory.query(() => m.history ?? HISTORY),
    trpcMsw.rewards.refresh.mutation(() => ({ released: 0, granted: 0 })),
    // Issue 29: the 'Refer a friend' section on the same page.
    trpcMsw.referrals.mine.mutation(() => REFERRALS),
  ];
}

/** Issue 29: a referrer with one friend who bought and one rewarded. */
export const REFERRALS = {
  code: 'ABCD2345',
  link: 'http://localhost:3000/?ref=ABCD2345',
  discountPercent: 10,
  rewardPoints: 500,
  friends: [
    { id: 2, progress: 'bought' as const, at: '2026-11-20T10:00:00.000Z' },
    { id: 1, progress: 'rewarded' as const, at: '2026-11-01T10:00:00.000Z' },
  ],
  invited: 0,
  bought: 1,
  rewarded: 1,
  pointsEarned: 500,
};

/** Nothing yet: a new traveller. */
export const EMPTY: RewardsMocks = {
  profile: makeProfile({
    currentLevelId: 1,
    level: level(1),
    totalPointsEarned: 0,
    currentPoints: 0,
    streakDays: 0,
    nextLevel: level(2),
    pointsToNextLevel: 500,
  }),
  userAchievements: [],
  checkIns: [],
  history: [],
};

// Traveler Rewards: the levels and the achievements, inserted when their key is missing (rows that
// exist, perhaps edited by an admin, are never updated). The economy that uses them lives in
// packages/api/src/domain/rewards.ts; each achievement's key names the rule computing its progress.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { insertedCount } from './util.ts';

export interface TravelerLevelSeed {
  key: string;
  name: string;
  description: string;
  color: string;
  pointsRequired: number;
  /** × 100: 120 is ×1.2 points on purchases. */
  multiplierPercent: number;
  perks: readonly string[];
}

export const TRAVELER_LEVELS: readonly TravelerLevelSeed[] = [
  {
    key: 'traveler',
    name: 'Traveler',
    description: 'Welcome aboard: every trip and every check-in earns points.',
    color: '#8aa0b8',
    pointsRequired: 0,
    multiplierPercent: 100,
    perks: ['5 points for every 1 USD you pay by card', 'Points for daily check-ins', 'Pay with points at checkout (100 points = 1 USD)'],
  },
  {
    key: 'explorer',
    name: 'Explorer',
    description: 'You are on the move: purchases earn 20% more points.',
    color: '#2f9e44',
    pointsRequired: 500,
    multiplierPercent: 120,
    perks: ['1.2× points on purchases', 'Points for daily check-ins', 'Pay with points at checkout'],
  },
  {
    key: 'globetrotter',
    name: 'Globetrotter',
    description: 'A seasoned traveller: purchases earn 40% more points.',
    color: '#1c7ed6',
    pointsRequired: 2000,
    multiplierPercent: 140,
    perks: ['1.4× points on purchases', 'Points for daily check-ins', 'Pay with points at checkout'],
  },
  {
    key: 'jetsetter',
    name: 'Jetsetter',
    description: 'The top level: purchases earn double points.',
    color: '#e8590c',
    pointsRequired: 6000,
    multiplierPercent: 200,
    perks: ['2× points on purchases', 'Points for daily check-ins', 'Pay with points at checkout'],
  },
];

export interface AchievementSeed {
  key: string;
  name: string;
  description: string;
  category: string;
  pointsAwarded: number;
  targetProgress: number;
}

export const ACHIEVEMENTS: readonly AchievementSeed[] = [
  {
    key: 'first_purchase',
    name: 'First Purchase',
    description: 'Buy your first eSIM.',
    category: 'purchases',
    pointsAwarded: 100,
    targetProgress: 1,
  },
  {
    key: 'second_purchase',
    name: 'Repeat Traveler',
    description: 'Buy eSIMs on two orders.',
    category: 'purchases',
    pointsAwarded: 150,
    targetProgress: 2,
  },
  {
    key: 'esims_in_5_countries',
    name: 'Country Collector',
    description: 'Buy eSIMs for 5 different countries.',
    category: 'purchases',
    pointsAwarded: 300,
    targetProgress: 5,
  },
  {
    key: 'three_continents',
    name: 'Three Continents',
    description: 'Buy eSIMs for destinations on 3 continents.',
    category: 'exploration',
    pointsAwarded: 250,
    targetProgress: 3,
  },
  {
    key: 'check_in_5_countries',
    name: 'Country Hopper',
    description: 'Earn check-in points in 5 different countries.',
    category: 'exploration',
    pointsAwarded: 200,
    targetProgress: 5,
  },
  {
    key: 'verified_trip',
    name: 'Verified Trip',
    description: 'Check in where your eSIM from us is active.',
    category: 'exploration',
    pointsAwarded: 50,
    targetProgress: 1,
  },
  {
    key: 'first_check_in',
    name: 'First Check-in',
    description: 'Check in to a location for the first time.',
    category: 'check_ins',
    pointsAwarded: 25,
    targetProgress: 1,
  },
  {
    key: 'ten_check_ins',
    name: 'Frequent Checker',
    description: 'Earn points for 10 check-ins.',
    category: 'check_ins',
    pointsAwarded: 100,
    targetProgress: 10,
  },
  {
    key: 'streak_7_days',
    name: 'Week-Long Streak',
    description: 'Check in on 7 days in a row.',
    category: 'check_ins',
    pointsAwarded: 150,
    targetProgress: 7,
  },
  {
    key: 'verified_email',
    name: 'Verified E-mail',
    description: 'Confirm your e-mail address.',
    category: 'profile',
    pointsAwarded: 25,
    targetProgress: 1,
  },
  {
    key: 'profile_complete',
    name: 'Profile Complete',
    description: 'Add your full name and confirm your e-mail address.',
    category: 'profile',
    pointsAwarded: 50,
    targetProgress: 1,
  },
  {
    key: 'points_spender',
    name: 'Points Spender',
    description: 'Pay for an order with points.',
    category: 'rewards',
    pointsAwarded: 50,
    targetProgress: 1,
  },
  {
    key: 'level_explorer',
    name: 'Explorer Level',
    description: 'Reach the Explorer level.',
    category: 'rewards',
    pointsAwarded: 100,
    targetProgress: 1,
  },
];

export async function seedTravelerLevels(db: Kysely<Database>): Promise<number> {
  const res = await db
    .insertInto('traveler_levels')
    .values(
      TRAVELER_LEVELS.map((l) => ({
        key: l.key,
        name: l.name,
        description: l.description,
        color: l.color,
        points_required: l.pointsRequired,
        multiplier_percent: l.multiplierPercent,
        perks: JSON.stringify(l.perks),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return insertedCount(res);
}

export async function seedAchievements(db: Kysely<Database>): Promise<number> {
  const res = await db
    .insertInto('achievements')
    .values(
      ACHIEVEMENTS.map((a, i) => ({
        key: a.key,
        name: a.name,
        description: a.description,
        category: a.category,
        points_awarded: a.pointsAwarded,
        target_progress: a.targetProgress,
        sort_order: i + 1,
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return insertedCount(res);
}

/** Levels and achievements; idempotent. Returns the rows inserted now. */
export async function seedRewards(db: Kysely<Database>): Promise<{ travelerLevels: number; achievements: number }> {
  return { travelerLevels: await seedTravelerLevels(db), achievements: await seedAchievements(db) };
}

// rewards.*: Traveler Rewards (spec §2 'Rewards page', §7 the /api/rewards/* calls). Thin: parse, call one service.
//   levels, achievements                       everyone
//   profile, userAchievements, checkIns, pointsHistory (reads), refresh, checkIn, updateProgress   signed in (else UNAUTHORIZED)
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';
import { ZCheckInInput, ZProgressInput } from '../domain/rewards.ts';
import {
  checkIn,
  getRewardsProfile,
  listAchievements,
  listCheckIns,
  listPointsHistory,
  listTravelerLevels,
  listUserAchievements,
  refreshRewards,
  updateProgress,
} from '../services/rewards/rewards.ts';

export const rewardsRouter = router({
  /** → TravelerLevel[], lowest first. */
  levels: publicProcedure.query(({ ctx }) => listTravelerLevels(ctx.db)),

  /** → Achievement[] in display order. */
  achievements: publicProcedure.query(({ ctx }) => listAchievements(ctx.db)),

  /** → RewardsProfile (level, lifetime and available points, streak, next level, reserved points). */
  profile: protectedProcedure.query(({ ctx }) => getRewardsProfile(ctx.db, ctx.services, ctx.user.id)),

  /** → UserAchievement[]: the achievements with progress or completed. */
  userAchievements: protectedProcedure.query(({ ctx }) => listUserAchievements(ctx.db, ctx.user.id)),

  /** → CheckIn[] newest first. */
  checkIns: protectedProcedure.query(({ ctx }) => listCheckIns(ctx.db, ctx.user.id)),

  /** → PointsHistoryEntry[] newest first. */
  pointsHistory: protectedProcedure.query(({ ctx }) => listPointsHistory(ctx.db, ctx.user.id)),

  /**
   * → { released, granted }: the page calls it when it opens — points of never-paid orders given
   * back, achievements whose facts hold granted; then it reloads the reads (which never write).
   */
  refresh: protectedProcedure.mutation(({ ctx }) => refreshRewards(ctx.db, ctx.services, ctx.user.id)),

  /** { regionId, locationName? } → CheckInResult; BAD_INPUT without a region, REGION_NOT_FOUND for an unknown one. */
  checkIn: protectedProcedure.input(ZCheckInInput).mutation(({ ctx, input }) => checkIn(ctx.db, ctx.services, ctx.user.id, input)),

  /** { achievementId, increment } → ProgressResult; progress is recomputed from facts. */
  updateProgress: protectedProcedure
    .input(ZProgressInput)
    .mutation(({ ctx, input }) => updateProgress(ctx.db, ctx.services, ctx.user.id, input)),
});

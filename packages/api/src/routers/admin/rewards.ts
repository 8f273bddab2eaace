// admin.rewards.*: levels, achievements, the point rules, and manual points adjustments.
import { ZAchievementUpdate, ZLevelUpdate, ZPointsAdjustment } from '../../domain/admin.ts';
import { adjustPoints, rewardsOverview, updateAchievement, updateLevel } from '../../services/admin/rewards.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminRewardsRouter = router({
  overview: adminProcedure.query(({ ctx }) => rewardsOverview(ctx.db)),
  updateLevel: adminProcedure
    .input(ZLevelUpdate)
    .mutation(({ ctx, input }) => updateLevel(ctx.db, ctx.services, actorOf(ctx), input.id, input.patch)),
  updateAchievement: adminProcedure
    .input(ZAchievementUpdate)
    .mutation(({ ctx, input }) => updateAchievement(ctx.db, ctx.services, actorOf(ctx), input.id, input.patch)),
  /** Adds a signed 'adjustment' row with the reason to the customer's points history; once per requestId. */
  adjustPoints: adminProcedure
    .input(ZPointsAdjustment)
    .mutation(({ ctx, input }) => adjustPoints(ctx.db, ctx.services, actorOf(ctx), input)),
});

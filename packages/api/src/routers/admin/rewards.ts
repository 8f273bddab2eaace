// admin.rewards.*: levels, achievements, the point rules, and manual points adjustments.
import { ZAchievementUpdate, ZLevelUpdate, ZPointsAdjustment } from '../../domain/admin.ts';
import { adjustPoints, rewardsOverview, updateAchievement, updateLevel } from '../../services/admin/rewards.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { requireStepUp } from '../../services/accounts/second-factor.ts';
import { actorOf } from './actor.ts';

export const adminRewardsRouter = router({
  overview: adminProcedure.meta(ROLES.ownerOnly).query(({ ctx }) => rewardsOverview(ctx.db)),
  updateLevel: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZLevelUpdate)
    .mutation(({ ctx, input }) => updateLevel(ctx.db, ctx.services, actorOf(ctx), input.id, input.patch)),
  updateAchievement: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZAchievementUpdate)
    .mutation(({ ctx, input }) => updateAchievement(ctx.db, ctx.services, actorOf(ctx), input.id, input.patch)),
  /** Adds a signed 'adjustment' row with the reason to the customer's points history; once per requestId. */
  adjustPoints: adminProcedure
    .meta(ROLES.ownerOnly)
    .input(ZPointsAdjustment)
    // A sensitive change: the second factor again if not given in the last 5 minutes (recorded on the audit row).
    .mutation(async ({ ctx, input }) =>
      adjustPoints(ctx.db, ctx.services, await requireStepUp(ctx, actorOf(ctx), { action: 'points.adjust' }), input),
    ),
});

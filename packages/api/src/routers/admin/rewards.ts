// admin.rewards.*: levels, achievements, the point rules, and manual points adjustments.
import { ZAchievementUpdate, ZLevelUpdate, ZPointsAdjustment } from '../../domain/admin.ts';
import type { AdminAchievement, AdminLevel, AdminRewardsView } from '../../services/admin/views.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { notBuilt } from './stub.ts';

export const adminRewardsRouter = router({
  overview: adminProcedure.query(() => notBuilt<AdminRewardsView>()),
  updateLevel: adminProcedure.input(ZLevelUpdate).mutation(() => notBuilt<AdminLevel>()),
  updateAchievement: adminProcedure.input(ZAchievementUpdate).mutation(() => notBuilt<AdminAchievement>()),
  /** Adds a signed 'adjustment' row with the reason to the customer's points history; once per requestId. */
  adjustPoints: adminProcedure.input(ZPointsAdjustment).mutation(() => notBuilt<{ balance: number; applied: boolean }>()),
});

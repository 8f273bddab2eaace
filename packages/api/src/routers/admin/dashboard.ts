// admin.dashboard.summary: today / 7 days / 30 days.
import { ZDashboardInput } from '../../domain/admin.ts';
import { getDashboard } from '../../services/admin/dashboard.ts';
import { adminProcedure, router } from '../../trpc.ts';

export const adminDashboardRouter = router({
  summary: adminProcedure.input(ZDashboardInput).query(({ ctx, input }) => getDashboard(ctx.db, ctx.services, input.range)),
});

// admin.dashboard.summary: today / 7 days / 30 days.
import { ZDashboardInput } from '../../domain/admin.ts';
import { getDashboard } from '../../services/admin/dashboard.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';

export const adminDashboardRouter = router({
  summary: adminProcedure
    .meta(ROLES.everyAdmin)
    .input(ZDashboardInput)
    .query(({ ctx, input }) => getDashboard(ctx.db, ctx.services, input.range)),
});

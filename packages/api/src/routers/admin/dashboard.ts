// admin.dashboard.summary: today / 7 days / 30 days.
import { ZDashboardInput } from '../../domain/admin.ts';
import type { DashboardView } from '../../services/admin/views.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { notBuilt } from './stub.ts';

export const adminDashboardRouter = router({
  summary: adminProcedure.input(ZDashboardInput).query(() => notBuilt<DashboardView>()),
});

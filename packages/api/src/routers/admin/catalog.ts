// admin.catalog.*: regions and plans. Changes show on the shop at once (the catalogue cache is
// invalidated); orders keep their copies of the plan, so their prices never change.
import { ZIdInput, ZPlanInput, ZPlanListInput, ZPlanUpdate, ZRegionInput, ZRegionUpdate } from '../../domain/admin.ts';
import type { AdminPlan, AdminRegion } from '../../services/admin/views.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { notBuilt } from './stub.ts';

export const adminCatalogRouter = router({
  regions: adminProcedure.query(() => notBuilt<AdminRegion[]>()),
  createRegion: adminProcedure.input(ZRegionInput).mutation(() => notBuilt<AdminRegion>()),
  updateRegion: adminProcedure.input(ZRegionUpdate).mutation(() => notBuilt<AdminRegion>()),
  plans: adminProcedure.input(ZPlanListInput).query(() => notBuilt<AdminPlan[]>()),
  createPlan: adminProcedure.input(ZPlanInput).mutation(() => notBuilt<AdminPlan>()),
  updatePlan: adminProcedure.input(ZPlanUpdate).mutation(() => notBuilt<AdminPlan>()),
  /** Only a plan without orders; otherwise 409 'hide it instead'. */
  deletePlan: adminProcedure.input(ZIdInput).mutation(() => notBuilt<{ deleted: true }>()),
});

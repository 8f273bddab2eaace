// admin.catalog.*: regions and plans. Changes show on the shop at once (the catalogue cache is
// invalidated); orders keep their copies of the plan, so their prices never change.
import { ZIdInput, ZPlanInput, ZPlanListInput, ZPlanUpdate, ZRegionInput, ZRegionUpdate } from '../../domain/admin.ts';
import {
  createPlan,
  createRegion,
  deletePlan,
  listAdminPlans,
  listAdminRegions,
  updatePlan,
  updateRegion,
} from '../../services/admin/catalog.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminCatalogRouter = router({
  regions: adminProcedure.query(({ ctx }) => listAdminRegions(ctx.db)),
  createRegion: adminProcedure.input(ZRegionInput).mutation(({ ctx, input }) => createRegion(ctx.db, ctx.services, actorOf(ctx), input)),
  updateRegion: adminProcedure
    .input(ZRegionUpdate)
    .mutation(({ ctx, input }) => updateRegion(ctx.db, ctx.services, actorOf(ctx), input.id, input.patch)),
  plans: adminProcedure.input(ZPlanListInput).query(({ ctx, input }) => listAdminPlans(ctx.db, input.regionId)),
  createPlan: adminProcedure.input(ZPlanInput).mutation(({ ctx, input }) => createPlan(ctx.db, ctx.services, actorOf(ctx), input)),
  updatePlan: adminProcedure
    .input(ZPlanUpdate)
    .mutation(({ ctx, input }) => updatePlan(ctx.db, ctx.services, actorOf(ctx), input.id, input.patch)),
  /** Only a plan without orders; otherwise 409 'hide it instead'. */
  deletePlan: adminProcedure.input(ZIdInput).mutation(({ ctx, input }) => deletePlan(ctx.db, ctx.services, actorOf(ctx), input.id)),
});

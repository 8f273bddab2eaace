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
import { getPlanWording, setPlanOwnerText, ZPlanOwnerText } from '../../services/admin/plan-texts.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminCatalogRouter = router({
  regions: adminProcedure.meta(ROLES.catalogue).query(({ ctx }) => listAdminRegions(ctx.db)),
  createRegion: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZRegionInput)
    .mutation(({ ctx, input }) => createRegion(ctx.db, ctx.services, actorOf(ctx), input)),
  updateRegion: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZRegionUpdate)
    .mutation(({ ctx, input }) => updateRegion(ctx.db, ctx.services, actorOf(ctx), input.id, input.patch)),
  plans: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZPlanListInput)
    .query(({ ctx, input }) => listAdminPlans(ctx.db, input.regionId)),
  createPlan: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZPlanInput)
    .mutation(({ ctx, input }) => createPlan(ctx.db, ctx.services, actorOf(ctx), input)),
  updatePlan: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZPlanUpdate)
    .mutation(({ ctx, input }) => updatePlan(ctx.db, ctx.services, actorOf(ctx), input.id, input.patch)),
  /** The owner's wording of a plan in every language, beside the composed texts it overrides. */
  planTexts: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZIdInput)
    .query(({ ctx, input }) => getPlanWording(ctx.db, ctx.services, input.id)),
  /** The owner's wording of a plan in one language (null: composed again); English stands in for the others. */
  setPlanText: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZPlanOwnerText)
    .mutation(({ ctx, input }) => setPlanOwnerText(ctx.db, ctx.services, actorOf(ctx), input)),
  /** Only a plan without orders; otherwise 409 'hide it instead'. */
  deletePlan: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZIdInput)
    .mutation(({ ctx, input }) => deletePlan(ctx.db, ctx.services, actorOf(ctx), input.id)),
});

// Catalogue procedures: public reads served from the in-memory catalogue (services/catalog/catalog-cache.ts).
import { z } from 'zod';
import { publicProcedure, router } from '../trpc.ts';

export const ZId = z.number().int().positive();
export const ZRegionInput = z.object({ id: ZId });
export const ZPlansInput = z.object({ regionId: ZId });
export const ZPlanInput = z.object({ id: ZId });
export type TPlansInput = z.infer<typeof ZPlansInput>;

export const catalogRouter = router({
  regions: publicProcedure.query(({ ctx }) => ctx.services.catalog.listRegions()),
  region: publicProcedure.input(ZRegionInput).query(({ ctx, input }) => ctx.services.catalog.getRegion(input.id)),
  plans: publicProcedure.input(ZPlansInput).query(({ ctx, input }) => ctx.services.catalog.listPlans(input.regionId)),
  plan: publicProcedure.input(ZPlanInput).query(({ ctx, input }) => ctx.services.catalog.getPlan(input.id)),
  exchangeRates: publicProcedure.query(({ ctx }) => ctx.services.catalog.getExchangeRates()),
});

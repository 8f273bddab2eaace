// admin.rates.*: the exchange rates in force, and editing one.
import { ZRateUpdate } from '../../domain/admin.ts';
import { listRates, updateRate } from '../../services/admin/rates.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminRatesRouter = router({
  list: adminProcedure.meta(ROLES.catalogue).query(({ ctx }) => listRates(ctx.db)),
  update: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZRateUpdate)
    .mutation(({ ctx, input }) => updateRate(ctx.db, ctx.services, actorOf(ctx), input)),
});

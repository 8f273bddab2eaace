// admin.rates.*: the exchange rates in force, and editing one.
import { ZRateUpdate } from '../../domain/admin.ts';
import { listRates, updateRate } from '../../services/admin/rates.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { requireStepUp } from '../../services/accounts/second-factor.ts';
import { actorOf } from './actor.ts';

export const adminRatesRouter = router({
  list: adminProcedure.meta(ROLES.catalogue).query(({ ctx }) => listRates(ctx.db)),
  update: adminProcedure
    .meta(ROLES.catalogue)
    .input(ZRateUpdate)
    // A sensitive change: the second factor again if not given in the last 5 minutes (recorded on the audit row).
    .mutation(async ({ ctx, input }) =>
      updateRate(ctx.db, ctx.services, await requireStepUp(ctx, actorOf(ctx), { action: 'rate.update' }), input),
    ),
});

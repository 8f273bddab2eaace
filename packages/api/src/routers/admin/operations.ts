// admin.operations.*: fulfilment and e-mail jobs that failed or wait, with retry.
import { ZEmailJobRef } from '../../domain/admin.ts';
import { listOperations, retryEmailJob } from '../../services/admin/operations.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminOperationsRouter = router({
  jobs: adminProcedure.meta(ROLES.supportMasked).query(({ ctx }) => listOperations(ctx.db)),
  /** A failed or waiting e-mail is sent now; sent already → unchanged. */
  retryEmail: adminProcedure
    .meta(ROLES.support)
    .input(ZEmailJobRef)
    .mutation(({ ctx, input }) => retryEmailJob(ctx.db, ctx.services, actorOf(ctx), input.outboxId)),
});

// subscriptions.list / subscriptions.cancel: the account's monthly subscriptions. Signed in only.
import { z } from 'zod';
import { protectedProcedure, router } from '../trpc.ts';
import { cancelSubscription, listSubscriptions, resumeSubscription } from '../services/orders/subscriptions.ts';

export const subscriptionsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listSubscriptions(ctx.db, ctx.user.id)),

  /** 'Cancel subscription': ends at the close of the paid month. */
  cancel: protectedProcedure
    .input(z.object({ subscriptionId: z.string().min(1).max(32) }))
    .mutation(({ ctx, input }) => cancelSubscription(ctx.db, ctx.services, ctx.user.id, input.subscriptionId)),

  /** 'Resume': undoes a cancel before the paid month ends. */
  resume: protectedProcedure
    .input(z.object({ subscriptionId: z.string().min(1).max(32) }))
    .mutation(({ ctx, input }) => resumeSubscription(ctx.db, ctx.services, ctx.user.id, input.subscriptionId)),
});

// subscriptions.list / subscriptions.cancel: the account's monthly subscriptions. Signed in only,
// but for cancelByLink: the renewal reminder's one-click cancel (a signed token, no sign-in).
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';
import { cancelByReminderToken } from '../services/orders/renewal-reminders.ts';
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

  /** The renewal reminder's cancel link (issue 31): works without signing in; a second click changes nothing. */
  cancelByLink: publicProcedure
    .input(z.object({ token: z.string().min(1, 'The link has no token.').max(200, 'The link is too long.') }))
    .mutation(({ ctx, input }) => cancelByReminderToken(ctx.db, ctx.services, input.token)),
});

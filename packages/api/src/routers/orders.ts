// orders.list: the signed-in user's orders. orders.byPaymentIntent: the order-success view, for
// the owner or the holder of the payment intent's client secret (anyone else: 404).
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';
import { ZOrderByPaymentIntentInput } from '../domain/orders.ts';
import { getOrderView, listOrdersForUser } from '../services/orders.ts';

export const ordersRouter = router({
  list: protectedProcedure.query(({ ctx }) => listOrdersForUser(ctx.db, ctx.user.id)),

  byPaymentIntent: publicProcedure
    .input(ZOrderByPaymentIntentInput)
    .query(({ ctx, input }) => getOrderView(ctx.db, ctx.services, { ...input, user: ctx.user })),
});

// orders.list: the signed-in user's orders (empty until the checkout work adds the orders table).
import { protectedProcedure, router } from '../trpc.ts';
import { listOrdersForUser } from '../services/orders.ts';

export const ordersRouter = router({
  list: protectedProcedure.query(({ ctx }) => listOrdersForUser(ctx.db, ctx.user.id)),
});

// admin.orders.*: the paged order table, one order's page, and its three idempotent actions.
import { ZOrderListInput, ZOrderRef } from '../../domain/admin.ts';
import {
  getAdminOrder,
  listAdminOrders,
  refundAdminOrder,
  resendAdminOrderEmail,
  retryAdminProvisioning,
} from '../../services/admin/orders.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminOrdersRouter = router({
  list: adminProcedure.input(ZOrderListInput).query(({ ctx, input }) => listAdminOrders(ctx.db, input)),
  get: adminProcedure.input(ZOrderRef).query(({ ctx, input }) => getAdminOrder(ctx.db, ctx.services, input.orderId)),
  /** Full refund through the shop's refund path (payment, points, eSIM, e-mail); a second click → 'already'. */
  refund: adminProcedure.input(ZOrderRef).mutation(({ ctx, input }) => refundAdminOrder(ctx.db, ctx.services, actorOf(ctx), input.orderId)),
  /** Sends the eSIM e-mail again; a second click while one waits → 'already'. */
  resendEmail: adminProcedure
    .input(ZOrderRef)
    .mutation(({ ctx, input }) => resendAdminOrderEmail(ctx.db, ctx.services, actorOf(ctx), input.orderId)),
  /** Provisions now a paid order whose eSIM is not delivered; delivered → 'already'. */
  retryProvisioning: adminProcedure
    .input(ZOrderRef)
    .mutation(({ ctx, input }) => retryAdminProvisioning(ctx.db, ctx.services, actorOf(ctx), input.orderId)),
});

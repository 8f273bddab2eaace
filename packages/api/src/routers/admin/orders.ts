// admin.orders.*: the paged order table, one order's page, and its three idempotent actions.
import { ZOrderListInput, ZOrderRef } from '../../domain/admin.ts';
import { ZAdminRefundInput, ZAdminRefundQuoteInput } from '../../domain/refunds.ts';
import {
  getAdminOrder,
  listAdminOrders,
  quoteAdminRefund,
  refundAdminOrder,
  resendAdminOrderEmail,
  refundOverSupportLimit,
  retryAdminProvisioning,
  revokeAdminOrderLinks,
  SUPPORT_REFUND_LIMIT_MESSAGE,
} from '../../services/admin/orders.ts';
import { AppError } from '../../errors.ts';
import { requireStepUp } from '../../services/accounts/second-factor.ts';
import { ROLES } from '../../domain/admin-roles.ts';
import { adminProcedure, router } from '../../trpc.ts';
import { actorOf } from './actor.ts';

export const adminOrdersRouter = router({
  list: adminProcedure
    .meta(ROLES.supportMasked)
    .input(ZOrderListInput)
    .query(({ ctx, input }) => listAdminOrders(ctx.db, input)),
  get: adminProcedure
    .meta(ROLES.supportMasked)
    .input(ZOrderRef)
    .query(({ ctx, input }) => getAdminOrder(ctx.db, ctx.services, input.orderId)),
  /**
   * A refund through the shop's refund engine: all that remains (payment, points, eSIM, e-mail), or
   * a part of it with a reason (the order and its eSIM stay); a second click → 'already'.
   */
  refund: adminProcedure
    .meta(ROLES.support)
    .input(ZAdminRefundInput)
    .mutation(async ({ ctx, input }) => {
      // Above the support limit: support is refused; an owner gives the second factor again.
      let actor = actorOf(ctx);
      if (await refundOverSupportLimit(ctx.db, ctx.services, input)) {
        if (actor.role !== 'owner') throw new AppError('FORBIDDEN', SUPPORT_REFUND_LIMIT_MESSAGE, { reason: 'refund_limit' });
        actor = await requireStepUp(ctx, actor, { action: 'order.refund' });
      }
      return refundAdminOrder(ctx.db, ctx.services, actor, input);
    }),
  /** What a refund would return now, and what it keeps for points already spent (the refund dialog). */
  refundQuote: adminProcedure
    .meta(ROLES.support)
    .input(ZAdminRefundQuoteInput)
    .query(({ ctx, input }) => quoteAdminRefund(ctx.db, input)),
  /** Sends the eSIM e-mail again; a second click while one waits → 'already'. */
  resendEmail: adminProcedure
    .meta(ROLES.support)
    .input(ZOrderRef)
    .mutation(({ ctx, input }) => resendAdminOrderEmail(ctx.db, ctx.services, actorOf(ctx), input.orderId)),
  /** Ends the order's 'Manage your eSIM' links and e-mails a new one (issue 26). */
  revokeLinks: adminProcedure
    .meta(ROLES.support)
    .input(ZOrderRef)
    .mutation(({ ctx, input }) => revokeAdminOrderLinks(ctx.db, ctx.services, actorOf(ctx), input.orderId)),
  /** Provisions now a paid order whose eSIM is not delivered; delivered → 'already'. */
  retryProvisioning: adminProcedure
    .meta(ROLES.support)
    .input(ZOrderRef)
    .mutation(({ ctx, input }) => retryAdminProvisioning(ctx.db, ctx.services, actorOf(ctx), input.orderId)),
});

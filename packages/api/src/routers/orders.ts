// orders.list: the signed-in user's orders. orders.byPaymentIntent: the order-success view, for
// the owner or the holder of the payment intent's client secret (anyone else: 404), read only;
// orders.settle: the same view after the return page's settlement (a mutation).
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';
import { ZOrderByPaymentIntentInput } from '../domain/orders.ts';
import { ZOrderByNumberInput, ZRefundOrderInput } from '../domain/esim-inputs.ts';
import { getOrderView, listOrdersForUser } from '../services/orders/orders.ts';
import { settleOrder } from '../services/order-life/settle.ts';
import { listOrderEventsForUser } from '../services/order-life/events.ts';
import { quoteRefundForUser, refundOrderForUser } from '../services/order-life/refunds.ts';
import { getReceipt } from '../services/orders/receipts.ts';

export const ordersRouter = router({
  list: protectedProcedure.query(({ ctx }) => listOrdersForUser(ctx.db, ctx.user.id)),

  /** Read only (polled every second by the order-success page).  GET /api/orders/{paymentIntentId} */
  byPaymentIntent: publicProcedure
    .input(ZOrderByPaymentIntentInput)
    .query(({ ctx, input }) => getOrderView(ctx.db, { ...input, user: ctx.user })),

  /**
   * The return page's settlement, once when it opens: claims a payment the provider reports
   * succeeded, or makes a due provisioning attempt; answers the same view.  POST /api/orders/{paymentIntentId}/settle
   */
  settle: publicProcedure
    .input(ZOrderByPaymentIntentInput)
    .mutation(({ ctx, input }) => settleOrder(ctx.db, ctx.services, { ...input, user: ctx.user })),

  /**
   * 'Refund' (within 14 days, eSIM neither installed nor activated): once, however often it is
   * asked. The e-mail goes in the language the traveller asks in; a deduction for spent points
   * larger than the one the confirmation showed is refused (409 quote_changed).  POST /api/orders/{orderId}/refund
   */
  refund: protectedProcedure.input(ZRefundOrderInput).mutation(({ ctx, input }) =>
    refundOrderForUser(ctx.db, ctx.services, ctx.user.id, input.orderId, {
      language: ctx.locale,
      expectedCashDeductedMinor: input.expectedCashDeductedMinor,
    }),
  ),

  /** What a refund would give back now, and what it keeps for points already spent (the confirmation dialog). */
  refundQuote: protectedProcedure
    .input(ZOrderByNumberInput)
    .query(({ ctx, input }) => quoteRefundForUser(ctx.db, ctx.user.id, input.orderId)),

  /** The order's status history (from → to, who, why, when), oldest first.  GET /api/orders/{orderId}/history */
  history: protectedProcedure
    .input(ZOrderByNumberInput)
    .query(({ ctx, input }) => listOrderEventsForUser(ctx.db, ctx.user.id, input.orderId)),

  /** The printable receipt.  GET /api/orders/{orderId}/receipt */
  receipt: protectedProcedure
    .input(ZOrderByNumberInput)
    .query(({ ctx, input }) => getReceipt(ctx.db, ctx.services, ctx.user.id, input.orderId)),
});

// payments.*: the checkout's calls. Thin: parse, call one service.
//   config              → { provider, publishableKey }  (load Stripe.js early, or show the demo form)
//   createIntent        POST /api/create-payment-intent  (optional `business`: company details for the VAT invoice)
//   createSubscription  POST /api/create-subscription   (signed in; `business` too)
//   demoConfirm         POST /api/demo-payments/confirm          (demo payments only; 404 with Stripe)
//   demoConfirmAction   POST /api/demo-payments/confirm-action   (demo payments only; 404 with Stripe)
// Checkouts and card attempts are limited per client (limits.ts), card attempts also per order and
// by different card numbers (services/payments/payment-limits.ts): 429 TOO_MANY_REQUESTS { retryAfterSeconds }.
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';
import { ZDemoConfirmActionInput, ZDemoConfirmInput } from '../domain/orders.ts';
import { ZCheckoutIntentInput, ZCheckoutSubscriptionInput } from '../domain/invoice-buyer.ts';
import { confirmDemoAction, confirmDemoPayment, createCheckout, createSubscriptionCheckout } from '../services/orders/checkout.ts';
import { CHECKOUTS_PER_CLIENT, PAYMENT_ATTEMPTS_PER_CLIENT } from '../domain/rate-limit.ts';
import { limitPerClient } from './limits.ts';

export const paymentsRouter = router({
  config: publicProcedure.query(({ ctx }) => ({
    provider: ctx.services.payments.name,
    publishableKey: ctx.services.payments.publishableKey,
  })),

  createIntent: publicProcedure
    .input(ZCheckoutIntentInput)
    .use(limitPerClient(CHECKOUTS_PER_CLIENT))
    .mutation(({ ctx, input }) =>
      createCheckout(ctx.db, ctx.services, input, {
        user: ctx.user,
        headerCurrency: ctx.req.currency,
        locale: ctx.locale,
        client: { ip: ctx.req.ip, userAgent: ctx.req.userAgent },
        deviceHash: ctx.req.deviceHash,
      }),
    ),

  createSubscription: protectedProcedure
    .input(ZCheckoutSubscriptionInput)
    .use(limitPerClient(CHECKOUTS_PER_CLIENT))
    .mutation(({ ctx, input }) =>
      createSubscriptionCheckout(ctx.db, ctx.services, input, {
        user: ctx.user,
        headerCurrency: ctx.req.currency,
        locale: ctx.locale,
        client: { ip: ctx.req.ip, userAgent: ctx.req.userAgent },
      }),
    ),

  demoConfirm: publicProcedure
    .input(ZDemoConfirmInput)
    .use(limitPerClient(PAYMENT_ATTEMPTS_PER_CLIENT))
    .mutation(({ ctx, input }) => confirmDemoPayment(ctx.db, ctx.services, input, { ip: ctx.req.ip })),

  demoConfirmAction: publicProcedure
    .input(ZDemoConfirmActionInput)
    .use(limitPerClient(PAYMENT_ATTEMPTS_PER_CLIENT))
    .mutation(({ ctx, input }) => confirmDemoAction(ctx.db, ctx.services, input, { ip: ctx.req.ip })),
});

// The checkout's REST paths over the payments.* and subscriptions.* procedures (the same code the
// web app's tRPC calls run). Bodies are JSON; errors are { error: { code, message, details? } }.
//
//   POST /api/create-payment-intent          { planId, amount?, currency?, email?, kind?, checkoutToken?, locale? }
//                                            → { clientSecret, orderId, paymentIntentId, provider, publishableKey,
//                                                amount, amountMinor, currency, kind, paymentStatus, subscriptionId, reused }
//   POST /api/create-subscription            { planId, currency?, email?, checkoutToken?, locale? } (signed in) → same shape
//   POST /api/demo-payments/confirm          { paymentIntentId, clientSecret, card: { number, expMonth, expYear, cvc } }
//                                            → { paymentIntentId, status: 'succeeded'|'requires_action'|'failed'|'processing', error? }
//   POST /api/demo-payments/confirm-action   { paymentIntentId, clientSecret, approve } → same shape
//   GET  /api/payments/config                → { provider: 'stripe'|'demo', publishableKey }
//   GET  /api/subscriptions                  (signed in) → SubscriptionView[]
//   POST /api/subscriptions/:id/cancel       (signed in) → SubscriptionView (cancelAtPeriodEnd: true)
// The demo paths answer 404 when Stripe is configured.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { answer } from './auth.ts';
import { jsonBodyLimit, readJsonBody } from './body.ts';

export function paymentsRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  for (const path of ['/create-payment-intent', '/create-subscription', '/demo-payments/*', '/subscriptions/*']) app.use(path, jsonBodyLimit());

  app.post('/create-payment-intent', (c) => answer(c, async () => callerFor(deps, c).payments.createIntent((await readJsonBody(c)) as never)));
  app.post('/create-subscription', (c) => answer(c, async () => callerFor(deps, c).payments.createSubscription((await readJsonBody(c)) as never)));
  app.post('/demo-payments/confirm', (c) => answer(c, async () => callerFor(deps, c).payments.demoConfirm((await readJsonBody(c)) as never)));
  app.post('/demo-payments/confirm-action', (c) =>
    answer(c, async () => callerFor(deps, c).payments.demoConfirmAction((await readJsonBody(c)) as never)),
  );
  app.get('/payments/config', (c) => answer(c, () => callerFor(deps, c).payments.config()));

  app.get('/subscriptions', (c) => answer(c, () => callerFor(deps, c).subscriptions.list()));
  app.post('/subscriptions/:id/cancel', (c) => answer(c, () => callerFor(deps, c).subscriptions.cancel({ subscriptionId: c.req.param('id') })));
  return app;
}

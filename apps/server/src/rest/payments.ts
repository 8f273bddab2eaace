// The checkout's REST paths over the payments.* and subscriptions.* procedures (the same code the
// web app's tRPC calls run). Bodies are JSON; errors are { error: { code, message, details? } }.
//
//   POST /api/create-payment-intent          { planId, amount?, currency?, email?, kind?, checkoutToken?, locale?, promoCode?, referralCode?, business? }
//                                            gift?: { recipientEmail, message?, deliverOn?, locale? } (issue 29: a one-time new eSIM as a gift; else 400)
//                                            → { clientSecret, orderId, paymentIntentId, provider, publishableKey,
//                                                amount, amountMinor, currency, kind, paymentStatus, subscriptionId, reused,
//                                                promoCode?, promoDiscountMinor?, referralDiscountMinor? } (issue 29: amount is
//                                                after the code or the referral; a refused referral → 422 REFERRAL_REFUSED)
//   POST /api/create-subscription            { planId, currency?, email?, checkoutToken?, locale? } (signed in) → same shape
//   POST /api/demo-payments/confirm          { paymentIntentId, clientSecret, card: { number, expMonth, expYear, cvc } }
//                                            → { paymentIntentId, status: 'succeeded'|'requires_action'|'failed'|'processing', error? }
//   POST /api/demo-payments/confirm-action   { paymentIntentId, clientSecret, approve } → same shape
//   GET  /api/payments/config                → { provider: 'stripe'|'demo', publishableKey }
//   GET  /api/subscriptions                  (signed in) → SubscriptionView[]
//   POST /api/subscriptions/:id/cancel       (signed in) → SubscriptionView (cancelAtPeriodEnd: true)
//   POST /api/subscriptions/:id/resume       (signed in) → SubscriptionView (cancelAtPeriodEnd: false), before the period ends
// The demo paths answer 404 when Stripe is configured. Past a request limit: 429 with Retry-After.
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../types.ts';
import type { Context } from 'hono';
import { callProcedure, callerFor } from '../trpc-context.ts';
import { answer } from './auth.ts';
import { fastJsonBodyLimit, readJsonBody } from './body.ts';
import { MIN_COMPRESS, completeResponse, errorResponse, retryAfterOf } from '../response.ts';

const JSON_PRIVATE = { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store', Vary: 'Accept-Encoding' } as const;

/**
 * answer() for the checkout's hot calls: a small JSON body goes out as a response built whole
 * (response.ts: the security headers already in its one header record), so no middleware after
 * it turns the header record into a web Headers object. Larger bodies and errors: as answer().
 */
export async function answerWhole(c: Context<AppEnv>, call: () => Promise<unknown>): Promise<Response> {
  let value: unknown;
  try {
    value = await call();
  } catch (err) {
    const { status, body } = errorResponse(err);
    c.header('Cache-Control', 'private, no-store');
    const retryAfter = retryAfterOf(status, body);
    if (retryAfter) c.header('Retry-After', retryAfter);
    return c.json(body, status);
  }
  const body = JSON.stringify(value);
  if (body.length >= MIN_COMPRESS) return answer(c, async () => value);
  return completeResponse(c, body, 200, JSON_PRIVATE);
}

export function paymentsRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  for (const path of ['/create-payment-intent', '/create-subscription', '/demo-payments/*', '/subscriptions/*'])
    app.use(path, fastJsonBodyLimit());

  app.post('/create-payment-intent', (c) =>
    answerWhole(c, async () => callProcedure(deps, c, 'payments.createIntent', await readJsonBody(c))),
  );
  app.post('/create-subscription', (c) =>
    answer(c, async () => callerFor(deps, c).payments.createSubscription((await readJsonBody(c)) as never)),
  );
  app.post('/demo-payments/confirm', (c) =>
    answerWhole(c, async () => callProcedure(deps, c, 'payments.demoConfirm', await readJsonBody(c))),
  );
  app.post('/demo-payments/confirm-action', (c) =>
    answerWhole(c, async () => callerFor(deps, c).payments.demoConfirmAction((await readJsonBody(c)) as never)),
  );
  app.get('/payments/config', (c) => answer(c, () => callerFor(deps, c).payments.config()));

  app.get('/subscriptions', (c) => answer(c, () => callerFor(deps, c).subscriptions.list()));
  app.post('/subscriptions/:id/cancel', (c) =>
    answer(c, () => callerFor(deps, c).subscriptions.cancel({ subscriptionId: c.req.param('id') })),
  );
  app.post('/subscriptions/:id/resume', (c) =>
    answer(c, () => callerFor(deps, c).subscriptions.resume({ subscriptionId: c.req.param('id') })),
  );
  return app;
}

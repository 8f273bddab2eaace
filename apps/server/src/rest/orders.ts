// Orders and eSIMs over the orders.* and esims.* procedures.
//   GET /api/orders                       (signed in) → OrderSummary[] newest first
//   GET /api/orders/:paymentIntentId      → OrderView, for the order's owner (session) or whoever presents
//                                           the payment intent's client secret: query `client_secret` or
//                                           `payment_intent_client_secret` (Stripe's redirect adds it), or
//                                           header X-Client-Secret. Anyone else: 404. Read only.
//   POST /api/orders/:paymentIntentId/settle → OrderView after settling: the payment re-read from the
//                                           provider and the order claimed if the webhook has not yet (the
//                                           return page's call; same access rule)
//   POST /api/orders/:orderId/refund      (signed in) → RefundResultView; once however often asked; 409/400 with the reason
//   GET /api/orders/:orderId/history      (signed in) → OrderEventView[]: the order's status moves, oldest first
//   GET /api/orders/:orderId/receipt      (signed in) → ReceiptView
//   GET /api/esims                        (signed in) → EsimSummaryView[] (read only: as the shop last heard)
//   POST /api/esims/refresh               (signed in) → { refreshed }: stale eSIMs read from the provider now
//   GET /api/esims/:iccid                 (signed in) → EsimDetailView
//   GET /api/esims/:iccid/top-ups         (signed in) → Plan[] (USD) that top the eSIM up
//   GET /api/esims/:id/qr.png | qr.svg    the activation code's QR, rendered here; for the owner, `?token=`
//                                         (in the URLs the API hands out) or the client secret; else 404.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { qrPng, qrSvg } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';
import { callerFor } from '../trpc-context.ts';
import { answer } from './auth.ts';
import { errorResponse } from '../response.ts';

function clientSecretOf(c: Context<AppEnv>): string | undefined {
  return c.req.query('client_secret') || c.req.query('payment_intent_client_secret') || c.req.header('x-client-secret') || undefined;
}

export function ordersRest(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/orders', (c) => answer(c, () => callerFor(deps, c).orders.list()));
  app.get('/orders/:paymentIntentId', (c) =>
    answer(c, () =>
      callerFor(deps, c).orders.byPaymentIntent({ paymentIntentId: c.req.param('paymentIntentId'), clientSecret: clientSecretOf(c) }),
    ),
  );
  app.post('/orders/:paymentIntentId/settle', (c) =>
    answer(c, () => callerFor(deps, c).orders.settle({ paymentIntentId: c.req.param('paymentIntentId'), clientSecret: clientSecretOf(c) })),
  );
  app.post('/orders/:orderId/refund', (c) => answer(c, () => callerFor(deps, c).orders.refund({ orderId: c.req.param('orderId') })));
  app.get('/orders/:orderId/history', (c) => answer(c, () => callerFor(deps, c).orders.history({ orderId: c.req.param('orderId') })));
  app.get('/orders/:orderId/receipt', (c) => answer(c, () => callerFor(deps, c).orders.receipt({ orderId: c.req.param('orderId') })));
  app.post('/esims/refresh', (c) => answer(c, () => callerFor(deps, c).esims.refresh()));
  app.get('/esims', (c) => answer(c, () => callerFor(deps, c).esims.list()));
  app.get('/esims/:iccid', (c) => answer(c, () => callerFor(deps, c).esims.get({ iccid: c.req.param('iccid') })));
  app.get('/esims/:iccid/top-ups', (c) => answer(c, () => callerFor(deps, c).esims.topUpOptions({ iccid: c.req.param('iccid') })));

  const qr = (format: 'png' | 'svg') => async (c: Context<AppEnv>) => {
    try {
      const { activationCode } = await callerFor(deps, c).esims.activationCode({
        esimId: c.req.param('id') ?? '',
        token: c.req.query('token') || undefined,
        clientSecret: clientSecretOf(c),
      });
      const headers = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
      if (format === 'png') return c.body(new Uint8Array(await qrPng(activationCode)), 200, { ...headers, 'Content-Type': 'image/png' });
      return c.body(await qrSvg(activationCode), 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' });
    } catch (err) {
      const { status, body } = errorResponse(err);
      c.header('Cache-Control', 'private, no-store');
      return c.json(body, status);
    }
  };
  app.get('/esims/:id/qr.png', qr('png'));
  app.get('/esims/:id/qr.svg', qr('svg'));
  return app;
}

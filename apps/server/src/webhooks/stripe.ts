// POST /api/webhooks/stripe: one route for Stripe's webhooks and signed demo events. Raw body →
// signature and |now − t| ≤ 300 s (payments.verifyWebhook) → dedupe on the event id → the
// service re-reads the current state and acts. The CSRF guard skips /api/webhooks/* (the
// signature is the authentication).
//   200 { received: true, outcome: 'processed'|'duplicate'|'ignored' }
//   400 { error: { code: 'BAD_SIGNATURE', reason, message } }   a delivery that fails verification
//   500 when handling failed (the event is un-recorded, so Stripe's retry is processed)
import { Hono } from 'hono';
import { isWebhookVerificationError, receiveWebhook } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';
import { servicesFor } from '../trpc-context.ts';
import { jsonBodyLimit } from '../rest/body.ts';
import { sendError } from '../response.ts';

/** Stripe's events are small; this only stops abuse. */
const MAX_WEBHOOK_BODY = 512 * 1024;

export function webhookRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/webhooks/stripe', jsonBodyLimit(MAX_WEBHOOK_BODY), async (c) => {
    const raw = await c.req.text();
    try {
      const result = await receiveWebhook(deps.db, servicesFor(deps, c), raw, c.req.header('stripe-signature'));
      return c.json({ received: true, outcome: result.outcome });
    } catch (err) {
      if (isWebhookVerificationError(err)) {
        (c.var.log ?? deps.log).warn('webhook refused', { reason: err.reason });
        return sendError(c, 400, 'BAD_SIGNATURE', err.message, { reason: err.reason });
      }
      (c.var.log ?? deps.log).error('webhook handling failed (will be retried by the sender)', {
        error: String((err as Error)?.stack ?? err),
      });
      return sendError(c, 500, 'INTERNAL', 'The event could not be handled; please retry.');
    }
  });
  return app;
}

// POST /api/webhooks/esim[/<provider>]: the eSIM providers' events. With several providers
// (ESIM_PROVIDERS) register /api/webhooks/esim/airalo, /api/webhooks/esim/esimaccess…: the path names
// the provider whose signature check applies; the bare path lets each configured provider check the
// delivery in turn. The (installed, activated, usage, low data,
// validity ending, finished, expired). Raw body → the provider's parseWebhook (signature over the
// raw body, |now − t| ≤ 300 s; eSIM Access's documented deliveries are unsigned and only trigger a
// re-read from its API) → dedupe on the event id → applied to the eSIM (esim-sync). The CSRF guard
// skips /api/webhooks/*. With ESIM_WEBHOOK_ALLOWED_IPS set, an unsigned delivery (eSIM Access's) from
// another sender gets 403; signed deliveries (Airalo's, the simulator's) pass from anywhere. HEAD answers 200
// (the provider's reachability check when a webhook URL is registered).
//   200 { received: true, outcome: 'processed'|'duplicate'|'stale'|'ignored' }  (an unknown ICCID: ignored, logged)
//   400 { error: { code: 'BAD_SIGNATURE', reason: 'signature'|'stale'|'malformed', message } }
//   403 { error: { code: 'FORBIDDEN' } }  an unsigned delivery whose sender is not on ESIM_WEBHOOK_ALLOWED_IPS
//   500 when applying failed (the event is un-recorded, so the provider's retry is applied)
import { Hono, type Context } from 'hono';
import { EsimWebhookError, findEsimProvider, receiveEsimWebhook } from '@esim/api';
import { isAllowlisted, parseAllowlist } from '@esim/api/domain';
import type { AppDeps, AppEnv } from '../types.ts';
import { servicesFor } from '../trpc-context.ts';
import { jsonBodyLimit } from '../rest/body.ts';
import { sendError } from '../response.ts';

/** A delivery holds at most 100 small events. */
const MAX_WEBHOOK_BODY = 256 * 1024;

export function esimWebhookRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // Airalo checks the URL with a HEAD request when a webhook is opted in: answer 200, no body.
  // Hono answers HEAD with the GET route (body dropped), so the route is a GET.
  app.get('/webhooks/esim', (c) => c.body(null, 200));
  app.get('/webhooks/esim/:provider', (c) => c.body(null, 200));
  // ESIM_WEBHOOK_ALLOWED_IPS: eSIM Access secures its unsigned deliveries by the sender's address.
  const senders = parseAllowlist(deps.env.ESIM_WEBHOOK_ALLOWED_IPS);
  const receive = async (c: Context<AppEnv>, providerName: string | undefined) => {
    const senderAllowed = senders.entries.length === 0 || isAllowlisted(senders, c.var.ip);
    const raw = await c.req.text();
    try {
      const result = await receiveEsimWebhook(deps.db, servicesFor(deps, c), raw, c.req.raw.headers, providerName, senderAllowed);
      return c.json({ received: true, outcome: result.outcome });
    } catch (err) {
      if (err instanceof EsimWebhookError && err.reason === 'sender') {
        (c.var.log ?? deps.log).warn('eSIM webhook refused: sender not on ESIM_WEBHOOK_ALLOWED_IPS', { ip: c.var.ip });
        return sendError(c, 403, 'FORBIDDEN', 'eSIM webhook refused: this sender is not on the allow-list.');
      }
      if (err instanceof EsimWebhookError) {
        (c.var.log ?? deps.log).warn('eSIM webhook refused', { reason: err.reason, message: err.message });
        const code = err.reason === 'malformed' ? 'BAD_REQUEST' : 'BAD_SIGNATURE';
        return sendError(c, 400, code, `eSIM webhook refused: ${err.message}`, { reason: err.reason });
      }
      (c.var.log ?? deps.log).error('eSIM webhook handling failed (will be retried by the sender)', {
        error: String((err as Error)?.stack ?? err),
      });
      return sendError(c, 500, 'INTERNAL', 'The event could not be handled; please retry.');
    }
  };
  app.post('/webhooks/esim', jsonBodyLimit(MAX_WEBHOOK_BODY), (c) => receive(c, undefined));
  app.post('/webhooks/esim/:provider', jsonBodyLimit(MAX_WEBHOOK_BODY), (c) => {
    const name = c.req.param('provider');
    if (!findEsimProvider(deps.services, name))
      return sendError(c, 404, 'NOT_FOUND', `eSIM webhook refused: no eSIM provider ${JSON.stringify(name.slice(0, 40))} is configured.`);
    return receive(c, name);
  });
  return app;
}

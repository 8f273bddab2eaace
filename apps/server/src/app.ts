// createApp(deps): middleware, tRPC mount, REST adapters, webhooks, static files, onError.
// Request flow: request log (id, access line, metrics) → request facts → security headers →
//   compression → a body on GET/HEAD or outside /api/ refused → /api/health, /api/ready → tRPC limits (calls per batch, body size) → device cookie → session →
//   CSRF guard → /api/trpc/* (GET queries: fast path, else tRPC's fetch adapter) | /api/* (REST
//   adapters over the same procedures) | static web app.
import { Hono } from 'hono';
import { trpcServer } from '@hono/trpc-server';
import { appRouter } from '@esim/api';
import type { AppDeps, AppEnv } from './types.ts';
import { createContext } from './trpc-context.ts';
import { requestFacts } from './middleware/request-facts.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security.ts';
import { compression } from './middleware/compression.ts';
import { sessionLayer } from './middleware/session.ts';
import { csrfGuard } from './middleware/csrf.ts';
import { deviceCookie } from './middleware/device.ts';
import { serveWeb } from './middleware/static.ts';
import { trpcQueryFastPath } from './middleware/trpc-query-fast-path.ts';
import { MAX_TRPC_BATCH_CALLS, trpcLimits } from './middleware/trpc-limits.ts';
import { fastJsonBodyLimit } from './rest/body.ts';
import { refuseUnexpectedBodies } from './middleware/unexpected-body.ts';
import { trpcAnswerHeaders } from './middleware/trpc-answers.ts';
import { errorResponse, sendError } from './response.ts';
import { catalogRest } from './rest/catalog.ts';
import { authRest } from './rest/auth.ts';
import { usersRest } from './rest/users.ts';
import { ordersRest } from './rest/orders.ts';
import { invoicesRest } from './rest/invoices.ts';
import { supportRest } from './rest/support.ts';
import { wellKnownRoutes } from './well-known.ts';
import { paymentsRest } from './rest/payments.ts';
import { rewardsRest } from './rest/rewards.ts';
import { adminRest } from './rest/admin.ts';
import { chatRest } from './rest/chat.ts';
import { healthRest } from './rest/health.ts';
import { webhookRoutes } from './webhooks/stripe.ts';
import { esimWebhookRoutes } from './webhooks/esim.ts';
import { inboundMailRoutes } from './webhooks/inbound-mail.ts';
import { seoRoutes } from './seo.ts';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // First: every answer, whatever answers it (onError included), carries the request id.
  app.use('*', requestLog(deps));
  app.use('*', requestFacts(deps));
  app.use('*', securityHeaders(deps));
  app.use('*', compression());
  // A body on a GET/HEAD, or outside /api/, is refused unread (413, connection closed).
  app.use('*', refuseUnexpectedBodies());
  // Liveness and readiness: before the body, session and CSRF layers (no cookie lookup).
  app.route('/api', healthRest(deps));
  // Before the session lookup: an oversized request is refused without touching the database.
  app.use('/api/trpc/*', trpcLimits());
  // Every other /api path gets the same body limit before anything is read: a large body to an
  // unknown path, or to one the CSRF guard refuses, is 413 too. Webhooks keep their own limit.
  const apiBodyLimit = fastJsonBodyLimit();
  app.use('/api/*', (c, next) =>
    c.req.path.startsWith('/api/trpc/') || c.req.path.startsWith('/api/webhooks/') ? next() : apiBodyLimit(c, next),
  );
  // Issue 29: the first-party device cookie (its hash only reaches the services; referral abuse
  // rule). Outside the session layer, so a sign-in's session cookie is the first Set-Cookie.
  app.use('/api/*', deviceCookie());
  app.use('/api/*', sessionLayer(deps));
  app.use('/api/*', csrfGuard(deps));

  // Signed-in answers private and uncached; one Content-Type on every answer (trpc-answers.ts).
  app.use('/api/trpc/*', trpcAnswerHeaders());
  app.use('/api/trpc/*', trpcQueryFastPath(deps));
  app.use(
    '/api/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/api/trpc',
      // trpcLimits() refuses larger batches first; this only backs it up.
      maxBatchSize: MAX_TRPC_BATCH_CALLS,
      // @hono/trpc-server types the context as Record<string, unknown>; our Context is an interface (no index signature).
      createContext: (_opts, c) => createContext(deps, c as never) as unknown as Record<string, unknown>,
      onError: ({ error, path, ctx }) => {
        // The request's logger (its id in the line) when the context was made.
        const log = (ctx as { services?: { log?: AppDeps['log'] } } | undefined)?.services?.log ?? deps.log;
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error('trpc error', { path, error: String(error.cause ?? error) });
      },
      // tRPC answers errors found before a call runs (a GET with a multipart or octet-stream
      // Content-Type, an unbatched streaming request) with its JSON envelope but no Content-Type,
      // so the body went out as text/plain. Every error envelope is JSON; streams keep theirs.
      responseMeta: ({ errors, eagerGeneration }) =>
        errors.length > 0 && !eagerGeneration ? { headers: { 'content-type': 'application/json' } } : {},
    }),
  );

  app.route('/api', catalogRest(deps));
  app.route('/api', authRest(deps));
  app.route('/api', usersRest(deps));
  app.route('/api', ordersRest(deps));
  app.route('/api', invoicesRest(deps));
  app.route('/api', supportRest(deps));
  app.route('/api', paymentsRest(deps));
  app.route('/api', rewardsRest(deps));
  app.route('/api', chatRest(deps));
  app.route('/api', adminRest(deps));
  app.route('/api', webhookRoutes(deps));
  app.route('/api', esimWebhookRoutes(deps));
  app.route('/api', inboundMailRoutes(deps));

  // The path is echoed back clipped: a request can carry a path of any length.
  app.all('/api/*', (c) => sendError(c, 404, 'NOT_FOUND', `No API route ${clip(c.req.method, 20)} ${clip(c.req.path, 200)}`));

  // robots.txt and sitemap.xml: before the static files and the SPA fallback.
  app.route('/', seoRoutes(deps));
  // Apple Pay's domain association file, when configured (well-known.ts).
  app.route('/', wellKnownRoutes(deps));

  if (deps.webDist) app.route('/', serveWeb(deps));

  app.onError((err, c) => {
    const { status, body } = errorResponse(err);
    if (status >= 500) (c.var.log ?? deps.log).error('unhandled error', { path: c.req.path, error: String(err?.stack ?? err) });
    return c.json(body, status);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

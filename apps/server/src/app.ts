// createApp(deps): middleware, tRPC mount, REST adapters, webhooks, static files, onError.
// Request flow: request facts → security headers → compression → session → CSRF guard
//   → /api/trpc/* (tRPC) | /api/* (REST adapters over the same procedures) | static web app.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { trpcServer } from '@hono/trpc-server';
import { appRouter } from '@esim/api';
import type { AppDeps, AppEnv } from './types.ts';
import { createContext } from './trpc-context.ts';
import { requestFacts } from './middleware/request-facts.ts';
import { securityHeaders } from './middleware/security.ts';
import { sessionLayer } from './middleware/session.ts';
import { csrfGuard } from './middleware/csrf.ts';
import { serveWeb } from './middleware/static.ts';
import { errorResponse } from './rest/respond.ts';
import { catalogRest } from './rest/catalog.ts';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', requestFacts(deps));
  app.use('*', securityHeaders(deps));
  app.use('*', compress());
  app.use('/api/*', sessionLayer(deps));
  app.use('/api/*', csrfGuard(deps));

  app.get('/api/health', (c) => c.json({ status: 'ok', time: deps.services.now().toISOString() }));

  app.use(
    '/api/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/api/trpc',
      createContext: (_opts, c) => createContext(deps, c as never),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.log.error('trpc error', { path, error: String(error.cause ?? error) });
      },
    }),
  );

  app.route('/api', catalogRest(deps));

  app.all('/api/*', (c) =>
    c.json({ error: { code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}` } }, 404),
  );

  if (deps.webDist) app.route('/', serveWeb(deps));

  app.onError((err, c) => {
    const { status, body } = errorResponse(err);
    if (status >= 500) deps.log.error('unhandled error', { path: c.req.path, error: String(err?.stack ?? err) });
    return c.json(body, status);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

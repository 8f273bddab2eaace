// The built web app: hashed assets cached for a year, flags for a day, and an SPA fallback
// to index.html (held in memory, revalidated with an ETag) for every other GET outside /api.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppDeps, AppEnv } from '../types.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const ONE_DAY = 'public, max-age=86400';
/** Other files at the top of the web build (favicon, robots.txt, manifest): not hashed, so short. */
export const ONE_HOUR = 'public, max-age=3600';

/** A last path segment with a dot is a file; /blog/1 and /checkout/7 are app routes. */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

export function serveWeb(deps: AppDeps) {
  const root = deps.webDist;
  if (!root) throw new Error('serveWeb needs deps.webDist');
  const app = new Hono<AppEnv>();

  const indexPath = join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (!indexHtml) deps.log.warn('web build has no index.html; the SPA fallback is off', { webDist: root });
  const indexEtag = indexHtml ? `"${createHash('sha1').update(indexHtml).digest('base64url').slice(0, 22)}"` : '';

  const sendIndex = (c: Context<AppEnv>) => {
    if (!indexHtml) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', indexEtag);
    if (c.req.header('if-none-match') === indexEtag) return c.body(null, 304);
    return c.html(indexHtml);
  };

  // Cache-Control goes on before serveStatic: it sets no headers of its own, and what it doesn't
  // find falls through to handlers that set their own.
  const cached = (cacheControl: string): MiddlewareHandler<AppEnv> => {
    const files = serveStatic<AppEnv>({ root });
    return (c, next) => {
      c.header('Cache-Control', cacheControl);
      return files(c, next);
    };
  };

  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  // Browsers and crawlers ask for /favicon.ico whatever the page declares; the shop's icon is an SVG.
  app.get('/favicon.ico', (c) => c.redirect('/favicon.svg', 301));
  app.use('/assets/*', cached(IMMUTABLE));
  app.use('/flags/*', cached(ONE_DAY));
  app.use('*', cached(ONE_HOUR));
  app.get('*', (c) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/') || looksLikeFile(c.req.path)) {
      return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    }
    return sendIndex(c);
  });
  return app;
}

// The built web app: hashed assets cached for a year, flags for a day, and an SPA fallback for
// every other GET outside /api. Pages are held in memory and revalidated with an ETag. When the
// build pre-rendered some pages (apps/web/scripts/prerender.mjs writes pages.json), those paths
// get their own HTML (a static shell of the page) and every other path the plain template;
// without pages.json, index.html answers everything.
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

interface HtmlPage {
  html: string;
  etag: string;
}

/** pages.json: `{ fallback: 'app.html', pages: { '/': 'index.html', '/coverage': 'coverage.html' } }`. */
interface PagesManifest {
  fallback: string;
  pages: Record<string, string>;
}

function readPage(root: string, file: string): HtmlPage | null {
  const path = join(root, file);
  if (!/^[\w.-]+\.html$/.test(file) || !existsSync(path)) return null;
  const html = readFileSync(path, 'utf8');
  return { html, etag: `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"` };
}

/** The fallback page and the pre-rendered pages by path; `problems` for the log. */
export function loadPages(root: string): { fallback: HtmlPage | null; pages: Map<string, HtmlPage>; problems: string[] } {
  const pages = new Map<string, HtmlPage>();
  const problems: string[] = [];
  const manifestPath = join(root, 'pages.json');
  if (!existsSync(manifestPath)) return { fallback: readPage(root, 'index.html'), pages, problems };
  let manifest: Partial<PagesManifest>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Partial<PagesManifest>;
  } catch {
    return { fallback: readPage(root, 'index.html'), pages, problems: ['pages.json is not valid JSON; serving index.html for every path'] };
  }
  for (const [path, file] of Object.entries(manifest.pages ?? {})) {
    const page = readPage(root, file);
    // A page that isn't there falls back to the SPA template: the app renders it all the same.
    if (page) pages.set(path, page);
    else problems.push(`pages.json names ${file} for ${path}, which is missing or not an .html file`);
  }
  const fallback = (manifest.fallback ? readPage(root, manifest.fallback) : null) ?? readPage(root, 'index.html');
  return { fallback, pages, problems };
}

export function serveWeb(deps: AppDeps) {
  const root = deps.webDist;
  if (!root) throw new Error('serveWeb needs deps.webDist');
  const app = new Hono<AppEnv>();

  const { fallback, pages, problems } = loadPages(root);
  for (const problem of problems) deps.log.warn(problem, { webDist: root });
  if (!fallback) deps.log.warn('web build has no index.html; the SPA fallback is off', { webDist: root });

  const sendPage = (c: Context<AppEnv>, page: HtmlPage | null | undefined = pages.get(c.req.path) ?? fallback) => {
    if (!page) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', page.etag);
    if (c.req.header('if-none-match') === page.etag) return c.body(null, 304);
    return c.html(page.html);
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

  app.get('/', (c) => sendPage(c));
  app.get('/index.html', (c) => sendPage(c, pages.get('/') ?? fallback));
  // Browsers and crawlers ask for /favicon.ico whatever the page declares; the shop's icon is an SVG.
  app.get('/favicon.ico', (c) => c.redirect('/favicon.svg', 301));
  app.use('/assets/*', cached(IMMUTABLE));
  app.use('/flags/*', cached(ONE_DAY));
  app.use('*', cached(ONE_HOUR));
  app.get('*', (c) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/') || looksLikeFile(c.req.path)) {
      return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    }
    return sendPage(c);
  });
  return app;
}

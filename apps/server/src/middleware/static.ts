// The built web app: hashed assets cached for a year, flags for a day, and an SPA fallback for
// every other GET outside /api. Pages are held in memory and revalidated with an ETag. When the
// build pre-rendered some pages (apps/web/scripts/prerender.mjs writes pages.json), those paths
// get their own HTML (a static shell of the page, one per language: '/', '/ja/', '/ar/coverage')
// and every other path the plain template in its URL's language (<html lang dir> and title
// right before any script runs); without pages.json, index.html answers everything.
// Paths that are none of the app's routes (pages.json `routes`, the build's route table) answer
// 404 with the same template, so the app shows its not-found page and crawlers see the status.
// The back office is another app of the same build: /admin and /admin/* (in every language,
// '/ar/admin/orders') get admin.html, its entry, so none of its code is in the shop's pages.
// Destination pages (/destinations/<slug>, in every language) are rendered on first request from
// the build's SSR bundle (dist/ssr, destination-pages.ts) with the live catalogue.
// The pages' absolute URLs (canonical, hreflang, og:url) carry a token the build cannot know;
// the server's PUBLIC_URL replaces it when the pages are loaded. So do the shop's facts (name,
// contact details: shop-facts.ts), in the pages' texts, their <meta name="shop-facts"> and the web
// app manifest: once, at start, never per request.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppDeps, AppEnv } from '../types.ts';
import { brandManifest, htmlBrander, recordedFacts, shopFactsFromEnv, type ShopFacts } from '../shop-facts.ts';
import { destinationPages } from './destination-pages.ts';
import { PUBLIC_URL_TOKEN, htmlPage, publicUrlForHtml, splitLanguagePrefix, type HtmlPage } from './html-pages.ts';

export { PUBLIC_URL_TOKEN, publicUrlForHtml, splitLanguagePrefix, type HtmlPage };

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const ONE_DAY = 'public, max-age=86400';
/** Other files at the top of the web build (favicon, robots.txt, web app manifest, icons): not hashed, so short. */
export const ONE_HOUR = 'public, max-age=3600';

/** A last path segment with a dot is a file; /blog/1 and /checkout/7 are app routes. */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

/**
 * pages.json: `{ fallback: 'app.html', fallbacks: { ja: 'app.ja.html', … },
 * pages: { '/': 'index.html', '/ja/': 'index.ja.html', '/coverage': 'coverage.html', … } }`.
 */
interface PagesManifest {
  fallback: string;
  fallbacks: Record<string, string>;
  pages: Record<string, string>;
  /** The app's route table, full paths ('/', '/blog/', '/account/esim/$iccid'): from the route tree. */
  routes?: unknown;
  /** The shop's facts the pages were rendered with (the web's defaults). */
  facts?: unknown;
}

function readPage(root: string, file: string, publicUrl: string, brand: (html: string) => string): HtmlPage | null {
  const path = join(root, file);
  if (!/^[\w.-]+\.html$/.test(file) || !existsSync(path)) return null;
  return htmlPage(brand(readFileSync(path, 'utf8').replaceAll(PUBLIC_URL_TOKEN, publicUrlForHtml(publicUrl))));
}

/** The back office's paths, after the language prefix (apps/web/src/lib/back-office.ts). */
export const isBackOfficePath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/**
 * Whether a path (its language prefix taken off) is one of the app's routes: `$name` stands for
 * one segment, a lone `$` for the rest; a trailing slash is ignored. Null when the build gave no
 * route table (then every path is the app's).
 */
export function routeMatcher(routes: unknown): ((path: string) => boolean) | null {
  if (!Array.isArray(routes) || routes.length === 0 || !routes.every((r) => typeof r === 'string' && r.startsWith('/'))) return null;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = (routes as string[]).map((route) => {
    const segments = route.split('/').filter(Boolean);
    const body = segments.map((segment) => (segment === '$' ? '/.*' : segment.startsWith('$') ? '/[^/]+' : `/${escape(segment)}`)).join('');
    return new RegExp(`^${body}/?$`);
  });
  return (path: string) => patterns.some((pattern) => pattern.test(path === '' ? '/' : path));
}

export interface LoadedPages {
  /** The plain template (English). */
  fallback: HtmlPage | null;
  /** The back office's page (admin.html), when the build has one. */
  admin: HtmlPage | null;
  /** The plain template per language prefix ('ja' → app.ja.html). */
  fallbacks: Map<string, HtmlPage>;
  pages: Map<string, HtmlPage>;
  /** Whether a path (after its language prefix) is one of the app's routes; null: no table, all are. */
  isRoute: ((path: string) => boolean) | null;
  problems: string[];
}

/**
 * The fallback pages and the pre-rendered pages by path, with PUBLIC_URL and (when given) the
 * shop's facts in place; `problems` for the log.
 */
export function loadPages(root: string, publicUrl = 'http://localhost:3000', facts?: ShopFacts): LoadedPages {
  const pages = new Map<string, HtmlPage>();
  const fallbacks = new Map<string, HtmlPage>();
  const problems: string[] = [];
  const manifestPath = join(root, 'pages.json');
  let brand = facts ? htmlBrander(facts, null) : (html: string) => html;
  const plain = () => readPage(root, 'index.html', publicUrl, brand);
  const admin = () => readPage(root, 'admin.html', publicUrl, brand);
  if (!existsSync(manifestPath)) return { fallback: plain(), admin: admin(), fallbacks, pages, isRoute: null, problems };
  let manifest: Partial<PagesManifest>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Partial<PagesManifest>;
  } catch {
    return {
      fallback: plain(),
      admin: admin(),
      fallbacks,
      pages,
      isRoute: null,
      problems: ['pages.json is not valid JSON; serving index.html for every path'],
    };
  }
  if (facts) {
    const rendered = recordedFacts(manifest.facts);
    if (!rendered) problems.push("pages.json records no shop facts; the pages' texts keep the names they were built with");
    brand = htmlBrander(facts, rendered);
  }
  for (const [path, file] of Object.entries(manifest.pages ?? {})) {
    const page = readPage(root, file, publicUrl, brand);
    // A page that isn't there falls back to the SPA template: the app renders it all the same.
    if (page) pages.set(path, page);
    else problems.push(`pages.json names ${file} for ${path}, which is missing or not an .html file`);
  }
  for (const [lang, file] of Object.entries(manifest.fallbacks ?? {})) {
    const page = readPage(root, file, publicUrl, brand);
    if (page) fallbacks.set(lang, page);
    else problems.push(`pages.json names ${file} for the ${lang} pages, which is missing or not an .html file`);
  }
  const fallback = (manifest.fallback ? readPage(root, manifest.fallback, publicUrl, brand) : null) ?? plain();
  const isRoute = routeMatcher(manifest.routes);
  if (!isRoute) problems.push('pages.json has no route table; unknown paths answer 200 with the app (its not-found page)');
  return { fallback, admin: admin(), fallbacks, pages, isRoute, problems };
}

export function serveWeb(deps: AppDeps) {
  const root = deps.webDist;
  if (!root) throw new Error('serveWeb needs deps.webDist');
  const app = new Hono<AppEnv>();

  const facts = shopFactsFromEnv(deps.env);
  const { fallback, admin, fallbacks, pages, isRoute, problems } = loadPages(root, deps.env.PUBLIC_URL, facts);
  for (const problem of problems) deps.log.warn(problem, { webDist: root });
  if (!fallback) deps.log.warn('web build has no index.html; the SPA fallback is off', { webDist: root });
  const destinations = destinationPages(deps, facts);
  const manifest = loadManifest(root, facts);

  /**
   * The page for a path: the back office's for its paths; pre-rendered ('/ja' as '/ja/'); else
   * the template in the path's language.
   */
  const pageFor = (path: string): HtmlPage | null => {
    const { language, path: route } = splitLanguagePrefix(path);
    if (admin && isBackOfficePath(route)) return admin;
    return pages.get(path) ?? pages.get(`${path}/`) ?? fallbacks.get(language) ?? fallback;
  };

  const secureCookie = deps.env.PUBLIC_URL.startsWith('https:');
  const sendPage = (c: Context<AppEnv>, page: HtmlPage | null | undefined = pageFor(c.req.path), status: 200 | 404 = 200) => {
    if (!page) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    rememberReferral(c, secureCookie);
    // The not-found answer is the same document as a page's: no ETag, so no 304 stands for a 404.
    if (status === 404) return c.html(page.html, 404);
    c.header('ETag', page.etag);
    if (c.req.header('if-none-match') === page.etag) return c.body(null, 304);
    return c.html(page.html, status);
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
  // The plain shell, as every other path gets it (PUBLIC_URL in place): the service worker
  // precaches it for the account's pages without a connection.
  app.get('/app.html', (c) => sendPage(c, fallback));
  app.get('/admin.html', (c) => sendPage(c, admin));
  // The service worker (vite-plugin-pwa): asked again on every visit, so a new build is picked
  // up at once; its scope is the whole site.
  app.use('/sw.js', (c, next) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Service-Worker-Allowed', '/');
    return serveStatic<AppEnv>({ root })(c, next);
  });
  // The web app manifest with the shop's configured name (the build's file otherwise).
  if (manifest) {
    app.get('/manifest.webmanifest', (c) => {
      c.header('Cache-Control', ONE_HOUR);
      c.header('ETag', manifest.etag);
      if (c.req.header('if-none-match') === manifest.etag) return c.body(null, 304);
      return c.body(manifest.html, 200, { 'Content-Type': 'application/manifest+json' });
    });
  }
  // Browsers and crawlers ask for /favicon.ico whatever the page declares; the shop's icon is an SVG.
  app.get('/favicon.ico', (c) => c.redirect('/favicon.svg', 301));
  // The server's own rendering code, not a file for browsers.
  app.get('/ssr/*', (c) => c.text('Not found', 404, { 'Cache-Control': 'no-cache' }));
  app.use('/assets/*', cached(IMMUTABLE));
  app.use('/flags/*', cached(ONE_DAY));
  app.use('*', cached(ONE_HOUR));
  app.get('*', async (c) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/') || looksLikeFile(c.req.path)) {
      return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    }
    if (destinations.handles(c.req.path)) {
      const rendered = await destinations.page(c.req.path);
      if (rendered) return sendPage(c, rendered.page, rendered.notFound ? 404 : 200);
    }
    // A path that is none of the app's routes (nor the back office's) answers 404 with the app,
    // which shows its not-found page (the spec's text).
    const route = splitLanguagePrefix(c.req.path).path;
    if (isRoute && !isBackOfficePath(route) && !isRoute(route)) return sendPage(c, undefined, 404);
    return sendPage(c);
  });
  return app;
}

/** A referral code's shape in a link (domain/referrals.ts: 8 characters of Crockford base32, any case). */
const REFERRAL_PARAM = /^[0-9A-Za-z]{8}$/;
/** The cookie the checkout reads the link's code from (30 days; readable by the page, not secret). */
export const REFERRAL_COOKIE = 'esim_ref';

/**
 * Issue 29: a page opened by a referral link (/?ref=CODE, any page) remembers the code for the
 * guest until the checkout, without any script in the first chunk: the checkout reads the cookie
 * and asks the server to price it (referrals.preview), and forgets it once used or refused.
 */
function rememberReferral(c: Context<AppEnv>, secure: boolean): void {
  const ref = c.req.query('ref');
  if (!ref || !REFERRAL_PARAM.test(ref)) return;
  c.header('Set-Cookie', `${REFERRAL_COOKIE}=${ref.toUpperCase()}; Max-Age=2592000; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`, {
    append: true,
  });
}

/** dist/manifest.webmanifest named after the shop, or null (no such file, or not a JSON object: served as it is). */
function loadManifest(root: string, facts: ShopFacts): HtmlPage | null {
  const path = join(root, 'manifest.webmanifest');
  if (!existsSync(path)) return null;
  const json = brandManifest(readFileSync(path, 'utf8'), facts);
  return json === null ? null : htmlPage(json);
}

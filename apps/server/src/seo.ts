// robots.txt and sitemap.xml, built from PUBLIC_URL. Mounted before the static web app and
// its SPA fallback, so these answer even when the web build carries no such files.
//   GET /robots.txt   allow all; keep private and transactional paths out; point at the sitemap
//   GET /sitemap.xml  every language's URL of the public routes, the blog articles and the
//                     destination pages (from the catalogue), each with its hreflang alternates
//                     (xhtml:link, the ten languages and x-default); rebuilt when the catalogue is
//                     reloaded (an admin edit).
import { Hono } from 'hono';
import { SHOP_LANGUAGES, type CatalogSnapshot } from '@esim/api';
import { destinationSlug } from '@esim/api/domain';
import type { AppDeps, AppEnv } from './types.ts';

/** The public routes of the spec's route table (section 2) that a search engine should index. */
export const PUBLIC_ROUTES = [
  '/',
  '/coverage',
  '/support',
  '/about-us',
  '/blog',
  '/faq',
  '/terms',
  '/privacy',
  '/accessibility',
  '/rewards',
  '/devices',
  '/trip',
] as const;

/** The blog's articles (/blog/{id}); the web app bundles the same six. */
export const BLOG_ARTICLE_IDS = [1, 2, 3, 4, 5, 6] as const;

/** Paths no crawler needs: signed-in, transactional or administrative screens (links from e-mails among them), and the API. */
export const DISALLOWED_PATHS = ['/account', '/checkout', '/order-success', '/admin', '/reset-password', '/verify-email', '/api/'] as const;

const CACHE = 'public, max-age=3600';

function xmlEscape(s: string): string {
  return s.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);
}

/** PUBLIC_URL without a trailing slash, e.g. https://shop.example. */
export function siteBase(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${siteBase(publicUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

/** A route path in a language: English at '/', the others under '/<lang>/' (as the web app's router). */
export function localizedPath(path: string, lang: string): string {
  return lang === 'en' ? path : `/${lang}${path}`;
}

/** The destination pages' paths: /destinations/<slug of the English name>. */
export function destinationPaths(regions: readonly { name: string }[]): string[] {
  return regions.map((r) => `/destinations/${destinationSlug(r.name)}`);
}

export function sitemapXml(publicUrl: string, destinations: readonly string[] = []): string {
  const base = siteBase(publicUrl);
  const paths = [...PUBLIC_ROUTES, ...BLOG_ARTICLE_IDS.map((id) => `/blog/${id}`), ...destinations];
  const href = (p: string, lang: string) => xmlEscape(`${base}${localizedPath(p, lang)}`);
  const urls = paths.flatMap((p) => {
    const alternates = [
      ...SHOP_LANGUAGES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${href(p, l)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${href(p, 'en')}"/>`,
    ].join('\n');
    return SHOP_LANGUAGES.map((lang) => `  <url>\n    <loc>${href(p, lang)}</loc>\n${alternates}\n  </url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function seoRoutes(deps: AppDeps) {
  const robots = robotsTxt(deps.env.PUBLIC_URL);
  const sitemaps = new WeakMap<CatalogSnapshot, string>();
  const app = new Hono<AppEnv>();

  app.get('/robots.txt', (c) => c.body(robots, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE }));
  app.get('/sitemap.xml', async (c) => {
    let sitemap: string;
    try {
      const snapshot = await deps.services.catalog.snapshot();
      sitemap = sitemaps.get(snapshot) ?? sitemapXml(deps.env.PUBLIC_URL, destinationPaths(snapshot.regions));
      sitemaps.set(snapshot, sitemap);
    } catch (error) {
      // No catalogue to read (a database not set up yet): the pages that don't depend on it.
      deps.log.warn('sitemap without destination pages: the catalogue could not be read', { error: String(error) });
      sitemap = sitemapXml(deps.env.PUBLIC_URL);
    }
    return c.body(sitemap, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE });
  });

  return app;
}

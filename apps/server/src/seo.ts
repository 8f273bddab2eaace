// robots.txt and sitemap.xml, built once from PUBLIC_URL. Mounted before the static web app and
// its SPA fallback, so these answer even when the web build carries no such files.
//   GET /robots.txt   allow all; keep private and transactional paths out; point at the sitemap
//   GET /sitemap.xml  the public routes and the blog articles, as absolute URLs
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './types.ts';

/** The public routes of the spec's route table (section 2) that a search engine should index. */
export const PUBLIC_ROUTES = ['/', '/coverage', '/support', '/about-us', '/blog', '/faq', '/terms', '/privacy', '/rewards'] as const;

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

export function sitemapXml(publicUrl: string): string {
  const base = siteBase(publicUrl);
  const paths = [...PUBLIC_ROUTES, ...BLOG_ARTICLE_IDS.map((id) => `/blog/${id}`)];
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(`${base}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function seoRoutes(deps: AppDeps) {
  const robots = robotsTxt(deps.env.PUBLIC_URL);
  const sitemap = sitemapXml(deps.env.PUBLIC_URL);
  const app = new Hono<AppEnv>();

  app.get('/robots.txt', (c) => c.body(robots, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE }));
  app.get('/sitemap.xml', (c) => c.body(sitemap, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE }));

  return app;
}

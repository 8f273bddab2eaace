// The built web app: cache headers, SPA fallback, compression; and where the server finds it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveWebDist } from '../src/deps.ts';
import { loadPages } from '../src/middleware/static.ts';
import { readEnv } from '../src/env.ts';
import type { Logger } from '../src/types.ts';
import { createCatalogApp, type CatalogApp } from './catalog-app.ts';

const INDEX = `<!doctype html><html><head><title>Shop</title><script type="module" src="/assets/x.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const ADMIN =
  '<!doctype html><html><head><title>Admin</title><script type="module" src="/assets/admin.js"></script></head><body><div id="root"></div></body></html>';

let dir: string;
let t: CatalogApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'flags/4x3'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'admin.html'), ADMIN);
  writeFileSync(join(dir, 'assets/x.js'), 'console.log("x");');
  writeFileSync(join(dir, 'flags/4x3/jp.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'sw.js'), 'self.skipWaiting();');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Shop","start_url":"/"}');
  t = await createCatalogApp({ webDist: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

describe('static files', () => {
  it('hashed assets are cached for a year, immutable', async () => {
    const res = await get('/assets/x.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('console.log("x");');
  });

  it('flags are cached for a day, other top-level files for an hour', async () => {
    const flag = await get('/flags/4x3/jp.svg');
    expect(flag.status).toBe(200);
    expect(flag.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(flag.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect((await get('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
    const ico = await get('/favicon.ico');
    expect(ico.status).toBe(301);
    expect(ico.headers.get('location')).toBe('/favicon.svg');
  });

  it('the service worker is revalidated on every visit and may control the whole site', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('service-worker-allowed')).toBe('/');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toBe('self.skipWaiting();');
  });

  it('the web app manifest is served as such, cached for an hour', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('a missing file is a 404, not the app', async () => {
    for (const p of ['/assets/missing.js', '/flags/4x3/zz.svg', '/missing.png']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('<div id="root">');
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }
  });
});

describe('SPA fallback', () => {
  it.each(['/', '/index.html', '/plans', '/coverage', '/blog/3', '/checkout/12', '/order-success/4?payment_intent=pi_1', '/no/such/page'])(
    'GET %s → index.html, revalidated every time',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await res.text()).toBe(INDEX);
    },
  );

  it.each([
    '/admin',
    '/admin/',
    '/admin/orders',
    '/admin/orders/ORD-20261124-AAAA',
    '/admin/catalog?region=3',
    '/ar/admin',
    '/ja/admin/audit',
    '/admin.html',
  ])("GET %s → admin.html, the back office's own entry", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(ADMIN);
  });

  it.each(['/administrator', '/admins/1', '/account/admin', '/ar/administrator'])('GET %s is a shop path → index.html', async (path) => {
    expect(await (await get(path)).text()).toBe(INDEX);
  });

  it('answers 304 to a matching ETag', async () => {
    const etag = (await get('/')).headers.get('etag')!;
    const res = await get('/coverage', { 'If-None-Match': etag });
    expect(res.status).toBe(304);
  });

  it('is gzip-compressed for clients that take it', async () => {
    const res = await get('/', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(INDEX);
  });

  it('never covers /api: unknown API paths stay JSON 404s', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('only answers GET and HEAD', async () => {
    const res = await t.app.request('/plans', { method: 'DELETE' });
    expect(res.status).toBe(404);
  });
});

describe('pre-rendered pages (pages.json)', () => {
  const page = (name: string) =>
    `<!doctype html><html><head><title>${name}</title></head><body><div id="shell" inert><h1>${name}</h1></div><div id="root" hidden></div></body></html>`;
  const APP = '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>';
  let pagesDir: string;
  let p: CatalogApp;
  beforeAll(async () => {
    pagesDir = mkdtempSync(join(tmpdir(), 'web-dist-pages-'));
    writeFileSync(join(pagesDir, 'index.html'), page('Landing'));
    writeFileSync(join(pagesDir, 'coverage.html'), page('Coverage'));
    writeFileSync(join(pagesDir, 'app.html'), APP);
    writeFileSync(
      join(pagesDir, 'pages.json'),
      JSON.stringify({
        fallback: 'app.html',
        pages: { '/': 'index.html', '/coverage': 'coverage.html', '/faq': 'missing.html', '/x': '../secret.html' },
      }),
    );
    p = await createCatalogApp({ webDist: pagesDir });
  });
  afterAll(async () => {
    await p.close();
    rmSync(pagesDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'Landing'],
    ['/index.html', 'Landing'],
    ['/?region=JP', 'Landing'],
    ['/coverage', 'Coverage'],
  ])('GET %s → its own page (%s)', async (path, name) => {
    const res = await p.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(page(name));
  });

  it.each(['/plans', '/coverage/extra', '/faq', '/x', '/blog/3', '/app.html'])('GET %s → the plain app template', async (path) => {
    const res = await p.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(APP);
  });

  it('gives each page its own ETag', async () => {
    const landing = (await p.app.request('/')).headers.get('etag')!;
    const coverage = (await p.app.request('/coverage')).headers.get('etag')!;
    expect(landing).not.toBe(coverage);
    expect((await p.app.request('/coverage', { headers: { 'If-None-Match': coverage } })).status).toBe(304);
    expect((await p.app.request('/coverage', { headers: { 'If-None-Match': landing } })).status).toBe(200);
  });

  it('reports pages it cannot serve, and only takes .html files beside pages.json', () => {
    expect(loadPages(pagesDir).problems).toEqual(
      expect.arrayContaining([expect.stringContaining('missing.html'), expect.stringContaining('../secret.html')]),
    );
  });
});

describe('resolveWebDist', () => {
  const warnings: string[] = [];
  const log: Logger = { info: () => undefined, error: () => undefined, warn: (m) => void warnings.push(m) };

  it('takes WEB_DIST when it holds an index.html', () => {
    expect(resolveWebDist(readEnv({ WEB_DIST: dir }), log)).toBe(dir);
  });

  it('defaults to apps/web/dist beside the bundle (dist/main.js → ../../web/dist)', () => {
    const fakeBundleDir = join(dir, 'apps/server/dist');
    mkdirSync(join(dir, 'apps/web/dist'), { recursive: true });
    writeFileSync(join(dir, 'apps/web/dist/index.html'), INDEX);
    expect(resolveWebDist(readEnv({}), log, fakeBundleDir)).toBe(join(dir, 'apps/web/dist'));
  });

  it('serves the API only, with a warning, when there is no build', () => {
    warnings.length = 0;
    expect(resolveWebDist(readEnv({ WEB_DIST: join(dir, 'nothing-here') }), log)).toBeNull();
    expect(warnings[0]).toMatch(/API only/);
  });
});

describe('unknown pages (the route table in pages.json)', () => {
  const APP = '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>';
  const ROUTES = ['/', '/plans', '/blog/', '/blog/$id', '/account/', '/account/esim/$iccid', '/order-success/$planId'];
  let routesDir: string;
  let r: CatalogApp;
  beforeAll(async () => {
    routesDir = mkdtempSync(join(tmpdir(), 'web-dist-routes-'));
    writeFileSync(join(routesDir, 'index.html'), APP);
    writeFileSync(join(routesDir, 'app.html'), APP);
    writeFileSync(join(routesDir, 'admin.html'), ADMIN);
    writeFileSync(join(routesDir, 'pages.json'), JSON.stringify({ fallback: 'app.html', pages: {}, routes: ROUTES }));
    r = await createCatalogApp({ webDist: routesDir });
  });
  afterAll(async () => {
    await r.close();
    rmSync(routesDir, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/plans',
    '/plans/',
    '/blog',
    '/blog/3',
    '/account',
    '/account/esim/8900000000000000001',
    '/ar/plans',
    '/ja/account/',
    '/plans?x=1',
  ])('GET %s → 200, the app', async (path) => {
    const res = await r.app.request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(APP);
  });

  it.each(['/no-such-page', '/plans/extra', '/blog/3/4', '/account/esim', '/ar/no-such-page', '/order-success'])(
    'GET %s → 404 with the app (its not-found page), no ETag',
    async (path) => {
      const res = await r.app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('etag')).toBeNull();
      expect(await res.text()).toBe(APP);
    },
  );

  it('the back office keeps its own paths', async () => {
    for (const path of ['/admin', '/admin/orders', '/ar/admin/orders']) {
      const res = await r.app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe(ADMIN);
    }
  });

  it('a build without a route table answers every path with the app (and says so)', () => {
    expect(loadPages(routesDir).isRoute).not.toBeNull();
    expect(loadPages(dir).isRoute).toBeNull();
  });
});

// The installable, offline-capable app: vite-plugin-pwa writes the web app manifest and, with
// Workbox's generateSW, the service worker (dist/sw.js) after the browser build. The app
// registers it once the page has loaded and the browser is idle (src/lib/service-worker.ts);
// `vite dev` has none.
//
// What the service worker keeps:
// - precached: the plain SPA shell (app.html), the start-up code and styles, everything the
//   account's pages load (their route chunks with all they import), and the texts those pages
//   need in the ten languages. Not the catalogue's pages, the globe, the blog or the flags.
// - at run time: every other hashed file under /assets/ once fetched (cache first: the names
//   change with the content); the traveller's eSIMs (OFFLINE_PROCEDURES) and their QR images,
//   network first with a short timeout, so a traveller who has just landed without data still
//   sees the install details last shown. The app empties those caches when the session user
//   changes (src/lib/offline-caches.ts).
// - a navigation to an account page that fails (no connection) gets the precached shell, which
//   then renders the page from those caches. /api/* is never answered with the shell.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import type { PluginOption } from 'vite';
import { ESIM_QR_IMAGE, OFFLINE_TRPC_GET, USER_DATA_CACHES } from './src/lib/offline-caches.ts';
import { BRAND_PRIMARY } from './src/theme-colors.ts';

/** The translation namespaces the account's pages load (routes/_account.tsx) and the offline banner's. */
const OFFLINE_NAMESPACES = ['common', 'account', 'auth', 'esim', 'plans', 'destinations', 'app'];

/** How long an answer may take before the last one kept is shown instead. */
const NETWORK_TIMEOUT_SECONDS = 3;

/** A batched tRPC GET calling only the offline procedures (lib/offline-caches.ts). */
export { OFFLINE_TRPC_GET };

interface ViteManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * The files the account's pages need, from the build's manifest (dist/.vite/manifest.json):
 * the entry with its static imports and the shell's own lazy parts (header menus, footer,
 * drawer; not the other routes' code), and every account route with all it imports.
 */
export function accountFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const isRoute = (key: string) => key.startsWith('src/routes/');
  const visit = (key: string, followDynamic: (key: string) => boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, followDynamic);
    for (const imported of chunk.dynamicImports ?? []) if (followDynamic(imported)) visit(imported, followDynamic);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) visit(key, (imported) => !isRoute(imported));
  }
  for (const key of Object.keys(manifest)) {
    if (key.startsWith('src/routes/_account')) visit(key, () => true);
  }
  return files;
}

export function pwa({ productName, outDir }: { productName: string; outDir: string }): PluginOption {
  const manifestTransforms: NonNullable<VitePWAOptions['workbox']['manifestTransforms']> = [
    (entries) => {
      const viteManifest = join(outDir, '.vite', 'manifest.json');
      if (!existsSync(viteManifest)) return { manifest: entries, warnings: ['no .vite/manifest.json: the whole build is precached'] };
      const wanted = accountFiles(JSON.parse(readFileSync(viteManifest, 'utf8')) as Record<string, ViteManifestChunk>);
      const locale = new RegExp(`^assets/locales-[^/]+/[a-z]{2}/(?:${OFFLINE_NAMESPACES.join('|')})\\.json$`);
      const manifest = entries.flatMap((entry) => {
        // The pre-render (scripts/prerender.mjs) writes app.html from this index.html after the
        // service worker is made: the template's revision stands for the shell's (its hashed
        // script names change whenever the code, the theme or the texts do).
        if (entry.url === 'index.html') return [{ ...entry, url: 'app.html' }];
        if (wanted.has(entry.url) || locale.test(entry.url) || !entry.url.startsWith('assets/')) return [entry];
        return [];
      });
      return { manifest, warnings: [] };
    },
  ];

  return VitePWA({
    // main.tsx registers it itself (src/lib/service-worker.ts), once the page is idle.
    injectRegister: false,
    registerType: 'autoUpdate',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      name: productName,
      short_name: productName,
      description: 'Travel eSIM data plans for 200+ countries. Your eSIMs and their install details, even offline.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: BRAND_PRIMARY,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['index.html', 'favicon.svg', 'assets/**/*.{js,css,json}'],
      manifestTransforms,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      // Navigations are answered by the network (the server's page in the URL's language); an
      // account page that cannot be fetched in time comes from the last copy, else the
      // precached shell (runtimeCaching).
      navigateFallback: null,
      runtimeCaching: [
        {
          // Account pages, in every language (/account…, /ja/account…). Workbox copies this
          // function's source into sw.js: it may use nothing from this module.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && /^\/(?:[a-z]{2}\/)?account(?:\/|$)/.test(url.pathname) && !url.pathname.startsWith('/api/'),
          // The account's documents are the plain shell in the URL's language (no traveller data).
          handler: 'NetworkFirst',
          options: {
            cacheName: 'account-pages',
            networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 20 },
            precacheFallback: { fallbackURL: '/app.html' },
          },
        },
        {
          urlPattern: OFFLINE_TRPC_GET,
          handler: 'NetworkFirst',
          options: {
            cacheName: USER_DATA_CACHES.trpc,
            networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 60 },
          },
        },
        {
          urlPattern: ESIM_QR_IMAGE,
          handler: 'NetworkFirst',
          options: {
            cacheName: USER_DATA_CACHES.qr,
            networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 30 },
          },
        },
        {
          urlPattern: /\/assets\//,
          handler: 'CacheFirst',
          options: { cacheName: 'assets', cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 300 } },
        },
      ],
    },
  });
}

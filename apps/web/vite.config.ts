import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { SHOP_FACT_DEFAULTS } from './src/config-defaults.ts';
import { pwa } from './pwa.config.ts';

/**
 * Modules the bundler may drop when nothing of theirs is used, though their top level looks
 * effectful to it:
 * - '@esim/api/domain' is one barrel; its validation schemas run zod at module level, which keeps
 *   all of zod in the bundle even when only the money helpers are imported. The domain folder is
 *   pure by rule (conventions §2.3).
 * - @trpc/client's index imports every link; the WebSocket link's module sets a static field at
 *   its top level, which kept it in the bundle though the app uses only the batching HTTP link.
 */
const PURE_MODULES = [
  /[\\/]packages[\\/]api[\\/]src[\\/]domain[\\/][^?]+\.ts$/,
  /[\\/]node_modules[\\/]@trpc[\\/]client[\\/]dist[\\/]wsLink-[^/\\?]+\.mjs$/,
];

function pureModules(): Plugin {
  return {
    name: 'esim:pure-modules',
    transform(code, id) {
      if (PURE_MODULES.some((pattern) => pattern.test(id))) {
        return { code, map: null, moduleSideEffects: false };
      }
      return null;
    },
  };
}

const WEB_DIR = dirname(fileURLToPath(import.meta.url));
const LOCALES_DIR = join(WEB_DIR, '..', '..', 'packages', 'i18n', 'locales');

/**
 * The translation files as plain JSON in one folder named by their content's hash,
 * /assets/locales-<hash>/<lang>/<namespace>.json, which src/lib/i18n.ts fetches (its URL is
 * __LOCALES_URL__). The browser bundle then holds one URL instead of a table naming a chunk per
 * language and namespace. The browser build only: the dev server, the tests and the pre-render
 * import the files through @esim/i18n/loader.
 */
function localeFiles(): Plugin {
  let files: { path: string; text: string }[] = [];
  let folder = '';
  return {
    name: 'esim:locale-files',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config() {
      files = readdirSync(LOCALES_DIR, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((lang) =>
          readdirSync(join(LOCALES_DIR, lang.name))
            .filter((name) => name.endsWith('.json'))
            .map((name) => ({ path: `${lang.name}/${name}`, text: readFileSync(join(LOCALES_DIR, lang.name, name), 'utf8') })),
        )
        .sort((a, b) => (a.path < b.path ? -1 : 1));
      const hash = createHash('sha256');
      for (const file of files) hash.update(`${file.path}\n${file.text}\n`);
      folder = `assets/locales-${hash.digest('base64url').replace(/[-_]/g, '').slice(0, 10)}`;
      return { define: { __LOCALES_URL__: JSON.stringify(`/${folder}`) } };
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: `${folder}/${file.path}`, source: JSON.stringify(JSON.parse(file.text)) });
      }
    },
  };
}

/**
 * `vite --mode admin` (dev server on :5174) answers the back office's paths (/admin…, /ja/admin…)
 * with admin.html, as the server does (apps/server/src/middleware/static.ts).
 */
function adminPages(): Plugin {
  return {
    name: 'esim:admin-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/(?:[a-z]{2}\/)?admin(?:[/?#]|$)/.test(req.url)) req.url = '/admin.html';
        next();
      });
    },
  };
}

/** Routes of the pages scripts/prerender.mjs pre-renders. */
const LOADER_IN_ENTRY = new Set(['/', '/coverage']);

// Two apps, two builds into one dist/: the shop (index.html, src/main.tsx, src/routes) and, with
// `--mode admin`, the back office (admin.html, src/admin/main.tsx, src/admin/routes), so that
// neither the back office's code nor its route definitions are in the shop's initial bundle.
// The admin build runs second and leaves the shop's files (and its build manifest) alone.
export default defineConfig(({ isSsrBuild, mode }) => {
  const admin = mode === 'admin';
  return {
    plugins: [
      // Must come before the React plugin. Generates src/routeTree.gen.ts, or
      // src/admin/routeTree.gen.ts for the back office (both committed).
      tanstackRouter({
        target: 'react',
        routesDirectory: admin ? './src/admin/routes' : './src/routes',
        generatedRouteTree: admin ? './src/admin/routeTree.gen.ts' : './src/routeTree.gen.ts',
        autoCodeSplitting: true,
        // A route's loader goes with its component into the route's chunk (the router loads
        // both before it renders the route), not into the initial bundle. The pre-rendered pages
        // keep theirs there, so that their data requests start at once.
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
          splitBehavior: ({ routeId }) =>
            LOADER_IN_ENTRY.has(routeId) ? [['component'], ['errorComponent'], ['notFoundComponent']] : undefined,
        },
        quoteStyle: 'single',
        semicolons: true,
        routeFileIgnorePattern: '\\.test\\.tsx?$',
      }),
      react(),
      pureModules(),
      localeFiles(),
      // The web app manifest and the service worker (dist/sw.js): the browser build's, not the
      // pre-render's SSR build. The manifest carries the default name; the server serves it with
      // the configured one (apps/server/src/shop-facts.ts).
      admin ? adminPages() : null,
      isSsrBuild || admin ? null : pwa({ productName: SHOP_FACT_DEFAULTS.productName, outDir: join(WEB_DIR, 'dist') }),
    ],
    server: {
      port: admin ? 5174 : 5173,
      proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
    },
    preview: {
      proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      assetsInlineLimit: 0,
      // No <link rel="modulepreload"> for a lazy chunk's imports. Vite's helper appended some 40
      // of them in one task when the landing route loaded (the largest blocking task left in
      // Lighthouse). The browser fetches a chunk's
      // imports as soon as it has parsed the chunk: one round trip later, off the main thread.
      modulePreload: false,
      // Read by scripts/prerender.mjs (which CSS a pre-rendered page needs), then deleted.
      manifest: !admin,
      ...(admin ? { emptyOutDir: false, copyPublicDir: false } : {}),
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        onLog(level, log, handler) {
          // English 'common' is in the initial bundle on purpose (src/lib/i18n.ts); @esim/i18n's
          // lazy loader keeps its entry for it, which the bundler reports as ineffective.
          if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('locales/en/common.json')) return;
          handler(level, log);
        },
        ...(admin ? { input: join(WEB_DIR, 'admin.html') } : {}),
        output: {
          codeSplitting: {
            // Everything the first render needs in one chunk (one request, one gzip dictionary);
            // route components, menus, the drawer and toasts stay in their lazy chunks.
            groups: [{ name: 'initial', tags: ['$initial' as const] }],
          },
        },
      },
    },
  };
});

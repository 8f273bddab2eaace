import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { CONFIG_DEFAULTS } from './src/config-defaults.ts';

// Brand-neutral defaults for the VITE_* settings, so %VITE_PRODUCT_NAME% in index.html and
// import.meta.env always have a value. A real environment variable or .env file wins.
for (const [key, value] of Object.entries(CONFIG_DEFAULTS)) {
  if (!process.env[key]) process.env[key] = value;
}

/**
 * '@esim/api/domain' is one barrel; its validation schemas run zod at module level, which keeps
 * all of zod in the bundle even when only the money helpers are imported. The domain folder is
 * pure by rule (conventions §2.3), so tell the bundler its modules have no side effects.
 */
function pureDomain(): Plugin {
  return {
    name: 'esim:pure-domain',
    transform(code, id) {
      if (/[\\/]packages[\\/]api[\\/]src[\\/]domain[\\/][^?]+\.ts$/.test(id)) {
        return { code, map: null, moduleSideEffects: false };
      }
      return null;
    },
  };
}

export default defineConfig(() => {
  return {
    plugins: [
      // Must come before the React plugin. Generates src/routeTree.gen.ts (committed).
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        quoteStyle: 'single',
        semicolons: true,
        routeFileIgnorePattern: '\\.test\\.tsx?$',
      }),
      react(),
      pureDomain(),
    ],
    server: {
      port: 5173,
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
      manifest: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        onLog(level, log, handler) {
          // English 'common' is in the initial bundle on purpose (src/lib/i18n.ts); @esim/i18n's
          // lazy loader keeps its entry for it, which the bundler reports as ineffective.
          if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('locales/en/common.json')) return;
          handler(level, log);
        },
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

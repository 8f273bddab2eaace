/// <reference types="vite-plugin-pwa/vanillajs" />
// Registers the service worker (pwa.config.ts: the precached shell, the traveller's eSIMs kept for
// offline) when imported. main.tsx imports this module once the page has loaded and the browser
// is idle, so that neither this code, workbox-window nor the precache's downloads compete with
// the first render. Production builds only: `vite dev` and the tests have no service worker.
import { registerSW } from 'virtual:pwa-register';

registerSW({
  immediate: true,
  // A new version takes over on its own (skipWaiting); the open page is not reloaded under the
  // traveller, it runs the new code from its next load.
  onNeedReload: () => undefined,
});

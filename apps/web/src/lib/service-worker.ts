/// <reference types="vite-plugin-pwa/vanillajs" />
// Registers the service worker (pwa.config.ts: the precached shell, the traveller's eSIMs kept for
// offline) when imported. main.tsx imports this module once the page has loaded and the browser
// is idle, so that neither this code, workbox-window nor the precache's downloads compete with
// the first render. Production builds only: `vite dev` and the tests have no service worker.
import { registerSW } from 'virtual:pwa-register';
import { keptForOffline } from './offline-caches.ts';

/**
 * On a first visit the page loads its data before the worker controls it, so nothing of it is
 * kept: the eSIM seen once would not open offline. When the worker takes control, the page asks
 * for those answers again, through the worker, with the headers the app sends (the cache matches
 * them as the app will ask later).
 */
async function keepWhatThisPageLoaded(): Promise<void> {
  const urls = keptForOffline(
    performance.getEntriesByType('resource').map((entry) => entry.name),
    location.origin,
  );
  const headers = { 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': document.documentElement.lang || 'en' };
  await Promise.all(urls.map((url) => fetch(url, { credentials: 'include', headers }).catch(() => undefined)));
}

if (!navigator.serviceWorker.controller) {
  navigator.serviceWorker.addEventListener('controllerchange', () => void keepWhatThisPageLoaded(), { once: true });
}

registerSW({
  immediate: true,
  // A new version takes over on its own (skipWaiting); the open page is not reloaded under the
  // traveller, it runs the new code from its next load.
  onNeedReload: () => undefined,
});

// What the service worker keeps of the signed-in traveller (vite.config.ts configures it through
// vite-plugin-pwa; Workbox does the work). No imports: the build's config reads this file too.

/**
 * The Cache Storage caches holding the traveller's own data: the tRPC answers of
 * OFFLINE_PROCEDURES and the eSIMs' QR images. Emptied whenever the session user changes
 * (sign-in, sign-out), so nothing of theirs outlives the session on a shared device.
 */
export const USER_DATA_CACHES = { trpc: 'traveller-data', qr: 'esim-qr' } as const;

/**
 * The queries the eSIM pages make, so that they show without a connection: the session (the
 * account's guard asks it), the eSIMs, their top-up offers, and the catalogue facts they are
 * shown with (destinations, exchange rates), which the client batches with them. A batched GET is
 * kept when it calls these procedures only (the batch's URL path names them:
 * /api/trpc/catalog.regions,esims.get?batch=1&input=…).
 */
export const OFFLINE_PROCEDURES = [
  'auth.me',
  'esims.list',
  'esims.get',
  'esims.topUpOptions',
  'catalog.regions',
  'catalog.exchangeRates',
  // The dashboard and the order history show their last known state offline (issue 26).
  'esims.counts',
  'orders.list',
  'orders.receipt',
  'orders.history',
  'subscriptions.list',
  // The dashboard's 'Support Tickets' tile (issue 30), batched with the others there.
  'tickets.openCount',
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const procedures = OFFLINE_PROCEDURES.map(escapeRegExp).join('|');
/** A batched tRPC GET calling only OFFLINE_PROCEDURES (kept in USER_DATA_CACHES.trpc). */
export const OFFLINE_TRPC_GET = new RegExp(`/api/trpc/(?:${procedures})(?:,(?:${procedures}))*(?:\\?|$)`);

/** An eSIM's QR image (kept in USER_DATA_CACHES.qr). */
export const ESIM_QR_IMAGE = /\/api\/esims\/[^/?]+\/qr\.(?:png|svg)(?:\?|$)/;

/**
 * The same-origin answers this page loaded that the worker keeps for offline use (the traveller's
 * tRPC reads, the eSIMs' QR images), from the browser's resource timing.
 */
export function keptForOffline(resourceUrls: readonly string[], origin: string): string[] {
  const kept = new Set<string>();
  for (const raw of resourceUrls) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    const path = `${url.pathname}${url.search}`;
    if (OFFLINE_TRPC_GET.test(path) || ESIM_QR_IMAGE.test(path)) kept.add(url.href);
  }
  return [...kept];
}

/** Empties USER_DATA_CACHES (nothing to do where Cache Storage is missing). Never throws. */
export async function clearUserDataCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(USER_DATA_CACHES).map((name) => caches.delete(name).catch(() => false)));
}

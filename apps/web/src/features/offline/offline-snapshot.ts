// Offline that works the first time. The service worker (pwa.config.ts) only keeps answers it
// saw, and on a fresh phone it is installed after the first page has already asked for the
// session and the eSIMs: offline, the reload then had no session (the account's guard sent the
// traveller to a login page whose code was not cached: 'Something went wrong'). So the app keeps
// its own copy of what the account's pages last showed, in localStorage:
// - keepSnapshot (once the page is idle, main.tsx): every successful query of the signed-in
//   traveller (auth.me, the user-scoped routers, the catalogue facts they are shown with) is
//   written to the snapshot; while online it also reads once, for the traveller, the eSIM list,
//   every eSIM's details, the orders and the dashboard's counts, so one visit to any account page
//   is enough; and it puts each eSIM's QR image in the service worker's cache for them
//   (USER_DATA_CACHES.qr), which answers from it offline.
// - restoreSnapshot (at start-up, when a snapshot is stored): puts it back in the query cache,
//   marked stale, before the first route's guard asks for the session; each page reads its
//   queries again at once, and a read that fails for want of a network (navigator.onLine is not
//   to be trusted: a phone without data, an emulated offline after a reload, may say online)
//   gets the last known answer back instead of an error, and the offline banner shows. So a
//   stored session is not treated as signed out and the pages show their last known state.
// The snapshot belongs to one user: it records whose it is, and clearUserDataCaches
// (lib/offline-caches.ts) removes it whenever the session user changes.
// A guest's eSIM page (opened from its 'Manage your eSIM' link) is kept the same way once its
// query's router is listed in SNAPSHOT_ROUTERS.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import superjson from 'superjson';
import { OFFLINE_SNAPSHOT_KEY, USER_DATA_CACHES } from '../../lib/offline-caches.ts';
import type { Trpc } from '../../lib/trpc.ts';
import { isNetworkError, reportNetworkFailure } from './use-online.ts';
import { USER_SCOPED_ROUTERS } from '../auth/session.ts';

/** The routers whose answers are kept: the traveller's own, the session and the catalogue facts. */
export const SNAPSHOT_ROUTERS: ReadonlySet<string> = new Set([...USER_SCOPED_ROUTERS, 'auth', 'catalog', 'guest']);
/** Catalogue queries other than these (plans, search) are not the account pages' and may be large. */
const CATALOG_PROCEDURES = new Set(['regions', 'exchangeRates']);
/** Answers kept at most (the newest win); localStorage holds a few MB. */
const MAX_ENTRIES = 80;

interface Entry {
  key: QueryKey;
  data: unknown;
  at: number;
}
interface Snapshot {
  version: 1;
  /** The session user's id the answers belong to (null: a guest's, e.g. an eSIM's link). */
  userId: number | null;
  entries: Record<string, Entry>;
}

/** The procedure path of a tRPC query key ([['esims', 'get'], { input, type }]), or null. */
function procedureOf(key: QueryKey): [string, string] | null {
  const path = key[0];
  if (!Array.isArray(path) || typeof path[0] !== 'string' || typeof path[1] !== 'string') return null;
  return [path[0], path[1]];
}

export function isKept(key: QueryKey): boolean {
  const procedure = procedureOf(key);
  if (!procedure || !SNAPSHOT_ROUTERS.has(procedure[0])) return false;
  return procedure[0] !== 'catalog' || CATALOG_PROCEDURES.has(procedure[1]);
}

export function readSnapshot(): Snapshot | null {
  try {
    const raw = localStorage.getItem(OFFLINE_SNAPSHOT_KEY);
    if (!raw) return null;
    const value = superjson.parse<Snapshot>(raw);
    return value && value.version === 1 && typeof value.entries === 'object' ? value : null;
  } catch {
    return null;
  }
}

function writeSnapshot(snapshot: Snapshot): void {
  const entries = Object.entries(snapshot.entries).sort(([, a], [, b]) => b.at - a.at);
  const kept = { ...snapshot, entries: Object.fromEntries(entries.slice(0, MAX_ENTRIES)) };
  try {
    localStorage.setItem(OFFLINE_SNAPSHOT_KEY, superjson.stringify(kept));
  } catch {
    // Full or refused (private mode): offline then has what the service worker kept, no more.
  }
}

/** The session user's id in the query cache: a number, null for a guest, undefined while unknown. */
function sessionUserId(queryClient: QueryClient, trpc: Trpc): number | null | undefined {
  const me = queryClient.getQueryData(trpc.auth.me.queryKey());
  if (me === undefined) return undefined;
  return me ? me.id : null;
}

/**
 * Offline at start-up: the last snapshot back into the query cache (nothing when there is none).
 * Back online, what was restored is read again. Returns how many answers were restored.
 */
export function restoreSnapshot(queryClient: QueryClient): number {
  const snapshot = readSnapshot();
  if (!snapshot) return 0;
  let restored = 0;
  for (const entry of Object.values(snapshot.entries)) {
    if (queryClient.getQueryData(entry.key) !== undefined) continue;
    queryClient.setQueryData(entry.key, entry.data, { updatedAt: entry.at });
    // Shown at once, read again as soon as a page uses it (a stale query refetches on mount).
    void queryClient.invalidateQueries({ queryKey: entry.key, exact: true, refetchType: 'none' });
    restored++;
  }
  // A read that fails for want of a network keeps the last known answer instead of an error.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error' || !isNetworkError(event.action.error)) return;
    reportNetworkFailure();
    const entry = snapshot.entries[event.query.queryHash];
    if (entry) queryClient.setQueryData(entry.key, entry.data, { updatedAt: entry.at });
  });
  return restored;
}

/**
 * Keeps the snapshot up to date from now on (and with what the cache already holds); while
 * online and signed in, reads once what the account's pages show offline. Returns the
 * unsubscribe function.
 */
export function keepSnapshot(queryClient: QueryClient, trpc: Trpc): () => void {
  let pending: ReturnType<typeof setTimeout> | null = null;
  let snapshot: Snapshot = readSnapshot() ?? { version: 1, userId: null, entries: {} };
  const save = () => {
    pending = null;
    const userId = sessionUserId(queryClient, trpc);
    if (userId === undefined) return;
    // Another user's answers are never mixed in (sign-in and sign-out also remove the snapshot).
    if (snapshot.userId !== userId) snapshot = { version: 1, userId, entries: {} };
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.status !== 'success' || query.state.data === undefined || !isKept(query.queryKey)) continue;
      snapshot.entries[query.queryHash] = { key: query.queryKey, data: query.state.data, at: query.state.dataUpdatedAt };
    }
    writeSnapshot(snapshot);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isKept(event.query.queryKey)) return;
    pending ??= setTimeout(save, 300);
  });
  save();
  if (navigator.onLine) void warm(queryClient, trpc);
  return unsubscribe;
}

/**
 * For a signed-in traveller: reads the eSIM list, each eSIM's details, the orders and the
 * dashboard's counts (queries: they only read), and keeps each QR image in the service
 * worker's cache. Never throws.
 */
async function warm(queryClient: QueryClient, trpc: Trpc): Promise<void> {
  try {
    const me = await queryClient.ensureQueryData(trpc.auth.me.queryOptions());
    if (!me) return;
    const [esims] = await Promise.all([
      queryClient.ensureQueryData(trpc.esims.list.queryOptions()),
      queryClient.ensureQueryData(trpc.orders.list.queryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(trpc.esims.counts.queryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(trpc.catalog.regions.queryOptions()).catch(() => undefined),
    ]);
    const details = [];
    for (const esim of esims) {
      details.push(await queryClient.ensureQueryData(trpc.esims.get.queryOptions({ iccid: esim.iccid })).catch(() => null));
    }
    // The QR images straight into the service worker's cache for them (it answers from there
    // offline), whether or not it controls this page yet.
    const images = details.flatMap((d) => (d?.qrCode ? [d.qrCode] : []));
    if (images.length === 0 || typeof caches === 'undefined') return;
    const cache = await caches.open(USER_DATA_CACHES.qr);
    for (const src of images) {
      const url = new URL(src, location.href).href;
      if (await cache.match(url)) continue;
      const res = await fetch(url, { credentials: 'include' }).catch(() => null);
      if (res?.ok) await cache.put(url, res);
    }
  } catch {
    // Offline after all, or the session ended: the snapshot keeps what it had.
  }
}

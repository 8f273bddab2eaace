// Whether the shop can be reached. navigator.onLine alone is not enough: it says true on a network
// that does not reach the shop (a captive portal, a dead hotel Wi-Fi), and Chromium says true again
// in a page reloaded without a connection. So the answer is navigator.onLine, checked by asking
// the server's /api/health (never kept by the service worker, never touching the database): when
// the page opens, when the browser says the connection changed, and when a query fails. While the
// shop cannot be reached it is asked again every 15 s, so the banner goes once it can be.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';

const RECHECK_MS = 15_000;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True when /api/health answers (any HTTP answer: the server was reached), false when the request fails. */
export async function reachable(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    await fetchImpl('/api/health', { cache: 'no-store', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return true;
  } catch {
    return false;
  }
}

/** True unless the browser knows it has no connection or the shop cannot be reached (the server's render: online). */
export function useOnline(): boolean {
  const browserOnline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const [shopReached, setShopReached] = useState(true);
  const queryClient = useQueryClient();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      clearTimeout(timer);
      const ok = await reachable();
      checking = false;
      if (cancelled) return;
      setShopReached(ok);
      if (!ok) timer = setTimeout(check, RECHECK_MS);
    };
    void check();
    window.addEventListener('online', check);
    window.addEventListener('offline', check);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') void check();
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('online', check);
      window.removeEventListener('offline', check);
      unsubscribe();
    };
  }, [queryClient]);

  return browserOnline && shopReached;
}

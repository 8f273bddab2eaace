// Whether the app can reach the server: the browser's navigator.onLine (its online/offline
// events), and also false once a request failed for want of a network (a phone with data
// roaming off, or an emulated offline, may still say it is online) until the server answers
// again (GET /api/health, never answered by the service worker, tried every 10 s).
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let unreachable = false;
let probe: ReturnType<typeof setInterval> | null = null;

const notify = () => {
  for (const listener of listeners) listener();
};

function setUnreachable(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  if (!value && probe) {
    clearInterval(probe);
    probe = null;
  }
  notify();
}

/** A request failed with no answer from the server: offline until /api/health answers. */
export function reportNetworkFailure(): void {
  if (typeof window === 'undefined') return;
  setUnreachable(true);
  probe ??= setInterval(() => {
    fetch('/api/health', { cache: 'no-store' }).then(
      (res) => res.ok && setUnreachable(false),
      () => undefined,
    );
  }, 10_000);
}

/** An error with no answer from the server behind it (a tRPC call that never reached it). */
export function isNetworkError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { data, cause, message } = error as { data?: unknown; cause?: unknown; message?: unknown };
  if (data) return false;
  return cause instanceof TypeError || error instanceof TypeError || /fetch|network/i.test(String(message ?? ''));
}

function subscribe(onChange: () => void): () => void {
  const online = () => setUnreachable(false);
  listeners.add(onChange);
  window.addEventListener('online', online);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True unless the browser knows it has no connection or a request just failed for want of one (the server's render: online). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !unreachable,
    () => true,
  );
}

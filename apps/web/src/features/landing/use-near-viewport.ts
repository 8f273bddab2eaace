// Defers heavy, below-the-fold parts (the globe): true once the element comes within
// `rootMargin` of the viewport and the browser has had an idle moment, so the part's chunk
// never competes with the first paint.
import { useEffect, useRef, useState, type RefObject } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

function whenIdle(cb: () => void): () => void {
  const w = window as IdleWindow;
  if (typeof w.requestIdleCallback === 'function') {
    const id = w.requestIdleCallback(cb, { timeout: 1500 });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(cb, 200);
  return () => window.clearTimeout(id);
}

export function useNearViewport<T extends Element>(rootMargin = '250px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el) return;
    let cancelIdle: (() => void) | undefined;
    if (typeof IntersectionObserver !== 'function') {
      cancelIdle = whenIdle(() => setNear(true));
      return () => cancelIdle?.();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        cancelIdle = whenIdle(() => setNear(true));
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelIdle?.();
    };
  }, [near, rootMargin]);

  return [ref, near];
}

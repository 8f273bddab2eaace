// Scrolling helpers that respect prefers-reduced-motion.
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** Scroll the element with this id to the top of the viewport (below the sticky header). */
export function scrollToId(id: string, { smooth = true }: { smooth?: boolean } = {}): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto', block: 'start' });
  return true;
}

/** The spec's delays before scrolling to the plans: 0.3 s after a list pick, 1.5 s after the globe. */
export const SCROLL_DELAY_MS = { list: 300, globe: 1500 } as const;

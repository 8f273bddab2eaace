// The pre-rendered shell (scripts/prerender.mjs). A page's HTML may carry a static copy of the
// page in #shell, painted before any script has run, with #root hidden. React renders into #root;
// once the router has rendered the first page (and that page holds the swap no longer, see
// useShellHold), the shell goes and #root shows, in one frame: both happen in layout-effect time,
// before the browser paints.
import { useDeferredValue, useLayoutEffect, type ReactNode } from 'react';
import type { AnyRouter } from '@tanstack/react-router';

export const SHELL_ID = 'shell';

let holds = 0;
let revealWhenFree: (() => void) | null = null;

/** Marks the head tags a pre-rendered page carries; the app's own (HeadContent) replace them. */
export const PRERENDERED_HEAD_ATTRIBUTE = 'data-prerendered';

export function revealApp(router: AnyRouter, container: HTMLElement): void {
  const shell = document.getElementById(SHELL_ID);
  if (!shell) container.hidden = false;
  const reveal = () => {
    revealWhenFree = null;
    shell?.remove();
    container.hidden = false;
  };
  const unsubscribe = router.subscribe('onRendered', () => {
    unsubscribe();
    // The app's head tags are in <head> by now: the page's static ones go.
    for (const tag of document.head.querySelectorAll(`[${PRERENDERED_HEAD_ATTRIBUTE}]`)) tag.remove();
    if (!shell) return;
    if (holds > 0) revealWhenFree = reveal;
    else reveal();
  });
}

/**
 * For pages that render in two passes (the part above the fold with the route, the rest in a
 * transition right after): keeps the shell on screen until `ready`, so the swap never shows a
 * half-built page. Does nothing once the shell is gone.
 */
export function useShellHold(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) return;
    holds += 1;
    return () => {
      holds -= 1;
      if (holds === 0) revealWhenFree?.();
    };
  }, [ready]);
}

/**
 * A page in two passes, so that no single task renders and commits the whole page: the part
 * above the fold renders with the route, the rest (when this turns true) in a transition right
 * after, which React renders in slices. Holds the shell until then. Always true when pre-rendering.
 */
export function useBelowTheFold(): boolean {
  const later = useDeferredValue(true, false);
  const ready = import.meta.env.SSR || later;
  useShellHold(ready);
  return ready;
}

/**
 * Content far below the fold that the pre-rendered shell leaves out (a smaller shell is parsed
 * and laid out sooner); the app renders it as usual.
 */
export function NotInShell({ children }: { children: ReactNode }): ReactNode {
  return import.meta.env.SSR ? null : children;
}

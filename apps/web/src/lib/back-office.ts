// The shop and the back office are two apps (two entries, two route trees): the shop's pages come
// from index.html (src/main.tsx), the back office's from admin.html (src/admin/main.tsx), which
// the server serves at /admin and /<lang>/admin/*. A navigation from one app to a path the other
// owns (the shop's login sending an admin to /admin, the back office's 'Back to the shop') leaves
// for that page as a new document instead of rendering 'not found'.
import type { AnyRouter } from '@tanstack/react-router';

/** Where the back office lives (after the language prefix). */
export const BACK_OFFICE_PATH = '/admin';

/** Whether a path without its language prefix ('/admin/orders') belongs to the back office. */
export function isBackOfficePath(pathname: string): boolean {
  return pathname === BACK_OFFICE_PATH || pathname.startsWith(`${BACK_OFFICE_PATH}/`);
}

/** The document navigation; an object so tests can watch it. */
export const documentNavigation = {
  replace(href: string): void {
    window.location.replace(href);
  },
};

/**
 * Loads a path `owns` rejects as a new document (its public URL, language prefix included). The
 * router has already put the location in the history: `replace` swaps that entry for the page.
 * The page that is already open (a build served at a path it doesn't own) is left as it is.
 */
export function leaveForOtherApp(router: AnyRouter, owns: (pathname: string) => boolean): () => void {
  return router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (owns(toLocation.pathname)) return;
    const current = window.location.pathname + window.location.search + window.location.hash;
    if (toLocation.publicHref === current) return;
    documentNavigation.replace(toLocation.publicHref);
  });
}

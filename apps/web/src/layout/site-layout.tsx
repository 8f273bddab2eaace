import { Suspense, lazy, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './header.tsx';
import { NotInShell } from '../shell.ts';

// Header and footer follow the language and the router through their own hooks; a new page
// (a re-render of the root route) need not render them again. The footer, below the fold and
// not in the pre-rendered shell, loads in its own chunk after the first render.
const PageHeader = memo(Header);
const PageFooter = memo(lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer }))));
// 'You're offline' while the browser has no connection; its own chunk (precached for offline use).
const OfflineNotice = lazy(() => import('../features/offline/offline-notice.tsx').then((m) => ({ default: m.OfflineNotice })));

/** Skip link, sticky header, the page (below the offline banner while there is no connection), footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('a11y.skipToContent')}
      </a>
      <PageHeader />
      <main id="main" tabIndex={-1} style={{ outline: 'none', minHeight: '60vh' }}>
        <NotInShell>
          <Suspense fallback={null}>
            <OfflineNotice />
          </Suspense>
        </NotInShell>
        {children}
      </main>
      <NotInShell>
        <Suspense fallback={null}>
          <PageFooter />
        </Suspense>
      </NotInShell>
    </>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** Skip link, sticky header, the page, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('a11y.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} style={{ outline: 'none', minHeight: '60vh' }}>
        {children}
      </main>
      <Footer />
    </>
  );
}

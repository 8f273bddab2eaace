import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../components/app-link.tsx';
import { MAIN_NAV } from './nav-items.ts';

export function NavLinks({ className, onNavigate }: { className?: string | undefined; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return MAIN_NAV.map((item) => (
    <AppLink key={item.href} href={item.href} external={item.external} className={className} onClick={onNavigate}>
      {t(item.title)}
      {item.external ? <IconExternalLink size={14} aria-hidden style={{ opacity: 0.7 }} /> : null}
    </AppLink>
  ));
}

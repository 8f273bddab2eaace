// The small-screen navigation panel: same entries as the header. Loaded on first open.
import { Divider, Drawer, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/preferences/language-provider.tsx';
import { CurrencySelect } from '../components/selectors/currency-menu.tsx';
import { LanguageSelect } from '../components/selectors/language-menu.tsx';
import { HeaderAccount } from './header-account.tsx';
import { Logo } from '../components/logo.tsx';
import { NavLinks } from './nav-links.tsx';
import classes from './header.module.css';

export interface MobileDrawerProps {
  id: string;
  opened: boolean;
  onClose: () => void;
}

export function MobileDrawer({ id, opened, onClose }: MobileDrawerProps) {
  const { t } = useTranslation();
  const { dir } = useLanguage();
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      position={dir === 'rtl' ? 'right' : 'left'}
      size="min(340px, 88vw)"
      title={<Logo onNavigate={onClose} />}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      padding="lg"
    >
      <Stack gap="lg">
        <nav aria-label={t('nav.label')}>
          <Stack gap={2}>
            <NavLinks className={classes.drawerLink} onNavigate={onClose} />
            <TripPlannerLink onNavigate={onClose} />
          </Stack>
        </nav>
        <Divider />
        <LanguageSelect />
        <CurrencySelect />
        <Divider />
        <HeaderAccount variant="drawer" onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}

/**
 * 'Plan my trip' (issue 28): here, in the drawer's own chunk, and not in MAIN_NAV, whose entries
 * and English texts are in the initial bundle (at its budget). Its text comes from the 'trip'
 * namespace, loaded when the drawer first opens; nothing shows until it is there.
 */
function TripPlannerLink({ onNavigate }: { onNavigate: () => void }) {
  const { t, ready } = useTranslation('trip', { useSuspense: false });
  if (!ready) return null;
  return (
    <Link to="/trip" className={classes.drawerLink} onClick={onNavigate}>
      {t('link')}
    </Link>
  );
}

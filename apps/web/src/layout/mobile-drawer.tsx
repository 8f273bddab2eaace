// The small-screen navigation panel: same entries as the header. Loaded on first open.
import { Divider, Drawer, Stack } from '@mantine/core';
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

// Sticky site header (spec §2): logo, main navigation, language and currency selectors, account
// corner; below 80em (1280 px) a burger opens a slide-in drawer (left, or right in RTL). The
// breakpoint is where the navigation, the selectors and a shortened long username fit side by
// side in every language (e2e/widths.e2e.ts measures it).
import { Suspense, lazy, useState } from 'react';
import { Box, Burger, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CurrencySelector, LanguageSelector } from '../components/selectors/selectors.tsx';
import { HeaderAccount } from './header-account.tsx';
import { Logo } from '../components/logo.tsx';
import { NavLinks } from './nav-links.tsx';
import classes from './header.module.css';

const MobileDrawer = lazy(() => import('./mobile-drawer.tsx').then((m) => ({ default: m.MobileDrawer })));
const DRAWER_ID = 'mobile-navigation';

export function Header() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const toggle = () => {
    setEverOpened(true);
    setOpened((o) => !o);
  };

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Logo />
        <nav aria-label={t('nav.label')} className={classes.desktopNav}>
          <NavLinks className={classes.link} />
        </nav>
        <Group gap={4} wrap="nowrap" className={classes.actions}>
          <Box visibleFrom="sm">
            <LanguageSelector />
          </Box>
          <Box visibleFrom="sm">
            <CurrencySelector />
          </Box>
          <Box className={classes.wideOnly} ms={6}>
            <HeaderAccount />
          </Box>
          <Burger
            className={classes.narrowOnly}
            opened={opened}
            onClick={toggle}
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls={everOpened ? DRAWER_ID : undefined}
            ms={4}
          />
        </Group>
      </Container>
      {everOpened ? (
        <Suspense fallback={null}>
          <MobileDrawer id={DRAWER_ID} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}

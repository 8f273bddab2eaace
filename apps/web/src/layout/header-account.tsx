// The account corner of the header (spec §2). While the session loads: a placeholder. Signed in:
// a link to /account labelled with the username, and a menu (account pages, Log out). Guests:
// Login and Sign Up. The drawer variant shows the same, stacked full width.
import { Suspense, lazy, useState } from 'react';
import { Button, Group, Stack, UnstyledButton, VisuallyHidden } from '@mantine/core';
import menuButton from './menu-button.module.css';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccountLink } from '../features/auth/account-link.tsx';
import { useSession } from '../features/auth/session.ts';

const loadMenu = () => import('../features/auth/account-menu.tsx');
const AccountMenu = lazy(() => loadMenu().then((m) => ({ default: m.AccountMenu })));
const LogoutButton = lazy(() => loadMenu().then((m) => ({ default: m.LogoutButton })));

export interface HeaderAccountProps {
  /** 'header': inline buttons; 'drawer': full-width stacked buttons in the mobile menu. */
  variant?: 'header' | 'drawer';
  /** Called after a link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

export function HeaderAccount({ variant = 'header', onNavigate }: HeaderAccountProps) {
  const { t } = useTranslation();
  const session = useSession();
  const drawer = variant === 'drawer';
  // A click on the menu button before its code has arrived opens the menu once it has.
  const [openOnLoad, setOpenOnLoad] = useState(false);

  if (session.status === 'loading') {
    return (
      <div aria-busy="true">
        <VisuallyHidden>{t('account.loading')}</VisuallyHidden>
        {drawer ? (
          <Stack gap="sm">
            <div className={menuButton.placeholder} />
            <div className={menuButton.placeholder} />
          </Stack>
        ) : (
          <div className={menuButton.placeholder} style={{ width: 168 }} />
        )}
      </div>
    );
  }

  if (session.user) {
    const { username } = session.user;
    if (drawer) {
      return (
        <Stack gap="sm">
          <AccountLink username={username} fullWidth onNavigate={onNavigate} />
          <Suspense
            fallback={
              <Button variant="default" fullWidth disabled>
                {t('account.logout')}
              </Button>
            }
          >
            <LogoutButton fullWidth onDone={onNavigate} />
          </Suspense>
        </Stack>
      );
    }
    return (
      <Suspense
        fallback={
          <Group gap={2} wrap="nowrap">
            <AccountLink username={username} />
            <UnstyledButton className={menuButton.button} aria-label={t('account.menu')} onClick={() => setOpenOnLoad(true)}>
              <IconChevronDown size={16} aria-hidden />
            </UnstyledButton>
          </Group>
        }
      >
        <AccountMenu username={username} defaultOpened={openOnLoad} />
      </Suspense>
    );
  }

  const login = (
    <Button variant="default" fullWidth={drawer} renderRoot={(props) => <Link to={'/login' as '/'} onClick={onNavigate} {...props} />}>
      {t('account.login')}
    </Button>
  );
  const signUp = (
    <Button fullWidth={drawer} renderRoot={(props) => <Link to={'/register' as '/'} onClick={onNavigate} {...props} />}>
      {t('account.signUp')}
    </Button>
  );
  return drawer ? (
    <Stack gap="sm">
      {login}
      {signUp}
    </Stack>
  ) : (
    <Group gap="xs" wrap="nowrap">
      {login}
      {signUp}
    </Group>
  );
}

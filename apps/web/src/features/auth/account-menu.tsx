// The signed-in header's menu and the drawer's logout button. Loaded lazily: the menu's
// positioning code and the logout mutation stay out of the initial bundle.
import { Button, Group, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import menuButton from '../../layout/menu-button.module.css';
import { IconChevronDown, IconDeviceMobile, IconLayoutDashboard, IconLogout, IconReceipt, IconUserCog } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccountLink } from './account-link.tsx';
import { useLogout } from './use-logout.ts';

export function AccountMenu({ username, defaultOpened }: { username: string; defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const { logout, isPending } = useLogout();
  return (
    <Group gap={2} wrap="nowrap">
      {/* A long name is shortened in the header; the tooltip shows it whole. */}
      <Tooltip label={<bdi>{username}</bdi>} openDelay={300} multiline maw={320} style={{ overflowWrap: 'anywhere' }}>
        <AccountLink username={username} />
      </Tooltip>
      <Menu position="bottom-end" shadow="md" width={220} withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>
          <UnstyledButton className={menuButton.button} aria-label={t('account.menu')}>
            <IconChevronDown size={16} aria-hidden />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label style={{ overflowWrap: 'anywhere' }}>
            <bdi>{username}</bdi>
          </Menu.Label>
          <Menu.Item component={Link} to="/account" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
            {t('account.myAccount')}
          </Menu.Item>
          <Menu.Item component={Link} to="/account/orders" leftSection={<IconReceipt size={16} aria-hidden />}>
            {t('account.orders')}
          </Menu.Item>
          <Menu.Item component={Link} to="/account/profile" leftSection={<IconUserCog size={16} aria-hidden />}>
            {t('account.profile')}
          </Menu.Item>
          <Menu.Item component={Link} to="/account/esim" leftSection={<IconDeviceMobile size={16} aria-hidden />}>
            {t('account.esim')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red.9" leftSection={<IconLogout size={16} aria-hidden />} disabled={isPending} onClick={() => logout()}>
            {t('account.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

export function LogoutButton({ onDone, fullWidth }: { onDone?: () => void; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { logout, isPending } = useLogout();
  return (
    <Button
      variant="default"
      fullWidth={fullWidth}
      leftSection={<IconLogout size={18} aria-hidden />}
      disabled={isPending}
      onClick={() => logout(onDone)}
    >
      {t('account.logout')}
    </Button>
  );
}

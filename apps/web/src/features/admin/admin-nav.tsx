// The admin area's menu: one link per section. A column beside the page from 768 px up; below
// that a 'Admin menu' button opens the same links in a drawer (admin-shell.tsx).
import type { ComponentType } from 'react';
import { NavLink, Stack, Text } from '@mantine/core';
import {
  IconActivity,
  IconArrowLeft,
  IconCurrencyDollar,
  IconGift,
  IconHistory,
  IconInbox,
  IconLayoutDashboard,
  IconReceipt,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './admin-shell.module.css';

type NavKey = 'dashboard' | 'orders' | 'catalog' | 'customers' | 'rates' | 'rewards' | 'support' | 'operations' | 'audit';

interface AdminNavItem {
  key: NavKey;
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean; stroke?: number }>;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { key: 'dashboard', to: '/admin', icon: IconLayoutDashboard },
  { key: 'orders', to: '/admin/orders', icon: IconReceipt },
  { key: 'catalog', to: '/admin/catalog', icon: IconWorld },
  { key: 'customers', to: '/admin/customers', icon: IconUsers },
  { key: 'rates', to: '/admin/rates', icon: IconCurrencyDollar },
  { key: 'rewards', to: '/admin/rewards', icon: IconGift },
  { key: 'support', to: '/admin/support', icon: IconInbox },
  { key: 'operations', to: '/admin/operations', icon: IconActivity },
  { key: 'audit', to: '/admin/audit', icon: IconHistory },
];

/** Whether the menu item `to` is the current section ('/admin' only on the dashboard itself). */
export function isCurrentSection(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (to === '/admin') return path === '/admin';
  return path === to || path.startsWith(`${to}/`);
}

export function AdminNav({ username, onNavigate }: { username: string; onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <nav aria-label={t('nav.label')} className={classes.nav}>
      <Stack gap={2}>
        {ADMIN_NAV.map(({ key, to, icon: Icon }) => {
          const current = isCurrentSection(to, pathname);
          return (
            <NavLink
              key={key}
              label={t(`nav.${key}`)}
              leftSection={<Icon size={18} aria-hidden stroke={1.8} />}
              active={current}
              aria-current={current ? 'page' : undefined}
              className={classes.link}
              onClick={onNavigate}
              // Sections other engineers add later are typed routes too; the cast keeps this list
              // one table.
              renderRoot={(props) => (
                // The router's own 'active' (aria-current) must agree: exact for the dashboard.
                <Link to={to as '/admin'} activeOptions={{ exact: to === '/admin', includeSearch: false }} {...props} />
              )}
            />
          );
        })}
      </Stack>
      <Stack gap={4} mt="lg" className={classes.navFoot}>
        <Text size="xs" c="dimmed">
          {t('nav.signedInAs', { username })}
        </Text>
        <NavLink
          label={t('nav.backToShop')}
          leftSection={<IconArrowLeft size={18} aria-hidden className={classes.mirror} />}
          className={classes.link}
          onClick={onNavigate}
          renderRoot={(props) => <Link to="/" activeOptions={{ exact: true }} {...props} />}
        />
      </Stack>
    </nav>
  );
}

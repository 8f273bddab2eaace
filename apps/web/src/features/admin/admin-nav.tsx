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

/** The back-office roles (the server's users.admin_role). */
export type AdminRoleName = 'owner' | 'support' | 'catalogue';

interface AdminNavItem {
  key: NavKey;
  to: string;
  /** Who may open it; the server declares the same on every procedure (trpc.ts) and enforces it. */
  roles: readonly AdminRoleName[];
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean; stroke?: number }>;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { key: 'dashboard', to: '/admin', icon: IconLayoutDashboard, roles: ['owner', 'support', 'catalogue'] },
  { key: 'orders', to: '/admin/orders', icon: IconReceipt, roles: ['owner', 'support'] },
  { key: 'catalog', to: '/admin/catalog', icon: IconWorld, roles: ['owner', 'catalogue'] },
  { key: 'customers', to: '/admin/customers', icon: IconUsers, roles: ['owner', 'support'] },
  { key: 'rates', to: '/admin/rates', icon: IconCurrencyDollar, roles: ['owner', 'catalogue'] },
  { key: 'rewards', to: '/admin/rewards', icon: IconGift, roles: ['owner'] },
  { key: 'support', to: '/admin/support', icon: IconInbox, roles: ['owner', 'support'] },
  { key: 'operations', to: '/admin/operations', icon: IconActivity, roles: ['owner', 'support'] },
  { key: 'audit', to: '/admin/audit', icon: IconHistory, roles: ['owner'] },
];

/** The sections `role` may open (none without a role). */
export function navFor(role: AdminRoleName | null | undefined): readonly AdminNavItem[] {
  return role ? ADMIN_NAV.filter((item) => item.roles.includes(role)) : [];
}

/** May `role` open the page at `pathname`? (The section it belongs to decides.) */
export function mayOpen(role: AdminRoleName | null | undefined, pathname: string): boolean {
  const section = ADMIN_NAV.filter((item) => isCurrentSection(item.to, pathname)).at(-1) ?? ADMIN_NAV[0];
  return !!role && !!section && section.roles.includes(role);
}

/** Whether the menu item `to` is the current section ('/admin' only on the dashboard itself). */
export function isCurrentSection(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (to === '/admin') return path === '/admin';
  return path === to || path.startsWith(`${to}/`);
}

export function AdminNav({
  username,
  role,
  onNavigate,
}: {
  username: string;
  role: AdminRoleName | null | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('admin');
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <nav aria-label={t('nav.label')} className={classes.nav}>
      <Stack gap={2}>
        {navFor(role).map(({ key, to, icon: Icon }) => {
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

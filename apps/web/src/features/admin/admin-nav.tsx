// The admin area's menu: one link per section. A column beside the page from 768 px up; below
// that a 'Admin menu' button opens the same links in a drawer (admin-shell.tsx).
import type { ComponentType } from 'react';
import { NavLink, Stack, Text } from '@mantine/core';
import {
  IconActivity,
  IconArrowLeft,
  IconCurrencyDollar,
  IconDiscount2,
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

import { ADMIN_SECTIONS, isCurrentSection, type AdminRoleName, type AdminSection, type NavKey } from './admin-sections.ts';

export { isCurrentSection, mayOpen, type AdminRoleName } from './admin-sections.ts';

interface AdminNavItem extends AdminSection {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean; stroke?: number }>;
}

const ICONS: Record<NavKey, AdminNavItem['icon']> = {
  dashboard: IconLayoutDashboard,
  orders: IconReceipt,
  catalog: IconWorld,
  customers: IconUsers,
  rates: IconCurrencyDollar,
  rewards: IconGift,
  support: IconInbox,
  operations: IconActivity,
  audit: IconHistory,
  promotions: IconDiscount2,
};

/** The sections (admin-sections.ts) with their menu icons. */
export const ADMIN_NAV: readonly AdminNavItem[] = ADMIN_SECTIONS.map((section) => ({ ...section, icon: ICONS[section.key] }));

/** The sections `role` may open (none without a role). */
export function navFor(role: AdminRoleName | null | undefined): readonly AdminNavItem[] {
  return role ? ADMIN_NAV.filter((item) => item.roles.includes(role)) : [];
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

// The account side menu (spec §2): Dashboard, Order History, Profile Settings, eSIM Management,
// Support. A vertical list beside the page from md up; a horizontal scroller above it on phones.
import type { ComponentType } from 'react';
import { Link } from '@tanstack/react-router';
import { IconDeviceMobile, IconHeadset, IconLayoutDashboard, IconReceipt, IconUserCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './account-nav.module.css';

interface AccountNavItem {
  label: 'layout.dashboard' | 'layout.orders' | 'layout.profile' | 'layout.esim' | 'layout.support';
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  exact?: boolean;
}

export const ACCOUNT_NAV: readonly AccountNavItem[] = [
  { label: 'layout.dashboard', to: '/account', icon: IconLayoutDashboard, exact: true },
  { label: 'layout.orders', to: '/account/orders', icon: IconReceipt },
  { label: 'layout.profile', to: '/account/profile', icon: IconUserCog },
  { label: 'layout.esim', to: '/account/esim', icon: IconDeviceMobile },
  { label: 'layout.support', to: '/support', icon: IconHeadset },
];

export function AccountNav() {
  const { t } = useTranslation('account');
  return (
    <nav aria-label={t('layout.menuLabel')}>
      <ul className={classes.list}>
        {ACCOUNT_NAV.map(({ label, to, icon: Icon, exact }) => (
          <li key={to}>
            <Link
              // '/support' belongs to another part of the site; the cast keeps the typed router happy.
              to={to as '/'}
              className={classes.link}
              activeOptions={{ exact: exact ?? false, includeSearch: false }}
              activeProps={{ 'aria-current': 'page' }}
            >
              <Icon size={18} aria-hidden />
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

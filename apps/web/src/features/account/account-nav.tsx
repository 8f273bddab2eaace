// The account side menu (spec §2): Dashboard, Order History, Profile Settings, eSIM Management,
// Support. A vertical list beside the page from md up; a horizontal scroller above it on phones.
import { useLayoutEffect, useRef, type ComponentType, type RefObject } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { IconDeviceMobile, IconHeadset, IconLayoutDashboard, IconMessages, IconReceipt, IconUserCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './account-nav.module.css';

interface AccountNavItem {
  label: 'layout.dashboard' | 'layout.orders' | 'layout.profile' | 'layout.esim' | 'layout.support' | 'tickets:title';
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  exact?: boolean;
}

export const ACCOUNT_NAV: readonly AccountNavItem[] = [
  { label: 'layout.dashboard', to: '/account', icon: IconLayoutDashboard, exact: true },
  { label: 'layout.orders', to: '/account/orders', icon: IconReceipt },
  { label: 'layout.profile', to: '/account/profile', icon: IconUserCog },
  { label: 'layout.esim', to: '/account/esim', icon: IconDeviceMobile },
  // Issue 30: the traveller's support tickets (texts: the 'tickets' namespace, loaded with the account).
  { label: 'tickets:title', to: '/account/tickets', icon: IconMessages },
  { label: 'layout.support', to: '/support', icon: IconHeadset },
];

/**
 * On a phone the menu scrolls sideways: the current page's entry is brought into view (the fourth
 * of five, or any entry in a longer language such as Arabic, would otherwise start off-screen).
 * Only the list scrolls, never the page.
 */
function useActiveInView(list: RefObject<HTMLUListElement | null>, pathname: string): void {
  useLayoutEffect(() => {
    const el = list.current;
    const active = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !active) return;
    const bring = () => {
      if (el.scrollWidth <= el.clientWidth) return;
      const box = el.getBoundingClientRect();
      const at = active.getBoundingClientRect();
      if (at.left >= box.left - 1 && at.right <= box.right + 1) return;
      // To the entry's start, where the list's scroll snapping (scroll-snap-align: start) agrees:
      // a smaller move would be snapped back to the entry before it.
      const rtl = getComputedStyle(el).direction === 'rtl';
      el.scrollLeft += rtl ? at.right - box.right : at.left - box.left;
    };
    bring();
    // The entries' labels can arrive after the first paint (the account's texts and the fonts load
    // with it) and move the current entry: bring it into view again when any entry's size changes.
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(bring);
    for (const item of el.querySelectorAll('li')) watch.observe(item);
    return () => watch.disconnect();
  }, [list, pathname]);
}

export function AccountNav() {
  const { t } = useTranslation(['account', 'tickets']);
  const list = useRef<HTMLUListElement>(null);
  useActiveInView(list, useLocation().pathname);
  return (
    <nav aria-label={t('layout.menuLabel')}>
      <ul className={classes.list} ref={list}>
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

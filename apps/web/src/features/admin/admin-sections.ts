// The back office's sections and the roles that may open each: plain data and two functions, so
// the layout's beforeLoad (in the back office's initial bundle) can ask mayOpen without pulling in
// the menu's components and icons (admin-nav.tsx, loaded with the layout's component).

export type NavKey =
  | 'dashboard'
  | 'orders'
  | 'catalog'
  | 'customers'
  | 'rates'
  | 'rewards'
  | 'support'
  | 'operations'
  | 'audit'
  | 'promotions';

/** The back-office roles (the server's users.admin_role). */
export type AdminRoleName = 'owner' | 'support' | 'catalogue';

export interface AdminSection {
  key: NavKey;
  to: string;
  /** Who may open it; the server declares the same on every procedure (trpc.ts) and enforces it. */
  roles: readonly AdminRoleName[];
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'dashboard', to: '/admin', roles: ['owner', 'support', 'catalogue'] },
  { key: 'orders', to: '/admin/orders', roles: ['owner', 'support'] },
  { key: 'catalog', to: '/admin/catalog', roles: ['owner', 'catalogue'] },
  { key: 'customers', to: '/admin/customers', roles: ['owner', 'support'] },
  { key: 'rates', to: '/admin/rates', roles: ['owner', 'catalogue'] },
  { key: 'promotions', to: '/admin/promotions', roles: ['owner', 'catalogue'] },
  { key: 'rewards', to: '/admin/rewards', roles: ['owner'] },
  { key: 'support', to: '/admin/support', roles: ['owner', 'support'] },
  { key: 'operations', to: '/admin/operations', roles: ['owner', 'support'] },
  { key: 'audit', to: '/admin/audit', roles: ['owner'] },
];

/** May `role` open the page at `pathname`? (The section it belongs to decides.) */
export function mayOpen(role: AdminRoleName | null | undefined, pathname: string): boolean {
  const section = ADMIN_SECTIONS.filter((item) => isCurrentSection(item.to, pathname)).at(-1) ?? ADMIN_SECTIONS[0];
  return !!role && !!section && section.roles.includes(role);
}

/** Whether the menu item `to` is the current section ('/admin' only on the dashboard itself). */
export function isCurrentSection(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (to === '/admin') return path === '/admin';
  return path === to || path.startsWith(`${to}/`);
}

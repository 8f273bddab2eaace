// The main navigation (spec §2): title (a 'common' translation key), href, external flag.
// Pages added later appear here once; header and drawer both read this list.
export interface NavItem {
  title: 'nav.plans' | 'nav.coverage' | 'nav.aboutUs' | 'nav.blog' | 'nav.rewards' | 'nav.support' | 'nav.howItWorks';
  href: string;
  /** Opens in a new tab (with rel="noopener noreferrer"). */
  external?: boolean;
}

export const MAIN_NAV: readonly NavItem[] = [
  { title: 'nav.plans', href: '/plans' },
  { title: 'nav.coverage', href: '/coverage' },
  { title: 'nav.aboutUs', href: '/about-us' },
  { title: 'nav.blog', href: '/blog' },
  { title: 'nav.rewards', href: '/rewards' },
  { title: 'nav.support', href: '/support' },
  { title: 'nav.howItWorks', href: '/how-it-works' },
];

// A link for hrefs held as data (navigation lists, footer columns): internal paths go through
// the router (typed routes are not required, so links to pages still being built compile),
// external ones open in a new tab with a screen-reader hint.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  external?: boolean;
  children: ReactNode;
}

export function isExternalHref(href: string): boolean {
  return /^(https?:)?\/\//.test(href) || href.startsWith('mailto:') || href.startsWith('tel:');
}

export function AppLink({ href, external, children, ...rest }: AppLinkProps) {
  const { t } = useTranslation();
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <VisuallyHidden> {t('a11y.opensInNewTab')}</VisuallyHidden>
      </a>
    );
  }
  if (isExternalHref(href)) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  const [path = '/', hash] = href.split('#');
  // The router checks `to` against known routes; data-driven links may point at pages other
  // engineers add later, so the path is passed through as the root route's type.
  return (
    <Link to={path as '/'} hash={hash} {...rest}>
      {children}
    </Link>
  );
}

import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { config } from '../config.ts';
import classes from './logo.module.css';

/** The brand mark: a SIM card over a globe arc. Decorative; the link carries the name. */
export function LogoMark({ size = 34 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1670c8" />
          <stop offset="1" stopColor="#073d73" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill="url(#logo-bg)" />
      <path d="M6 27c6-9 22-9 28 0" fill="none" stroke="#72a5e4" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M14 9h9l5 5v15a2 2 0 0 1-2 2H14a2 2 0 0 1-2-2V11a2 2 0 0 1 2-2z" fill="#fff" />
      <rect x="15.5" y="17" width="9" height="9" rx="1.6" fill="#f98025" />
      <path d="M18.5 17v9M21.5 17v9M15.5 21.5h9" stroke="#fff" strokeWidth="0.9" />
    </svg>
  );
}

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={classes.logo} aria-label={t('nav.home')} onClick={onNavigate}>
      <LogoMark />
      <span className={classes.name} aria-hidden="true">
        {config.productName}
      </span>
    </Link>
  );
}

// Typed translation keys: t('hero.title', { ns: 'landing' }) is checked against the English files.
import 'i18next';
import type { Resources } from '@esim/i18n/types';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
    /** Filled in by lib/i18n.ts from src/config.ts, so t() never needs them passed. */
    defaultVariables: { product: string; email: string; phone: string };
  }
}

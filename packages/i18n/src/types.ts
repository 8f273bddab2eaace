// Types for translation keys, derived from the English files (the reference).
// The i18next augmentation that makes t('hero.title') type-checked lives in the app that owns
// i18next (apps/web/src/lib/i18next.d.ts); this package has no runtime dependency on i18next.
export type { Namespace, Resources } from './namespaces.ts';

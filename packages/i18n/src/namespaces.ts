// The translation namespaces. Add a namespace by creating locales/en/<ns>.json (complete),
// `{}` files for the other languages, and a line here and in types.ts.
import type common from '../locales/en/common.json';
import type landing from '../locales/en/landing.json';
import type checkout from '../locales/en/checkout.json';

export const NAMESPACES = ['common', 'landing', 'checkout'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;

/** The English resources' shape: the source of typed keys. */
export interface Resources {
  common: typeof common;
  landing: typeof landing;
  checkout: typeof checkout;
}

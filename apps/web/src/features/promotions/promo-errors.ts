// A PROMO_* code (packages/api/src/errors.ts) → its text in promotions:errors.* (loaded by the promo
// code field, which is on the page whenever a code was sent). Tiny: the checkout imports it eagerly.
import type { i18n as I18n } from 'i18next';

export function isPromoError(code: string | null | undefined): code is `PROMO_${string}` {
  return typeof code === 'string' && code.startsWith('PROMO_');
}

export function promoReasonText(i18n: Pick<I18n, 't'>, code: `PROMO_${string}`): string {
  return i18n.t(`promotions:errors.${code}` as 'promotions:errors.generic');
}

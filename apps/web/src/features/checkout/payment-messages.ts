// Card errors → translated text. The demo provider sends Stripe's codes and English messages;
// known codes read in the shopper's language, anything else keeps the provider's own text.
import type { TFunction } from 'i18next';

export interface ProviderError {
  code?: string | null | undefined;
  declineCode?: string | null | undefined;
  message?: string | null | undefined;
}

const KEYS = {
  generic_decline: 'declines.generic',
  card_declined: 'declines.generic',
  insufficient_funds: 'declines.insufficientFunds',
  expired_card: 'declines.expired',
  incorrect_cvc: 'declines.incorrectCvc',
  invalid_cvc: 'declines.invalidCvc',
  incorrect_number: 'declines.invalidNumber',
  invalid_number: 'declines.invalidNumber',
  invalid_expiry_month: 'declines.invalidExpiryMonth',
  invalid_expiry_year: 'declines.invalidExpiryYear',
  payment_intent_authentication_failure: 'declines.authenticationFailed',
} as const;

/** The banner's text: a known code in the UI language, else the provider's message, else null. */
export function providerMessage(t: TFunction<'checkout'>, error: ProviderError | null | undefined): string | null {
  if (!error) return null;
  const key = (error.declineCode && KEYS[error.declineCode as keyof typeof KEYS]) || (error.code && KEYS[error.code as keyof typeof KEYS]);
  if (key) return t(key);
  return error.message?.trim() || null;
}

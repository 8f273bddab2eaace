// The demo card form's formatting and checks (pure). Card data never leaves the browser except
// to the demo provider; Stripe's Payment Element does its own with a real provider.
import { luhnValid } from '@esim/api/domain';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

/** Keeps the digits, at most `max`. */
export function digitsOnly(s: string, max = 19): string {
  return s.replace(/\D/g, '').slice(0, max);
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** '4242424242424242' → '4242 4242 4242 4242'; American Express 4-6-5. */
export function formatCardNumber(raw: string): string {
  const brand = cardBrand(digitsOnly(raw));
  const digits = digitsOnly(raw, brand === 'amex' ? 15 : 19);
  if (brand === 'amex') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Typing into the expiry field: '1' → '1', '12' → '12 / ', '125' → '12 / 5', '4' → '04 / '.
 * `deleting` keeps the separator from re-appearing while the shopper backspaces over it.
 */
export function formatExpiry(raw: string, deleting = false): string {
  let digits = digitsOnly(raw, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** 'MM / YY' → { month, year (four digits) }, or null when incomplete. */
export function parseExpiry(s: string): { month: number; year: number } | null {
  const digits = digitsOnly(s, 4);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardErrorKey =
  | 'card.errors.numberRequired'
  | 'card.errors.numberIncomplete'
  | 'card.errors.numberInvalid'
  | 'card.errors.expiryRequired'
  | 'card.errors.expiryIncomplete'
  | 'card.errors.expiryMonth'
  | 'card.errors.expiryPast'
  | 'card.errors.cvcRequired'
  | 'card.errors.cvcIncomplete';

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
}

export function cardNumberError(value: string): CardErrorKey | undefined {
  const digits = digitsOnly(value);
  if (!digits) return 'card.errors.numberRequired';
  const brand = cardBrand(digits);
  const min = brand === 'amex' ? 15 : brand === 'unknown' ? 12 : 16;
  if (digits.length < min) return 'card.errors.numberIncomplete';
  return luhnValid(digits) ? undefined : 'card.errors.numberInvalid';
}

/** `today`: year (four digits) and month 1–12, passed in so the rule stays pure. */
export function expiryError(value: string, today: { year: number; month: number }): CardErrorKey | undefined {
  const digits = digitsOnly(value, 4);
  if (!digits) return 'card.errors.expiryRequired';
  const parsed = parseExpiry(value);
  if (!parsed) return 'card.errors.expiryIncomplete';
  if (parsed.month < 1 || parsed.month > 12) return 'card.errors.expiryMonth';
  if (parsed.year < today.year || (parsed.year === today.year && parsed.month < today.month)) return 'card.errors.expiryPast';
  return undefined;
}

export function cvcError(value: string, number: string): CardErrorKey | undefined {
  const digits = digitsOnly(value, 4);
  if (!digits) return 'card.errors.cvcRequired';
  const want = cardBrand(digitsOnly(number)) === 'amex' ? 4 : 3;
  return digits.length < want ? 'card.errors.cvcIncomplete' : undefined;
}

export function validateCard(values: CardValues, today: { year: number; month: number }): Partial<Record<CardField, CardErrorKey>> {
  const errors: Partial<Record<CardField, CardErrorKey>> = {};
  const n = cardNumberError(values.number);
  if (n) errors.number = n;
  const e = expiryError(values.expiry, today);
  if (e) errors.expiry = e;
  const c = cvcError(values.cvc, values.number);
  if (c) errors.cvc = c;
  return errors;
}

/** What the demo provider's confirm takes. Call after validateCard found nothing. */
export function toDemoCard(values: CardValues): { number: string; expMonth: number; expYear: number; cvc: string } {
  const exp = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  return { number: digitsOnly(values.number), expMonth: exp.month, expYear: exp.year, cvc: digitsOnly(values.cvc, 4) };
}

/** The test cards the hint lists (Stripe's; the demo provider follows them). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
  { number: '4000 0027 6000 3184', outcome: 'extraStep' },
] as const;

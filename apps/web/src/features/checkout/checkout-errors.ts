// A failed checkout call → what the page does with it. Server codes (AppError, see
// packages/api/src/errors.ts) double as keys of 'checkout:errors.*'.
import { callError } from '../auth/trpc-error.ts';

export type CheckoutErrorKey =
  | 'errors.AMOUNT_BELOW_MINIMUM'
  | 'errors.PLAN_NOT_FOUND'
  | 'errors.PAYMENT_PROVIDER_ERROR'
  | 'errors.CURRENCY_UNAVAILABLE'
  | 'errors.UNAUTHORIZED'
  | 'errors.CONFLICT'
  | 'errors.TOO_MANY_REQUESTS'
  | 'errors.BAD_INPUT'
  | 'errors.network';

export interface CheckoutProblem {
  /**
   * fatal: this checkout cannot go on (error panel + 'Return to Home');
   * email: the e-mail field is wrong; signIn: a subscription needs an account;
   * retry: show it by the Pay button and let the shopper try again.
   */
  kind: 'fatal' | 'email' | 'signIn' | 'retry';
  /** A translated message key; else `message` (the server's own text). */
  key: CheckoutErrorKey | null;
  message: string | null;
}

const FATAL = new Set(['AMOUNT_BELOW_MINIMUM', 'PLAN_NOT_FOUND']);
const KNOWN = new Set([
  'AMOUNT_BELOW_MINIMUM',
  'PLAN_NOT_FOUND',
  'PAYMENT_PROVIDER_ERROR',
  'CURRENCY_UNAVAILABLE',
  'UNAUTHORIZED',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'BAD_INPUT',
]);

export function checkoutProblem(error: unknown): CheckoutProblem {
  const e = callError(error);
  if (e.fieldErrors.email?.length || (e.appCode === 'BAD_INPUT' && e.details.field === 'email')) {
    return { kind: 'email', key: null, message: null };
  }
  const code = e.appCode ?? (e.code === 'UNAUTHORIZED' ? 'UNAUTHORIZED' : e.code === 'NOT_FOUND' ? 'PLAN_NOT_FOUND' : null);
  if (code === 'UNAUTHORIZED') return { kind: 'signIn', key: 'errors.UNAUTHORIZED', message: null };
  if (code && FATAL.has(code)) return { kind: 'fatal', key: `errors.${code}` as CheckoutErrorKey, message: null };
  // A card or provider message the server passed on (BAD_INPUT with a providerCode) reads best as is.
  if (code === 'BAD_INPUT' && typeof e.details.providerCode === 'string' && e.message)
    return { kind: 'retry', key: null, message: e.message };
  if (code && KNOWN.has(code)) return { kind: 'retry', key: `errors.${code}` as CheckoutErrorKey, message: null };
  if (e.code === null) return { kind: 'retry', key: 'errors.network', message: null };
  return { kind: 'retry', key: null, message: null };
}

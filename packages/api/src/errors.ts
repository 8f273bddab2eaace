// Services throw AppError(code). One map turns codes into tRPC and HTTP statuses.
// Codes double as i18n keys on the web (errors.<CODE>), so they are stable API.
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

export const APP_ERRORS = {
  BAD_INPUT: { trpc: 'BAD_REQUEST', http: 400, message: 'The request is not valid.' },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404, message: 'Not found.' },
  REGION_NOT_FOUND: { trpc: 'NOT_FOUND', http: 404, message: 'No region has that id.' },
  PLAN_NOT_FOUND: { trpc: 'NOT_FOUND', http: 404, message: 'No plan has that id.' },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', http: 401, message: 'Please sign in.' },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403, message: 'You are not allowed to do that.' },
  CONFLICT: { trpc: 'CONFLICT', http: 409, message: 'That conflicts with existing data.' },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', http: 429, message: 'Too many attempts. Please wait and try again.' },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500, message: 'Something went wrong on our side.' },
  // Second factors (issue 27): the web turns these into the enrolment page, the sign-in prompt and the re-auth prompt.
  SECOND_FACTOR_ENROLMENT_REQUIRED: {
    trpc: 'FORBIDDEN',
    http: 403,
    message: 'Set up a second factor (an authenticator app or a passkey) before using the back office.',
  },
  SECOND_FACTOR_REQUIRED: { trpc: 'FORBIDDEN', http: 403, message: 'Enter a code from your authenticator app or use your passkey.' },
  STEP_UP_REQUIRED: {
    trpc: 'FORBIDDEN',
    http: 403,
    message: 'Confirm it is you: enter a code from your authenticator app or use your passkey again.',
  },
  INVALID_CODE: { trpc: 'BAD_REQUEST', http: 400, message: 'That code is not valid. Please try again.' },
  // Support tickets (issue 30): a guest's link past its date.
  TICKET_LINK_EXPIRED: {
    trpc: 'FORBIDDEN',
    http: 403,
    message: 'This link has expired. Open the newest e-mail about your request, or write to us again from the support page.',
  },
  // Checkout and payments.
  AMOUNT_BELOW_MINIMUM: {
    trpc: 'BAD_REQUEST',
    http: 400,
    message: 'The amount is below the minimum card payment (0.50 USD or its equivalent).',
  },
  CURRENCY_UNAVAILABLE: {
    trpc: 'UNPROCESSABLE_CONTENT',
    http: 422,
    message: 'Payments in this currency are not available right now. Please choose another currency.',
  },
  PAYMENT_PROVIDER_ERROR: {
    trpc: 'BAD_GATEWAY',
    http: 502,
    message: 'The payment service could not be reached. Please try again in a moment.',
  },
  // Promo codes (issue 29, domain/promotions.ts): why a code does not apply to this order.
  PROMO_NOT_FOUND: { trpc: 'NOT_FOUND', http: 404, message: 'There is no such promo code. Check the spelling.' },
  PROMO_PAUSED: { trpc: 'UNPROCESSABLE_CONTENT', http: 422, message: 'This promo code is paused at the moment.' },
  PROMO_NOT_STARTED: { trpc: 'UNPROCESSABLE_CONTENT', http: 422, message: 'This promo code is not valid yet.' },
  PROMO_EXPIRED: { trpc: 'UNPROCESSABLE_CONTENT', http: 422, message: 'This promo code has expired.' },
  PROMO_NOT_FOR_SUBSCRIPTIONS: {
    trpc: 'UNPROCESSABLE_CONTENT',
    http: 422,
    message: 'Promo codes apply to one-time purchases, not to subscriptions.',
  },
  PROMO_NOT_FOR_PLAN: { trpc: 'UNPROCESSABLE_CONTENT', http: 422, message: 'This promo code is not valid for this plan.' },
  PROMO_NOT_IN_CURRENCY: {
    trpc: 'UNPROCESSABLE_CONTENT',
    http: 422,
    message: 'This promo code is not valid in this currency. Please choose another currency.',
  },
  PROMO_MIN_SPEND: { trpc: 'UNPROCESSABLE_CONTENT', http: 422, message: 'This order is below the promo code’s minimum spend.' },
  PROMO_FIRST_ORDER_ONLY: { trpc: 'UNPROCESSABLE_CONTENT', http: 422, message: 'This promo code is for a first order only.' },
  PROMO_NOT_WITH_POINTS: {
    trpc: 'UNPROCESSABLE_CONTENT',
    http: 422,
    message: 'This promo code cannot be combined with points. Turn off paying with points to use it.',
  },
  PROMO_USED_UP: { trpc: 'CONFLICT', http: 409, message: 'This promo code has been used up.' },
  PROMO_ALREADY_USED: { trpc: 'CONFLICT', http: 409, message: 'You have already used this promo code.' },
  // Referrals (issue 29): the link's discount does not apply to this order (details.reason says why).
  REFERRAL_REFUSED: {
    trpc: 'UNPROCESSABLE_CONTENT',
    http: 422,
    message: 'The referral discount does not apply to this order. Pay again without it.',
  },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number; message: string }>;

export type AppErrorCode = keyof typeof APP_ERRORS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Extra facts for the client, e.g. { field: 'email' }. Never secrets. */
  readonly details: Record<string, unknown> | undefined;
  constructor(code: AppErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? APP_ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** HTTP status for a tRPC error code (used by the REST adapters). */
export const TRPC_TO_HTTP: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  PARSE_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
};

/** An error as one bounded line of text, for logs and the jobs' last_error columns. */
export function errorText(e: unknown): string {
  const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return msg.slice(0, 1000);
}

// Stripe's PaymentIntent statuses: one list for the payment interface (providers/payments), the
// Stripe adapter (unknown statuses read as not final) and the demo provider's rules.
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;

export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

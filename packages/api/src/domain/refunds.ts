// The owner's refund inputs (admin area: full, partial or goodwill) and the quote's. Pure: zod only.
// A partial refund keeps the order as it is and its eSIM working (goodwill credit, as real shops
// do); only a refund of all that remains refunds the order and cancels its eSIM.
import { z } from 'zod';

export const REFUND_REASON_MAX = 300;

/** The reason recorded for a refund made at the payment service (the Stripe Dashboard): no note of ours. */
export const OUTSIDE_REFUND_REASON = 'refunded at the payment service';
/** How a system refund after a card issuer's early fraud warning starts its reason (payment-risk.ts). */
export const FRAUD_WARNING_REFUND_REASON = 'early fraud warning from the card issuer';

export const REFUND_MSG = {
  amount: 'The amount must be a whole number of minor units above 0',
  reason: `The reason must be 1 to ${REFUND_REASON_MAX} characters`,
  reasonRequired: 'A partial refund needs a reason (it is quoted to the customer)',
} as const;

const ZOrderId = z.string().trim().min(1).max(64);
const ZAmount = z
  .number({ error: REFUND_MSG.amount })
  .int(REFUND_MSG.amount)
  .min(1, REFUND_MSG.amount)
  .max(1_000_000_000, REFUND_MSG.amount);

/** admin.orders.refundQuote: what refunding `amountMinor` (default: all that remains) would do. */
export const ZAdminRefundQuoteInput = z.object({ orderId: ZOrderId, amountMinor: ZAmount.optional() });
export type TAdminRefundQuoteInput = z.infer<typeof ZAdminRefundQuoteInput>;

/**
 * admin.orders.refund: all that remains (amountMinor omitted), or a part of it with a reason; the
 * deduction for spent points the dialog showed (a larger one now is refused).
 */
export const ZAdminRefundInput = z
  .object({
    orderId: ZOrderId,
    amountMinor: ZAmount.optional(),
    reason: z.string({ error: REFUND_MSG.reason }).trim().max(REFUND_REASON_MAX, REFUND_MSG.reason).optional(),
    expectedCashDeductedMinor: z.number().int().min(0).max(1_000_000_000).optional(),
  })
  .refine((v) => v.amountMinor === undefined || (v.reason !== undefined && v.reason.length > 0), {
    message: REFUND_MSG.reasonRequired,
    path: ['reason'],
  });
export type TAdminRefundInput = z.infer<typeof ZAdminRefundInput>;

// Inputs of the after-purchase calls (issue 13): an eSIM by ICCID, an order by its number.
import { z } from 'zod';
import { ICCID_PATTERN } from './iccid.ts';

/** An ICCID as the account's URLs carry it: 19 or 20 digits starting with 89. */
export const ZIccid = z.string().trim().regex(ICCID_PATTERN, 'This is not an eSIM number (ICCID): 19 or 20 digits starting with 89.');

export const ZEsimByIccidInput = z.object({ iccid: ZIccid });
export type TEsimByIccidInput = z.infer<typeof ZEsimByIccidInput>;

/** An order number ('ORD-…') as the account shows it. */
export const ZOrderNumber = z
  .string()
  .trim()
  .min(1, 'Give the order number, e.g. ORD-7K3M9Q2XB4.')
  .max(32, 'This is not an order number: it is too long.');

export const ZOrderByNumberInput = z.object({ orderId: ZOrderNumber });
export type TOrderByNumberInput = z.infer<typeof ZOrderByNumberInput>;

/** 'Refund': the order, and the deduction for spent points the confirmation showed (orders.refundQuote). */
export const ZRefundOrderInput = ZOrderByNumberInput.extend({
  expectedCashDeductedMinor: z.number().int().min(0).max(1_000_000_000).optional(),
});
export type TRefundOrderInput = z.infer<typeof ZRefundOrderInput>;

export const ZSubscriptionByIdInput = z.object({ subscriptionId: z.string().trim().min(1).max(32) });

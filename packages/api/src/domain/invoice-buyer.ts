// A business traveller's details for the VAT invoice (issue 31): one zod schema for both ways in,
// the invoice page (invoices.saveBuyer) and the checkout (payments.createIntent's `business`, and
// createSubscription's). Kept out of domain/index.ts, so the shop's first chunk never carries it;
// the web form's rules are plain functions over the same checkVatId (features/invoice/business-rules.ts).
import { z } from 'zod';
import { ZCreatePaymentIntentInput, ZCreateSubscriptionInput } from './orders.ts';

export const ZInvoiceBuyerInput = z.object({
  companyName: z.string().trim().min(1, 'Please enter the company name.').max(200, 'At most 200 characters.'),
  address: z.string().trim().min(1, 'Please enter the company address.').max(500, 'At most 500 characters.'),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Please choose a country.'),
  vatId: z.string().trim().max(24, 'At most 24 characters.').optional(),
});
export type TInvoiceBuyerInput = z.infer<typeof ZInvoiceBuyerInput>;

/** Company details given at checkout: stored on the order with it, printed on its invoice. */
const business = { business: ZInvoiceBuyerInput.optional() };

/** POST /api/create-payment-intent and payments.createIntent, with the optional business details. */
export const ZCheckoutIntentInput = ZCreatePaymentIntentInput.extend(business);
export type TCheckoutIntentInput = z.infer<typeof ZCheckoutIntentInput>;

/** POST /api/create-subscription and payments.createSubscription, with the optional business details. */
export const ZCheckoutSubscriptionInput = ZCreateSubscriptionInput.extend(business);
export type TCheckoutSubscriptionInput = z.infer<typeof ZCheckoutSubscriptionInput>;

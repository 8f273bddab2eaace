// Company details for the VAT invoice at checkout (issue 31): what the payment forms and
// use-checkout-intent.ts see of business-section.tsx — a handle that says what goes with the order.
import type { BusinessValues } from '../invoice/business-rules.ts';

/** What payments.createIntent's `business` takes (domain/invoice-buyer.ts ZInvoiceBuyerInput). */
export interface BusinessInput {
  companyName: string;
  address: string;
  country: string;
  vatId?: string | undefined;
}

/** The open form is not right: its errors are shown and the first wrong field has the focus. */
export class BusinessDetailsIncomplete extends Error {
  constructor() {
    super('The company details are incomplete.');
    this.name = 'BusinessDetailsIncomplete';
  }
}

export interface BusinessDetails {
  /**
   * The details to send with the order (null: none). An open form is checked and used as it is;
   * when it is wrong this throws BusinessDetailsIncomplete (errors shown, focus on the first).
   */
  read(): BusinessInput | null;
  /** Changes whenever the details to send change (Stripe's form asks for a new intent then). */
  key: string;
  /** The server refused one of the fields ('vatId', 'country'): shown on it. */
  refuse(field: string): void;
}

export function toBusinessInput(v: BusinessValues): BusinessInput {
  const vatId = v.vatId.trim();
  return { companyName: v.companyName.trim(), address: v.address.trim(), country: v.country, ...(vatId ? { vatId } : {}) };
}

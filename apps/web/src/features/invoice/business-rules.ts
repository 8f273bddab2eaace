// The business details' rules (house rule 15: plain functions in the shop). The VAT ID's format
// check is the server's own (domain/invoices.ts checkVatId, pure and zod-free), so the two agree.
import { checkVatId } from '@esim/api/domain/invoices';

export type BusinessValues = {
  companyName: string;
  address: string;
  country: string;
  vatId: string;
};

export type BusinessErrorKey = 'required' | 'country' | 'vatId' | 'tooLong';
export type BusinessErrors = Partial<Record<keyof BusinessValues, BusinessErrorKey>>;

/** The server's bounds (domain/invoice-buyer.ts ZInvoiceBuyerInput). */
export const BUSINESS_LIMITS = { companyName: 200, address: 500, vatId: 24 } as const;

/**
 * Countries offered: the EU member states, the UK and Northern Ireland's XI, and a few others
 * travellers' companies often sit in (any ISO code is accepted by the server).
 */
export const BUSINESS_COUNTRIES = [
  'GB',
  'IE',
  'FR',
  'DE',
  'ES',
  'IT',
  'NL',
  'BE',
  'LU',
  'AT',
  'PT',
  'DK',
  'SE',
  'FI',
  'PL',
  'CZ',
  'SK',
  'HU',
  'RO',
  'BG',
  'GR',
  'HR',
  'SI',
  'EE',
  'LV',
  'LT',
  'CY',
  'MT',
  'CH',
  'NO',
  'IS',
  'US',
  'CA',
  'AU',
  'NZ',
  'JP',
  'SG',
  'AE',
  'SA',
  'IN',
  'CN',
  'BR',
  'MX',
  'ZA',
] as const;

export function validateBusiness(v: BusinessValues): BusinessErrors {
  const errors: BusinessErrors = {};
  const company = v.companyName.trim();
  const address = v.address.trim();
  if (!company) errors.companyName = 'required';
  else if (company.length > BUSINESS_LIMITS.companyName) errors.companyName = 'tooLong';
  if (!address) errors.address = 'required';
  else if (address.length > BUSINESS_LIMITS.address) errors.address = 'tooLong';
  if (!/^[A-Z]{2}$/.test(v.country)) errors.country = 'country';
  const vat = v.vatId.trim();
  if (vat.length > BUSINESS_LIMITS.vatId) errors.vatId = 'tooLong';
  else if (vat && !errors.country && !checkVatId(v.country, vat).ok) errors.vatId = 'vatId';
  return errors;
}

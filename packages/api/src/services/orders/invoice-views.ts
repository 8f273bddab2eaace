// The invoice and credit-note pages (issue 31): what an issued document says, read back from what
// was frozen at issue (order-life/invoices.ts), and the business traveller's details for it.
// Reached by the order's owner (signed in) or by the holder of the order's 'Manage your eSIM' link
// (a guest, esim-links.ts); anyone else gets a 404.
import type { Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import {
  CREDIT_NOTE_PREFIX,
  INVOICE_PREFIX,
  documentNumber,
  invoiceTotals,
  orderInvoiceLines,
  splitGross,
  type InvoiceTotals,
  type SellerFacts,
  type VatBasis,
  type VatIdStatus,
} from '../../domain/invoices.ts';
import type { TInvoiceBuyerInput } from '../../domain/invoice-buyer.ts';
import { resolveEsimLink } from '../esims/esim-links.ts';
import { askVies, checkBuyer, writeBuyer } from './invoice-buyers.ts';
import type { Services } from '../types.ts';

/** Who asks: the signed-in owner of the order, or the holder of its link. */
export type InvoiceAccess = { userId: number; orderId: string } | { token: string };

export interface BuyerDetails {
  companyName: string;
  address: string;
  country: string;
  /** As printed (prefix + number), or null. */
  vatId: string | null;
  vatStatus: VatIdStatus;
}

export interface CreditNoteView {
  number: string;
  issuedAt: string;
  /** What went back, split at the invoice's rate (the same rounding rule). */
  grossMinor: number;
  netMinor: number;
  vatMinor: number;
}

export interface InvoiceView {
  number: string;
  issuedAt: string;
  orderId: string;
  /** The order's language: the document is written in it. */
  language: string;
  currency: string;
  seller: SellerFacts;
  buyer: { email: string; name: string | null; business: BuyerDetails | null };
  vat: { country: string; rateBp: number; basis: VatBasis };
  totals: InvoiceTotals;
  creditNotes: CreditNoteView[];
  /** The invoice total less every credit note: what the shop kept. */
  keptMinor: number;
}

async function orderFor(db: Db, access: InvoiceAccess): Promise<number> {
  if ('token' in access) return (await resolveEsimLink(db, access.token)).orderId;
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('public_id', '=', access.orderId)
    .where('user_id', '=', access.userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'There is no order with this number in your account.');
  return row.id;
}

export async function getInvoice(db: Db, access: InvoiceAccess): Promise<InvoiceView> {
  const orderId = await orderFor(db, access);
  const row = await db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('invoice_buyers as b', 'b.order_id', 'o.id')
    .select([
      'i.id',
      'i.number',
      'i.issued_at',
      'i.currency',
      'i.total_minor',
      'i.points_discount_minor',
      'i.vat_country',
      'i.vat_rate_bp',
      'i.vat_basis',
      'i.seller_json',
      'o.public_id',
      'o.plan_name',
      'o.locale',
      'o.email',
      'u.full_name',
      'b.company_name',
      'b.address',
      'b.country',
      'b.vat_id',
      'b.vat_status',
    ])
    .where('i.order_id', '=', orderId)
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', 'This order has not been paid, so it has no invoice yet.', { reason: 'not_paid' });
  const notes = await db
    .selectFrom('credit_notes')
    .select(['number', 'issued_at', 'gross_minor'])
    .where('invoice_id', '=', row.id)
    .orderBy('number')
    .execute();
  const totals = invoiceTotals(
    orderInvoiceLines({ planName: row.plan_name, totalMinor: row.total_minor, pointsDiscountMinor: row.points_discount_minor }),
    row.vat_rate_bp,
  );
  const creditNotes = notes.map((n) => ({
    number: documentNumber(CREDIT_NOTE_PREFIX, n.number),
    issuedAt: n.issued_at,
    ...splitGross(n.gross_minor, row.vat_rate_bp),
  }));
  return {
    number: documentNumber(INVOICE_PREFIX, row.number),
    issuedAt: row.issued_at,
    orderId: row.public_id,
    language: row.locale,
    currency: row.currency,
    seller: JSON.parse(row.seller_json) as SellerFacts,
    buyer: {
      email: row.email,
      name: row.full_name,
      business:
        row.company_name === null
          ? null
          : {
              companyName: row.company_name,
              address: row.address ?? '',
              country: row.country ?? '',
              vatId: row.vat_id,
              vatStatus: row.vat_status ?? 'not_checked',
            },
    },
    vat: { country: row.vat_country, rateBp: row.vat_rate_bp, basis: row.vat_basis },
    totals,
    creditNotes,
    keptMinor: totals.grossMinor - creditNotes.reduce((n, c) => n + c.grossMinor, 0),
  };
}

export type TBuyerInput = TInvoiceBuyerInput;

/**
 * Saves the business traveller's details (replacing earlier ones) and checks the VAT ID: its
 * country's format always (a bad one is a 400 and nothing is saved); VIES only when configured
 * (services.vatIds), and an unreachable VIES never blocks: the ID is saved 'unverified' and the
 * invoice says it was not verified. The invoice's VAT rate never changes with these details.
 * (The same details given at checkout: invoice-buyers.ts.)
 */
export async function saveInvoiceBuyer(db: Db, services: Services, access: InvoiceAccess, input: TBuyerInput): Promise<InvoiceView> {
  const orderId = await orderFor(db, access);
  const buyer = checkBuyer(input);
  // No invoice yet (not paid): refused before anything is written (company details for an unpaid
  // order are given at checkout, where they go with the order).
  const issued = await db.selectFrom('invoices').select('id').where('order_id', '=', orderId).executeTakeFirst();
  if (!issued) throw new AppError('CONFLICT', 'This order has not been paid, so it has no invoice yet.', { reason: 'not_paid' });
  const status = await askVies(services, buyer);
  await writeBuyer(db, orderId, buyer, status, services.now().toISOString());
  return getInvoice(db, access);
}

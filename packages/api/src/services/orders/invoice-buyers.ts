// A business traveller's details on an order (issue 31), however they come: at checkout
// (payments.createIntent / createSubscription `business`, stored with the order in its insert's
// transaction) or later on the invoice page (invoices.saveBuyer, invoice-views.ts). One check of
// the VAT ID's format (domain/invoices.ts checkVatId: a bad one is a 400 before anything is
// written), one row per order (invoice_buyers; issueInvoice reads its country when the order is
// paid), one VIES question. VIES never blocks nor slows the sale: at checkout it is asked in a
// background job once the order exists (scheduleVatCheck); until it answers, and for good when
// VIES is not configured, unreachable or not the ID's registry (GB), the invoice says 'not verified'.
import { sql } from 'kysely';
import type { Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import { checkVatId, printedVatId, viesCountry, type VatIdStatus } from '../../domain/invoices.ts';
import { errorText } from '../../errors.ts';
import type { TInvoiceBuyerInput } from '../../domain/invoice-buyer.ts';
import type { Services } from '../types.ts';

/** The details checked and normalised, ready to store. */
export interface CheckedBuyer {
  companyName: string;
  address: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** As printed (prefix + number), or null. */
  vatId: string | null;
  /** What to ask VIES (its prefix, the number without it); null: not a VIES ID, or none given. */
  vies: { country: string; number: string } | null;
}

/** Normalises the details and checks the VAT ID's format for its country: a clear 400 otherwise. */
export function checkBuyer(input: TInvoiceBuyerInput, field = ''): CheckedBuyer {
  const country = input.country.trim().toUpperCase();
  const base = { companyName: input.companyName.trim(), address: input.address.trim(), country };
  if (!input.vatId || input.vatId.trim() === '') return { ...base, vatId: null, vies: null };
  const checked = checkVatId(country, input.vatId);
  if (!checked.ok) {
    const at = checked.reason === 'INVOICE_COUNTRY' ? 'country' : 'vatId';
    throw new AppError(
      'BAD_INPUT',
      checked.reason === 'INVOICE_COUNTRY' ? 'Please choose a country.' : `This is not a valid VAT ID for ${country}.`,
      { field: field ? `${field}.${at}` : at, reason: checked.reason },
    );
  }
  const vies = viesCountry(checked.country);
  return { ...base, vatId: printedVatId(checked.country, checked.number), vies: vies ? { country: vies, number: checked.number } : null };
}

/** VIES's verdict on the ID: 'not_checked' when VIES is not configured or not the ID's registry. */
export async function askVies(services: Services, buyer: CheckedBuyer): Promise<VatIdStatus> {
  if (!services.vatIds || !buyer.vies) return 'not_checked';
  const answer = await services.vatIds.check(buyer.vies.country, buyer.vies.number);
  return answer === 'unavailable' ? 'unverified' : answer;
}

/** Writes (or replaces) the order's details; `status` 'not_checked' leaves vat_checked_at empty. */
export async function writeBuyer(db: Db, orderId: number, buyer: CheckedBuyer, status: VatIdStatus, now: string): Promise<void> {
  const values = {
    company_name: buyer.companyName,
    address: buyer.address,
    country: buyer.country,
    vat_id: buyer.vatId,
    vat_status: status,
    vat_checked_at: status === 'not_checked' ? null : now,
    updated_at: now,
  };
  await db
    .insertInto('invoice_buyers')
    .values({ order_id: orderId, ...values })
    .onConflict((oc) => oc.column('order_id').doUpdateSet(values))
    .execute();
}

/**
 * After the checkout's order is committed: asks VIES in the background (never on the request's
 * path) and records its verdict, unless the details changed meanwhile (invoices.saveBuyer asked
 * about them itself). Nothing queued when there is nothing to ask: the ID stays 'not verified'.
 */
export function scheduleVatCheck(db: Db, services: Services, orderId: number, buyer: CheckedBuyer): void {
  if (!services.vatIds || !buyer.vies || buyer.vatId === null) return;
  const vatId = buyer.vatId;
  services.jobs.run(`vies:${orderId}`, async () => {
    try {
      const status = await askVies(services, buyer);
      if (status === 'not_checked') return;
      const now = services.now().toISOString();
      await db
        .updateTable('invoice_buyers')
        .set({ vat_status: status, vat_checked_at: now, updated_at: now })
        .where('order_id', '=', orderId)
        .where('vat_id', '=', vatId)
        .where('vat_checked_at', 'is', null)
        .execute();
    } catch (e) {
      // The ID stays 'not verified' on the invoice; the traveller can save it again on the invoice page.
      services.log.warn('VIES check at checkout failed', { orderId, error: errorText(e) });
    }
  });
}

/**
 * A subscription's renewal order inherits its first order's company details (as they are now, with
 * VIES's last verdict), in the renewal's insert transaction before its invoice is issued.
 */
export async function copyBuyer(trx: Db, fromOrderId: number, toOrderId: number, now: string): Promise<void> {
  await trx
    .insertInto('invoice_buyers')
    .columns(['order_id', 'company_name', 'address', 'country', 'vat_id', 'vat_status', 'vat_checked_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('invoice_buyers')
        .select([
          sql<number>`cast(${toOrderId} as integer)`.as('order_id'),
          'company_name',
          'address',
          'country',
          'vat_id',
          'vat_status',
          'vat_checked_at',
          sql<string>`cast(${now} as varchar(32))`.as('updated_at'),
        ])
        .where('order_id', '=', fromOrderId),
    )
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

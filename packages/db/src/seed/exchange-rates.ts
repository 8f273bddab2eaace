// The spec's fallback rates relative to USD (§9), then the seven currencies of issue 28 at rates
// near the market's in November 2026 (AED at its fixed peg, 3.6725 to the dollar). Each is inserted
// when the currency is missing, so an existing shop gains the seven on its next seed and keeps the
// rates it has; the daily feed (when configured) or the admin page moves them afterwards.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { insertedCount } from './util.ts';

export const EXCHANGE_RATES = [
  { currency: 'USD', name: 'US Dollar', symbol: '$', rate_micros: 1_000_000 },
  { currency: 'GBP', name: 'British Pound', symbol: '£', rate_micros: 790_000 },
  { currency: 'EUR', name: 'Euro', symbol: '€', rate_micros: 930_000 },
  { currency: 'AUD', name: 'Australian Dollar', symbol: 'A$', rate_micros: 1_530_000 },
  { currency: 'CAD', name: 'Canadian Dollar', symbol: 'CA$', rate_micros: 1_390_000 },
  { currency: 'JPY', name: 'Japanese Yen', symbol: '¥', rate_micros: 154_000_000 },
  { currency: 'CHF', name: 'Swiss Franc', symbol: 'CHF', rate_micros: 880_000 },
  { currency: 'SGD', name: 'Singapore Dollar', symbol: 'S$', rate_micros: 1_340_000 },
  { currency: 'AED', name: 'UAE Dirham', symbol: 'AED', rate_micros: 3_672_500 },
  { currency: 'INR', name: 'Indian Rupee', symbol: '₹', rate_micros: 84_500_000 },
] as const;

export async function seedExchangeRates(db: Kysely<Database>, now: Date): Promise<number> {
  const updated_at = now.toISOString();
  const res = await db
    .insertInto('exchange_rates')
    .values(EXCHANGE_RATES.map((r) => ({ ...r, updated_at })))
    .onConflict((oc) => oc.column('currency').doNothing())
    .executeTakeFirst();
  return insertedCount(res);
}

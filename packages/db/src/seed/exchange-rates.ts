// The spec's fallback rates relative to USD (§9), inserted when the currency is missing.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { insertedCount } from './util.ts';

export const EXCHANGE_RATES = [
  { currency: 'USD', name: 'US Dollar', symbol: '$', rate_micros: 1_000_000 },
  { currency: 'GBP', name: 'British Pound', symbol: '£', rate_micros: 790_000 },
  { currency: 'EUR', name: 'Euro', symbol: '€', rate_micros: 930_000 },
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

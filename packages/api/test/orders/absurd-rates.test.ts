// An exchange rate no one meant (a typo, or a row written around the admin page) never turns a
// checkout into a server error: a price that cannot be charged or represented is a clear 4xx with
// a human message, no internal text reaches the shopper, and no order is made.
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import { counts, createOrdersRig, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.close();
});

async function setRateInDb(currency: string, rateMicros: number) {
  await rig.db.updateTable('exchange_rates').set({ rate_micros: rateMicros }).where('currency', '=', currency).execute();
  rig.services.catalog.invalidate();
}

async function checkout(currency: string) {
  const api = await rig.browser().caller();
  return api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'rate@traveller.example', currency });
}

async function refusal(p: Promise<unknown>): Promise<TRPCError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TRPCError) return e;
    throw e;
  }
  throw new Error('the checkout went through');
}

const INTERNAL_TEXT = /safe integer|RangeError|rateMicros|usdMinor|\bat \w+ \(/;

describe('checkout with an absurd rate written straight into the database', () => {
  it.each([
    ['1,000,000× the seed rate', 790_000 * 1_000_000],
    ['a rate whose conversion overflows 2^53', Number.MAX_SAFE_INTEGER],
    ['11× the seed rate (just out of the band)', 790_000 * 11],
    ['a rate of 1/100 of the seed', 7_900],
  ])('%s: 422 CURRENCY_UNAVAILABLE with a human message; no order', async (_what, micros) => {
    await setRateInDb('GBP', micros);
    const e = await refusal(checkout('GBP'));
    expect(e.code).toBe('UNPROCESSABLE_CONTENT');
    expect(e.cause).toBeInstanceOf(AppError);
    expect((e.cause as AppError).code).toBe('CURRENCY_UNAVAILABLE');
    expect(e.message).toBe('Payments in GBP are not available right now. Please choose another currency.');
    expect(e.message).not.toMatch(INTERNAL_TEXT);
    expect(await counts(rig.db)).toMatchObject({ orders: 0 });
    // The shop leaves the unusable rate out (no page converts with it); the others still sell.
    const rates = await (await rig.browser().caller()).catalog.exchangeRates();
    expect(Object.keys(rates.rates)).toEqual(['USD', 'EUR']);
    expect((await checkout('EUR')).amountMinor).toBe(1859);
  });

  it('a rate inside the band still sells (10× the seed is the edge)', async () => {
    await setRateInDb('GBP', 790_000 * 10);
    expect((await checkout('GBP')).amountMinor).toBe(15_792); // 19.99 × 7.9 = 157.921
  });
});

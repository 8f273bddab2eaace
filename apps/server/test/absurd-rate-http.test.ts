// A rate written straight into the database (around the admin page's bounds) reaches the shopper
// as a clear 4xx over HTTP, on the REST path and on tRPC, with a human message and no internal
// text; an unexpected error's own text never leaves the server through tRPC either.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrdersApp, post, type OrdersApp } from './orders-app.ts';

let t: OrdersApp;
beforeEach(async () => {
  t = await createOrdersApp();
});
afterEach(async () => {
  await t.close();
});

const INTERNAL_TEXT = /safe integer|RangeError|rateMicros|usdMinor|\.ts:\d+|\bat \w+ \(/;
const HUMAN = 'Payments in GBP are not available right now. Please choose another currency.';

async function absurdGbp(micros: number) {
  await t.db.updateTable('exchange_rates').set({ rate_micros: micros }).where('currency', '=', 'GBP').execute();
  t.services.catalog.invalidate();
}

describe('checkout with an absurd rate in the database', () => {
  it.each([
    ['1,000,000× the seed rate', 790_000 * 1_000_000],
    ['a rate whose conversion overflows', Number.MAX_SAFE_INTEGER],
  ])('%s: REST 422 CURRENCY_UNAVAILABLE, no internal text', async (_what, micros) => {
    await absurdGbp(micros);
    const res = await post(t.app, '/api/create-payment-intent', {
      planId: t.plans.japan5.id,
      email: 'rate@traveller.example',
      currency: 'GBP',
    });
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'CURRENCY_UNAVAILABLE', message: HUMAN } });
    expect(text).not.toMatch(INTERNAL_TEXT);
  });

  it('tRPC: 422 with the code the web translates, no internal text', async () => {
    await absurdGbp(Number.MAX_SAFE_INTEGER);
    const res = await post(t.app, '/api/trpc/payments.createIntent', {
      json: { planId: t.plans.japan5.id, email: 'rate@traveller.example', currency: 'GBP' },
    });
    expect(res.status).toBe(422);
    const text = await res.text();
    const body = JSON.parse(text) as { error: { json: { message: string; data: { appError: { code: string } | null } } } };
    expect(body.error.json.message).toBe(HUMAN);
    expect(body.error.json.data.appError?.code).toBe('CURRENCY_UNAVAILABLE');
    expect(text).not.toMatch(INTERNAL_TEXT);
  });
});

describe('an unexpected error through tRPC', () => {
  it("is a 500 with the shop's own words, not the error's text", async () => {
    t.services.catalog.getExchangeRates = async () => {
      throw new RangeError('usdMinor × rateMicros must be a safe integer, got 1e30');
    };
    const res = await post(t.app, '/api/trpc/payments.createIntent', {
      json: { planId: t.plans.japan5.id, email: 'rate@traveller.example', currency: 'GBP' },
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect((JSON.parse(text) as { error: { json: { message: string } } }).error.json.message).toBe('Something went wrong on our side.');
    expect(text).not.toMatch(INTERNAL_TEXT);
  });
});

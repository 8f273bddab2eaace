// Issue 29 over HTTP: the spec's REST checkout and the tRPC path both take a promo code, price the
// order after it on the server (whatever amount the client sends), and refuse a code with its
// PROMO_* code and a 4xx the web translates.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrdersApp, post, type OrdersApp } from './orders-app.ts';

let t: OrdersApp;
beforeEach(async () => {
  t = await createOrdersApp();
  const now = new Date().toISOString();
  await t.db
    .insertInto('promo_codes')
    .values({
      code: 'HTTP10',
      kind: 'percent',
      percent: 10,
      amounts_json: null,
      starts_at: null,
      ends_at: null,
      max_uses: null,
      max_uses_per_customer: null,
      region_ids_json: null,
      plan_ids_json: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterEach(async () => {
  await t.close();
});

describe('a promo code at checkout over HTTP', () => {
  it('REST: the discounted amount, the code and its discount in the answer; the client amount plays no part', async () => {
    const res = await post(t.app, '/api/create-payment-intent', {
      planId: t.plans.japan5.id,
      amount: 0.01,
      email: 'rest@traveller.example',
      promoCode: 'http10',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ amount: 18, amountMinor: 1800, promoCode: 'HTTP10', promoDiscountMinor: 199 });
  });

  it('tRPC: the same', async () => {
    const res = await post(t.app, '/api/trpc/payments.createIntent', {
      json: { planId: t.plans.japan5.id, email: 'trpc@traveller.example', promoCode: 'HTTP10' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { data: { json: unknown } } }).result.data.json).toMatchObject({
      amountMinor: 1800,
      promoDiscountMinor: 199,
    });
  });

  it.each([
    ['an unknown code', 'NOPE-1', 404, 'PROMO_NOT_FOUND'],
    ['not a code at all', '!!', 404, 'PROMO_NOT_FOUND'],
  ])('REST, %s: %s with its code, no order', async (_what, code, status, appCode) => {
    const res = await post(t.app, '/api/create-payment-intent', {
      planId: t.plans.japan5.id,
      email: 'x@traveller.example',
      promoCode: code,
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: { code: appCode } });
    expect(await t.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('REST, a subscription with a code: 422 PROMO_NOT_FOR_SUBSCRIPTIONS', async () => {
    const res = await post(t.app, '/api/create-payment-intent', {
      planId: t.plans.japan5.id,
      email: 'x@traveller.example',
      kind: 'subscription',
      promoCode: 'HTTP10',
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'PROMO_NOT_FOR_SUBSCRIPTIONS' } });
  });
});

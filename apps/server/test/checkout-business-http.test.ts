// Issue 31 over HTTP: the spec's REST checkout (POST /api/create-payment-intent) takes the same
// optional `business` as the tRPC call; a bad VAT ID is a 400 { error: { code, message } } with
// nothing written, good details are stored with the order.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrdersApp, post, type OrdersApp } from './orders-app.ts';

let t: OrdersApp;
beforeEach(async () => {
  t = await createOrdersApp();
});
afterEach(async () => {
  await t.close();
});

const business = { companyName: 'Voyages SARL', address: '1 rue de Rivoli, Paris', country: 'FR' };

describe('company details at checkout over HTTP', () => {
  it('REST: stored with the order, the VAT ID as printed', async () => {
    const res = await post(t.app, '/api/create-payment-intent', {
      planId: t.plans.japan5.id,
      email: 'rest@company.example',
      business: { ...business, vatId: 'fr 12 345678901' },
    });
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    const row = await t.db
      .selectFrom('invoice_buyers as b')
      .innerJoin('orders as o', 'o.id', 'b.order_id')
      .select(['o.public_id', 'b.company_name', 'b.country', 'b.vat_id', 'b.vat_status'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      public_id: orderId,
      company_name: 'Voyages SARL',
      country: 'FR',
      vat_id: 'FR12345678901',
      vat_status: 'not_checked',
    });
  });

  it.each([
    [{ ...business, vatId: 'FR123' }, 'This is not a valid VAT ID for FR.'],
    [{ ...business, companyName: '' }, 'Please enter the company name.'],
  ])('REST, bad details %j: 400 with a readable message, no order', async (bad, message) => {
    const res = await post(t.app, '/api/create-payment-intent', { planId: t.plans.japan5.id, email: 'x@company.example', business: bad });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.message).toContain(message);
    expect(await t.db.selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('invoice_buyers').select('order_id').execute()).toEqual([]);
  });
});

// Issue 28: buying in yen. The order's total is whole yen (¥1,480 is 1480, not 148000), charm-rounded
// as the shop shows it; the demo provider is asked for that same integer, as Stripe takes JPY
// ('zero-decimal currencies': the amount is in yen); the e-mail and the order page say ¥ without decimals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertPrice } from '../../src/domain/money.ts';
import { CARDS, createOrdersRig, demo, type OrdersRig } from '../orders/rig.ts';

let rig: OrdersRig;

beforeEach(async () => {
  rig = await createOrdersRig();
  const now = rig.clock.now.toISOString();
  await rig.db
    .insertInto('exchange_rates')
    .values([
      { currency: 'JPY', name: 'Japanese Yen', symbol: '¥', rate_micros: 154_000_000, updated_at: now },
      { currency: 'INR', name: 'Indian Rupee', symbol: '₹', rate_micros: 84_500_000, updated_at: now },
    ])
    .execute();
  rig.services.catalog.invalidate();
});
afterEach(async () => {
  await rig.close();
});

describe('checkout in JPY (demo payments)', () => {
  it('prices, charges and shows whole yen', async () => {
    const api = await rig.browser({ currency: 'JPY' }).caller();
    // $19.99 × 154 = ¥3,078.46 → ¥3,078 → ¥3,080 (ends in 80 from ¥1,000)
    expect(convertPrice(1999, 154_000_000, 'JPY')).toBe(3080);
    const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'yen@traveller.example' });
    expect(intent).toMatchObject({ currency: 'JPY', amountMinor: 3080, amount: 3080 });
    const order = await rig.db.selectFrom('orders').selectAll().where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ currency: 'JPY', total_amount_minor: 3080, rate_micros: 154_000_000 });
    // The payment provider holds the same integer: yen, as Stripe's zero-decimal amounts.
    const held = await demo(rig).retrievePaymentIntent(intent.paymentIntentId!);
    expect(held).toMatchObject({ amountMinor: 3080, currency: expect.stringMatching(/^jpy$/i) });

    const res = await api.payments.demoConfirm({
      paymentIntentId: intent.paymentIntentId!,
      clientSecret: intent.clientSecret,
      card: CARDS.ok,
    });
    expect(res.status).toBe('succeeded');
    await rig.settle();
    const view = await api.orders.byPaymentIntent({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret });
    expect(view).toMatchObject({ totalAmount: 3080, totalMinor: 3080, currency: 'JPY', orderStatus: 'fulfilled' });
    const mail = rig.mailer.sent.find((m) => m.to === 'yen@traveller.example');
    expect(mail?.text).toContain('¥3,080');
    expect(mail?.text).not.toMatch(/3,080\.00|30\.80/);
  });

  it('the same plan in rupees: two decimals, charm-rounded', async () => {
    const api = await rig.browser().caller();
    // $19.99 × 84.5 = ₹1,689.155 → ₹1,689.16 → ₹1,689.49
    const intent = await api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'inr@traveller.example', currency: 'inr' });
    expect(intent).toMatchObject({ currency: 'INR', amountMinor: 168_949, amount: 1689.49 });
    expect((await demo(rig).retrievePaymentIntent(intent.paymentIntentId!)).amountMinor).toBe(168_949);
  });

  it('a currency of the ten without a rate in this shop is a clear 422, and no order', async () => {
    const api = await rig.browser().caller();
    await expect(api.payments.createIntent({ planId: rig.plans.japan5.id, email: 'a@b.example', currency: 'CHF' })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
    expect(await rig.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });
});

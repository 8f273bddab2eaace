// The order's timeline as the admin order page and the account read it: every status move that
// transition() made, with its actor and reason, oldest first.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminRigA, buy, type OrdersRig } from '../admin-helpers-a.ts';
import type { Browser } from './rig.ts';

let rig: OrdersRig;
let admin: Browser;
let customer: Browser;

beforeEach(async () => {
  ({ rig, admin, customer } = await adminRigA());
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const moves = (events: { from: string | null; to: string; actor: string }[]) => events.map((e) => [e.from, e.to, e.actor]);

describe('order events', () => {
  it("the admin order page lists each move: paid by the provider's event, delivered by the system, refunded by the owner", async () => {
    const { orderId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const api = await admin.caller();
    const before = await api.admin.orders.get({ orderId });
    expect(moves(before.statusHistory)).toEqual([
      ['pending_payment', 'paid', 'provider'],
      ['paid', 'fulfilled', 'system'],
    ]);
    expect(before.statusHistory[0]).toMatchObject({ reason: 'payment succeeded', at: expect.stringMatching(/^2026-/) });
    await api.admin.orders.refund({ orderId });
    await rig.settle();
    const after = await api.admin.orders.get({ orderId });
    expect(moves(after.statusHistory)).toEqual([
      ['pending_payment', 'paid', 'provider'],
      ['paid', 'fulfilled', 'system'],
      ['fulfilled', 'refunded', 'owner'],
    ]);
    // The traveller's account reads the same moves (orders.history); anyone else's: 404.
    expect(moves(await (await customer.caller()).orders.history({ orderId }))).toEqual(moves(after.statusHistory));
    await expect((await admin.caller()).orders.history({ orderId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Each event's time is at or after the one before it.
    const times = after.statusHistory.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
  });

  it('a card declined, then paid: payment_failed by the provider, then paid from payment_failed', async () => {
    const api = await customer.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id });
    const declined = { number: '4000000000000002', expMonth: 12, expYear: 2030, cvc: '123' };
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: declined });
    await api.payments.demoConfirm({
      paymentIntentId: intent.paymentIntentId!,
      clientSecret: intent.clientSecret,
      card: { ...declined, number: '4242424242424242' },
    });
    await rig.settle();
    const detail = await (await admin.caller()).admin.orders.get({ orderId: intent.orderId });
    expect(moves(detail.statusHistory)).toEqual([
      ['pending_payment', 'payment_failed', 'provider'],
      ['payment_failed', 'paid', 'provider'],
      ['paid', 'fulfilled', 'system'],
    ]);
    expect(detail.statusHistory[0]!.reason).toMatch(/^card payment failed/);
  });
});

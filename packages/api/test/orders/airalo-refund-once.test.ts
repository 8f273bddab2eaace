// Airalo reviews every refund request by hand (POST /v2/refund, 5/min; request-refund OpenAPI
// fragment): the shop sends it at most one per refund. The refund engine (order-life/refunds.ts)
// over the real Airalo adapter and msw's fake, counting the requests: a double click, a repeat after
// the refund, the worker's tick and the owner's later look all add none.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AiraloProvider } from '../../src/providers/esim/airalo.ts';
import { finishClaimedRefunds } from '../../src/services/order-life/refunds.ts';
import type { Services } from '../../src/services/types.ts';
import { AIRALO_BASE, AiraloFake } from '../providers/fakes/airalo-fake.ts';
import { CARDS, account, createOrdersRig, type OrdersRig } from './rig.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let rig: OrdersRig;
afterEach(async () => {
  server.resetHandlers();
  await rig.settle();
  await rig.close();
});

describe('Airalo refunds', () => {
  it('one refund = one POST /v2/refund, however often the traveller clicks and the worker looks', async () => {
    rig = await createOrdersRig();
    const fake = new AiraloFake();
    server.resetHandlers(...fake.handlers());
    const provider = new AiraloProvider({
      baseUrl: AIRALO_BASE,
      clientId: 'client-id',
      clientSecret: 'client-secret',
      sleep: async () => {},
    });
    Object.defineProperty(provider, 'isReal', { value: false }); // the rig pays with demo cards
    (rig.services as Services).esim = provider;
    await rig.db
      .updateTable('plans')
      .set({ provider: 'airalo', provider_package: 'uki-mobile-15days-2gb' })
      .where('id', '=', rig.plans.japan1.id)
      .execute();

    const me = rig.browser();
    await (await me.caller()).auth.register(account());
    const api = await me.caller();
    const intent = await api.payments.createIntent({ planId: rig.plans.japan1.id });
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    expect(fake.orders).toHaveLength(1);
    const refunds = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v2/refund').length;

    const [a, b] = await Promise.all([api.orders.refund({ orderId: intent.orderId }), api.orders.refund({ orderId: intent.orderId })]);
    expect(a.orderStatus).toBe('refunded');
    expect(b).toEqual(a);
    expect(await api.orders.refund({ orderId: intent.orderId })).toEqual(a);
    await finishClaimedRefunds(rig.db, rig.services as Services);
    await rig.settle();
    expect(refunds()).toBe(1);
    expect([...fake.sims.values()].filter((s) => s.refunded)).toHaveLength(1);
  });
});

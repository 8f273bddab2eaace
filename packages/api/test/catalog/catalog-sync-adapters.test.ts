// catalog sync from the real adapters over their msw fakes (real fetch, recorded shapes), then a
// demo order of an imported plan bought at the provider by its package code: the whole path from
// the provider's catalogue to a delivered eSIM, for Airalo and eSIM Access.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_RULE } from '../../src/domain/pricing.ts';
import { AiraloProvider } from '../../src/providers/esim/airalo.ts';
import { EsimAccessProvider } from '../../src/providers/esim/esimaccess.ts';
import type { EsimProvider } from '../../src/providers/esim/index.ts';
import { syncCatalog } from '../../src/services/catalog/catalog-sync.ts';
import type { Services } from '../../src/services/types.ts';
import { CARDS, createOrdersRig, type OrdersRig } from '../orders/rig.ts';
import { AIRALO_BASE, AiraloFake } from '../providers/fakes/airalo-fake.ts';
import { EA_BASE, EsimAccessFake } from '../providers/fakes/esimaccess-fake.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let rig: OrdersRig;
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

function airalo(): EsimProvider {
  const fake = new AiraloFake();
  server.resetHandlers(...fake.handlers());
  return new AiraloProvider({ baseUrl: AIRALO_BASE, clientId: 'client-id', clientSecret: 'client-secret', sleep: async () => {} });
}

function esimAccess(): EsimProvider {
  const fake = new EsimAccessFake();
  server.resetHandlers(...fake.handlers());
  return new EsimAccessProvider({ baseUrl: EA_BASE, accessCode: fake.accessCode, secretKey: fake.secretKey, sleep: async () => {} });
}

describe.each([
  ['airalo', airalo],
  ['esimaccess', esimAccess],
])('catalog sync from %s', (name, make) => {
  it('imports its packages (twice safely) and an imported plan is bought by its package code', async () => {
    rig = await createOrdersRig();
    const provider = make();
    (rig.services as Services).esim = provider;
    const opts = { provider, pricing: DEFAULT_PRICING_RULE, now: rig.clock.now, force: true }; // replaces the seed: all 4 hidden
    const first = await syncCatalog(rig.db, rig.services, opts);
    expect(first.added).toBeGreaterThan(0);
    expect(first.hidden).toBe(4); // the rig's seed plans: no package at this provider
    const again = await syncCatalog(rig.db, rig.services, opts);
    expect(again).toMatchObject({ added: 0, updated: 0, hidden: 0, changed: false, unchanged: first.added });

    const plans = await rig.db
      .selectFrom('plans')
      .select(['id', 'provider', 'provider_package', 'price_minor', 'wholesale_minor', 'topup_only'])
      .where('provider', '=', name)
      .execute();
    expect(plans.length).toBe(first.added);
    for (const p of plans) expect(p.price_minor).toBeGreaterThanOrEqual(199);
    const plan = plans.find((p) => p.topup_only === 0)!;
    const api = await rig.browser().caller();
    const intent = await api.payments.createIntent({ planId: plan.id, email: 'traveller@shop.example' });
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
    await rig.settle();
    const order = await rig.db
      .selectFrom('orders')
      .select(['status', 'last_error', 'provider_ref'])
      .where('payment_intent_id', '=', intent.paymentIntentId!)
      .executeTakeFirstOrThrow();
    expect(order.last_error).toBeNull();
    expect(order.status).toBe('fulfilled');
  });
});

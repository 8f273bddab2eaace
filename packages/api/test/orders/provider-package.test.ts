// Fulfilment buys the plan's own provider package (plans.provider_package from catalog sync),
// refuses a plan the running provider cannot buy (refund, traveller told), and provisions an
// asynchronous order as soon as the provider says it is ready.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_RULE } from '../../src/domain/pricing.ts';
import type { EsimOrderInput, EsimProvider, EsimTopUpInput, ProviderPackage } from '../../src/providers/esim/index.ts';
import { syncCatalog } from '../../src/services/catalog/catalog-sync.ts';
import { handleEsimEvent } from '../../src/services/esims/esim-events.ts';
import type { Services } from '../../src/services/types.ts';
import { CARDS, createOrdersRig, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

/** The rig's simulator under another provider's name (a real one), recording what it was asked to buy. */
function realProvider(r: OrdersRig, packages: ProviderPackage[]) {
  const orders: EsimOrderInput[] = [];
  const topUps: EsimTopUpInput[] = [];
  const sim = r.esim;
  const provider: EsimProvider = {
    name: 'fakeprov',
    isReal: true,
    order: (input) => {
      orders.push(input);
      return sim.order(input);
    },
    getEsim: (ref) => sim.getEsim(ref),
    usage: (iccid) => sim.usage(iccid),
    cancel: (iccid) => sim.cancel(iccid),
    topUp: (input) => {
      topUps.push(input);
      return sim.topUp(input);
    },
    listPackages: async () => packages,
    topUpsFor: async () => packages.filter((p) => p.topUp).map((p) => p.code),
    parseWebhook: (body, headers, now) => sim.parseWebhook(body, headers, now),
  };
  (r.services as Services).esim = provider;
  return { provider, orders, topUps };
}

async function buy(planId: number) {
  const api = await rig.browser().caller();
  const intent = await api.payments.createIntent({ planId, email: 'traveller@shop.example' });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return rig.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', intent.paymentIntentId!).executeTakeFirstOrThrow();
}

const JP: ProviderPackage = {
  code: 'JP-1GB-7D-REAL',
  name: 'Japan 1 GB',
  countries: ['JP'],
  dataMb: 1024,
  validityDays: 7,
  wholesale: { minor: 300, currency: 'USD' },
  topUp: true,
  newEsim: true,
};

describe('the provider package on order and top-up', () => {
  it('the simulator with the seed plans buys no package code', async () => {
    rig = await createOrdersRig();
    const orders: EsimOrderInput[] = [];
    const order = rig.esim.order.bind(rig.esim);
    rig.esim.order = (input) => {
      orders.push(input);
      return order(input);
    };
    const o = await buy(rig.plans.japan1.id);
    expect(o.status).toBe('fulfilled');
    expect(orders[0]?.packageCode).toBeUndefined();
  });

  it("a real provider's synced plan is bought by its package code", async () => {
    rig = await createOrdersRig();
    const real = realProvider(rig, [JP]);
    await syncCatalog(rig.db, rig.services, { provider: real.provider, pricing: DEFAULT_PRICING_RULE, now: rig.clock.now, force: true });
    const plan = await rig.db.selectFrom('plans').select('id').where('provider_package', '=', JP.code).executeTakeFirstOrThrow();
    const o = await buy(plan.id);
    expect(o.status).toBe('fulfilled');
    expect(real.orders.map((i) => i.packageCode)).toEqual([JP.code]);
  });

  it('a plan the running provider cannot buy is refused clearly and refunded, never bought as something else', async () => {
    rig = await createOrdersRig();
    const real = realProvider(rig, [JP]);
    // A seed plan (no package) paid while a real provider runs, before any sync.
    const o = await buy(rig.plans.japan1.id);
    expect(real.orders).toEqual([]);
    expect(o.status).toBe('refunded');
    expect(o.last_error).toContain('has no fakeprov package');
    expect(rig.mailer.sent.some((m) => m.to === 'traveller@shop.example' && /refund/i.test(m.subject))).toBe(true);

    // Another provider's plan: refused too.
    await rig.db
      .updateTable('plans')
      .set({ provider: 'otherprov', provider_package: 'X-1' })
      .where('id', '=', rig.plans.japan5.id)
      .execute();
    const other = await buy(rig.plans.japan5.id);
    expect(other.status).toBe('refunded');
    expect(other.last_error).toContain("otherprov's package X-1");
    expect(real.orders).toEqual([]);
  });
});

describe("the provider's 'ready' event", () => {
  it('provisions the waiting asynchronous order at once; unknown or repeated: ignored', async () => {
    rig = await createOrdersRig({ simulator: { mode: 'async', readyAfterMs: 3_600_000 } });
    const o = await buy(rig.plans.japan1.id);
    expect(o.status).toBe('provisioning');
    expect(o.provider_ref).toBeTruthy();
    rig.clock.advance(3_600_000);
    const ready = {
      id: 'evt_ready_1',
      type: 'ready' as const,
      iccid: '',
      occurredAt: rig.clock.now.toISOString(),
      providerRef: o.provider_ref!,
    };
    expect(await handleEsimEvent(rig.db, rig.services, ready)).toBe('processed');
    await rig.settle();
    const after = await rig.db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('fulfilled');
    expect(await handleEsimEvent(rig.db, rig.services, ready)).toBe('ignored');
    expect(await handleEsimEvent(rig.db, rig.services, { ...ready, id: 'evt_ready_2', providerRef: 'sim_nothing' })).toBe('ignored');
  });
});

// Several providers at once (issue 25), with the simulator and the msw fakes of Airalo and eSIM
// Access (real adapters, real fetch): catalog sync imports each provider and lists one plan per
// offer (the best); an order its provider refuses as out of stock is delivered by the next
// provider's equivalent plan — one eSIM, one payment, no refund — or, both refusing, refunded once;
// the failover is recorded before the second provider is asked, so a restart never goes back to
// the first; top-ups go to the eSIM's own provider.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_RULE } from '../../src/domain/pricing.ts';
import { AiraloProvider } from '../../src/providers/esim/airalo.ts';
import { EsimAccessProvider } from '../../src/providers/esim/esimaccess.ts';
import type { EsimProvider } from '../../src/providers/esim/index.ts';
import { syncCatalog } from '../../src/services/catalog/catalog-sync.ts';
import { listAdminPlans, updatePlan } from '../../src/services/admin/catalog.ts';
import { provisionOrder } from '../../src/services/order-life/provisioning.ts';
import type { Services } from '../../src/services/types.ts';
import { AIRALO_BASE, AiraloFake } from '../providers/fakes/airalo-fake.ts';
import { EA_BASE, EsimAccessFake, FAKE_BASE_PACKAGES } from '../providers/fakes/esimaccess-fake.ts';
import { CARDS, account, createOrdersRig, type OrdersRig } from './rig.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let rig: OrdersRig;
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

const OUT_OF_STOCK = 'The requested eSIM package is invalid or it is currently out of stock. Please try again later.';

/** eSIM Access's fake also sells a United States 1 GB / 7 days (as Airalo's fake and the seed do). */
function usPackage() {
  const na = FAKE_BASE_PACKAGES[1]!;
  return {
    ...na,
    packageCode: 'EA-US-1G-7D',
    slug: 'US_1_7',
    name: 'United States 1GB 7Days',
    price: 20_000,
    retailPrice: 40_000,
    volume: 1_073_741_824,
    duration: 7,
    location: 'US',
    locationNetworkList: na.locationNetworkList.filter((n) => n.locationName === 'United States'),
  };
}

interface Setup {
  airalo: AiraloFake;
  ea: EsimAccessFake;
  providers: Record<string, EsimProvider>;
}

/** The rig with `names` configured (in that order), each synced; the simulator sells only US, ES and JP packages. */
async function configure(names: readonly string[]): Promise<Setup> {
  rig = await createOrdersRig();
  const airalo = new AiraloFake();
  const ea = new EsimAccessFake();
  ea.readyAfterQueries = 0;
  ea.base.push(usPackage());
  server.resetHandlers(...airalo.handlers(), ...ea.handlers());
  const sim = rig.esim;
  const all = sim.listPackages.bind(sim);
  sim.listPackages = async () => (await all()).filter((p) => p.countries.every((c) => ['US', 'ES', 'JP'].includes(c)));
  const providers: Record<string, EsimProvider> = {
    simulator: sim,
    airalo: new AiraloProvider({ baseUrl: AIRALO_BASE, clientId: 'client-id', clientSecret: 'client-secret', sleep: async () => {} }),
    esimaccess: new EsimAccessProvider({
      baseUrl: EA_BASE,
      accessCode: ea.accessCode,
      secretKey: ea.secretKey,
      sleep: async () => {},
      orderPollMs: 0,
    }),
  };
  const list = names.map((n) => providers[n]!);
  (rig.services as Services).esim = list[0]!;
  (rig.services as Services).esimProviders = list;
  for (const provider of list) {
    const report = await syncCatalog(rig.db, rig.services, {
      provider,
      configured: names,
      pricing: DEFAULT_PRICING_RULE,
      now: rig.clock.now,
      // Without the simulator the rig's seed plans leave the shop: a catalogue replacement (the guard wants force).
      force: !names.includes('simulator'),
    });
    expect(report.refused).toBeUndefined();
  }
  return { airalo, ea, providers };
}

async function usOneGigPlans() {
  return rig.db
    .selectFrom('plans')
    .select(['id', 'provider', 'provider_package', 'price_minor', 'wholesale_minor', 'offer_key', 'alternate_of'])
    .where('offer_key', '=', 'US|1024MB|7d|esim')
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
}

async function buy(planId: number, email = 'traveller@shop.example') {
  const api = await rig.browser().caller();
  const intent = await api.payments.createIntent({ planId, email });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return rig.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', intent.paymentIntentId!).executeTakeFirstOrThrow();
}

async function esimsOf(orderId: number) {
  return rig.db.selectFrom('esims').select(['id', 'provider', 'iccid']).where('order_id', '=', orderId).execute();
}

async function refundsOf(orderId: number) {
  return rig.db.selectFrom('refunds').select(['id', 'amount_minor']).where('order_id', '=', orderId).execute();
}

describe('catalog sync with several providers', () => {
  it('imports each provider; equivalent plans are listed once, the lowest price to the traveller first', async () => {
    const { providers } = await configure(['simulator', 'airalo', 'esimaccess']);
    const us = await usOneGigPlans();
    expect(us.map((p) => p.provider).sort()).toEqual(['airalo', 'esimaccess', 'simulator']);
    const cheapest = Math.min(...us.map((p) => p.price_minor));
    const listed = us.filter((p) => p.alternate_of === null);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.price_minor).toBe(cheapest);
    for (const p of us.filter((x) => x !== listed[0])) expect(p.alternate_of).toBe(listed[0]!.id);
    for (const p of us) expect(p.wholesale_minor).toBeGreaterThan(0);

    // The shop lists the best offer only; the alternates stay active (failover, the provider's top-ups).
    const region = await rig.db.selectFrom('regions').select('id').where('code', '=', 'US').executeTakeFirstOrThrow();
    rig.services.catalog.invalidate();
    const shown = await rig.services.catalog.listPlans(region.id);
    const oneGig = shown.filter((p) => p.dataMb === 1024 && p.validityDays === 7);
    expect(oneGig.map((p) => p.id)).toEqual([listed[0]!.id]);

    // The admin catalogue shows each plan's provider, package, cost, and which is listed.
    const adminPlans = await listAdminPlans(rig.db, region.id);
    for (const p of us) {
      expect(adminPlans.find((a) => a.id === p.id)).toMatchObject({
        provider: p.provider,
        providerPackage: p.provider_package,
        wholesaleMinor: p.wholesale_minor,
        wholesaleCurrency: 'USD',
        alternateOf: p.alternate_of,
      });
    }

    // A second round changes nothing; a price change re-ranks.
    for (const name of ['simulator', 'airalo', 'esimaccess']) {
      const again = await syncCatalog(rig.db, rig.services, {
        provider: providers[name]!,
        configured: ['simulator', 'airalo', 'esimaccess'],
        pricing: DEFAULT_PRICING_RULE,
        now: rig.clock.now,
      });
      expect(again).toMatchObject({ added: 0, updated: 0, hidden: 0, relisted: 0, changed: false });
    }
  });

  it('the owner hiding the listed plan (or re-pricing it) lists the next best at once', async () => {
    await configure(['simulator', 'airalo']);
    const [listed] = (await usOneGigPlans()).filter((p) => p.alternate_of === null);
    const other = (await usOneGigPlans()).find((p) => p.id !== listed!.id)!;
    const owner = account();
    await (await rig.browser().caller()).auth.register(owner);
    const user = await rig.db.selectFrom('users').select('id').where('username', '=', owner.username).executeTakeFirstOrThrow();
    const actor = { id: user.id, username: owner.username, ip: '127.0.0.1' };
    await updatePlan(rig.db, rig.services, actor, listed!.id, { visible: false });
    expect((await usOneGigPlans()).map((p) => [p.id, p.alternate_of])).toEqual([[other.id, null]]);
    await updatePlan(rig.db, rig.services, actor, listed!.id, { visible: true, priceMinor: other.price_minor + 500 });
    const after = await usOneGigPlans();
    expect(after.find((p) => p.id === other.id)!.alternate_of).toBeNull();
    expect(after.find((p) => p.id === listed!.id)!.alternate_of).toBe(other.id);
  });

  it('a provider dropped from ESIM_PROVIDERS: its plans are hidden by the next sync, the others relisted', async () => {
    const { providers } = await configure(['simulator', 'airalo']);
    const before = await usOneGigPlans();
    expect(before).toHaveLength(2);
    const r = await syncCatalog(rig.db, rig.services, {
      provider: providers.simulator!,
      configured: ['simulator'],
      pricing: DEFAULT_PRICING_RULE,
      now: rig.clock.now,
      force: true,
    });
    expect(r.hidden).toBeGreaterThan(0);
    const after = await usOneGigPlans();
    expect(after.map((p) => [p.provider, p.alternate_of])).toEqual([['simulator', null]]);
  });
});

describe('failover to the next provider', () => {
  it('Airalo out of stock (code 34): the simulator delivers — one eSIM, one payment, no refund', async () => {
    const { airalo } = await configure(['simulator', 'airalo']);
    const us = await usOneGigPlans();
    const airaloPlan = us.find((p) => p.provider === 'airalo')!;
    const simPlan = us.find((p) => p.provider === 'simulator')!;
    airalo.failNext('POST /v2/orders', () => AiraloFake.businessError(34, OUT_OF_STOCK));
    const o = await buy(airaloPlan.id);
    expect(o.status).toBe('fulfilled');
    expect(o.provision_plan_id).toBe(simPlan.id);
    expect(o.amount_refunded_minor).toBe(0);
    expect(await refundsOf(o.id)).toEqual([]);
    const esims = await esimsOf(o.id);
    expect(esims.map((e) => e.provider)).toEqual(['simulator']);
    expect(airalo.ordersBought).toBe(0);
    expect(airalo.calls.filter((c) => c.method === 'POST' && c.path === '/v2/orders')).toHaveLength(1);
    const events = await rig.db.selectFrom('order_events').select('reason').where('order_id', '=', o.id).execute();
    expect(events.some((e) => /airalo refused the package .*failing over to simulator/.test(e.reason))).toBe(true);
    // The order's plan (what the traveller bought) is unchanged.
    expect(o.plan_id).toBe(airaloPlan.id);
  });

  it("a later package of the plan (a renewal) goes to the eSIM's own provider, as that provider's equivalent package", async () => {
    const { airalo } = await configure(['simulator', 'airalo']);
    const us = await usOneGigPlans();
    const airaloPlan = us.find((p) => p.provider === 'airalo')!;
    const simPlan = us.find((p) => p.provider === 'simulator')!;
    airalo.failNext('POST /v2/orders', () => AiraloFake.businessError(34, OUT_OF_STOCK));
    const first = await buy(airaloPlan.id);
    const [esim] = await esimsOf(first.id);
    expect(esim!.provider).toBe('simulator');
    // The next package on that eSIM, of the plan the traveller bought (Airalo's): as a subscription's renewal makes it.
    const { id: _id, ...row } = await rig.db.selectFrom('orders').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    const next = await rig.db
      .insertInto('orders')
      .values({
        ...row,
        public_id: `${row.public_id}-R`,
        payment_intent_id: `${row.payment_intent_id}_r`,
        checkout_key: null,
        status: 'paid',
        topup_esim_id: esim!.id,
        provision_plan_id: null,
        provider_ref: null,
        fulfilled_at: null,
        provision_attempts: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const applied: Array<string | undefined> = [];
    const topUp = rig.esim.topUp.bind(rig.esim);
    rig.esim.topUp = (input) => {
      applied.push(input.packageCode);
      return topUp(input);
    };
    expect(await provisionOrder(rig.db, rig.services, next.id)).toBe('fulfilled');
    const simPackage = await rig.db.selectFrom('plans').select('provider_package').where('id', '=', simPlan.id).executeTakeFirstOrThrow();
    expect(applied).toEqual([simPackage.provider_package]);
    expect(airalo.calls.filter((c) => c.path.startsWith('/v2/orders'))).toHaveLength(2); // the lookup and the refused order, nothing since
    const packages = await rig.db.selectFrom('esim_packages').select(['esim_id', 'kind']).where('order_id', '=', next.id).execute();
    expect(packages).toEqual([{ esim_id: esim!.id, kind: 'topup' }]);
  });

  it('eSIM Access out of stock (200011): Airalo delivers', async () => {
    const { airalo, ea } = await configure(['esimaccess', 'airalo']);
    const eaPlan = (await usOneGigPlans()).find((p) => p.provider === 'esimaccess')!;
    ea.stock = 0;
    const o = await buy(eaPlan.id);
    expect(o.status).toBe('fulfilled');
    expect((await esimsOf(o.id)).map((e) => e.provider)).toEqual(['airalo']);
    expect(airalo.ordersBought).toBe(1);
    expect(ea.orders.size).toBe(0);
    expect(await refundsOf(o.id)).toEqual([]);
  });

  it('both providers refusing: refunded once, no eSIM, neither provider sold anything', async () => {
    const { airalo, ea } = await configure(['airalo', 'esimaccess']);
    const airaloPlan = (await usOneGigPlans()).find((p) => p.provider === 'airalo')!;
    airalo.failNext('POST /v2/orders', () => AiraloFake.businessError(34, OUT_OF_STOCK));
    ea.stock = 0;
    const o = await buy(airaloPlan.id);
    expect(o.status).toBe('refunded');
    expect(await esimsOf(o.id)).toEqual([]);
    const refunds = await refundsOf(o.id);
    expect(refunds).toHaveLength(1);
    expect(o.amount_refunded_minor).toBe(o.total_amount_minor);
    expect(refunds[0]!.amount_minor).toBe(o.total_amount_minor);
    expect(airalo.ordersBought).toBe(0);
    expect(ea.orders.size).toBe(0);
    expect(o.last_error).toMatch(/200011/);
    // Running provisioning again does nothing more.
    expect(await provisionOrder(rig.db, rig.services, o.id)).toBe('skipped');
    expect(await refundsOf(o.id)).toHaveLength(1);
    expect(rig.mailer.sent.filter((m) => m.to === 'traveller@shop.example' && /refund/i.test(m.subject))).toHaveLength(1);
  });

  it('the failover is recorded before the second provider is asked: after a failure there, the next attempt goes to it again, never back', async () => {
    const { airalo, ea } = await configure(['airalo', 'esimaccess']);
    const plans = await usOneGigPlans();
    const airaloPlan = plans.find((p) => p.provider === 'airalo')!;
    const eaPlan = plans.find((p) => p.provider === 'esimaccess')!;
    airalo.failNext('POST /v2/orders', () => AiraloFake.businessError(34, OUT_OF_STOCK));
    // eSIM Access fails retryably three times (the adapter's own attempts): the order waits for its next attempt.
    ea.failNext('/esim/order', { kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    const o = await buy(airaloPlan.id);
    expect(o.status).toBe('provisioning');
    expect(o.provision_plan_id).toBe(eaPlan.id);
    expect(o.provider_ref).toBeNull();
    // As after a restart: only the database says where to go.
    rig.clock.advance(60_000);
    expect(await provisionOrder(rig.db, rig.services, o.id)).toBe('fulfilled');
    expect(airalo.calls.filter((c) => c.method === 'POST' && c.path === '/v2/orders')).toHaveLength(1);
    expect(ea.orders.size).toBe(1);
    expect((await esimsOf(o.id)).map((e) => e.provider)).toEqual(['esimaccess']);
    expect(await provisionOrder(rig.db, rig.services, o.id)).toBe('skipped');
    expect(ea.orders.size).toBe(1);
  });

  it('a plan of a provider no longer configured fails over too (before the next sync hides it)', async () => {
    const { airalo, providers } = await configure(['simulator', 'airalo']);
    const us = await usOneGigPlans();
    const airaloPlan = us.find((p) => p.provider === 'airalo')!;
    const simPlan = us.find((p) => p.provider === 'simulator')!;
    (rig.services as Services).esimProviders = [providers.simulator!];
    const o = await buy(airaloPlan.id);
    expect(o.status).toBe('fulfilled');
    expect(o.provision_plan_id).toBe(simPlan.id);
    expect((await esimsOf(o.id)).map((e) => e.provider)).toEqual(['simulator']);
    expect(airalo.calls.filter((c) => c.path === '/v2/orders')).toEqual([]);
  });

  it('a refusal that is not about the package (insufficient credit, code 11) does not fail over', async () => {
    const { airalo } = await configure(['airalo', 'simulator']);
    const airaloPlan = (await usOneGigPlans()).find((p) => p.provider === 'airalo')!;
    airalo.failNext('POST /v2/orders', () => AiraloFake.businessError(11, 'Insufficient Airalo Credit: 0.00 USD'));
    const o = await buy(airaloPlan.id);
    expect(o.status).toBe('refunded');
    expect(o.provision_plan_id).toBeNull();
    expect(await esimsOf(o.id)).toEqual([]);
  });
});

describe('top-ups with two providers', () => {
  it("go to the eSIM's own provider: eSIM Access's eSIM is topped up at eSIM Access, the simulator's at the simulator", async () => {
    const { ea } = await configure(['simulator', 'esimaccess']);
    const b = rig.browser();
    await (await b.caller()).auth.register(account());
    const api = await b.caller();
    const es = await rig.db
      .selectFrom('plans')
      .select(['id', 'provider', 'provider_package', 'topup_only', 'alternate_of'])
      .where('region_id', 'in', (eb) => eb.selectFrom('regions').select('id').where('code', '=', 'ES'))
      .where('active', '=', 1)
      .execute();
    const eaPlan = es.find((p) => p.provider_package === 'CKH002')!;
    const buyWith = async (planId: number, topUpIccid?: string) => {
      const intent = await api.payments.createIntent({ planId, ...(topUpIccid ? { topUpIccid } : {}) });
      await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
      await rig.settle();
      return rig.db.selectFrom('orders').selectAll().where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
    };
    const first = await buyWith(eaPlan.id);
    expect(first.status).toBe('fulfilled');
    const [eaEsim] = await esimsOf(first.id);
    expect(eaEsim!.provider).toBe('esimaccess');

    // Offered: eSIM Access's own top-up package for this eSIM, never the simulator's Spain plans.
    const options = await api.esims.topUpOptions({ iccid: eaEsim!.iccid });
    const optionProviders = options.map((p) => es.find((x) => x.id === p.id)?.provider);
    expect(options.length).toBeGreaterThan(0);
    expect(new Set(optionProviders)).toEqual(new Set(['esimaccess']));
    const simSpain = es.find((p) => p.provider === 'simulator' && p.topup_only === 0)!;
    await expect(api.payments.createIntent({ planId: simSpain.id, topUpIccid: eaEsim!.iccid })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const topUp = await buyWith(options[0]!.id, eaEsim!.iccid);
    expect(topUp.status).toBe('fulfilled');
    expect(ea.topupsApplied.size).toBe(1);

    // The simulator's eSIM (its Spain plan) takes the simulator's plans, applied at the simulator.
    const second = await buyWith(simSpain.id);
    const [simEsim] = await esimsOf(second.id);
    expect(simEsim!.provider).toBe('simulator');
    const simOptions = await api.esims.topUpOptions({ iccid: simEsim!.iccid });
    expect(new Set(simOptions.map((p) => es.find((x) => x.id === p.id)?.provider))).toEqual(new Set(['simulator']));
    const simTopUp = await buyWith(simOptions[0]!.id, simEsim!.iccid);
    expect(simTopUp.status).toBe('fulfilled');
    expect(ea.topupsApplied.size).toBe(1);
    const packages = await rig.db.selectFrom('esim_packages').select(['esim_id', 'kind']).where('kind', '=', 'topup').execute();
    expect(packages.map((p) => p.esim_id).sort()).toEqual([eaEsim!.id, simEsim!.id].sort());
  });
});

// Several providers on PostgreSQL (issue 25): catalog sync of Airalo's and eSIM Access's fakes
// ranks the equivalent plans, an out-of-stock refusal fails over once (the failover written with
// its order event in PostgreSQL's transition statement) and delivers one eSIM, and both refusing
// refunds once. Skipped, with the reason, where no PostgreSQL binaries exist.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type DbHandle } from '@esim/db';
import { startPgCluster, type PgCluster } from '../../../db/test/pg-cluster.ts';
import { DEFAULT_PRICING_RULE } from '../../src/domain/pricing.ts';
import { AiraloProvider } from '../../src/providers/esim/airalo.ts';
import { EsimAccessProvider } from '../../src/providers/esim/esimaccess.ts';
import { syncCatalog } from '../../src/services/catalog/catalog-sync.ts';
import type { Services } from '../../src/services/types.ts';
import { pgAvailableFor } from '../pg.ts';
import { AIRALO_BASE, AiraloFake } from '../providers/fakes/airalo-fake.ts';
import { EA_BASE, EsimAccessFake, FAKE_BASE_PACKAGES } from '../providers/fakes/esimaccess-fake.ts';
import { CARDS, createOrdersRig } from './rig.ts';

const available = pgAvailableFor('several-providers');
const server = setupServer();

describe.skipIf(!available)('several providers on PostgreSQL', () => {
  let cluster: PgCluster;
  let handle: DbHandle;
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    cluster = await startPgCluster();
    handle = createDb(cluster.url);
    await migrateToLatest(handle.db);
  }, 60_000);
  afterAll(async () => {
    server.close();
    await handle?.close();
    await cluster?.stop();
  });

  it('ranks equivalent plans, fails over once on out of stock, refunds once when both refuse', async () => {
    const rig = await createOrdersRig({ handle });
    const airalo = new AiraloFake();
    const ea = new EsimAccessFake();
    ea.readyAfterQueries = 0;
    const na = FAKE_BASE_PACKAGES[1]!;
    ea.base.push({
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
    });
    server.resetHandlers(...airalo.handlers(), ...ea.handlers());
    const providers = [
      new AiraloProvider({ baseUrl: AIRALO_BASE, clientId: 'client-id', clientSecret: 'client-secret', sleep: async () => {} }),
      new EsimAccessProvider({
        baseUrl: EA_BASE,
        accessCode: ea.accessCode,
        secretKey: ea.secretKey,
        sleep: async () => {},
        orderPollMs: 0,
      }),
    ];
    (rig.services as Services).esim = providers[0]!;
    (rig.services as Services).esimProviders = providers;
    for (const provider of providers) {
      const r = await syncCatalog(rig.db, rig.services, {
        provider,
        configured: ['airalo', 'esimaccess'],
        pricing: DEFAULT_PRICING_RULE,
        now: rig.clock.now,
        force: true,
      });
      expect(r.refused).toBeUndefined();
    }
    const us = await rig.db
      .selectFrom('plans')
      .select(['id', 'provider', 'price_minor', 'alternate_of'])
      .where('offer_key', '=', 'US|1024MB|7d|esim')
      .where('active', '=', 1)
      .execute();
    expect(us.map((p) => p.provider).sort()).toEqual(['airalo', 'esimaccess']);
    expect(us.filter((p) => p.alternate_of === null)).toHaveLength(1);
    const airaloPlan = us.find((p) => p.provider === 'airalo')!;
    const eaPlan = us.find((p) => p.provider === 'esimaccess')!;

    const buy = async (email: string) => {
      const api = await rig.browser().caller();
      const intent = await api.payments.createIntent({ planId: airaloPlan.id, email });
      await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
      await rig.settle();
      return rig.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', intent.paymentIntentId!).executeTakeFirstOrThrow();
    };
    const OUT = 'The requested eSIM package is invalid or it is currently out of stock. Please try again later.';

    airalo.failNext('POST /v2/orders', () => AiraloFake.businessError(34, OUT));
    const delivered = await buy('one@traveller.example');
    expect(delivered.status).toBe('fulfilled');
    expect(delivered.provision_plan_id).toBe(eaPlan.id);
    const esims = await rig.db.selectFrom('esims').select('provider').where('order_id', '=', delivered.id).execute();
    expect(esims).toEqual([{ provider: 'esimaccess' }]);
    const events = await rig.db.selectFrom('order_events').select('reason').where('order_id', '=', delivered.id).execute();
    expect(events.filter((e) => /failing over to esimaccess/.test(e.reason))).toHaveLength(1);

    airalo.failNext('POST /v2/orders', () => AiraloFake.businessError(34, OUT));
    ea.stock = 0;
    const refused = await buy('two@traveller.example');
    expect(refused.status).toBe('refunded');
    expect(await rig.db.selectFrom('esims').select('id').where('order_id', '=', refused.id).execute()).toEqual([]);
    expect(await rig.db.selectFrom('refunds').select('id').where('order_id', '=', refused.id).execute()).toHaveLength(1);
    expect(airalo.ordersBought).toBe(0);
    expect(ea.orders.size).toBe(1);
    await rig.settle();
  });
});

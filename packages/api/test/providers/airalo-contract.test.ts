// The shared EsimProvider scenarios against the Airalo adapter and its msw fake (sync and async orders).
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { AiraloProvider } from '../../src/providers/esim/airalo.ts';
import { esimProviderContract } from './esim-contract.ts';
import { AIRALO_BASE, AiraloFake } from './fakes/airalo-fake.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

for (const async of [false, true]) {
  esimProviderContract(async ? 'airalo (async orders)' : 'airalo', async () => {
    const fake = new AiraloFake();
    server.resetHandlers(...fake.handlers());
    const provider = new AiraloProvider({
      baseUrl: AIRALO_BASE,
      clientId: 'client-id',
      clientSecret: 'client-secret',
      async,
      sleep: async () => {},
    });
    return {
      provider,
      packageCode: 'uki-mobile-15days-2gb',
      topUpCode: 'uki-mobile-7days-1gb-topup',
      dataMb: 2048,
      validityDays: 15,
      install: async (iccid) => fake.install(iccid),
      use: async (iccid, mb) => fake.use(iccid, mb),
      settle: async () => void fake.settle(),
    };
  });
}

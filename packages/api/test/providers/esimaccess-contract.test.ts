// The shared scenario suite against the eSIM Access adapter, over msw standing in for
// api.esimaccess.com (the stateful fake in fakes/esimaccess-fake.ts; real fetch, signed requests).
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { EsimAccessProvider } from '../../src/providers/esim/esimaccess.ts';
import { esimProviderContract } from './esim-contract.ts';
import { EA_BASE, EsimAccessFake } from './fakes/esimaccess-fake.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

esimProviderContract('esimaccess', async () => {
  const fake = new EsimAccessFake();
  server.resetHandlers(...fake.handlers());
  const provider = new EsimAccessProvider({
    baseUrl: EA_BASE,
    accessCode: fake.accessCode,
    secretKey: fake.secretKey,
    sleep: async () => {},
  });
  return {
    provider,
    packageCode: 'CKH002',
    topUpCode: 'TOPUP_CKH002',
    dataMb: 3072,
    validityDays: 30,
    install: async (iccid) => fake.install(iccid),
    use: async (iccid, mb) => fake.use(iccid, mb),
    settle: async () => fake.settle(),
  };
});

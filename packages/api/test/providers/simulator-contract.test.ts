// The simulator against the scenario suite every provider passes (esim-contract.ts), as the server
// runs it (synchronous orders) and asynchronously (pending until its clock passes readyAfterMs),
// moved as `cli.js esim simulate` moves it: install (profile on the phone), use (MB).
import { describe, expect, it } from 'vitest';
import { EsimSimulator, SIMULATOR_WHOLESALE_PERCENT, seededRandom } from '../../src/providers/esim/simulator.ts';
import { esimProviderContract, type ContractHarness } from './esim-contract.ts';

function harness(mode: 'sync' | 'async'): ContractHarness {
  let now = Date.parse('2026-03-01T12:00:00Z');
  const sim = new EsimSimulator({ mode, readyAfterMs: 2000, random: seededRandom(7), now: () => now });
  return {
    provider: sim,
    packageCode: 'jp-5gb-30d',
    topUpCode: 'jp-1gb-7d',
    dataMb: 5 * 1024,
    validityDays: 30,
    install: async (iccid) => {
      await sim.simulateInstall(iccid, { connect: false });
    },
    use: async (iccid, mb) => {
      await sim.simulateUsage(iccid, mb);
    },
    settle: async () => {
      now += 2000;
    },
  };
}

esimProviderContract('simulator', async () => harness('sync'));
esimProviderContract('simulator (asynchronous orders)', async () => harness('async'));

describe('simulator catalogue', () => {
  it('offers every seed plan as a package: ISO countries, the seed price as suggested retail, 60 % of it wholesale', async () => {
    const packages = await new EsimSimulator().listPackages();
    expect(packages).toHaveLength(1299);
    expect(new Set(packages.map((p) => p.code)).size).toBe(packages.length);
    const uk = packages.find((p) => p.code === 'uk-5gb-30d');
    expect(uk).toMatchObject({ countries: ['GB'], dataMb: 5120, validityDays: 30, topUp: true, newEsim: true });
    expect(uk?.area).toBeUndefined();
    expect(uk!.wholesale.minor).toBe(Math.round((uk!.suggestedRetail!.minor * SIMULATOR_WHOLESALE_PERCENT) / 100));
    const europe = packages.find((p) => p.code === 'eu-10gb-30d');
    expect(europe?.area).toBe('Europe');
    expect(europe?.countries).toContain('GB');
    expect(europe?.countries.length).toBeGreaterThan(30);
  });
});

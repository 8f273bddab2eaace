// One scenario suite every EsimProvider must pass: the simulator in memory, and each real adapter
// against its msw fake of the provider's HTTP API (recorded-shape answers). So the simulator cannot
// drift from the real shapes, and an adapter cannot drift from what the shop's services expect.
//
//   order → (pending → ready) → usage at 0 → installed + data used → usage says so → top-up →
//   total grows → cancel refused once installed; a fresh eSIM cancels; same idempotency key
//   twice → one eSIM; the catalogue lists packages in the shop's units.
import { describe, expect, it } from 'vitest';
import type { EsimProvider } from '../../src/providers/esim/types.ts';

export interface ContractHarness {
  provider: EsimProvider;
  /** A package order() may buy (undefined for the simulator, which needs none). */
  packageCode: string | undefined;
  /** A package topUp() may apply to that eSIM. */
  topUpCode: string | undefined;
  /** The package's data in MB (null: unlimited) and days. */
  dataMb: number | null;
  validityDays: number;
  /** The fake provider installs the eSIM on a phone (profile state moves to installed or enabled). */
  install(iccid: string): Promise<void>;
  /** The fake provider counts `mb` more MB used (and activation on first use). */
  use(iccid: string, mb: number): Promise<void>;
  /** Makes pending asynchronous orders ready (advance the fake's clock, answer the poll). No-op when sync. */
  settle(): Promise<void>;
}

/** Registers the suite under `describe(name)`; `make` builds a fresh provider (and fake) per test. */
export function esimProviderContract(name: string, make: () => Promise<ContractHarness>): void {
  describe(`EsimProvider contract: ${name}`, () => {
    async function orderReady(h: ContractHarness, orderId: string) {
      const input = {
        orderId,
        planId: '1',
        packageCode: h.packageCode,
        dataMb: h.dataMb,
        validityDays: h.validityDays,
        idempotencyKey: `order:${orderId}:esim`,
      };
      let result = await h.provider.order(input);
      if (result.status === 'pending') {
        const ref = result.providerRef;
        expect(ref).toBeTruthy();
        await h.settle();
        const details = await h.provider.getEsim(ref);
        expect(details.status).toBe('ready');
        if (details.status !== 'ready') throw new Error('not ready');
        result = { status: 'ready', esim: details.esim };
      }
      return { input, esim: result.esim };
    }

    it('orders an eSIM with a well-formed ICCID and LPA activation code, then reads it back', async () => {
      const h = await make();
      const { esim } = await orderReady(h, 'ORD-CONTRACT1');
      expect(esim.iccid).toMatch(/^89\d{17,18}$/);
      expect(esim.activationCode.startsWith(`LPA:1$${esim.smdpAddress}$${esim.matchingId}`)).toBe(true);
      expect(esim.smdpAddress).not.toContain('/');
      expect(esim.providerRef).toBeTruthy();
      const details = await h.provider.getEsim(esim.providerRef);
      expect(details.status).toBe('ready');
      if (details.status === 'ready') {
        expect(details.esim.iccid).toBe(esim.iccid);
        expect(['released', 'downloaded']).toContain(details.profileState);
        expect(details.planState).toBe('not_active');
      }
    });

    it('the same idempotency key twice gives the same eSIM, never a second one', async () => {
      const h = await make();
      const first = await orderReady(h, 'ORD-CONTRACT2');
      let again = await h.provider.order(first.input);
      if (again.status === 'pending') {
        await h.settle();
        const d = await h.provider.getEsim(again.providerRef);
        if (d.status !== 'ready') throw new Error('not ready');
        again = { status: 'ready', esim: d.esim };
      }
      expect(again.esim.iccid).toBe(first.esim.iccid);
    });

    it('reports usage in MB with the profile and plan states apart, as the eSIM is installed and used', async () => {
      const h = await make();
      const { esim } = await orderReady(h, 'ORD-CONTRACT3');
      const fresh = await h.provider.usage(esim.iccid);
      expect(fresh).toMatchObject({ iccid: esim.iccid, usedMb: 0, planState: 'not_active' });
      expect(fresh.totalMb).toBe(h.dataMb);
      await h.install(esim.iccid);
      await h.use(esim.iccid, 100);
      const used = await h.provider.usage(esim.iccid);
      expect(used.usedMb).toBeCloseTo(100, 0);
      expect(['installed', 'enabled']).toContain(used.profileState);
      expect(used.planState).toBe('active');
      expect(used.activatedAt).toBeInstanceOf(Date);
      if (h.dataMb !== null) expect(used.remainingMb).toBeCloseTo(h.dataMb - 100, 0);
    });

    it('tops up the eSIM (once per idempotency key) and the total grows', async () => {
      const h = await make();
      const { esim } = await orderReady(h, 'ORD-CONTRACT4');
      const before = await h.provider.usage(esim.iccid);
      const input = {
        iccid: esim.iccid,
        orderId: 'ORD-CONTRACT4T',
        planId: '1',
        packageCode: h.topUpCode,
        dataMb: h.dataMb,
        validityDays: h.validityDays,
        idempotencyKey: 'order:ORD-CONTRACT4T:topup',
      };
      const applied = await h.provider.topUp(input);
      expect(applied.iccid).toBe(esim.iccid);
      const again = await h.provider.topUp(input);
      expect(again.providerRef).toBe(applied.providerRef);
      const after = await h.provider.usage(esim.iccid);
      if (before.totalMb !== null) {
        expect(after.totalMb).not.toBeNull();
        expect(after.totalMb!).toBeGreaterThan(before.totalMb);
      }
    });

    it('cancels an eSIM nobody installed, and refuses once it is installed', async () => {
      const h = await make();
      const unused = await orderReady(h, 'ORD-CONTRACT5');
      expect(await h.provider.cancel(unused.esim.iccid)).toEqual({ canceled: true, iccid: unused.esim.iccid });
      const installed = await orderReady(h, 'ORD-CONTRACT6');
      await h.install(installed.esim.iccid);
      const refused = await h.provider.cancel(installed.esim.iccid);
      expect(refused.canceled).toBe(false);
      if (!refused.canceled) expect(['installed', 'activated']).toContain(refused.reason);
    });

    it('lists its catalogue in the shop units: codes, ISO countries, MB, days, wholesale minor units', async () => {
      const h = await make();
      const packages = await h.provider.listPackages();
      expect(packages.length).toBeGreaterThan(0);
      for (const p of packages) {
        expect(p.code).toBeTruthy();
        expect(p.countries.length).toBeGreaterThan(0);
        for (const c of p.countries) expect(c).toMatch(/^[A-Z]{2}$/);
        expect(p.dataMb === null || (Number.isInteger(p.dataMb) && p.dataMb > 0)).toBe(true);
        expect(Number.isInteger(p.validityDays) && p.validityDays > 0).toBe(true);
        expect(Number.isInteger(p.wholesale.minor) && p.wholesale.minor >= 0).toBe(true);
        expect(p.wholesale.currency).toMatch(/^[A-Z]{3}$/);
      }
      if (h.packageCode) expect(packages.map((p) => p.code)).toContain(h.packageCode);
    });
  });
}

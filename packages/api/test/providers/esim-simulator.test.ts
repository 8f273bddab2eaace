import { describe, expect, it } from 'vitest';
import { parseActivationCode } from '../../src/domain/activation-code.ts';
import { isValidIccidPattern, luhnValid } from '../../src/domain/iccid.ts';
import { EsimProviderError, EsimSimulator, createEsimProvider, seededRandom } from '../../src/providers/esim/index.ts';
import type { EsimOrderInput } from '../../src/providers/esim/index.ts';

const order = (n: number, over: Partial<EsimOrderInput> = {}): EsimOrderInput => ({
  orderId: `ord_${n}`,
  planId: 'plan_jp_5gb',
  dataMb: 5120,
  validityDays: 10,
  idempotencyKey: `order:ord_${n}:esim`,
  ...over,
});

function clock(start = Date.UTC(2026, 4, 1)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('EsimSimulator', () => {
  it('returns a complete, valid eSIM', async () => {
    const sim = new EsimSimulator({ random: seededRandom(1) });
    const r = await sim.order(order(1));
    if (r.status !== 'ready') throw new Error('expected ready');
    const { esim } = r;
    expect(isValidIccidPattern(esim.iccid)).toBe(true);
    expect(luhnValid(esim.iccid)).toBe(true);
    expect(esim.smdpAddress).toBe('smdp.sim.example');
    expect(esim.matchingId).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    expect(esim.activationCode).toBe(`LPA:1$smdp.sim.example$${esim.matchingId}`);
    expect(parseActivationCode(esim.activationCode)).toMatchObject({ smdpAddress: esim.smdpAddress, matchingId: esim.matchingId });
    expect(esim.apn).toBe('globaldata');
    expect(esim.confirmationCodeRequired).toBe(false);
    expect(esim.confirmationCode).toBeUndefined();
  });

  it('issues Luhn-valid, unique ICCIDs (200 orders)', async () => {
    const sim = new EsimSimulator({ random: seededRandom(7), iccidLength: 20 });
    const iccids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const r = await sim.order(order(i));
      if (r.status !== 'ready') throw new Error('expected ready');
      expect(r.esim.iccid).toHaveLength(20);
      expect(luhnValid(r.esim.iccid)).toBe(true);
      iccids.add(r.esim.iccid);
    }
    expect(iccids.size).toBe(200);
  });

  it('is deterministic for a given random source', async () => {
    const a = await new EsimSimulator({ random: seededRandom(42) }).order(order(1));
    const b = await new EsimSimulator({ random: seededRandom(42) }).order(order(1));
    const c = await new EsimSimulator({ random: seededRandom(43) }).order(order(1));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('is idempotent on the key: a retried order never becomes a second eSIM', async () => {
    const sim = new EsimSimulator({ random: seededRandom(1) });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => sim.order(order(1))));
    const first = results[0];
    for (const r of results) expect(r).toEqual(first);
    expect(sim.issuedCount).toBe(1);
    await sim.order(order(2));
    expect(sim.issuedCount).toBe(2);
  });

  it('refuses a key reused for another order', async () => {
    const sim = new EsimSimulator();
    await sim.order(order(1));
    await expect(sim.order(order(2, { idempotencyKey: 'order:ord_1:esim' }))).rejects.toMatchObject({ code: 'conflict', retryable: false });
  });

  it('fails n times, then succeeds (failTimes)', async () => {
    const sim = new EsimSimulator({ failTimes: 2 });
    for (let i = 0; i < 2; i++) {
      const e = await sim.order(order(1)).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(EsimProviderError);
      expect(e).toMatchObject({ code: 'unavailable', retryable: true });
    }
    expect(sim.issuedCount).toBe(0);
    expect((await sim.order(order(1))).status).toBe('ready');
    expect(sim.orderCalls).toBe(3);
    expect(sim.issuedCount).toBe(1);
  });

  it('a lost response followed by a retry yields the same single eSIM (failAfterCreateTimes)', async () => {
    const sim = new EsimSimulator({ failAfterCreateTimes: 1 });
    await expect(sim.order(order(1))).rejects.toMatchObject({ code: 'unavailable' });
    expect(sim.issuedCount).toBe(1);
    const r = await sim.order(order(1));
    expect(r.status).toBe('ready');
    expect(sim.issuedCount).toBe(1);
  });

  it('fails at the configured rate with an injected random source', async () => {
    const sim = new EsimSimulator({ failRate: 0.3, random: seededRandom(3) });
    let failures = 0;
    for (let i = 0; i < 1000; i++) {
      try {
        await sim.order(order(i));
      } catch {
        failures++;
      }
    }
    expect(failures).toBeGreaterThan(240);
    expect(failures).toBeLessThan(360);
    expect(sim.issuedCount).toBe(1000 - failures);
  });

  it('async mode: pending, then ready once the clock passes readyAfterMs', async () => {
    const c = clock();
    const sim = new EsimSimulator({ mode: 'async', readyAfterMs: 5000, now: c.now });
    const r = await sim.order(order(1));
    expect(r.status).toBe('pending');
    if (r.status !== 'pending') return;
    expect(await sim.getEsim(r.providerRef)).toEqual({ status: 'pending', providerRef: r.providerRef });
    c.advance(4999);
    expect((await sim.getEsim(r.providerRef)).status).toBe('pending');
    c.advance(1);
    const ready = await sim.getEsim(r.providerRef);
    expect(ready).toMatchObject({ status: 'ready', profileState: 'released', planState: 'not_active' });
    // The retried order now returns the same eSIM.
    const again = await sim.order(order(1));
    expect(again.status === 'ready' && ready.status === 'ready' && again.esim).toEqual(ready.status === 'ready' && ready.esim);
  });

  it('async mode: ready after n polls', async () => {
    const c = clock();
    const sim = new EsimSimulator({ mode: 'async', readyAfterMs: 60_000, readyAfterPolls: 3, now: c.now });
    const r = await sim.order(order(1));
    if (r.status !== 'pending') throw new Error('expected pending');
    expect((await sim.getEsim(r.providerRef)).status).toBe('pending');
    expect((await sim.getEsim(r.providerRef)).status).toBe('pending');
    expect((await sim.getEsim(r.providerRef)).status).toBe('ready');
  });

  it('getEsim of an unknown ref is not_found', async () => {
    await expect(new EsimSimulator().getEsim('sim_nope')).rejects.toMatchObject({ code: 'not_found', retryable: false });
  });

  it('requires a confirmation code for the configured share, with the flag in the code', async () => {
    const sim = new EsimSimulator({ confirmationCodeShare: 1, random: seededRandom(5), oid: '1.3.6.1.4.1.31746' });
    const r = await sim.order(order(1));
    if (r.status !== 'ready') throw new Error('expected ready');
    expect(r.esim.confirmationCodeRequired).toBe(true);
    expect(r.esim.confirmationCode).toMatch(/^\d{6}$/);
    expect(r.esim.activationCode).toBe(`LPA:1$smdp.sim.example$${r.esim.matchingId}$1.3.6.1.4.1.31746$1`);
    expect(r.esim.activationCode).not.toContain(r.esim.confirmationCode);
  });

  it('tracks usage and plan state from activation (validity starts at first connection)', async () => {
    const c = clock();
    const sim = new EsimSimulator({ now: c.now });
    const r = await sim.order(order(1, { dataMb: 1000, validityDays: 7 }));
    if (r.status !== 'ready') throw new Error('expected ready');
    const iccid = r.esim.iccid;
    expect(await sim.usage(iccid)).toMatchObject({ usedMb: 0, totalMb: 1000, remainingMb: 1000, planState: 'not_active', expiresAt: null });
    c.advance(86_400_000); // a day passes before installation: it does not count
    await sim.simulateInstall(iccid);
    await sim.simulateUsage(iccid, 250);
    const u = await sim.usage(iccid);
    expect(u).toMatchObject({ usedMb: 250, remainingMb: 750, planState: 'active', profileState: 'enabled' });
    expect(u.expiresAt?.getTime()).toBe(c.now() + 7 * 86_400_000);
    await sim.simulateUsage(iccid, 800);
    expect(await sim.usage(iccid)).toMatchObject({ remainingMb: 0, planState: 'finished' });
    c.advance(7 * 86_400_000);
    expect((await sim.usage(iccid)).planState).toBe('expired');
  });

  it('cancels only before installation', async () => {
    const sim = new EsimSimulator();
    const a = await sim.order(order(1));
    const b = await sim.order(order(2));
    if (a.status !== 'ready' || b.status !== 'ready') throw new Error('expected ready');
    expect(await sim.cancel(a.esim.iccid)).toEqual({ canceled: true, iccid: a.esim.iccid });
    expect(await sim.cancel(a.esim.iccid)).toMatchObject({ canceled: false, reason: 'already_canceled' });
    expect((await sim.usage(a.esim.iccid)).profileState).toBe('deleted');
    await sim.simulateInstall(b.esim.iccid, { connect: false });
    expect(await sim.cancel(b.esim.iccid)).toMatchObject({ canceled: false, reason: 'installed' });
    await expect(sim.cancel('8999900000000000000')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('rejects bad orders without issuing', async () => {
    const sim = new EsimSimulator();
    await expect(sim.order(order(1, { validityDays: 0 }))).rejects.toMatchObject({ code: 'rejected', retryable: false });
    await expect(sim.order(order(1, { idempotencyKey: '' }))).rejects.toMatchObject({ code: 'rejected' });
    expect(sim.issuedCount).toBe(0);
  });
});

describe('createEsimProvider', () => {
  it('defaults to the simulator, which is not real', () => {
    const p = createEsimProvider();
    expect(p.name).toBe('simulator');
    expect(p.isReal).toBe(false);
    expect(createEsimProvider({ provider: 'simulator', simulator: { mode: 'async' } })).toBeInstanceOf(EsimSimulator);
  });

  it('refuses an unknown provider', () => {
    expect(() => createEsimProvider({ provider: 'vodafone' as 'simulator' })).toThrow(/Unknown eSIM provider/);
  });
});

// The simulator's life after the order: packages (top-ups), events, signed webhooks, and its
// state in the database (shared by the server and the CLI).
import { describe, expect, it } from 'vitest';
import { memoryDb } from '../rig.ts';
import {
  DbSimulatorStore,
  ESIM_SIGNATURE_HEADER,
  EsimSimulator,
  EsimWebhookError,
  esimWebhookSignature,
  seededRandom,
} from '../../src/providers/esim/index.ts';
import type { EsimOrderInput } from '../../src/providers/esim/index.ts';

const DAY = 86_400_000;
const order = (n: number, over: Partial<EsimOrderInput> = {}): EsimOrderInput => ({
  orderId: `ord_${n}`,
  planId: 'plan_jp_1gb',
  dataMb: 1000,
  validityDays: 7,
  idempotencyKey: `order:ord_${n}:esim`,
  ...over,
});

function clock(start = Date.UTC(2026, 4, 1)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

async function issued(sim: EsimSimulator, n = 1, over: Partial<EsimOrderInput> = {}): Promise<string> {
  const r = await sim.order(order(n, over));
  if (r.status !== 'ready') throw new Error('expected ready');
  return r.esim.iccid;
}

const topUp = (iccid: string, n: number, dataMb: number | null = 500, validityDays = 7) => ({
  iccid,
  orderId: `ord_${n}`,
  planId: 'plan_jp_500',
  dataMb,
  validityDays,
  idempotencyKey: `order:ord_${n}:topup`,
});

describe('simulator life: install, activate, use, expire', () => {
  it('install enables the profile without starting validity; activate starts it; each returns its event', async () => {
    const c = clock();
    const sim = new EsimSimulator({ now: c.now, random: seededRandom(1) });
    const iccid = await issued(sim);
    const installed = await sim.simulateInstall(iccid, { connect: false });
    expect(installed.event).toMatchObject({
      type: 'installed',
      iccid,
      usage: { profileState: 'enabled', planState: 'not_active', activatedAt: null },
    });
    c.advance(DAY);
    const activated = await sim.simulateActivate(iccid);
    expect(activated.event.type).toBe('activated');
    expect(activated.usage.expiresAt?.getTime()).toBe(c.now() + 7 * DAY);
    expect(activated.event.id).not.toBe(installed.event.id);
  });

  it('use reports the data; running out is a "finished" event; expire ends the validity now', async () => {
    const c = clock();
    const sim = new EsimSimulator({ now: c.now });
    const iccid = await issued(sim);
    const used = await sim.simulateUsage(iccid, 800);
    expect(used.event).toMatchObject({ type: 'usage', usage: { usedMb: 800, totalMb: 1000, planState: 'active' } });
    expect((await sim.simulateUsage(iccid, 500)).event).toMatchObject({ type: 'finished', usage: { usedMb: 1000, planState: 'finished' } });
    const b = await issued(sim, 2);
    const expired = await sim.simulateExpire(b);
    expect(expired.event).toMatchObject({ type: 'expired', usage: { planState: 'expired', expiresAt: new Date(c.now()).toISOString() } });
  });

  it('refuses negative or non-numeric MB and unknown ICCIDs', async () => {
    const sim = new EsimSimulator();
    const iccid = await issued(sim);
    await expect(sim.simulateUsage(iccid, -1)).rejects.toMatchObject({ code: 'rejected' });
    await expect(sim.simulateUsage(iccid, Number.NaN)).rejects.toMatchObject({ code: 'rejected' });
    await expect(sim.simulateInstall('8999900000000000000')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('simulator top-ups', () => {
  it('a top-up adds to the total; the next package takes over when the first is used up', async () => {
    const c = clock();
    const sim = new EsimSimulator({ now: c.now });
    const iccid = await issued(sim);
    await sim.simulateUsage(iccid, 900);
    await sim.topUp(topUp(iccid, 2));
    expect(await sim.usage(iccid)).toMatchObject({ usedMb: 900, totalMb: 1500, remainingMb: 600, planState: 'active' });
    c.advance(DAY);
    await sim.simulateUsage(iccid, 300); // 100 from the first, 200 from the top-up (which starts now)
    const u = await sim.usage(iccid);
    expect(u).toMatchObject({ usedMb: 1200, remainingMb: 300, planState: 'active' });
    expect(u.expiresAt?.getTime()).toBe(c.now() + 7 * DAY);
  });

  it('the next package takes over when the first expires (at its expiry)', async () => {
    const c = clock();
    const sim = new EsimSimulator({ now: c.now });
    const iccid = await issued(sim);
    await sim.simulateActivate(iccid);
    const firstExpiry = c.now() + 7 * DAY;
    await sim.topUp(topUp(iccid, 2, 500, 3));
    c.advance(8 * DAY);
    const u = await sim.usage(iccid);
    expect(u.planState).toBe('active');
    expect(u.expiresAt?.getTime()).toBe(firstExpiry + 3 * DAY);
    c.advance(3 * DAY);
    expect((await sim.usage(iccid)).planState).toBe('expired');
  });

  it('a top-up of a used-up eSIM brings it back to active', async () => {
    const sim = new EsimSimulator();
    const iccid = await issued(sim);
    await sim.simulateUsage(iccid, 1000);
    expect((await sim.usage(iccid)).planState).toBe('finished');
    await sim.topUp(topUp(iccid, 2));
    expect(await sim.usage(iccid)).toMatchObject({ planState: 'active', usedMb: 1000, totalMb: 1500 });
  });

  it('is idempotent on the key (concurrent calls too) and refuses a key reused for another order', async () => {
    const sim = new EsimSimulator();
    const iccid = await issued(sim);
    const results = await Promise.all([1, 2, 3, 4].map(() => sim.topUp(topUp(iccid, 2))));
    expect(new Set(results.map((r) => r.providerRef)).size).toBe(1);
    expect((await sim.usage(iccid)).totalMb).toBe(1500);
    await expect(sim.topUp({ ...topUp(iccid, 3), idempotencyKey: 'order:ord_2:topup' })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses after expiry, after a cancel, and bad packages', async () => {
    const sim = new EsimSimulator();
    const a = await issued(sim, 1);
    await sim.simulateExpire(a);
    await expect(sim.topUp(topUp(a, 2))).rejects.toMatchObject({ code: 'rejected', message: expect.stringMatching(/expired/) });
    const b = await issued(sim, 3);
    await sim.cancel(b);
    await expect(sim.topUp(topUp(b, 4))).rejects.toMatchObject({ code: 'rejected' });
    await expect(sim.topUp({ ...topUp(a, 5), validityDays: 0 })).rejects.toMatchObject({ code: 'rejected' });
    await expect(sim.topUp(topUp('8999900000000000000', 6))).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('simulator webhooks', () => {
  const secret = 'whsec_test';
  const now = new Date('2026-05-01T10:00:00Z');

  it('round-trips a signed delivery into the same events', async () => {
    const sim = new EsimSimulator({ webhookSecret: secret, now: () => now.getTime() });
    const iccid = await issued(sim);
    const { event } = await sim.simulateUsage(iccid, 10);
    const d = sim.signDelivery([event], now);
    expect(sim.parseWebhook(d.body, new Headers(d.headers), now)).toEqual([event]);
  });

  it('refuses a missing or bad signature, another secret, a changed body, a stale or future timestamp', async () => {
    const sim = new EsimSimulator({ webhookSecret: secret, now: () => now.getTime() });
    const other = new EsimSimulator({ webhookSecret: 'another' });
    const iccid = await issued(sim);
    const { event } = await sim.simulateUsage(iccid, 10);
    const d = sim.signDelivery([event], now);
    const parse = (body: string, header: string | null, at = now) =>
      sim.parseWebhook(body, new Headers(header === null ? {} : { [ESIM_SIGNATURE_HEADER]: header }), at);
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof EsimWebhookError ? e.reason : 'other';
      }
      return 'accepted';
    };
    const header = d.headers[ESIM_SIGNATURE_HEADER]!;
    expect(reason(() => parse(d.body, null))).toBe('signature');
    expect(reason(() => parse(d.body, 'garbage'))).toBe('signature');
    expect(reason(() => parse(`${d.body} `, header))).toBe('signature');
    const forged = other.signDelivery([event], now);
    expect(reason(() => parse(forged.body, forged.headers[ESIM_SIGNATURE_HEADER]!))).toBe('signature');
    expect(reason(() => parse(d.body, header, new Date(now.getTime() + 301_000)))).toBe('stale');
    expect(reason(() => parse(d.body, header, new Date(now.getTime() - 301_000)))).toBe('stale');
    expect(reason(() => parse(d.body, header, new Date(now.getTime() + 300_000)))).toBe('accepted');
  });

  it('refuses a well-signed body it cannot read (malformed)', () => {
    const sim = new EsimSimulator({ webhookSecret: secret });
    const t = Math.floor(now.getTime() / 1000);
    const signed = (body: string) => new Headers({ [ESIM_SIGNATURE_HEADER]: `t=${t},v1=${esimWebhookSignature(secret, t, body)}` });
    for (const body of [
      'not json',
      '{}',
      '{"events":[]}',
      '{"events":[{"id":"e1","type":"teleported","iccid":"8999900000000000001","occurredAt":"2026-05-01T10:00:00Z"}]}',
      '{"events":[{"id":"e1","type":"usage","iccid":"12","occurredAt":"2026-05-01T10:00:00Z"}]}',
      '{"events":[{"id":"e1","type":"usage","iccid":"8999900000000000001","occurredAt":"yesterday"}]}',
      '{"events":[{"id":"e1","type":"usage","iccid":"8999900000000000001","occurredAt":"2026-05-01T10:00:00Z","usage":{"usedMb":-5}}]}',
    ]) {
      expect(() => sim.parseWebhook(body, signed(body), now), body).toThrow(EsimWebhookError);
    }
  });
});

describe('simulator state in the database', () => {
  it('two simulators on one database see the same eSIMs (the server and the CLI)', async () => {
    const { db, close } = await memoryDb();
    try {
      const server = new EsimSimulator({ store: new DbSimulatorStore(db), random: seededRandom(3) });
      const cli = new EsimSimulator({ store: new DbSimulatorStore(db) });
      const iccid = await issued(server);
      await cli.simulateUsage(iccid, 250);
      expect(await server.usage(iccid)).toMatchObject({ usedMb: 250, planState: 'active', profileState: 'enabled' });
      // Idempotent across processes: the same key is the same eSIM.
      const again = await cli.order(order(1));
      expect(again.status === 'ready' && again.esim.iccid).toBe(iccid);
      await Promise.all([cli.topUp(topUp(iccid, 2)), server.topUp(topUp(iccid, 2)), server.simulateUsage(iccid, 10)]);
      expect(await cli.usage(iccid)).toMatchObject({ usedMb: 260, totalMb: 1500 });
      expect(await server.installedIccids(10)).toEqual([iccid]);
    } finally {
      await close();
    }
  });
});

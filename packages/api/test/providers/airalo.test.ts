// The Airalo adapter over the real fetch path, against msw's stateful fake of the Partner API.
import { createHmac } from 'node:crypto';
import { delay, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AiraloProvider, packagesOfEntry, profileOfSim } from '../../src/providers/esim/airalo.ts';
import { DbTokenStore } from '../../src/providers/esim/token-store.ts';
import { memoryDb } from '../rig.ts';
import type { AiraloOptions } from '../../src/providers/esim/airalo.ts';
import { EsimProviderError, EsimWebhookError } from '../../src/providers/esim/types.ts';
import { AIRALO_BASE, AiraloFake } from './fakes/airalo-fake.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const SECRET = 'client-secret';
function setup(over: Partial<AiraloOptions> = {}) {
  const fake = new AiraloFake();
  server.resetHandlers(...fake.handlers());
  const slept: number[] = [];
  const logs: unknown[] = [];
  let now = new Date('2026-11-24T10:00:00Z');
  const provider = new AiraloProvider({
    baseUrl: AIRALO_BASE,
    clientId: 'client-id',
    clientSecret: SECRET,
    sleep: async (ms) => void slept.push(ms),
    now: () => now,
    log: { warn: (msg, extra) => void logs.push([msg, extra]) },
    ...over,
  });
  return { fake, provider, slept, logs, advance: (ms: number) => void (now = new Date(now.getTime() + ms)) };
}
const orderInput = (orderId: string, packageCode = 'uki-mobile-15days-2gb') => ({
  orderId,
  planId: '1',
  packageCode,
  dataMb: 2048,
  validityDays: 15,
  idempotencyKey: `order:${orderId}:esim`,
});
async function rejection(p: Promise<unknown>): Promise<EsimProviderError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(EsimProviderError);
  return e as EsimProviderError;
}

describe('token', () => {
  it('asks for one token, shares it between concurrent calls and keeps it until it expires', async () => {
    const { fake, provider, advance } = setup();
    await Promise.all([provider.listPackages(), provider.listPackages(), provider.order(orderInput('ORD-T1'))]);
    expect(fake.tokensIssued).toBe(1);
    const tokenCall = fake.calls.find((c) => c.path === '/v2/token');
    expect(tokenCall?.auth).toBeNull();
    expect(fake.calls.filter((c) => c.path !== '/v2/token').every((c) => c.auth === 'Bearer tok-1')).toBe(true);
    advance(86_400_000 - 30_000); // inside the minute's margin: a new token
    await provider.listPackages();
    expect(fake.tokensIssued).toBe(2);
  });

  it('refreshes once on a 401 and repeats the call once', async () => {
    const { fake, provider } = setup();
    await provider.listPackages();
    fake.validTokens.clear(); // Airalo revoked it
    const packages = await provider.listPackages();
    expect(packages.length).toBeGreaterThan(0);
    expect(fake.tokensIssued).toBe(2);
  });

  it('a 401 with a fresh token too is a rejection, not a loop', async () => {
    const { fake, provider } = setup();
    fake.failNext('GET /v2/packages', () => HttpResponse.json({ data: [], meta: { message: 'Unauthorized' } }, { status: 401 }));
    fake.failNext('GET /v2/packages', () => HttpResponse.json({ data: [], meta: { message: 'Unauthorized' } }, { status: 401 }));
    const e = await rejection(provider.listPackages());
    expect(e).toMatchObject({ code: 'rejected', retryable: false });
    expect(fake.tokensIssued).toBe(2);
  });

  it('wrong credentials: rejected, and the message names the settings, not the secret', async () => {
    const { provider } = setup({ clientSecret: 'wrong-secret-value' });
    const e = await rejection(provider.listPackages());
    expect(e.code).toBe('rejected');
    expect(e.message).toContain('AIRALO_CLIENT_SECRET');
    expect(e.message).not.toContain('wrong-secret-value');
  });
});

describe('token shared through the database', () => {
  it('two adapter instances (two processes) on one database: one token request between them, reused until it expires', async () => {
    const handle = await memoryDb();
    try {
      const fake = new AiraloFake();
      server.resetHandlers(...fake.handlers());
      let now = new Date('2026-11-24T10:00:00Z');
      const make = () =>
        new AiraloProvider({
          baseUrl: AIRALO_BASE,
          clientId: 'client-id',
          clientSecret: SECRET,
          now: () => now,
          // Real (short) waits: the second process waits for the first one's token to be stored.
          sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 10))),
          tokenStore: new DbTokenStore(handle.db),
        });
      const [a, b] = [make(), make()];
      await Promise.all([a.listPackages(), b.listPackages(), a.order(orderInput('ORD-S1')), b.order(orderInput('ORD-S2'))]);
      expect(fake.tokensIssued).toBe(1);
      // A third process started later takes the stored token.
      await make().listPackages();
      expect(fake.tokensIssued).toBe(1);
      const row = await handle.db.selectFrom('provider_tokens').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ provider: 'airalo', token: 'tok-1', lease_owner: null });
      // Past its expiry (a day, less the minute's margin): one new request, again shared.
      now = new Date(now.getTime() + 86_400_000);
      await Promise.all([a.listPackages(), b.listPackages()]);
      expect(fake.tokensIssued).toBe(2);
    } finally {
      await handle.close();
    }
  });

  it('a token Airalo refuses (401) is replaced once for every process, not taken from the store again', async () => {
    const handle = await memoryDb();
    try {
      const fake = new AiraloFake();
      server.resetHandlers(...fake.handlers());
      const make = () =>
        new AiraloProvider({
          baseUrl: AIRALO_BASE,
          clientId: 'client-id',
          clientSecret: SECRET,
          sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 10))),
          tokenStore: new DbTokenStore(handle.db),
        });
      const [a, b] = [make(), make()];
      await a.listPackages();
      fake.validTokens.delete('tok-1');
      await a.listPackages();
      expect(fake.tokensIssued).toBe(2);
      await b.listPackages(); // reads tok-2 from the database
      expect(fake.tokensIssued).toBe(2);
    } finally {
      await handle.close();
    }
  });
});

describe('catalogue', () => {
  it('reads every page (the second keyed by index) in the shop units', async () => {
    const { fake, provider } = setup();
    const packages = await provider.listPackages();
    expect(fake.calls.filter((c) => c.path === '/v2/packages').map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(fake.calls.find((c) => c.path === '/v2/packages')?.query.get('include')).toBe('topup');
    const byCode = new Map(packages.map((p) => [p.code, p]));
    expect(byCode.get('uki-mobile-15days-2gb')).toEqual({
      code: 'uki-mobile-15days-2gb',
      name: '2 GB - 15 Days',
      countries: ['GB'],
      area: undefined,
      dataMb: 2048,
      validityDays: 15,
      wholesale: { minor: 160, currency: 'USD' },
      suggestedRetail: { minor: 750, currency: 'USD' },
      topUp: false,
      newEsim: true,
    });
    expect(byCode.get('uki-mobile-7days-1gb-topup')).toMatchObject({ topUp: true, newEsim: false });
    expect(byCode.get('eurolink-10days-unlimited')).toMatchObject({
      countries: ['FR', 'DE'],
      area: 'Europe',
      dataMb: null,
      wholesale: { minor: 1825 },
    });
    expect(byCode.get('change-7days-1gb')).toMatchObject({ countries: ['US'], wholesale: { minor: 225 } });
  });
});

describe('catalogue: discount pricing, both paging shapes, rate limits', () => {
  it('discount_pricing: net_price null → the retail price less discount_percentage, no package dropped', async () => {
    const fake = new AiraloFake({ pricing: { model: 'discount_pricing', discountPercentage: 15 } });
    server.resetHandlers(...fake.handlers());
    const provider = new AiraloProvider({ baseUrl: AIRALO_BASE, clientId: 'client-id', clientSecret: SECRET, sleep: async () => {} });
    const packages = await provider.listPackages();
    const byCode = new Map(packages.map((p) => [p.code, p]));
    expect(byCode.size).toBe(4);
    // 7.50 × 0.85 = 6.375 → 638 (rounded up: never under-count the cost)
    expect(byCode.get('uki-mobile-15days-2gb')?.wholesale).toEqual({ minor: 638, currency: 'USD' });
    expect(byCode.get('eurolink-10days-unlimited')?.wholesale).toEqual({ minor: 2550, currency: 'USD' }); // 30 × 0.85
    expect(byCode.get('change-7days-1gb')?.wholesale.minor).toBe(383); // 4.50 × 0.85 = 3.825
  });

  it('a package may carry its own pricing block; an unknown cost (net_pricing, net_price null) is left out, not guessed', () => {
    const pkg = (extra: Record<string, unknown>) => ({ id: 'x', type: 'sim', amount: 1024, day: 7, price: 10, net_price: null, ...extra });
    const entry = (p: Record<string, unknown>) => ({
      country_code: 'JP',
      operators: [{ type: 'local', countries: [{ country_code: 'JP' }], packages: [p] }],
    });
    const own = packagesOfEntry(entry(pkg({ pricing: { model: 'discount_pricing', discount_percentage: 20 } })));
    expect(own[0]?.wholesale.minor).toBe(800);
    const fromResponse = packagesOfEntry(entry(pkg({})), { model: 'discount_pricing', discountPercentage: 50 });
    expect(fromResponse[0]?.wholesale.minor).toBe(500);
    expect(packagesOfEntry(entry(pkg({})), { model: 'net_pricing', discountPercentage: 0 })).toEqual([]);
    expect(packagesOfEntry(entry(pkg({})), undefined)).toEqual([]);
    expect(packagesOfEntry(entry(pkg({ net_price: 3.1 })), { model: 'discount_pricing', discountPercentage: 50 })[0]?.wholesale.minor).toBe(
      310,
    );
  });

  it('plan facts from the operator and package fields Airalo documents; what it does not say stays undefined', () => {
    const [p] = packagesOfEntry({
      country_code: 'JP',
      operators: [
        {
          type: 'local',
          countries: [{ country_code: 'JP' }],
          rechargeability: true,
          activation_policy: 'first-usage',
          coverages: [
            {
              name: 'Japan',
              code: 'JP',
              networks: [
                { name: 'NTT Docomo', types: ['4G', '5G'] },
                { name: 'KDDI', types: ['LTE'] },
              ],
            },
          ],
          packages: [
            {
              id: 'jp-unl',
              type: 'sim',
              amount: 0,
              day: 7,
              price: 20,
              net_price: 9,
              is_unlimited: true,
              is_fair_usage_policy: true,
              fair_usage_policy: 'Lower speed rate of 1 Mbps after 3 GB usage per day.',
            },
          ],
        },
      ],
    });
    expect(p?.facts).toEqual({
      operators: [
        { country: 'JP', name: 'NTT Docomo', generation: '5G' },
        { country: 'JP', name: 'KDDI', generation: '4G' },
      ],
      topUps: true,
      validityStarts: 'first_connection',
      dailyCapMb: 3072,
      throttledKbps: 1000,
    });
    expect(p?.facts?.hotspot).toBeUndefined();
    expect(p?.facts?.ipCountry).toBeUndefined();
  });

  it('the single-response shape (no links, no meta paging) is read in one request', async () => {
    const fake = new AiraloFake({ unpaged: true });
    server.resetHandlers(...fake.handlers());
    const provider = new AiraloProvider({ baseUrl: AIRALO_BASE, clientId: 'client-id', clientSecret: SECRET, sleep: async () => {} });
    const packages = await provider.listPackages();
    expect(fake.calls.filter((c) => c.path === '/v2/packages')).toHaveLength(1);
    expect(packages.map((p) => p.code).sort()).toEqual([
      'change-7days-1gb',
      'eurolink-10days-unlimited',
      'uki-mobile-15days-2gb',
      'uki-mobile-7days-1gb-topup',
    ]);
  });

  it('a 429 on the packages call waits the Retry-After it names, then carries on', async () => {
    const { fake, provider, slept } = setup();
    fake.failNext('GET /v2/packages', () =>
      HttpResponse.json({ data: [], meta: { message: 'Too Many Attempts.' } }, { status: 429, headers: { 'Retry-After': '7' } }),
    );
    const packages = await provider.listPackages();
    expect(packages).toHaveLength(4);
    expect(slept).toEqual([7000]);
  });
});

describe('APN per system', () => {
  it("keeps Airalo's apn.ios and apn.android apart ('automatic' → nothing to enter), and the order's eSIM reference", () => {
    const sim = {
      iccid: '8944465400003573253',
      lpa: 'RSP-3088.IDEMIA.IO',
      matching_id: 'YVTGM-5LZC6-PIC56-KFEZJ',
      apn_type: 'manual',
      apn_value: 'globaldata',
      apn: { ios: { apn_type: 'automatic' }, android: { apn_type: 'manual' } },
    };
    expect(profileOfSim(sim, '583747')).toMatchObject({
      apn: 'globaldata',
      apnByOs: { ios: '', android: 'globaldata' },
      providerRef: sim.iccid,
      esimRef: `583747:${sim.iccid}`,
    });
    expect(profileOfSim({ ...sim, apn: undefined }).apnByOs).toBeUndefined();
  });
});

describe('orders', () => {
  it('orders one eSIM with the shop order id as description and returns the LPA profile', async () => {
    const { fake, provider } = setup();
    const r = await provider.order(orderInput('ORD-A1'));
    expect(r.status).toBe('ready');
    if (r.status !== 'ready') return;
    expect(r.esim).toMatchObject({ smdpAddress: 'RSP-3088.IDEMIA.IO', apn: 'globaldata', confirmationCodeRequired: false });
    expect(r.esim.activationCode).toBe(`LPA:1$RSP-3088.IDEMIA.IO$${r.esim.matchingId}`);
    expect(r.esim.providerRef).toBe(r.esim.iccid);
    expect(fake.orders[0]).toMatchObject({ description: 'ORD-A1', packageId: 'uki-mobile-15days-2gb' });
  });

  it('a dropped answer after Airalo made the order: the retry finds it by description and buys nothing more', async () => {
    const { fake, provider, slept } = setup();
    fake.failNext('POST /v2/orders', () => HttpResponse.error(), true);
    const r = await provider.order(orderInput('ORD-DROP'));
    expect(r.status).toBe('ready');
    expect(fake.ordersBought).toBe(1);
    expect(slept.length).toBe(1);
    if (r.status === 'ready') expect(r.esim.iccid).toBe(fake.orders[0]!.iccid);
  });

  it('matches the description exactly (Airalo searches LIKE %description%)', async () => {
    const { fake, provider } = setup();
    await provider.order(orderInput('ORD-12'));
    await provider.order(orderInput('ORD-1'));
    expect(fake.ordersBought).toBe(2);
  });

  it('a timeout is retried, and the retry looks before buying', async () => {
    const { fake, provider } = setup({ timeoutMs: 50 });
    fake.failNext('POST /v2/orders', async () => {
      await delay(1000);
      return HttpResponse.json({});
    });
    const r = await provider.order(orderInput('ORD-SLOW'));
    expect(r.status).toBe('ready');
    expect(fake.ordersBought).toBe(1);
  });

  it('refuses a plan without an Airalo package', async () => {
    const { provider } = setup();
    const e = await rejection(provider.order(orderInput('ORD-NOPKG', '')));
    expect(e).toMatchObject({ code: 'rejected', retryable: false });
  });

  it('asynchronous: pending with the request id, then ready by poll and by webhook', async () => {
    const { fake, provider } = setup({ async: true });
    const r = await provider.order(orderInput('ORD-ASYNC'));
    expect(r.status).toBe('pending');
    if (r.status !== 'pending') return;
    expect(r.providerRef).toMatch(/^async:req\d+:ORD-ASYNC$/);
    expect((await provider.getEsim(r.providerRef)).status).toBe('pending');
    const [delivery] = fake.settle();
    const ready = await provider.getEsim(r.providerRef);
    expect(ready.status).toBe('ready');
    const raw = JSON.stringify(delivery);
    const sig = createHmac('sha512', SECRET).update(raw).digest('hex');
    const [event] = provider.parseWebhook(raw, new Headers({ 'airalo-signature': sig }), new Date('2026-11-24T10:01:00Z'));
    expect(event).toMatchObject({ type: 'ready', providerRef: r.providerRef });
    if (ready.status === 'ready') expect(event!.iccid).toBe(ready.esim.iccid);
  });
});

describe('errors', () => {
  it('429 with Retry-After in seconds: waits that long, then succeeds', async () => {
    const { fake, provider, slept } = setup();
    fake.failNext('GET /v2/packages', () =>
      HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429, headers: { 'Retry-After': '7' } }),
    );
    await provider.listPackages();
    expect(slept).toEqual([7000]);
  });

  it('Retry-After as an HTTP date, and 503 until attempts run out: unavailable, retryable', async () => {
    const { fake, provider, slept } = setup({ maxAttempts: 2 });
    const at = new Date('2026-11-24T10:00:04Z').toUTCString();
    fake.failNext('GET /v2/sims/{iccid}/usage', () => new HttpResponse('down', { status: 503, headers: { 'Retry-After': at } }));
    fake.failNext('GET /v2/sims/{iccid}/usage', () => new HttpResponse('down', { status: 503 }));
    const e = await rejection(provider.usage('8944465400000100001'));
    expect(e).toMatchObject({ code: 'unavailable', retryable: true });
    expect(slept).toEqual([4000]);
  });

  it('a Retry-After too long to wait inside the call goes up with the error', async () => {
    const { fake, provider, slept } = setup();
    fake.failNext('GET /v2/packages', () =>
      HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429, headers: { 'Retry-After': '3600' } }),
    );
    const e = await rejection(provider.listPackages());
    expect(e).toMatchObject({ code: 'unavailable', retryable: true, retryAfterMs: 3_600_000 });
    expect(slept).toEqual([]);
  });

  it.each([
    ['test-out-of-stock-7days-1gb', '[34]', true],
    ['test-not-enough-7days-1gb', '[33]', true],
    ['test-insufficient-balance-7days-1gb', '[11]', false],
    ['no-such-package', 'package', true],
  ])('%s → rejected, not retried (the package refused: %s, %s)', async (pkg, text, packageUnavailable) => {
    const { fake, provider, slept } = setup();
    const e = await rejection(provider.order(orderInput('ORD-REJ', pkg)));
    // packageUnavailable: another provider's equivalent may be tried (issue 25); a credit problem is ours.
    expect(e).toMatchObject({ code: 'rejected', retryable: false, packageUnavailable });
    expect(e.message).toContain(text);
    expect(slept).toEqual([]);
    expect(fake.ordersBought).toBe(0);
  });

  it('operator maintenance (13) is worth retrying', async () => {
    const { fake, provider } = setup({ maxAttempts: 1 });
    fake.failNext('POST /v2/orders', () => AiraloFake.businessError(13, 'The requested operator is currently undergoing maintenance.'));
    const e = await rejection(provider.order(orderInput('ORD-MAINT')));
    // Airalo's remediation: "Retry later or offer an alternative package from another operator".
    expect(e).toMatchObject({ code: 'unavailable', retryable: true, packageUnavailable: true });
  });

  it('an unknown ICCID → not_found', async () => {
    const { provider } = setup();
    expect((await rejection(provider.getEsim('8944465400000999999'))).code).toBe('not_found');
    expect((await rejection(provider.usage('8944465400000999999'))).code).toBe('not_found');
  });

  it('a dropped connection on a read is retried', async () => {
    const { fake, provider, slept } = setup();
    fake.failNext('GET /v2/packages', () => HttpResponse.error());
    expect((await provider.listPackages()).length).toBeGreaterThan(0);
    expect(slept).toEqual([500]);
  });

  it('never puts the token or the secret in a message or a log line', async () => {
    const { fake, provider, logs } = setup({ maxAttempts: 2 });
    await provider.listPackages();
    fake.failNext('GET /v2/sims/{iccid}/usage', () => new HttpResponse('x', { status: 500 }));
    fake.failNext('GET /v2/sims/{iccid}/usage', () => new HttpResponse('x', { status: 500 }));
    const e = await rejection(provider.usage('8944465400000100001'));
    const text = JSON.stringify([e.message, logs]);
    expect(logs.length).toBeGreaterThan(0);
    expect(text).not.toContain('tok-1');
    expect(text).not.toContain(SECRET);
  });
});

describe('usage, top-ups, refunds', () => {
  it('usage in MB with the states apart, and the activation date from the package history', async () => {
    const { fake, provider } = setup();
    const r = await provider.order(orderInput('ORD-U'));
    if (r.status !== 'ready') throw new Error('not ready');
    expect(await provider.usage(r.esim.iccid)).toMatchObject({
      usedMb: 0,
      totalMb: 2048,
      planState: 'not_active',
      profileState: 'released',
      activatedAt: null,
    });
    fake.use(r.esim.iccid, 300);
    const u = await provider.usage(r.esim.iccid);
    expect(u).toMatchObject({ usedMb: 300, remainingMb: 1748, planState: 'active', profileState: 'enabled' });
    expect(u.activatedAt?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(u.expiresAt?.toISOString()).toBe('2026-12-05T10:00:00.000Z');
  });

  it('topUpsFor: the packages GET /v2/sims/{iccid}/topups lists; a recycled SIM (73) takes none', async () => {
    const { fake, provider } = setup();
    const r = await provider.order(orderInput('ORD-TL'));
    if (r.status !== 'ready') throw new Error('not ready');
    expect(await provider.topUpsFor(r.esim.iccid)).toEqual(['uki-mobile-7days-1gb-topup']);
    fake.sims.get(r.esim.iccid)!.status = 'RECYCLED';
    expect(await provider.topUpsFor(r.esim.iccid)).toEqual([]);
  });

  it('top-up: checks the offered list, posts once per description, recycled SIM (73) → rejected', async () => {
    const { fake, provider } = setup();
    const r = await provider.order(orderInput('ORD-TU'));
    if (r.status !== 'ready') throw new Error('not ready');
    const input = {
      iccid: r.esim.iccid,
      orderId: 'ORD-TU2',
      planId: '2',
      packageCode: 'uki-mobile-7days-1gb-topup',
      dataMb: 1024,
      validityDays: 7,
      idempotencyKey: 'order:ORD-TU2:topup',
    };
    const a = await provider.topUp(input);
    const b = await provider.topUp(input);
    expect(b.providerRef).toBe(a.providerRef);
    expect(fake.orders.filter((o) => o.type === 'topup')).toHaveLength(1);
    fake.sims.get(r.esim.iccid)!.status = 'RECYCLED';
    const e = await rejection(provider.topUp({ ...input, orderId: 'ORD-TU3' }));
    expect(e).toMatchObject({ code: 'rejected', retryable: false });
    expect(e.message).toContain('[73]');
  });

  it('cancel: refund requested for an unused eSIM; refused with the reason once it connected', async () => {
    const { fake, provider } = setup();
    const r = await provider.order(orderInput('ORD-C'));
    if (r.status !== 'ready') throw new Error('not ready');
    expect(await provider.cancel(r.esim.iccid)).toEqual({ canceled: true, iccid: r.esim.iccid });
    expect(fake.sims.get(r.esim.iccid)!.refunded).toBe(true);
    const r2 = await provider.order(orderInput('ORD-C2'));
    if (r2.status !== 'ready') throw new Error('not ready');
    fake.install(r2.esim.iccid);
    expect(await provider.cancel(r2.esim.iccid)).toEqual({ canceled: false, iccid: r2.esim.iccid, reason: 'activated' });
    expect(fake.sims.get(r2.esim.iccid)!.refunded).toBe(false);
  });
});

describe('webhooks', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const sign = (raw: string, key = SECRET) => createHmac('sha512', key).update(raw).digest('hex');
  const lowData = JSON.stringify({ level: '90%', iccid: '8944465400000100001', package_name: 'Uki Mobile 2 GB', remaining_percentage: 10 });

  it('a good signature: low data and expiring notices become events with a stable id', () => {
    const { provider } = setup();
    const [e] = provider.parseWebhook(lowData, new Headers({ 'airalo-signature': sign(lowData) }), now);
    expect(e).toMatchObject({ type: 'low_data', iccid: '8944465400000100001' });
    const again = provider.parseWebhook(lowData, new Headers({ 'airalo-signature': sign(lowData) }), now);
    expect(again[0]!.id).toBe(e!.id);
    const expiring = JSON.stringify({ level: '1days', iccid: '8944465400000100001' });
    expect(provider.parseWebhook(expiring, new Headers({ 'airalo-signature': sign(expiring) }), now)[0]!.type).toBe('validity_ending');
  });

  it('the async-order notification is read with request_id at the top level and inside data', () => {
    const { provider } = setup();
    const sim = { iccid: '8944465400000100009', lpa: 'RSP-3088.IDEMIA.IO', matching_id: 'M-1', qrcode: 'LPA:1$RSP-3088.IDEMIA.IO$M-1' };
    const top = JSON.stringify({ request_id: 'a'.repeat(25), data: { id: 1, description: 'ORD-W1', sims: [sim] } });
    const inner = JSON.stringify({ data: { request_id: 'a'.repeat(25), id: 1, description: 'ORD-W1', sims: [sim] }, meta: {} });
    const flat = JSON.stringify({ request_id: 'a'.repeat(25), id: 1, description: 'ORD-W1', sims: [sim] });
    for (const raw of [top, inner, flat]) {
      const [e] = provider.parseWebhook(raw, new Headers({ 'airalo-signature': sign(raw) }), now);
      expect(e).toMatchObject({ type: 'ready', iccid: sim.iccid, providerRef: `async:${'a'.repeat(25)}:ORD-W1` });
    }
  });

  it('a delivery retried for hours is accepted (20 retries, 15 min apart); one dated ahead is clamped to now or refused', () => {
    const { provider } = setup();
    const body = (at: string) => JSON.stringify({ level: '75%', iccid: '8944465400000100001', created_at: at });
    const late = body('2026-11-24 05:00:00'); // 5 h old: Airalo's last retry
    expect(provider.parseWebhook(late, new Headers({ 'airalo-signature': sign(late) }), now)[0]?.occurredAt).toBe(
      '2026-11-24T05:00:00.000Z',
    );
    const ahead = body('2026-11-24 10:04:00'); // 4 min ahead: inside the tolerance, but not later than now
    expect(provider.parseWebhook(ahead, new Headers({ 'airalo-signature': sign(ahead) }), now)[0]?.occurredAt).toBe(now.toISOString());
    const far = body('2026-11-24 11:00:00');
    expect(() => provider.parseWebhook(far, new Headers({ 'airalo-signature': sign(far) }), now)).toThrow(EsimWebhookError);
  });

  it('a tampered body, a wrong key or no header → signature', () => {
    const { provider } = setup();
    const tampered = lowData.replace('90%', '75%');
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof EsimWebhookError ? e.reason : 'other';
      }
      return 'none';
    };
    expect(reason(() => provider.parseWebhook(tampered, new Headers({ 'airalo-signature': sign(lowData) }), now))).toBe('signature');
    expect(reason(() => provider.parseWebhook(lowData, new Headers({ 'airalo-signature': sign(lowData, 'other') }), now))).toBe(
      'signature',
    );
    expect(reason(() => provider.parseWebhook(lowData, new Headers(), now))).toBe('signature');
    const stale = JSON.stringify({ request_id: 'r'.repeat(25), created_at: '2026-11-22 10:00:00', sims: [] });
    expect(reason(() => provider.parseWebhook(stale, new Headers({ 'airalo-signature': sign(stale) }), now))).toBe('stale');
    const junk = 'not json';
    expect(reason(() => provider.parseWebhook(junk, new Headers({ 'airalo-signature': sign(junk) }), now))).toBe('malformed');
    const odd = JSON.stringify({ hello: 1 });
    expect(reason(() => provider.parseWebhook(odd, new Headers({ 'airalo-signature': sign(odd) }), now))).toBe('malformed');
  });
});

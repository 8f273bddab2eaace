// The eSIM Access adapter over msw (the real fetch path) against the stateful fake of its open API:
// signed requests, each operation, each error class, slow and dropped answers, webhooks, and a
// retried order that must not buy twice.
import { createHmac } from 'node:crypto';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bytesToMb,
  bytesToWholeMb,
  durationToDays,
  eaTime,
  planStateOf,
  priceToMinor,
  profileStateOf,
} from '../../src/providers/esim/esimaccess-map.ts';
import { EsimAccessProvider, esimAccessSignature } from '../../src/providers/esim/esimaccess.ts';
import type { EsimAccessOptions } from '../../src/providers/esim/esimaccess.ts';
import { EsimProviderError, EsimWebhookError } from '../../src/providers/esim/types.ts';
import { EA_BASE, EsimAccessFake } from './fakes/esimaccess-fake.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const NOW = new Date('2026-03-31T19:29:35Z');

function setup(opts: Partial<EsimAccessOptions> = {}, secretOverride?: string) {
  const fake = new EsimAccessFake();
  fake.now = () => NOW.getTime();
  server.resetHandlers(...fake.handlers());
  const sleeps: number[] = [];
  const logs: Array<{ msg: string; extra: unknown }> = [];
  const provider = new EsimAccessProvider({
    baseUrl: EA_BASE,
    accessCode: fake.accessCode,
    secretKey: secretOverride ?? fake.secretKey,
    now: () => NOW,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    log: { warn: (msg, extra) => logs.push({ msg, extra }) },
    ...opts,
  });
  return { fake, provider, sleeps, logs };
}

const orderInput = (key: string, packageCode = 'CKH002') => ({
  orderId: key,
  planId: '7',
  packageCode,
  dataMb: 3072,
  validityDays: 30,
  idempotencyKey: `order:${key}:esim`,
});

async function caught(p: Promise<unknown>): Promise<EsimProviderError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof EsimProviderError) return e;
    throw e;
  }
  throw new Error('expected an EsimProviderError');
}

describe('units and states (pure)', () => {
  it('price ÷ 10,000 = USD, in cents rounded half up; bytes in binary MB; durations in days', () => {
    expect(priceToMinor(18000)).toBe(180);
    expect(priceToMinor(57050)).toBe(571);
    expect(priceToMinor(57049)).toBe(570);
    expect(priceToMinor(0)).toBe(0);
    expect(bytesToWholeMb(1_073_741_824)).toBe(1024);
    expect(bytesToWholeMb(524_288)).toBe(1);
    expect(bytesToMb(1_572_864)).toBe(1.5);
    expect(durationToDays(7, 'DAY')).toBe(7);
    expect(durationToDays(1, 'MONTH')).toBe(30);
    expect(durationToDays(0, 'DAY')).toBeNull();
    expect(durationToDays(3, 'WEEKS')).toBeNull();
  });

  it('keeps the profile state (smdpStatus) and the plan state (esimStatus) apart', () => {
    expect(profileStateOf('RELEASED')).toBe('released');
    expect(profileStateOf('DOWNLOAD')).toBe('downloaded');
    expect(profileStateOf('INSTALLATION')).toBe('installed');
    expect(profileStateOf('ENABLED')).toBe('enabled');
    expect(profileStateOf('DISABLED')).toBe('disabled');
    expect(profileStateOf('DELETED')).toBe('deleted');
    expect(planStateOf('GOT_RESOURCE', null)).toBe('not_active');
    expect(planStateOf('GOT_RESOURCE', '2026-03-31T19:29:36+0000')).toBe('active');
    expect(planStateOf('IN_USE', null)).toBe('active');
    expect(planStateOf('USED_UP', null)).toBe('finished');
    expect(planStateOf('UNUSED_EXPIRED', null)).toBe('expired');
    expect(planStateOf('CANCEL', null)).toBe('expired');
    expect(planStateOf('SOMETHING_NEW', '2026-03-31T19:29:36+0000')).toBe('active');
    expect(eaTime('2026-09-27T19:29:36+0000')?.toISOString()).toBe('2026-09-27T19:29:36.000Z');
    expect(eaTime('2025-08-09T00:23:45Z')?.toISOString()).toBe('2025-08-09T00:23:45.000Z');
    expect(eaTime('soon')).toBeNull();
  });
});

describe('signed requests', () => {
  it("matches eSIM Access's documented example signature", () => {
    expect(esimAccessSignature('1111', '1628670421', '4ce9d9cdac9e4e17b3a2c66c358c1ce2', '11111', '{"imsi":"326543826"}')).toBe(
      '7eb765e27df5373dea2dbc8c41a7d9557743e46c8054750f3d851b3fd01d0835',
    );
  });

  it('sends RT-AccessCode, RT-Timestamp (ms), a fresh RT-RequestID and RT-Signature over the exact body', async () => {
    const { fake, provider } = setup();
    await provider.listPackages();
    const calls = fake.calls('/package/list');
    expect(calls).toHaveLength(2);
    for (const c of calls) {
      expect(c.headers['rt-accesscode']).toBe(fake.accessCode);
      expect(c.headers['rt-timestamp']).toBe(String(NOW.getTime()));
      expect(c.headers['rt-requestid']).toMatch(/^[0-9a-f]{32}$/);
      expect(c.headers['content-type']).toBe('application/json');
      const signed = createHmac('sha256', fake.secretKey)
        .update(c.headers['rt-timestamp']! + c.headers['rt-requestid']! + fake.accessCode + JSON.stringify(c.body))
        .digest('hex');
      expect(c.headers['rt-signature']).toBe(signed);
    }
    expect(calls[0]!.headers['rt-requestid']).not.toBe(calls[1]!.headers['rt-requestid']);
  });

  it('a wrong secret is refused by the fake (101003) and named, without the secret', async () => {
    const { provider, logs } = setup({ maxAttempts: 2 }, 'not-the-secret-key');
    const e = await caught(provider.listPackages());
    expect(e.code).toBe('unavailable');
    expect(e.message).toMatch(/101003.*signature/);
    expect(e.message).not.toContain('not-the-secret-key');
    expect(JSON.stringify(logs)).not.toContain('not-the-secret-key');
  });
});

describe('catalogue', () => {
  it("lists new-eSIM and top-up packages in the shop's units", async () => {
    const { provider, logs } = setup();
    const packages = await provider.listPackages();
    const byCode = new Map(packages.map((p) => [p.code, p]));
    expect(byCode.get('CKH002')).toEqual({
      code: 'CKH002',
      name: 'Spain 3GB 30Days',
      countries: ['ES'],
      dataMb: 3072,
      validityDays: 30,
      wholesale: { minor: 180, currency: 'USD' },
      suggestedRetail: { minor: 360, currency: 'USD' },
      topUp: false,
      newEsim: true,
      // What the package says (operatorList, supportTopUpType 2); 'NL/FR' is not one exit country.
      facts: { operators: [{ country: 'ES', name: 'Vodafone', generation: '4G' }], topUps: true },
    });
    // Daily unlimited (dataType 4): its volume is the daily cap.
    expect(byCode.get('UNL-JP-5')?.facts).toMatchObject({ dailyCapMb: 2048, topUps: true });
    expect(byCode.get('CKH491')).toMatchObject({
      countries: ['MX', 'US', 'CA'],
      area: 'North America',
      dataMb: 1024,
      validityDays: 7,
      wholesale: { minor: 571 },
    });
    expect(byCode.get('UNL-JP-5')).toMatchObject({ dataMb: null, validityDays: 5 });
    expect(byCode.get('TOPUP_CKH002')).toMatchObject({ topUp: true, newEsim: false, dataMb: 3072 });
    // A per-day allowance cannot be sold as the shop's total: left out, and said so.
    expect(byCode.has('P1X57VWMR')).toBe(false);
    expect(JSON.stringify(logs)).toContain('P1X57VWMR');
  });
});

describe('orders', () => {
  it('orders with transactionId = the idempotency key and today’s price; ready once the profile is allocated', async () => {
    const { fake, provider } = setup();
    const r = await provider.order(orderInput('ORD-1'));
    expect(fake.calls('/esim/order')[0]!.body).toEqual({
      transactionId: 'order:ORD-1:esim',
      amount: 18000,
      packageInfoList: [{ packageCode: 'CKH002', count: 1, price: 18000 }],
    });
    expect(r.status).toBe('ready');
    if (r.status !== 'ready') return;
    expect(r.esim).toMatchObject({
      smdpAddress: 'rsp-eu.simlessly.com',
      matchingId: expect.stringMatching(/^C5F541D4E3174EA38A74B6EF7CCB\d{4}$/),
      confirmationCodeRequired: false,
      apn: 'isp',
      providerRef: expect.stringMatching(/^B\d+$/),
    });
    expect(r.esim.activationCode).toBe(`LPA:1$rsp-eu.simlessly.com$${r.esim.matchingId}`);
    expect(fake.balance).toBe(10_000_000 - 18000);
  });

  it('answers pending with the orderNo while the profile is being allocated; getEsim reads it when ready', async () => {
    const { fake, provider } = setup({ orderPolls: 0 });
    const r = await provider.order(orderInput('ORD-2'));
    expect(r.status).toBe('pending');
    if (r.status !== 'pending') return;
    expect(r.providerRef).toMatch(/^B\d+$/);
    expect(await provider.getEsim(r.providerRef)).toEqual({ status: 'pending', providerRef: r.providerRef });
    fake.settle();
    const d = await provider.getEsim(r.providerRef);
    expect(d).toMatchObject({ status: 'ready', profileState: 'released', planState: 'not_active' });
  });

  it('an unknown orderNo is not_found', async () => {
    const { provider } = setup();
    const e = await caught(provider.getEsim('B000000'));
    expect(e.code).toBe('not_found');
    expect(e.retryable).toBe(false);
  });

  it('a plan without a provider package is refused without calling eSIM Access', async () => {
    const { fake, provider } = setup();
    const e = await caught(provider.order({ ...orderInput('ORD-3'), packageCode: undefined }));
    expect(e.code).toBe('rejected');
    expect(e.message).toMatch(/catalog sync/);
    expect(fake.seen).toHaveLength(0);
  });

  it('a retried order whose first answer was lost never buys twice: the duplicate is found by its transactionId, across pages', async () => {
    const { fake, provider } = setup();
    // 55 other eSIMs first, so the lookup has to read a second page (50 a page).
    for (let i = 0; i < 55; i++) await provider.order(orderInput(`FILLER-${i}`));
    fake.settle();
    fake.readyAfterQueries = 0;
    const before = fake.balance;
    fake.failNext('/esim/order', { kind: 'lose-answer' });
    const r = await provider.order(orderInput('ORD-LOST'));
    expect(r.status).toBe('ready');
    expect(fake.calls('/esim/order').filter((c) => c.body.transactionId === 'order:ORD-LOST:esim')).toHaveLength(2);
    expect([...fake.orders.values()].filter((o) => o.transactionId === 'order:ORD-LOST:esim')).toHaveLength(1);
    expect(fake.balance).toBe(before - 18000);
    const pages = fake.calls('/esim/query').filter((c) => c.body.startTime);
    expect(pages.map((c) => (c.body.pager as { pageNum: number }).pageNum)).toEqual([1, 2]);
    // And the shop calling again with the same key gets the same eSIM.
    const again = await provider.order(orderInput('ORD-LOST'));
    if (r.status !== 'ready' || again.status !== 'ready') throw new Error('not ready');
    expect(again.esim.iccid).toBe(r.esim.iccid);
    expect(fake.balance).toBe(before - 18000);
  });

  it('a duplicate whose first order is not listed yet is a retryable error, never a second order', async () => {
    const { fake, provider } = setup({ maxAttempts: 1 });
    fake.failNext('/esim/order', { kind: 'lose-answer' });
    const lost = await caught(provider.order(orderInput('ORD-5')));
    expect(lost.retryable).toBe(true);
    const e = await caught(provider.order(orderInput('ORD-5')));
    expect(e).toMatchObject({ code: 'unavailable', retryable: true });
    expect(e.message).toMatch(/not ordering again/);
    expect(fake.orders.size).toBe(1);
    fake.settle();
    const r = await provider.order(orderInput('ORD-5'));
    expect(r.status).toBe('ready');
    expect(fake.orders.size).toBe(1);
  });
});

describe('errors', () => {
  it.each([
    ['insufficient balance', (f: EsimAccessFake) => (f.balance = 0), /200007.*insufficient balance/, false],
    ['out of stock', (f: EsimAccessFake) => (f.stock = 0), /200011.*out of stock/, true],
  ])('%s is a rejection, not retried', async (_name, arrange, message, packageUnavailable) => {
    const { fake, provider } = setup();
    arrange(fake);
    const e = await caught(provider.order(orderInput('ORD-E')));
    // packageUnavailable: with several providers the order fails over (issue 25); a balance problem is ours.
    expect(e).toMatchObject({ code: 'rejected', retryable: false, packageUnavailable });
    expect(e.message).toMatch(message);
    expect(fake.calls('/esim/order')).toHaveLength(1);
  });

  it('a package eSIM Access does not sell is a rejection', async () => {
    const { provider } = setup();
    const e = await caught(provider.order(orderInput('ORD-P', 'NOPE')));
    expect(e).toMatchObject({ code: 'rejected', retryable: false, packageUnavailable: true });
    expect(e.message).toMatch(/310241.*package not found/);
  });

  it('HTTP 429 waits the Retry-After, then goes on', async () => {
    const { fake, provider, sleeps } = setup();
    fake.failNext('/package/list', { kind: 'status', status: 429, retryAfter: '2' });
    await provider.listPackages();
    expect(sleeps).toEqual([2000]);
    expect(fake.calls('/package/list')).toHaveLength(3);
  });

  it('HTTP 429 every time: unavailable, retryable, with the Retry-After for the caller', async () => {
    const { fake, provider } = setup();
    fake.failNext('/package/list', ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429, retryAfter: '7' })));
    const e = await caught(provider.listPackages());
    expect(e).toMatchObject({ code: 'unavailable', retryable: true, retryAfterMs: 7000 });
    expect(fake.calls('/package/list')).toHaveLength(3);
  });

  it('HTTP 503, "system busy" and a rate-limit answer are retried with back-off', async () => {
    const { fake, provider, sleeps } = setup({ maxAttempts: 4 });
    fake.failNext(
      '/package/list',
      { kind: 'status', status: 503 },
      { kind: 'api', errorCode: '900001', errorMsg: 'system busy' },
      { kind: 'api', errorCode: '100029', errorMsg: 'Request rate limit exceeded' },
    );
    await provider.listPackages();
    expect(sleeps).toEqual([500, 1000, 2000]);
  });

  it('a stalled answer times out as retryable unavailable', async () => {
    const { fake, provider } = setup({ timeoutMs: 50, maxAttempts: 1 });
    fake.failNext('/package/list', { kind: 'stall' });
    const e = await caught(provider.listPackages());
    expect(e).toMatchObject({ code: 'unavailable', retryable: true });
    expect(e.message).toMatch(/did not answer within 50 ms/);
  });

  it('a dropped connection is retryable unavailable, and retried', async () => {
    const { fake, provider } = setup({ maxAttempts: 1 });
    fake.failNext('/package/list', { kind: 'drop' });
    const e = await caught(provider.listPackages());
    expect(e).toMatchObject({ code: 'unavailable', retryable: true });
    expect(e.message).toMatch(/could not be reached/);
    const retried = setup();
    retried.fake.failNext('/package/list', { kind: 'drop' });
    expect((await retried.provider.listPackages()).length).toBeGreaterThan(0);
  });

  it('never puts the secret key or the access code in a message or a log, even when the provider echoes them', async () => {
    const { fake, provider, logs } = setup({ maxAttempts: 2 });
    fake.failNext(
      '/package/list',
      { kind: 'api', errorCode: '900001', errorMsg: `busy for ${fake.accessCode}` },
      { kind: 'api', errorCode: '999999', errorMsg: `bad key ${fake.secretKey}` },
    );
    const e = await caught(provider.listPackages());
    const text = `${e.message} ${e.stack} ${JSON.stringify(logs)}`;
    expect(e.message).toContain('[redacted]');
    expect(text).not.toContain(fake.secretKey);
    expect(text).not.toContain(fake.accessCode);
  });
});

describe('usage, top-up, cancel', () => {
  async function ready(h: ReturnType<typeof setup>, key: string) {
    const r = await h.provider.order(orderInput(key));
    if (r.status !== 'ready') throw new Error('not ready');
    return r.esim;
  }

  it('reads usage in MB from bytes, by esimTranNo looked up by ICCID', async () => {
    const h = setup();
    const esim = await ready(h, 'ORD-U');
    h.fake.install(esim.iccid);
    h.fake.use(esim.iccid, 1.5);
    const u = await h.provider.usage(esim.iccid);
    expect(u).toMatchObject({
      iccid: esim.iccid,
      usedMb: 1.5,
      totalMb: 3072,
      remainingMb: 3070.5,
      profileState: 'enabled',
      planState: 'active',
    });
    expect(u.activatedAt?.toISOString()).toBe(NOW.toISOString());
    expect(u.expiresAt?.toISOString()).toBe(new Date(NOW.getTime() + 30 * 86_400_000).toISOString());
    expect(h.fake.calls('/esim/usage/query')[0]!.body).toEqual({ esimTranNoList: [h.fake.byIccid(esim.iccid).esimTranNo] });
    h.fake.use(esim.iccid, 3071);
    expect(await h.provider.usage(esim.iccid)).toMatchObject({ planState: 'finished', remainingMb: 0 });
  });

  it('an unknown ICCID is not_found', async () => {
    const h = setup();
    expect((await caught(h.provider.usage('8910300000000000000'))).code).toBe('not_found');
  });

  it('lists the top-ups eSIM Access offers for this eSIM (package/list type TOPUP with its ICCID); none once it expired', async () => {
    const h = setup();
    const esim = await ready(h, 'ORD-TL');
    expect(await h.provider.topUpsFor(esim.iccid)).toEqual(['TOPUP_CKH002']);
    h.fake.expire(esim.iccid);
    expect(await h.provider.topUpsFor(esim.iccid)).toEqual([]);
  });

  it('tops up with the top-up package and the key as transactionId; refused after expiry, not retryable', async () => {
    const h = setup();
    const esim = await ready(h, 'ORD-T');
    const input = {
      iccid: esim.iccid,
      orderId: 'T1',
      planId: '9',
      packageCode: 'TOPUP_CKH002',
      dataMb: 3072,
      validityDays: 30,
      idempotencyKey: 'order:T1:topup',
    };
    const applied = await h.provider.topUp(input);
    expect(applied).toEqual({ iccid: esim.iccid, providerRef: 'order:T1:topup' });
    expect(h.fake.calls('/esim/topup')[0]!.body).toMatchObject({
      esimTranNo: h.fake.byIccid(esim.iccid).esimTranNo,
      packageCode: 'TOPUP_CKH002',
      transactionId: 'order:T1:topup',
    });
    expect(await h.provider.topUp(input)).toEqual(applied);
    expect(h.fake.topupsApplied.size).toBe(1);
    h.fake.expire(esim.iccid);
    const e = await caught(h.provider.topUp({ ...input, idempotencyKey: 'order:T2:topup' }));
    expect(e).toMatchObject({ code: 'rejected', retryable: false });
  });

  it("eSIM Access's own refusal of a top-up (not allowed in this state) is a rejection", async () => {
    const h = setup();
    const esim = await ready(h, 'ORD-T3');
    h.fake.failNext('/esim/topup', { kind: 'api', errorCode: '200002', errorMsg: 'operation not allowed due to order status' });
    const e = await caught(
      h.provider.topUp({
        iccid: esim.iccid,
        orderId: 'T3',
        planId: '9',
        packageCode: 'TOPUP_CKH002',
        dataMb: 3072,
        validityDays: 30,
        idempotencyKey: 'k3',
      }),
    );
    expect(e).toMatchObject({ code: 'rejected', retryable: false });
  });

  it('cancels an unused eSIM (refunded to the balance); refuses an installed or activated one with the reason', async () => {
    const h = setup();
    const unused = await ready(h, 'ORD-C1');
    const balance = h.fake.balance;
    expect(await h.provider.cancel(unused.iccid)).toEqual({ canceled: true, iccid: unused.iccid });
    expect(h.fake.balance).toBe(balance + 18000);
    expect(await h.provider.cancel(unused.iccid)).toEqual({ canceled: false, iccid: unused.iccid, reason: 'already_canceled' });
    const installed = await ready(h, 'ORD-C2');
    h.fake.install(installed.iccid);
    expect(await h.provider.cancel(installed.iccid)).toEqual({ canceled: false, iccid: installed.iccid, reason: 'installed' });
    const used = await ready(h, 'ORD-C3');
    h.fake.use(used.iccid, 1);
    expect(await h.provider.cancel(used.iccid)).toEqual({ canceled: false, iccid: used.iccid, reason: 'activated' });
    expect(h.fake.calls('/esim/cancel')).toHaveLength(1);
  });

  it('a cancel whose answer was lost is retried and still reported as canceled (refunded once)', async () => {
    const h = setup();
    const esim = await ready(h, 'ORD-C5');
    const balance = h.fake.balance;
    h.fake.failNext('/esim/cancel', { kind: 'lose-answer' });
    expect(await h.provider.cancel(esim.iccid)).toEqual({ canceled: true, iccid: esim.iccid });
    expect(h.fake.calls('/esim/cancel')).toHaveLength(2);
    expect(h.fake.balance).toBe(balance + 18000);
  });

  it('a cancel the provider refuses because the eSIM changed meanwhile reports why', async () => {
    const h = setup();
    const esim = await ready(h, 'ORD-C4');
    // Installed between our read and eSIM Access's check.
    h.fake.failNext('/esim/cancel', {
      kind: 'api',
      errorCode: '200002',
      errorMsg: 'operation not allowed due to order status',
      then: () => h.fake.install(esim.iccid),
    });
    const result = h.provider.cancel(esim.iccid);
    expect(await result).toEqual({ canceled: false, iccid: esim.iccid, reason: 'installed' });
    expect(h.fake.calls('/esim/cancel')).toHaveLength(1);
  });
});

describe('webhooks', () => {
  function signed(body: unknown, opts: { secret?: string; at?: number; accessCode?: string } = {}) {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const ts = String(opts.at ?? NOW.getTime());
    const id = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const code = opts.accessCode ?? 'ea-access-7Q2';
    const headers = new Headers({
      'RT-AccessCode': code,
      'RT-Timestamp': ts,
      'RT-RequestID': id,
      'RT-Signature': esimAccessSignature(opts.secret ?? 'ea-secret-Zx91-topsecret', ts, id, code, raw),
    });
    return { raw, headers };
  }
  const provider = () => setup().provider;

  it('ORDER_STATUS GOT_RESOURCE → ready with the orderNo; CHECK_HEALTH → nothing', () => {
    const { raw, headers } = signed({ notifyType: 'ORDER_STATUS', content: { orderNo: 'B23072016497499', orderStatus: 'GOT_RESOURCE' } });
    const events = provider().parseWebhook(raw, headers, NOW);
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^ea-[0-9a-f]{32}$/),
        type: 'ready',
        iccid: '',
        occurredAt: NOW.toISOString(),
        providerRef: 'B23072016497499',
      },
    ]);
    const health = signed({ notifyType: 'CHECK_HEALTH', content: { orderNo: '1234567890', orderStatus: 'Test' } });
    expect(provider().parseWebhook(health.raw, health.headers, NOW)).toEqual([]);
  });

  it.each([
    ['ESIM_STATUS', { esimStatus: 'IN_USE', smdpStatus: 'ENABLED' }, 'activated'],
    ['ESIM_STATUS', { esimStatus: 'USED_UP', smdpStatus: 'ENABLED' }, 'finished'],
    ['ESIM_STATUS', { esimStatus: 'UNUSED_EXPIRED', smdpStatus: 'RELEASED' }, 'expired'],
    ['ESIM_STATUS', { esimStatus: 'GOT_RESOURCE', smdpStatus: 'INSTALLATION' }, 'installed'],
    ['SMDP_EVENT', { esimStatus: 'GOT_RESOURCE', smdpStatus: 'ENABLED' }, 'installed'],
    ['DATA_USAGE', { totalVolume: 53687091200, orderUsage: 48335585458, remain: 5351505742 }, 'low_data'],
    ['VALIDITY_USAGE', { durationUnit: 'DAY', totalDuration: 30, expiredTime: '2024-01-11T08:10:19Z', remain: 1 }, 'validity_ending'],
  ])('%s %j → %s, keyed on notifyId, at eventGenerateTime', (notifyType, content, type) => {
    const { raw, headers } = signed({
      notifyType,
      eventGenerateTime: '2026-03-31T19:28:09+0000',
      notifyId: '4038b3dfb1b050bf9f02501df67284f3',
      content: { orderNo: 'B25080823490018', esimTranNo: '25080323490020', iccid: '89852000263413436720', ...content },
    });
    expect(provider().parseWebhook(raw, headers, NOW)).toEqual([
      {
        id: '4038b3dfb1b050bf9f02501df67284f3',
        type,
        iccid: '89852000263413436720',
        occurredAt: '2026-03-31T19:28:09.000Z',
        esimRef: '25080323490020',
      },
    ]);
  });

  it('unsigned deliveries (as eSIM Access documents them) are accepted but not believed: CHECK_HEALTH → nothing; events dated now, id from the body, no snapshot', () => {
    const health = JSON.stringify({ notifyType: 'CHECK_HEALTH', content: { orderNo: '1234567890', orderStatus: 'Test' } });
    expect(provider().parseWebhook(health, new Headers({ 'content-type': 'application/json' }), NOW)).toEqual([]);
    const raw = JSON.stringify({
      notifyType: 'ESIM_STATUS',
      notifyId: 'chosen-by-the-sender',
      eventGenerateTime: '2030-01-01T00:00:00+0000',
      content: { orderNo: 'B25080823490018', esimTranNo: '25080323490020', iccid: '89852000263413436720', esimStatus: 'USED_UP' },
    });
    const [e] = provider().parseWebhook(raw, new Headers(), NOW);
    expect(e).toEqual({
      id: expect.stringMatching(/^ea-u-[0-9a-f]{32}$/),
      type: 'finished',
      iccid: '89852000263413436720',
      occurredAt: NOW.toISOString(),
      esimRef: '25080323490020',
      // The server route checks the sender of these against ESIM_WEBHOOK_ALLOWED_IPS.
      unsigned: true,
    });
    expect(e!.usage).toBeUndefined();
  });

  it('a signed event dated in the future is dated now (it cannot outrank the reports after it)', () => {
    const { raw, headers } = signed({
      notifyType: 'DATA_USAGE',
      eventGenerateTime: '2030-01-01T00:00:00+0000',
      content: { iccid: '8943108170001029631' },
    });
    expect(provider().parseWebhook(raw, headers, NOW)[0]?.occurredAt).toBe(NOW.toISOString());
  });

  it('a tampered body, a wrong secret, another access code or a signature without its headers → signature', () => {
    const good = signed({ notifyType: 'DATA_USAGE', content: { iccid: '8943108170001029631' } });
    const reasons = [
      () => provider().parseWebhook(good.raw.replace('8943', '8944'), good.headers, NOW),
      () => {
        const s = signed({ notifyType: 'DATA_USAGE', content: { iccid: '1' } }, { secret: 'guess' });
        return provider().parseWebhook(s.raw, s.headers, NOW);
      },
      () => {
        const s = signed({ notifyType: 'DATA_USAGE', content: { iccid: '1' } }, { accessCode: 'someone-else' });
        return provider().parseWebhook(s.raw, s.headers, NOW);
      },
      () => provider().parseWebhook(good.raw, new Headers({ 'RT-Signature': good.headers.get('RT-Signature')! }), NOW),
    ].map((f) => {
      try {
        f();
        return 'accepted';
      } catch (e) {
        return e instanceof EsimWebhookError ? e.reason : 'other';
      }
    });
    expect(reasons).toEqual(['signature', 'signature', 'signature', 'signature']);
  });

  it('a delivery signed more than 300 s away from now → stale (either way); 299 s is fine', () => {
    const body = { notifyType: 'CHECK_HEALTH', content: {} };
    for (const offset of [-301_000, 301_000]) {
      const s = signed(body, { at: NOW.getTime() + offset });
      expect(() => provider().parseWebhook(s.raw, s.headers, NOW)).toThrow(expect.objectContaining({ reason: 'stale' }));
    }
    const fresh = signed(body, { at: NOW.getTime() - 299_000 });
    expect(provider().parseWebhook(fresh.raw, fresh.headers, NOW)).toEqual([]);
  });

  it('a signed body that is not JSON, or an event without its ICCID → malformed', () => {
    for (const body of [
      '{not json',
      JSON.stringify({ content: {} }),
      JSON.stringify({ notifyType: 'ESIM_STATUS', content: { esimStatus: 'IN_USE' } }),
    ]) {
      const s = signed(body);
      expect(() => provider().parseWebhook(s.raw, s.headers, NOW)).toThrow(expect.objectContaining({ reason: 'malformed' }));
    }
  });

  it('uses ESIMACCESS_WEBHOOK_SECRET when it is set', () => {
    const h = setup({ webhookSecret: 'hook-secret' });
    const s = signed({ notifyType: 'CHECK_HEALTH', content: {} }, { secret: 'hook-secret' });
    expect(h.provider.parseWebhook(s.raw, s.headers, NOW)).toEqual([]);
    const withKey = signed({ notifyType: 'CHECK_HEALTH', content: {} });
    expect(() => h.provider.parseWebhook(withKey.raw, withKey.headers, NOW)).toThrow(expect.objectContaining({ reason: 'signature' }));
  });
});

// POST /api/webhooks/esim over HTTP: a signed delivery is applied once (a duplicate is answered
// 'duplicate'), a bad signature, a stale timestamp or a body it cannot read is a 400 that says why,
// and an unknown ICCID is a 200 'ignored'.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ESIM_SIGNATURE_HEADER, EsimAccessProvider, esimWebhookSignature } from '@esim/api';
import { CARD_OK, createOrdersApp, post, type OrdersApp } from './orders-app.ts';

let t: OrdersApp;
beforeEach(async () => {
  t = await createOrdersApp();
});
afterEach(async () => {
  await t.settle();
  await t.close();
});

async function boughtIccid(): Promise<string> {
  const intent = (await (
    await post(t.app, '/api/create-payment-intent', { planId: t.plans.japan1.id, email: 'w@traveller.example' })
  ).json()) as {
    paymentIntentId: string;
    clientSecret: string;
  };
  await post(t.app, '/api/demo-payments/confirm', {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    card: CARD_OK,
  });
  await t.settle();
  return (await t.db.selectFrom('esims').select('iccid').executeTakeFirstOrThrow()).iccid;
}

const deliver = (body: string, headers: Record<string, string>) =>
  t.app.request('/api/webhooks/esim', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('POST /api/webhooks/esim/<provider> (several providers)', () => {
  it('the path names the provider whose signature applies; one that is not configured is a 404', async () => {
    const iccid = await boughtIccid();
    const { event } = await t.esim.simulateUsage(iccid, 120);
    const d = t.esim.signDelivery([event], t.clock.now);
    const at = (provider: string) =>
      t.app.request(`/api/webhooks/esim/${provider}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...d.headers },
        body: d.body,
      });
    expect((await t.app.request('/api/webhooks/esim/simulator', { method: 'HEAD' })).status).toBe(200);
    const unknown = await at('vodafone');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const ok = await at('simulator');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, outcome: 'processed' });
  });
});

describe('POST /api/webhooks/esim', () => {
  it('applies a signed event once; the same delivery again is a duplicate', async () => {
    const iccid = await boughtIccid();
    const { event } = await t.esim.simulateUsage(iccid, 300);
    const d = t.esim.signDelivery([event], t.clock.now);
    const first = await deliver(d.body, d.headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await (await deliver(d.body, d.headers)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const esim = await t.db.selectFrom('esims').select(['data_used_mb', 'plan_state']).where('iccid', '=', iccid).executeTakeFirstOrThrow();
    expect(esim).toEqual({ data_used_mb: 300, plan_state: 'active' });
  });

  it('400 for a bad signature, a stale timestamp or a malformed body, with the reason', async () => {
    const iccid = await boughtIccid();
    const { event } = await t.esim.simulateUsage(iccid, 10);
    const d = t.esim.signDelivery([event], t.clock.now);
    const tampered = await deliver(d.body.replace('"usedMb":10', '"usedMb":9999'), d.headers);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({
      error: { code: 'BAD_SIGNATURE', reason: 'signature', message: expect.stringMatching(/signature/) },
    });
    const missing = await deliver(d.body, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { message: expect.stringContaining(ESIM_SIGNATURE_HEADER) } });

    const old = t.esim.signDelivery([event], new Date(t.clock.now.getTime() - 301_000));
    const stale = await deliver(old.body, old.headers);
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ error: { reason: 'stale' } });

    const body = '{"events":"nope"}';
    const ts = Math.floor(t.clock.now.getTime() / 1000);
    const bad = await deliver(body, {
      [ESIM_SIGNATURE_HEADER]: `t=${ts},v1=${esimWebhookSignature('simulator-webhook-test-key', ts, body)}`,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { reason: 'malformed' } });
    // Nothing was applied.
    expect((await t.db.selectFrom('esims').select('data_used_mb').executeTakeFirstOrThrow()).data_used_mb).toBe(0);
  });

  it('a signed event dated in the future does not freeze the later updates', async () => {
    const iccid = await boughtIccid();
    const { event } = await t.esim.simulateUsage(iccid, 100);
    const ahead = { ...event, id: 'evt_ahead', occurredAt: new Date(t.clock.now.getTime() + 86_400_000).toISOString() };
    const first = t.esim.signDelivery([ahead], t.clock.now);
    expect(await (await deliver(first.body, first.headers)).json()).toEqual({ received: true, outcome: 'processed' });
    t.clock.advance(60_000);
    const later = await t.esim.simulateUsage(iccid, 200);
    const second = t.esim.signDelivery([later.event], t.clock.now);
    expect(await (await deliver(second.body, second.headers)).json()).toEqual({ received: true, outcome: 'processed' });
    const esim = await t.db.selectFrom('esims').select(['data_used_mb', 'state_at']).where('iccid', '=', iccid).executeTakeFirstOrThrow();
    expect(esim.data_used_mb).toBe(300);
    expect(esim.state_at! <= t.clock.now.toISOString()).toBe(true);
  });

  it('an unknown ICCID is 200 ignored', async () => {
    const event = { id: 'evt_x', type: 'usage' as const, iccid: '8999900000000000001', occurredAt: t.clock.now.toISOString() };
    const d = t.esim.signDelivery([event], t.clock.now);
    const res = await deliver(d.body, d.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('ESIM_WEBHOOK_ALLOWED_IPS', () => {
  it('limits the senders of unsigned deliveries only: a signed one is heard from anywhere', async () => {
    await t.close();
    t = await createOrdersApp({ env: { TRUST_PROXY: '1', ESIM_WEBHOOK_ALLOWED_IPS: '203.0.113.0/24, 2001:db8::/32' } });
    const event = { id: 'evt_ip', type: 'usage' as const, iccid: '8999900000000000002', occurredAt: t.clock.now.toISOString() };
    const d = t.esim.signDelivery([event], t.clock.now);
    const outside = await deliver(d.body, { ...d.headers, 'x-forwarded-for': '198.51.100.7' });
    expect(outside.status).toBe(200);
    expect(await outside.json()).toEqual({ received: true, outcome: 'ignored' });
    // The reachability check stays open.
    expect((await t.app.request('/api/webhooks/esim', { method: 'HEAD', headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(
      200,
    );
  });

  it('an unsigned eSIM Access delivery from a sender off the list gets 403 and nothing is read; one on it is heard', async () => {
    await t.close();
    const esim = new EsimAccessProvider({ baseUrl: 'https://ea.invalid', accessCode: 'code', secretKey: 'secret' });
    Object.defineProperty(esim, 'isReal', { value: false });
    t = await createOrdersApp({ env: { TRUST_PROXY: '1', ESIM_WEBHOOK_ALLOWED_IPS: '203.0.113.0/24' }, overrides: { esim } });
    const body = JSON.stringify({
      notifyType: 'ESIM_STATUS',
      content: { iccid: '8999900000000000003', esimTranNo: '25010100000001', esimStatus: 'IN_USE', smdpStatus: 'ENABLED' },
    });
    const outside = await deliver(body, { 'x-forwarded-for': '198.51.100.7' });
    expect(outside.status).toBe(403);
    expect(await outside.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(await t.db.selectFrom('esim_events').select('event_id').execute()).toEqual([]);
    const inside = await deliver(body, { 'x-forwarded-for': '203.0.113.9' });
    expect(inside.status).toBe(200);
    expect(await inside.json()).toEqual({ received: true, outcome: 'ignored' });
    // CHECK_HEALTH carries nothing to apply: answered 200 from anywhere, so the URL can be saved.
    const health = await deliver(JSON.stringify({ notifyType: 'CHECK_HEALTH', content: {} }), { 'x-forwarded-for': '198.51.100.7' });
    expect(health.status).toBe(200);
  });
});

describe('eSIM Access deliveries (unsigned JSON, as documented)', () => {
  it('CHECK_HEALTH gets 200 so the URL can be saved in its console; a body that is not JSON is still a 400', async () => {
    await t.close();
    const esim = new EsimAccessProvider({ baseUrl: 'https://ea.invalid', accessCode: 'code', secretKey: 'secret' });
    // Demo payments refuse a real provider; this test sends no payment.
    Object.defineProperty(esim, 'isReal', { value: false });
    t = await createOrdersApp({ overrides: { esim } });
    const health = await deliver(
      JSON.stringify({ notifyType: 'CHECK_HEALTH', content: { orderNo: '1234567890', orderStatus: 'Test' } }),
      {},
    );
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ received: true, outcome: 'ignored' });
    const bad = await deliver('not json', {});
    expect(bad.status).toBe(400);
  });
});

// The after-purchase REST paths over the same procedures (app.request): an eSIM's page and its
// top-ups, refund, receipt and subscription resume — shapes, status codes, someone else's → 404,
// bad input → 4xx, and a refund asked twice over HTTP is one refund.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARD_OK, counts, createOrdersApp, post, sameSite, type OrdersApp } from './orders-app.ts';

let t: OrdersApp;
beforeEach(async () => {
  t = await createOrdersApp();
});
afterEach(async () => {
  await t.settle();
  await t.close();
});

let seq = 0;
async function register(): Promise<string> {
  seq++;
  const res = await post(t.app, '/api/auth/register', {
    username: `rest${seq}`,
    email: `rest${seq}@traveller.example`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .find((l) => l.startsWith('session='))!
    .split(';')[0]!;
}

const get = (path: string, cookie?: string) => t.app.request(path, { headers: sameSite(cookie ? { Cookie: cookie } : {}) });

async function buy(cookie: string, body: Record<string, unknown> = {}) {
  const res = await post(t.app, '/api/create-payment-intent', { planId: t.plans.japan5.id, ...body }, { Cookie: cookie });
  const intent = (await res.json()) as { orderId: string; paymentIntentId: string; clientSecret: string; topUpIccid: string | null };
  expect(res.status).toBe(200);
  const paid = await post(
    t.app,
    '/api/demo-payments/confirm',
    { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: CARD_OK },
    { Cookie: cookie },
  );
  expect(paid.status).toBe(200);
  await t.settle();
  return intent;
}

async function iccidOf(orderId: string): Promise<string> {
  const row = await t.db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select('e.iccid')
    .where('o.public_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.iccid;
}

describe('after the purchase over REST', () => {
  it('GET /api/esims/:iccid and /top-ups: the owner sees them, anyone else 404, a bad ICCID 400, signed out 401', async () => {
    const me = await register();
    const order = await buy(me);
    const iccid = await iccidOf(order.orderId);
    const detail = await get(`/api/esims/${iccid}`, me);
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({ iccid, orderId: order.orderId });
    const topUps = await get(`/api/esims/${iccid}/top-ups`, me);
    expect(topUps.status).toBe(200);
    expect(((await topUps.json()) as { id: number }[]).map((p) => p.id)).toContain(t.plans.japan1.id);

    const other = await register();
    expect((await get(`/api/esims/${iccid}`, other)).status).toBe(404);
    expect((await get(`/api/esims/${iccid}/top-ups`, other)).status).toBe(404);
    const bad = await get('/api/esims/not-an-iccid/top-ups', me);
    expect(bad.status).toBe(400);
    expect((await get(`/api/esims/${iccid}/top-ups`)).status).toBe(401);
    // The QR image path is untouched by the new ones.
    expect((await get(`/api/esims/ESIM-NOPE/qr.png`)).status).toBe(404);
  });

  it('a top-up bought over REST lands on the same eSIM; the order list carries iccid and isTopUp', async () => {
    const me = await register();
    const first = await buy(me);
    const iccid = await iccidOf(first.orderId);
    const topUp = await buy(me, { planId: t.plans.japan1.id, topUpIccid: iccid });
    expect(topUp.topUpIccid).toBe(iccid);
    const orders = (await (await get('/api/orders', me)).json()) as { id: string; iccid: string | null; isTopUp: boolean }[];
    expect(orders.map((o) => [o.id, o.iccid, o.isTopUp])).toEqual([
      [topUp.orderId, iccid, true],
      [first.orderId, iccid, false],
    ]);
    expect(await counts(t.db)).toMatchObject({ esims: 1, fulfilled: 2 });
    const bad = await post(t.app, '/api/create-payment-intent', { planId: t.plans.japan1.id, topUpIccid: '8912' }, { Cookie: me });
    expect(bad.status).toBe(400);
    expect(await counts(t.db)).toMatchObject({ orders: 2 });
  });

  it('POST /api/orders/:orderId/refund twice at once: one refund; GET …/receipt shows it; someone else 404', async () => {
    const me = await register();
    const order = await buy(me);
    const [a, b] = await Promise.all([
      post(t.app, `/api/orders/${order.orderId}/refund`, {}, { Cookie: me }),
      post(t.app, `/api/orders/${order.orderId}/refund`, {}, { Cookie: me }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toMatchObject({ orderId: order.orderId, orderStatus: 'refunded', amountRefundedMinor: 1999 });
    await t.settle();
    expect(await t.db.selectFrom('email_outbox').select('id').where('kind', '=', 'refund_notice').execute()).toHaveLength(1);

    const receipt = await get(`/api/orders/${order.orderId}/receipt`, me);
    expect(receipt.status).toBe(200);
    expect(await receipt.json()).toMatchObject({ orderId: order.orderId, refundedMinor: 1999, orderStatus: 'refunded' });

    const other = await register();
    expect((await post(t.app, `/api/orders/${order.orderId}/refund`, {}, { Cookie: other })).status).toBe(404);
    expect((await get(`/api/orders/${order.orderId}/receipt`, other)).status).toBe(404);
    // Without the same-site headers the CSRF guard refuses before anything happens.
    const forged = await t.app.request(`/api/orders/${order.orderId}/refund`, { method: 'POST', headers: { Cookie: me } });
    expect(forged.status).toBe(403);
  });

  it('a refund refused (installed) is a 409 with the reason', async () => {
    const me = await register();
    const order = await buy(me);
    await t.db.updateTable('esims').set({ profile_state: 'installed' }).execute();
    const res = await post(t.app, `/api/orders/${order.orderId}/refund`, {}, { Cookie: me });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'CONFLICT', message: expect.stringContaining('already installed') } });
  });

  it('POST /api/subscriptions/:id/resume undoes a cancel; someone else 404', async () => {
    const me = await register();
    const res = await post(t.app, '/api/create-subscription', { planId: t.plans.japan5.id }, { Cookie: me });
    const sub = (await res.json()) as { paymentIntentId: string; clientSecret: string; subscriptionId: string };
    await post(
      t.app,
      '/api/demo-payments/confirm',
      { paymentIntentId: sub.paymentIntentId, clientSecret: sub.clientSecret, card: CARD_OK },
      { Cookie: me },
    );
    await t.settle();
    expect((await post(t.app, `/api/subscriptions/${sub.subscriptionId}/cancel`, {}, { Cookie: me })).status).toBe(200);
    const resumed = await post(t.app, `/api/subscriptions/${sub.subscriptionId}/resume`, {}, { Cookie: me });
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({
      cancelAtPeriodEnd: false,
      nextRenewalAt: expect.any(String),
      esimIccid: expect.any(String),
    });
    expect((await post(t.app, `/api/subscriptions/${sub.subscriptionId}/resume`, {}, { Cookie: await register() })).status).toBe(404);
    const weekly = await post(t.app, '/api/create-subscription', { planId: t.plans.japan1.id }, { Cookie: me });
    expect(weekly.status).toBe(400);
  });
});

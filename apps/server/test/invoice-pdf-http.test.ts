// The invoice and credit-note PDF downloads over HTTP (issue 31, rest/invoices.ts): the owner by
// session cookie, a guest by the order's link token; headers (application/pdf, an attachment named
// after the document, never cached); someone else's order, a bad token, an unknown credit note →
// 404 JSON; signed out without a token → 401; unpaid → 409; a credit note after a refund.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueEsimLink } from '../../../packages/api/src/services/esims/esim-links.ts';
import { CARD_OK, createOrdersApp, post, sameSite, type OrdersApp } from './orders-app.ts';

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
    username: `pdf${seq}`,
    email: `pdf${seq}@traveller.example`,
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

async function intent(cookie: string) {
  const res = await post(t.app, '/api/create-payment-intent', { planId: t.plans.japan5.id }, { Cookie: cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as { orderId: string; paymentIntentId: string; clientSecret: string };
}

async function buy(cookie: string) {
  const i = await intent(cookie);
  const paid = await post(
    t.app,
    '/api/demo-payments/confirm',
    { paymentIntentId: i.paymentIntentId, clientSecret: i.clientSecret, card: CARD_OK },
    { Cookie: cookie },
  );
  expect(paid.status).toBe(200);
  await t.settle();
  return i;
}

async function expectPdf(res: Response, filename: string): Promise<Uint8Array> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
  return bytes;
}

async function expectError(res: Response, status: number, code: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
}

describe('GET /api/invoices/:orderId/pdf', () => {
  it('the owner gets the PDF; someone else, an unknown order 404; signed out 401; a guest with the link token 200, a bad token 404', async () => {
    const me = await register();
    const order = await buy(me);
    await expectPdf(await get(`/api/invoices/${order.orderId}/pdf`, me), 'invoice-INV-000001.pdf');

    const other = await register();
    await expectError(await get(`/api/invoices/${order.orderId}/pdf`, other), 404, 'NOT_FOUND');
    await expectError(await get('/api/invoices/ORD-NOSUCHORDER/pdf', me), 404, 'NOT_FOUND');
    await expectError(await get(`/api/invoices/${'x'.repeat(40)}/pdf`, me), 404, 'NOT_FOUND');
    await expectError(await get(`/api/invoices/${order.orderId}/pdf`), 401, 'UNAUTHORIZED');

    const row = await t.db.selectFrom('orders').select('id').where('public_id', '=', order.orderId).executeTakeFirstOrThrow();
    const token = await issueEsimLink(t.db, row.id, t.clock.now);
    await expectPdf(await get(`/api/invoices/${order.orderId}/pdf?token=${token}`), 'invoice-INV-000001.pdf');
    await expectError(await get(`/api/invoices/${order.orderId}/pdf?token=${'x'.repeat(43)}`), 404, 'NOT_FOUND');
    await expectError(await get(`/api/invoices/${order.orderId}/pdf?token=`), 404, 'NOT_FOUND');
    // The link names one order: another order's number with it finds nothing.
    const mine2 = await buy(me);
    await expectError(await get(`/api/invoices/${mine2.orderId}/pdf?token=${token}`), 404, 'NOT_FOUND');
  }, 60_000);

  it('an unpaid order has no invoice yet: 409 with the reason', async () => {
    const me = await register();
    const unpaid = await intent(me);
    const res = await get(`/api/invoices/${unpaid.orderId}/pdf`, me);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: 'CONFLICT', message: 'This order has not been paid, so it has no invoice yet.', details: { reason: 'not_paid' } },
    });
  });

  it('a credit note after a refund: GET …/credit-notes/CN-000001/pdf; an unknown or malformed number 404', async () => {
    const me = await register();
    const order = await buy(me);
    expect((await post(t.app, `/api/orders/${order.orderId}/refund`, {}, { Cookie: me })).status).toBe(200);
    await t.settle();
    await expectPdf(await get(`/api/invoices/${order.orderId}/credit-notes/CN-000001/pdf`, me), 'credit-note-CN-000001.pdf');
    await expectError(await get(`/api/invoices/${order.orderId}/credit-notes/CN-000002/pdf`, me), 404, 'NOT_FOUND');
    await expectError(await get(`/api/invoices/${order.orderId}/credit-notes/INV-000001/pdf`, me), 404, 'NOT_FOUND');
    const other = await register();
    await expectError(await get(`/api/invoices/${order.orderId}/credit-notes/CN-000001/pdf`, other), 404, 'NOT_FOUND');
  }, 60_000);
});

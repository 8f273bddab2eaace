// An install whose invoice-PDF fonts cannot be read (issue 31): the PDF routes answer 503 with a
// JSON message pointing to the printable page, not a 500, and the next request tries again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_OK, createOrdersApp, post, sameSite, type OrdersApp } from './orders-app.ts';

const fonts = vi.hoisted(() => ({ missing: true }));
vi.mock('../../../packages/api/src/services/orders/invoice-pdf-fonts.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../packages/api/src/services/orders/invoice-pdf-fonts.ts')>();
  return {
    ...real,
    readPdfFont: async (key: Parameters<typeof real.readPdfFont>[0]) => {
      if (fonts.missing) throw new Error(`ENOENT: no such file for ${key}`);
      return real.readPdfFont(key);
    },
  };
});

let t: OrdersApp;
beforeEach(async () => {
  t = await createOrdersApp();
});
afterEach(async () => {
  await t.settle();
  await t.close();
});

describe('GET /api/invoices/:orderId/pdf without its fonts', () => {
  it('503 PDF_UNAVAILABLE (JSON, not cached); once the files are readable, 200', async () => {
    const reg = await post(t.app, '/api/auth/register', {
      username: 'nofonts',
      email: 'nofonts@traveller.example',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    });
    const cookie = reg.headers
      .getSetCookie()
      .find((l) => l.startsWith('session='))!
      .split(';')[0]!;
    const intent = (await (await post(t.app, '/api/create-payment-intent', { planId: t.plans.japan5.id }, { Cookie: cookie })).json()) as {
      orderId: string;
      paymentIntentId: string;
      clientSecret: string;
    };
    await post(
      t.app,
      '/api/demo-payments/confirm',
      { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: CARD_OK },
      { Cookie: cookie },
    );
    await t.settle();
    const get = () => t.app.request(`/api/invoices/${intent.orderId}/pdf`, { headers: sameSite({ Cookie: cookie }) });
    const res = await get();
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({
      error: {
        code: 'PDF_UNAVAILABLE',
        message: 'PDF not available on this server: open the invoice page and print it, or save it as PDF there.',
      },
    });
    fonts.missing = false;
    const ok = await get();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
  }, 60_000);
});

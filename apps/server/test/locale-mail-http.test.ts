// The traveller's language over HTTP: Accept-Language (the web app sends its interface language
// on every call) resolves to one of the ten languages, else English, never an error; tRPC and
// REST alike give it to the procedures as ctx.locale, the order keeps it and its e-mail is
// written in it, sent From MAIL_FROM (default: the shop's name at no-reply@ PUBLIC_URL's host).
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { languageFromAcceptLanguage } from '@esim/api';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultMailFrom, readEnv } from '../src/env.ts';
import { CARD_OK, createOrdersApp, post, sameSite, type OrdersApp } from './orders-app.ts';
import { ORIGIN } from './test-env.ts';
import { decodeHeader, leaves, parseMime } from '../../../packages/api/test/providers/eml.ts';

describe('Accept-Language → the shop language', () => {
  it.each([
    // the web app's own header
    ['ja', 'ja'],
    ['ar', 'ar'],
    ['en', 'en'],
    // browsers' lists: weights, regions, case
    ['ar,en;q=0.8', 'ar'],
    ['pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7', 'pt'],
    ['de-CH, fr;q=0.9', 'de'],
    ['FR-ca', 'fr'],
    ['zh-Hans-CN', 'zh'],
    ['nl-NL,nl;q=0.9,ru;q=0.5,en;q=0.4', 'ru'],
    ['en;q=0.3, hi;q=0.7', 'hi'],
    ['es;q=0.5, ja;q=0.5', 'es'],
    ['ja;q=0, es', 'es'],
    [' ru ; q=1.0 ', 'ru'],
    // nothing usable → English
    [undefined, 'en'],
    ['', 'en'],
    ['*', 'en'],
    ['nl', 'en'],
    ['xx-YY,zz;q=0.5', 'en'],
    ['ja;q=0', 'en'],
    ['ja;q=2', 'en'],
    ['ja;q=abc', 'en'],
    [';;;,,,', 'en'],
    ['<script>alert(1)</script>', 'en'],
    ['a'.repeat(10_000), 'en'],
    [`${'x,'.repeat(5000)}ar`, 'en'],
  ])('%j → %s', (header, lang) => {
    expect(languageFromAcceptLanguage(header)).toBe(lang);
  });
});

let t: OrdersApp | undefined;
let outbox: string | undefined;
afterEach(async () => {
  await t?.settle();
  await t?.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
  t = undefined;
  outbox = undefined;
});

/** The .eml outbox mailer that buildServices makes from the environment (not the tests' memory mailer). */
async function appWithOutbox(env: Record<string, string> = {}): Promise<OrdersApp> {
  outbox = await mkdtemp(join(tmpdir(), 'esim-locale-outbox-'));
  t = await createOrdersApp({ env: { OUTBOX_DIR: outbox, ...env }, overrides: { mailer: undefined } });
  return t;
}

async function orderLocale(app: OrdersApp, publicId: string): Promise<string> {
  return (await app.db.selectFrom('orders').select('locale').where('public_id', '=', publicId).executeTakeFirstOrThrow()).locale;
}

function headerOf(eml: string, name: string): string {
  const head = eml.slice(0, eml.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return decodeHeader(line?.slice(name.length + 1).trim() ?? '');
}

describe('ctx.locale over REST and tRPC', () => {
  it('REST: the order keeps the header language; junk is English, never an error', async () => {
    const app = await createOrdersApp();
    t = app;
    const body = { planId: app.plans.japan5.id, email: 'rest@traveller.example' };
    const ar = await post(app.app, '/api/create-payment-intent', body, { 'Accept-Language': 'ar,en;q=0.8' });
    expect(ar.status).toBe(200);
    expect(await orderLocale(app, ((await ar.json()) as { orderId: string }).orderId)).toBe('ar');
    const junk = await post(
      app.app,
      '/api/create-payment-intent',
      { ...body, email: 'junk@traveller.example' },
      { 'Accept-Language': ';;q=x,,*' },
    );
    expect(junk.status).toBe(200);
    expect(await orderLocale(app, ((await junk.json()) as { orderId: string }).orderId)).toBe('en');
    const none = await post(app.app, '/api/create-payment-intent', { ...body, email: 'none@traveller.example' });
    expect(await orderLocale(app, ((await none.json()) as { orderId: string }).orderId)).toBe('en');
  });

  it('tRPC: the same, through the batch link the web app uses', async () => {
    const app = await createOrdersApp();
    t = app;
    const res = await app.app.request('/api/trpc/payments.createIntent?batch=1', {
      method: 'POST',
      headers: sameSite({ 'Accept-Language': 'ja' }),
      body: JSON.stringify({ 0: { json: { planId: app.plans.japan5.id, email: 'trpc@traveller.example' } } }),
    });
    expect(res.status).toBe(200);
    const [first] = (await res.json()) as Array<{ result: { data: { json: { orderId: string } } } }>;
    expect(await orderLocale(app, first!.result.data.json.orderId)).toBe('ja');
  });
});

describe('the order e-mail in the outbox', () => {
  it.each([
    ['ja', 'ltr', '日本'],
    ['ar', 'rtl', 'اليابان'],
  ])('%s: the e-mail is in the language of the checkout, From MAIL_FROM', async (lang, dir, japan) => {
    const app = await appWithOutbox({ MAIL_FROM: '"Voyage eSIM" <orders@voyage.example>' });
    const res = await post(
      app.app,
      '/api/create-payment-intent',
      { planId: app.plans.japan5.id, email: `${lang}@traveller.example` },
      {
        'Accept-Language': lang,
      },
    );
    const intent = (await res.json()) as { paymentIntentId: string; clientSecret: string };
    const paid = await post(app.app, '/api/demo-payments/confirm', { ...intent, card: CARD_OK });
    expect(paid.status).toBe(200);
    await app.settle();
    const files = (await readdir(outbox!)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = await readFile(join(outbox!, files[0]!), 'utf8');
    expect(headerOf(eml, 'From')).toMatch(/^"?Voyage eSIM"? <orders@voyage\.example>$/);
    expect(headerOf(eml, 'Message-ID')).toMatch(/@voyage\.example>$/);
    expect(headerOf(eml, 'Subject')).toContain(japan);
    const html = leaves(parseMime(eml))
      .find((p) => p.headers.get('content-type')?.startsWith('text/html'))!
      .body.toString('utf8');
    expect(html).toContain(`<html lang="${lang}" dir="${dir}"`);
    expect(html).toContain(`<body lang="${lang}" dir="${dir}"`);
    expect(html).toContain('src="cid:qr-');
  });
});

describe('MAIL_FROM', () => {
  it("defaults to the shop's name at no-reply@ PUBLIC_URL's host (localhost for an address)", () => {
    expect(readEnv({ PUBLIC_URL: ORIGIN }).MAIL_FROM).toBe('"eSIM Shop" <no-reply@localhost>');
    expect(readEnv({ PUBLIC_URL: 'https://shop.example', PRODUCT_NAME: 'Voyage "Go"' }).MAIL_FROM).toBe(
      '"Voyage \\"Go\\"" <no-reply@shop.example>',
    );
    expect(defaultMailFrom('Shop', 'http://127.0.0.1:3000')).toBe('"Shop" <no-reply@localhost>');
    expect(defaultMailFrom('Shop', 'http://[::1]:3000')).toBe('"Shop" <no-reply@localhost>');
    expect(readEnv({ MAIL_FROM: 'orders@shop.example' }).MAIL_FROM).toBe('orders@shop.example');
  });

  it.each(['not an address', '"Shop" <shop>', 'a@b.example\r\nBcc: x@y.example'])(
    'refuses %j with a message saying what it wants',
    (value) => {
      expect(() => readEnv({ MAIL_FROM: value })).toThrow(/MAIL_FROM must be an e-mail address/);
    },
  );
});

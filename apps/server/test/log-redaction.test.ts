// Secrets and card data never reach a log line: real requests through the app (registration and
// sign-in with a password, a demo card payment with a full card number, webhooks with signature
// headers, a request whose failure is logged with its input) with the logger at info and the
// access log on, then every line written is searched for what must not be there. And the
// redaction rules themselves, by key at any depth and by text anywhere.
import { afterEach, describe, expect, it } from 'vitest';
import { ESIM_SIGNATURE_HEADER } from '@esim/api';
import { REDACTED, createLogger, redact, redactText } from '../src/logger.ts';
import { CARD_OK, sameSite, startObserveApp, type ObserveApp } from './observe-app.ts';

const PASSWORD = 'Tr0ub4dor&3 horse staple';
const PAN = '4242424242424242';
const DECLINED_PAN = '4000000000000002';
const CVC = '919';
const STRIPE_SIGNATURE = `t=1767225600,v1=${'ab12'.repeat(16)}`;
const ESIM_SIGNATURE = `t=1767225600,v1=${'cd34'.repeat(16)}`;

let t: ObserveApp;
afterEach(async () => {
  await t.settle();
  await t.close();
});

/** Every value of every line (numbers as text), minus the request id and the time (random or fixed text). */
function values(t: ObserveApp): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (key === 'requestId' || key === 'time') return;
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else out.push(String(v));
  };
  for (const line of t.lines()) walk(line, '');
  return out;
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${t.base}${path}`, { method: 'POST', headers: sameSite(headers), body: JSON.stringify(body) });
}

describe('no secret or card data in the logs of real requests', () => {
  it('passwords, session tokens, card numbers, CVCs, signatures: none in any line', async () => {
    t = await startObserveApp();
    const tokens: string[] = [];
    const tokenOf = (res: Response) => {
      const cookie = res.headers.getSetCookie().find((l) => l.startsWith('session='));
      if (cookie) tokens.push(cookie.slice('session='.length).split(';')[0]!);
    };

    // Registration and sign-in with a password; a wrong password; the session cookie sent back.
    const reg = await post('/api/auth/register', {
      username: 'rosa',
      email: 'rosa@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reg.status).toBe(200);
    tokenOf(reg);
    const login = await post('/api/auth/login', { username: 'rosa', password: PASSWORD });
    expect(login.status).toBe(200);
    tokenOf(login);
    expect((await post('/api/auth/login', { username: 'rosa', password: `${PASSWORD}!` })).status).toBe(401);
    const me = await fetch(`${t.base}/api/auth/me`, { headers: { Cookie: `session=${tokens[1]}` } });
    expect(me.status).toBe(200);
    expect(tokens).toHaveLength(2);

    // A demo card payment with the full card number and CVC; a declined one.
    const pay = async (number: string) => {
      const intent = (await (
        await post('/api/create-payment-intent', { planId: t.plans.japan5.id, email: 'rosa@example.com' })
      ).json()) as {
        paymentIntentId: string;
        clientSecret: string;
      };
      const res = await post('/api/demo-payments/confirm', {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        card: { ...CARD_OK, number, cvc: CVC },
      });
      return { res, intent };
    };
    const paid = await pay(PAN);
    expect(paid.res.status).toBe(200);
    const declined = await pay(DECLINED_PAN);
    expect((await declined.res.json()) as { status: string }).toMatchObject({ status: 'failed' });
    // The order page, asked with the client secret in the query string.
    await fetch(`${t.base}/api/orders/${paid.intent.paymentIntentId}?client_secret=${paid.intent.clientSecret}`);

    // Webhooks with signature headers (refused: wrong signatures).
    const stripe = await fetch(`${t.base}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': STRIPE_SIGNATURE },
      body: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    expect(stripe.status).toBe(400);
    const esim = await fetch(`${t.base}/api/webhooks/esim`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [ESIM_SIGNATURE_HEADER]: ESIM_SIGNATURE },
      body: '{"id":"e1"}',
    });
    expect(esim.status).toBeGreaterThanOrEqual(400);

    // A failure logged with the request's input: the payment provider throws an error that
    // quotes what it was given (as careless libraries do), and tRPC logs the internal error.
    const payments = t.services.payments as unknown as { confirm: (input: unknown) => Promise<unknown> };
    payments.confirm = async (input: unknown) => {
      throw new Error(`card processor refused ${JSON.stringify(input)}`);
    };
    const intent = (await (await post('/api/create-payment-intent', { planId: t.plans.japan5.id, email: 'rosa@example.com' })).json()) as {
      paymentIntentId: string;
      clientSecret: string;
    };
    const failing = await post('/api/trpc/payments.demoConfirm', {
      json: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, card: { ...CARD_OK, number: PAN, cvc: CVC } },
    });
    expect(failing.status).toBe(500);

    await t.settle();
    await new Promise((r) => setTimeout(r, 50));

    // The failure was logged, with the card's last four digits only.
    const error = t.lines().find((l) => l.msg === 'trpc error');
    expect(error?.error).toContain('card processor refused');
    expect(error?.error).toContain('[card ****4242]');
    expect(error?.requestId).toBe(failing.headers.get('x-request-id'));
    // The access log has every request: 2 + 1 + 1 sign-in and account calls, the payments, the webhooks…
    expect(t.lines().filter((l) => l.msg === 'request').length).toBeGreaterThanOrEqual(12);

    const raw = t.raw.join('\n');
    const all = values(t);
    for (const secret of [
      PASSWORD,
      PAN,
      DECLINED_PAN,
      '4242 4242',
      ...tokens,
      paid.intent.clientSecret,
      STRIPE_SIGNATURE,
      ESIM_SIGNATURE,
    ]) {
      expect(raw, secret).not.toContain(secret);
    }
    expect(raw).not.toContain('ab12ab12');
    expect(raw).not.toContain('cd34cd34');
    // The CVC is three digits: no value is it or quotes it.
    for (const v of all) {
      expect(v).not.toBe(CVC);
      expect(v).not.toMatch(/cvc\W+919/i);
    }
  });
});

describe('the redaction rules', () => {
  it('by key, at any depth, whatever the case and separators', () => {
    expect(
      redact({
        password: 'p',
        user: { newPassword: 'p', profile: [{ cardNumber: '1', card: { number: '2', cvc: '3', exp_month: 12, expYear: 2030 } }] },
        headers: { authorization: 'Bearer x', cookie: 'session=x', 'set-cookie': ['a'], 'stripe-signature': 's', 'X-Api-Key': 'k' },
        clientSecret: 'c',
        client_secret: 'c',
        STRIPE_SECRET_KEY: 'k',
        sessionToken: 't',
        cvv: 1,
        // kept
        expiresAt: '2026-03-01T12:00:00.000Z',
        orderId: 'ORD-1',
        attempts: 3,
      }),
    ).toEqual({
      password: REDACTED,
      user: { newPassword: REDACTED, profile: [{ cardNumber: REDACTED, card: REDACTED }] },
      headers: { authorization: REDACTED, cookie: REDACTED, 'set-cookie': REDACTED, 'stripe-signature': REDACTED, 'X-Api-Key': REDACTED },
      clientSecret: REDACTED,
      client_secret: REDACTED,
      STRIPE_SECRET_KEY: REDACTED,
      sessionToken: REDACTED,
      cvv: REDACTED,
      expiresAt: '2026-03-01T12:00:00.000Z',
      orderId: 'ORD-1',
      attempts: 3,
    });
  });

  it.each([
    ['card 4242424242424242 declined', 'card [card ****4242] declined'],
    ['4242 4242 4242 4242', '[card ****4242]'],
    ['4242-4242-4242-4242', '[card ****4242]'],
    ['amex 3782 822463 10005', 'amex [card ****0005]'],
    ['x378282246310005y', 'x[card ****0005]y'],
    ['keys sk_live_51Habc and rk_test_9x and whsec_abc123', 'keys sk_live_[redacted] and rk_test_[redacted] and whsec_[redacted]'],
    ['secret pi_3Nabc_secret_XyZ', 'secret pi_3Nabc_secret_[redacted]'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: [redacted]'],
    ['sent Bearer abc.def', 'sent Bearer [redacted]'],
    ['Cookie: session=abcdef; theme=dark', 'Cookie: [redacted]; theme=dark'],
    ['session=abcdef; Path=/', 'session=[redacted]; Path=/'],
    ['/verify-email?token=abc123&lang=de', '/verify-email?token=[redacted]&lang=de'],
    ['{"password":"hunter2 x","cvc":"123","ok":1}', '{"password":[redacted],"cvc":[redacted],"ok":1}'],
    ["{ cvc: '123', number: '4242424242424242' }", "{ cvc: [redacted], number: '[card ****4242]' }"],
    ['smtp://user:p%40ss@mail.example:587', 'smtp://[redacted]@mail.example:587'],
  ])('%s', (text, redacted) => {
    expect(redactText(text)).toBe(redacted);
  });

  it.each([
    'order ORD-1234 for 12.50 EUR',
    '2026-03-01T12:00:00.000Z',
    'iccid 8944500102198304826',
    'id 83412345-9012-4345-8123-456789012345',
    'a 20-digit reference 12345678901234567890',
    'phone +44 20 7946 0958',
    'Basically fine',
  ])('kept as is: %s', (text) => {
    expect(redactText(text)).toBe(text);
  });

  it('a thrown error whose message holds a card number is written redacted, as an Error or as its stack', () => {
    const raw: string[] = [];
    const log = createLogger('info', (line) => void raw.push(line));
    const err = new Error(`charge failed for 4111 1111 1111 1111 with key sk_live_abcdef`);
    log.error('payment failed', { error: err });
    log.error('payment failed', { error: String(err.stack) });
    log.warn(`message itself: card 4111111111111111`);
    expect(raw).toHaveLength(3);
    for (const line of raw) {
      expect(line).not.toMatch(/4111 ?1111 ?1111/);
      expect(line).not.toContain('sk_live_abcdef');
    }
    expect(JSON.parse(raw[0]!).error).toContain('charge failed for [card ****1111] with key sk_live_[redacted]');
    expect(JSON.parse(raw[2]!).msg).toBe('message itself: card [card ****1111]');
  });
});

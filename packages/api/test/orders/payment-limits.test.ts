// Card-testing defences through the procedures (createCaller): checkouts and card attempts per
// client, attempts and declines per order, different card numbers per client; the allowance.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../src/errors.ts';
import { createCaller } from '../../src/root.ts';
import { createRateLimitSettings } from '../../src/services/shared/rate-limit.ts';
import { CARDS, createOrdersRig, type OrdersRig } from './rig.ts';

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.close();
});

const S = 1000;
const MIN = 60 * S;
const TRAVELLER = '203.0.113.50';
const PROBE = '198.51.100.66';

/** A caller for a request from `ip`. */
async function from(ip: string) {
  const ctx = await rig.browser().context();
  return createCaller({ ...ctx, req: { ...ctx.req, ip } });
}

async function checkout(ip = TRAVELLER, email = 'traveller@example.com') {
  return (await from(ip)).payments.createIntent({ planId: rig.plans.japan5.id, email });
}

async function pay(
  ip: string,
  intent: { paymentIntentId: string | null; clientSecret: string },
  card: { number: string; expMonth: number; expYear: number; cvc: string },
) {
  return (await from(ip)).payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card });
}

/** The error a call rejects with (tRPC code, message, AppError details). */
async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  const e = await p.then(
    () => {
      throw new Error('expected the call to be refused');
    },
    (err: unknown) => err as { code: string; message: string; cause: AppError },
  );
  return { code: e.code, message: e.message, details: e.cause?.details ?? {} };
}

/** A Luhn-valid 16-digit card number from a 15-digit body (any such number not in Stripe's test table succeeds). */
function cardNumber(body15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(body15[14 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body15}${(10 - (sum % 10)) % 10}`;
}
const card = (n: number) => ({ number: cardNumber(`5555${String(n).padStart(11, '0')}`), expMonth: 12, expYear: 2030, cvc: '123' });

async function orderCount() {
  return Number(
    (
      await rig.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

describe('checkouts per client', () => {
  it('20 in 10 minutes; the 21st → 429 with the wait, and no order; another client and the next window go ahead', async () => {
    rig.clock.now = new Date('2026-03-01T12:00:00.000Z'); // the start of a 10-minute window
    for (let i = 0; i < 20; i++) await checkout();
    rig.clock.advance(4 * MIN);
    const refused = await refusal(checkout());
    expect(refused).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many checkouts from your network in a short time. Please wait 6 minutes and try again.',
      details: { retryAfterSeconds: 360, reason: 'checkouts_per_client' },
    });
    expect(await orderCount()).toBe(20);
    await checkout('203.0.113.51');
    rig.clock.advance(6 * MIN);
    await checkout();
    expect(await orderCount()).toBe(22);
  });

  it('the probe: 100 payment intents from one address → 20 made', async () => {
    const results = [];
    for (let i = 0; i < 100; i++)
      results.push(
        await checkout(PROBE, `probe${i}@example.com`).then(
          () => 'ok',
          (e: { code: string }) => e.code,
        ),
      );
    expect(results.filter((r) => r === 'ok')).toHaveLength(20);
    expect(results.filter((r) => r === 'TOO_MANY_REQUESTS')).toHaveLength(80);
    expect(await orderCount()).toBe(20);
  });

  it('50 parallel checkouts against a limit of 10 (multiplier ½): exactly 10 orders', async () => {
    rig.services.rateLimits = createRateLimitSettings({ multiplier: 0.5 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => checkout(PROBE, `burst${i}@example.com`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected' && (r.reason as { code: string }).code === 'TOO_MANY_REQUESTS')).toHaveLength(40);
    expect(await orderCount()).toBe(10);
  });

  it('subscriptions count as checkouts', async () => {
    const b = rig.browser({});
    await (await b.caller()).auth.register({ username: 'subber', email: 'subber@example.com', password: 'correct horse battery' });
    const ctx = await b.context();
    const api = createCaller({ ...ctx, req: { ...ctx.req, ip: PROBE } });
    for (let i = 0; i < 20; i++) await checkout(PROBE, `p${i}@example.com`);
    expect((await refusal(api.payments.createSubscription({ planId: rig.plans.japan5.id }))).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('declines per order', () => {
  it('5 declined attempts lock the order for 30 minutes, a good card too; then one more try; other orders are not locked', async () => {
    const intent = await checkout();
    for (let i = 0; i < 4; i++) expect(await pay(TRAVELLER, intent, CARDS.declined)).toMatchObject({ status: 'failed' });
    // the extra confirmation step, refused, is a decline too
    expect(await pay(TRAVELLER, intent, CARDS.threeDs)).toMatchObject({ status: 'requires_action' });
    const api = await from(TRAVELLER);
    expect(
      await api.payments.demoConfirmAction({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, approve: false }),
    ).toMatchObject({
      status: 'failed',
    });

    const refused = await refusal(pay(TRAVELLER, intent, CARDS.ok));
    expect(refused).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message:
        'Too many declined attempts for this order. Please wait 30 minutes, then try again or use another card. Your bank can tell you why the card was declined.',
      details: { retryAfterSeconds: 1800, reason: 'declines_per_order' },
    });
    // the extra step of a locked order too; and from another address
    expect(
      (
        await refusal(
          api.payments.demoConfirmAction({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, approve: true }),
        )
      ).code,
    ).toBe('TOO_MANY_REQUESTS');
    expect((await refusal(pay('203.0.113.99', intent, CARDS.ok))).code).toBe('TOO_MANY_REQUESTS');
    // nothing was paid
    expect(
      await rig.db.selectFrom('orders').select('status').where('payment_intent_id', '=', intent.paymentIntentId).executeTakeFirst(),
    ).toEqual({ status: 'payment_failed' });

    const other = await checkout();
    expect(await pay(TRAVELLER, other, CARDS.ok)).toMatchObject({ status: 'succeeded' });

    rig.clock.advance(29 * MIN);
    expect((await refusal(pay(TRAVELLER, intent, CARDS.ok))).details).toMatchObject({ retryAfterSeconds: 60 });
    rig.clock.advance(MIN);
    expect(await pay(TRAVELLER, intent, CARDS.ok)).toMatchObject({ status: 'succeeded' });
  });

  it('the probe: 29 declines in a row on one intent → 5 reach the card issuer', async () => {
    const intent = await checkout(PROBE);
    const outcomes = [];
    for (let i = 0; i < 29; i++)
      outcomes.push(
        await pay(PROBE, intent, CARDS.declined).then(
          (r) => r.status,
          (e: { code: string }) => e.code,
        ),
      );
    expect(outcomes.filter((o) => o === 'failed')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'TOO_MANY_REQUESTS')).toHaveLength(24);
  });

  it('an allowlisted client is still stopped by the decline lock', async () => {
    rig.services.rateLimits = createRateLimitSettings({ allowlist: '203.0.113.0/24' });
    const intent = await checkout();
    for (let i = 0; i < 5; i++) await pay(TRAVELLER, intent, CARDS.declined);
    expect((await refusal(pay(TRAVELLER, intent, CARDS.ok))).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('card attempts per order and per client', () => {
  it('10 submissions per order in 10 minutes (double submits of a paid order count too)', async () => {
    const intent = await checkout();
    for (let i = 0; i < 10; i++) expect(await pay(TRAVELLER, intent, CARDS.ok)).toMatchObject({ status: 'succeeded' });
    const refused = await refusal(pay(TRAVELLER, intent, CARDS.ok));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toMatch(/^Too many payment attempts for this order\. Please wait \d+ minutes? and try again\.$/);
    expect(refused.details.reason).toBe('payment_attempts_per_order');
  });

  it('30 submissions per client in 10 minutes, over any number of orders', async () => {
    const intents = [];
    for (let i = 0; i < 4; i++) intents.push(await checkout());
    for (let i = 0; i < 30; i++) await pay(TRAVELLER, intents[i % 4]!, CARDS.ok);
    const refused = await refusal(pay(TRAVELLER, intents[0]!, CARDS.ok));
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toMatch(/^Too many payment attempts from your network in a short time\. Please wait/);
    expect(refused.details.reason).toBe('payment_attempts_per_client');
    // the extra confirmation step counts the same way
    expect(
      (
        await refusal(
          (
            await from(TRAVELLER)
          ).payments.demoConfirmAction({
            paymentIntentId: intents[1]!.paymentIntentId!,
            clientSecret: intents[1]!.clientSecret,
            approve: true,
          }),
        )
      ).details.reason,
    ).toBe('payment_attempts_per_client');
  });

  it('5 different card numbers per client an hour; known cards still go; a refused card stays refused; only fingerprints are stored', async () => {
    rig.clock.now = new Date('2026-03-01T12:00:00.000Z');
    for (let n = 1; n <= 5; n++) expect(await pay(TRAVELLER, await checkout(), card(n))).toMatchObject({ status: 'succeeded' });
    const sixth = await checkout();
    const refused = await refusal(pay(TRAVELLER, sixth, card(6)));
    expect(refused).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many different cards have been tried from your network. Please wait 60 minutes before trying another card.',
      details: { retryAfterSeconds: 3600, reason: 'cards_per_client' },
    });
    expect((await refusal(pay(TRAVELLER, sixth, card(6)))).code).toBe('TOO_MANY_REQUESTS');
    // a card already used here is fine (spaces or not), and so is the sixth card from another address
    expect(
      await pay(TRAVELLER, sixth, {
        ...card(3),
        number: card(3)
          .number.replace(/(\d{4})/g, '$1 ')
          .trim(),
      }),
    ).toMatchObject({ status: 'succeeded' });
    expect(await pay('203.0.113.51', await checkout('203.0.113.51'), card(6))).toMatchObject({ status: 'succeeded' });
    rig.clock.advance(60 * MIN);
    expect(await pay(TRAVELLER, await checkout(), card(6))).toMatchObject({ status: 'succeeded' });

    const keys = (await rig.db.selectFrom('rate_limit_counters').select('key').execute()).map((r) => r.key).join('\n');
    for (let n = 1; n <= 6; n++) {
      expect(keys).not.toContain(card(n).number);
      expect(keys).not.toContain(card(n).number.slice(-8));
    }
    expect(keys).toMatch(/^cards_per_client:ip:203\.0\.113\.50#[0-9a-f]{32}$/m);
  });

  it('the probe: 30 different card numbers from one address → 5 tried', async () => {
    const outcomes = [];
    for (let n = 0; n < 30; n++) {
      const intent = await checkout(`192.0.2.${n}`, `p${n}@example.com`); // orders made anywhere; the cards tried from one address
      outcomes.push(
        await pay(PROBE, intent, card(100 + n)).then(
          (r) => r.status,
          (e: { code: string }) => e.code,
        ),
      );
    }
    expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'TOO_MANY_REQUESTS')).toHaveLength(25);
  });
});

describe('the allowance', () => {
  it('an allowlisted client is not counted per client; others are', async () => {
    rig.services.rateLimits = createRateLimitSettings({ allowlist: '127.0.0.1, 203.0.113.0/24' });
    for (let i = 0; i < 60; i++) await checkout(TRAVELLER, `a${i}@example.com`);
    for (let n = 0; n < 8; n++) await pay(TRAVELLER, await checkout(), card(200 + n));
    for (let i = 0; i < 20; i++) await checkout(PROBE);
    expect((await refusal(checkout(PROBE))).code).toBe('TOO_MANY_REQUESTS');
  });

  it('the multiplier scales the limits', async () => {
    rig.services.rateLimits = createRateLimitSettings({ multiplier: 2 });
    for (let i = 0; i < 40; i++) await checkout();
    expect((await refusal(checkout())).code).toBe('TOO_MANY_REQUESTS');
  });
});

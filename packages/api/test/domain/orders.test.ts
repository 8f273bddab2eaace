// Table tests for the pure order rules: the state machine, the account's badges, the server's
// price of a checkout, the minimum charge, public ids, and the checkout inputs.
import { describe, expect, it } from 'vitest';
import {
  CLAIMABLE_STATES,
  ORDER_STATUSES,
  PUBLIC_ID,
  UNPAID_STATES,
  ZCreatePaymentIntentInput,
  canTransition,
  displayStatus,
  esimChip,
  meetsMinimumCharge,
  priceOrder,
  tryPriceOrder,
  MAX_CHARGE_MINOR,
  publicIdFrom,
  validityText,
  type OrderState,
} from '../../src/domain/orders.ts';
import type { EsimStateFacts } from '../../src/domain/esim-life.ts';

describe('state machine', () => {
  it.each<[OrderState, OrderState, boolean]>([
    ['pending_payment', 'paid', true],
    ['payment_failed', 'paid', true],
    ['pending_payment', 'payment_failed', true],
    ['pending_payment', 'canceled', true],
    ['paid', 'provisioning', true],
    ['paid', 'fulfilled', true],
    ['provisioning', 'fulfilled', true],
    ['provisioning', 'refunded', true],
    ['fulfilled', 'refunded', true],
    ['fulfilled', 'paid', false],
    ['refunded', 'fulfilled', false],
    ['canceled', 'paid', false],
    ['paid', 'pending_payment', false],
    ['pending_payment', 'fulfilled', false],
    ['pending_payment', 'expired', true],
    ['payment_failed', 'expired', true],
    ['expired', 'paid', true],
    ['expired', 'pending_payment', false],
    ['expired', 'canceled', false],
    ['paid', 'expired', false],
    ['fulfilled', 'expired', false],
  ])('%s → %s: %s', (from, to, ok) => {
    expect(canTransition(from, to)).toBe(ok);
  });

  it('the claim moves only from the states that can still be paid (an expired order paid after all too)', () => {
    expect([...CLAIMABLE_STATES]).toEqual(['pending_payment', 'payment_failed', 'expired']);
    for (const s of CLAIMABLE_STATES) expect(canTransition(s, 'paid')).toBe(true);
  });

  it('only unpaid orders expire or are canceled', () => {
    expect([...UNPAID_STATES]).toEqual(['pending_payment', 'payment_failed']);
    for (const s of ORDER_STATUSES) expect(canTransition(s, 'expired')).toBe(UNPAID_STATES.includes(s));
  });
});

describe('displayStatus (spec §4 badges): the order, not its eSIM', () => {
  it.each<[OrderState, string]>([
    ['pending_payment', 'pending'],
    ['paid', 'pending'],
    ['provisioning', 'pending'],
    ['payment_failed', 'failed'],
    ['fulfilled', 'completed'],
    ['refunded', 'refunded'],
    ['canceled', 'canceled'],
    ['expired', 'expired'],
  ])('%s → %s', (status, badge) => {
    expect(displayStatus(status)).toBe(badge);
  });

  it('covers every state, and never says an order is "active"', () => {
    for (const s of ORDER_STATUSES) expect(displayStatus(s)).not.toBe('active');
  });
});

describe('esimChip: the eSIM beside the order badge', () => {
  const esim = (
    profileState: EsimStateFacts['profileState'],
    planState: EsimStateFacts['planState'],
    refunded = false,
  ): EsimStateFacts => ({
    profileState,
    planState,
    refunded,
  });
  it.each<[OrderState, EsimStateFacts | null, string | null]>([
    ['fulfilled', esim('released', 'not_active'), 'ready'],
    ['fulfilled', esim('installed', 'not_active'), 'installed'],
    ['fulfilled', esim('enabled', 'active'), 'active'],
    ['fulfilled', esim('enabled', 'finished'), 'depleted'],
    ['fulfilled', esim('deleted', 'expired'), 'expired'],
    // No chip before delivery, nor for a refunded order or eSIM (the badge says 'Refunded').
    ['paid', null, null],
    ['provisioning', esim('released', 'not_active'), null],
    ['fulfilled', null, null],
    ['refunded', esim('released', 'not_active', true), null],
    ['fulfilled', esim('released', 'not_active', true), null],
  ])('%s with %j → %s', (status, facts, chip) => {
    expect(esimChip(status, facts)).toBe(chip);
  });

  it('a fulfilled order reads completed whatever its eSIM does', () => {
    for (const plan of ['not_active', 'active', 'finished', 'expired'] as const) {
      expect(displayStatus('fulfilled')).toBe('completed');
      expect(esimChip('fulfilled', esim('enabled', plan))).not.toBeNull();
    }
  });
});

describe('priceOrder', () => {
  it.each<[number, 'one_time' | 'subscription', string, number, number, number]>([
    // plan USD minor, kind, currency, rate micros → usd minor, total minor
    [1999, 'one_time', 'USD', 1_000_000, 1999, 1999],
    [1999, 'one_time', 'GBP', 790_000, 1999, 1579], // 1579.21
    [1999, 'one_time', 'EUR', 930_000, 1999, 1859], // 1859.07
    [450, 'one_time', 'GBP', 790_000, 450, 356], // 355.5 → half up
    [1999, 'subscription', 'USD', 1_000_000, 1699, 1699], // 1699.15
    [1999, 'subscription', 'EUR', 930_000, 1699, 1580], // 1580.07
    [450, 'subscription', 'USD', 1_000_000, 383, 383], // 382.5 → 383
  ])('%i %s in %s', (plan, kind, currency, rate, usd, total) => {
    expect(priceOrder(plan, kind, currency, rate)).toEqual({
      usdMinor: usd,
      unitMinor: total,
      totalMinor: total,
      currency,
      rateMicros: rate,
    });
  });

  it.each([
    [50, 50, true],
    [49, 49, false],
    [47, 47, false], // a 0.55 plan as a subscription month (85% = 0.47)
    [100, 79, true],
  ])('minimum charge: usd %i, total %i → %s', (usdMinor, totalMinor, ok) => {
    expect(meetsMinimumCharge({ usdMinor, totalMinor })).toBe(ok);
  });
});

describe('ids and texts', () => {
  it('publicIdFrom: prefix + 10 Crockford base-32 characters from 7 bytes', () => {
    expect(publicIdFrom('ORD', new Uint8Array(7))).toBe('ORD-0000000000');
    expect(publicIdFrom('ORD', new Uint8Array([255, 255, 255, 255, 255, 255, 255]))).toBe('ORD-ZZZZZZZZZZ');
    expect(publicIdFrom('SUB', new Uint8Array([1, 2, 3, 4, 5, 6, 7]))).toMatch(PUBLIC_ID);
    expect(() => publicIdFrom('ORD', new Uint8Array(6))).toThrow(RangeError);
  });

  it.each([
    [1, '1 day'],
    [7, '7 days'],
    [30, '30 days'],
  ])('validityText(%i) = %s', (d, text) => {
    expect(validityText(d)).toBe(text);
  });
});

describe('ZCreatePaymentIntentInput', () => {
  it.each([
    [{ planId: 3 }, true],
    [{ planId: '3' }, true],
    [{ planId: 3, amount: 'anything', currency: 'gbp', email: ' A@B.Example ' }, true],
    [{ planId: 0 }, false],
    [{ planId: '3.5' }, false],
    [{ planId: 3, currency: 'KRW' }, false],
    [{ planId: 3, checkoutToken: 'short' }, false],
    [{ planId: 3, kind: 'yearly' }, false],
  ])('%j → valid %s', (input, ok) => {
    expect(ZCreatePaymentIntentInput.safeParse(input).success).toBe(ok);
  });

  it('normalizes currency and e-mail', () => {
    expect(ZCreatePaymentIntentInput.parse({ planId: '3', currency: 'gbp', email: ' A@B.Example ' })).toMatchObject({
      planId: 3,
      currency: 'GBP',
      email: 'a@b.example',
    });
  });
});

describe('tryPriceOrder: a price that cannot be charged is a reason, never a throw', () => {
  it.each<[number, number, ReturnType<typeof tryPriceOrder>['ok'], string | number]>([
    [1999, 790_000, true, 1579],
    [1999, 7_900_000, true, 15_792],
    // 1,000,000× GBP: 158 million pounds, more than one card payment can be.
    [1999, 790_000 * 1_000_000, false, 'above_maximum'],
    // The product is beyond 2^53.
    [1999, Number.MAX_SAFE_INTEGER, false, 'unrepresentable'],
    [1999, Number.NaN, false, 'unrepresentable'],
    [1999, Number.POSITIVE_INFINITY, false, 'unrepresentable'],
    [1999, 0, false, 'unrepresentable'],
    [1999.5, 790_000, false, 'unrepresentable'],
  ])('%d USD minor at %d micros → ok %s (%s)', (usd, micros, ok, expected) => {
    const r = tryPriceOrder(usd, 'one_time', 'GBP', micros);
    expect(r.ok).toBe(ok);
    if (r.ok) {
      expect(r.price.totalMinor).toBe(expected);
      expect(r.price).toEqual(priceOrder(usd, 'one_time', 'GBP', micros));
    } else expect(r.reason).toBe(expected);
  });

  it('the largest chargeable total is MAX_CHARGE_MINOR', () => {
    expect(tryPriceOrder(MAX_CHARGE_MINOR, 'one_time', 'USD', 1_000_000)).toMatchObject({ ok: true });
    expect(tryPriceOrder(MAX_CHARGE_MINOR + 1, 'one_time', 'USD', 1_000_000)).toEqual({ ok: false, reason: 'above_maximum' });
  });
});

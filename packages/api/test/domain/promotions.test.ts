// Promo code rules (issue 29, domain/promotions.ts): every rule alone, their combinations and
// their order, the discount arithmetic (percent, fixed per currency, the minimum-charge cap), the
// code and e-mail normalisation, and the owner's form.
import { describe, expect, it } from 'vitest';
import {
  ZPromoCodeFields,
  decidePromo,
  normalizeEmail,
  normalizePromoCode,
  promoDiscount,
  type PromoCustomer,
  type PromoOrder,
  type PromoRule,
} from '../../src/domain/promotions.ts';
import { CHECKOUT_CURRENCIES } from '../../src/domain/orders.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const rule = (over: Partial<PromoRule> = {}): PromoRule => ({
  code: 'SUMMER10',
  kind: 'percent',
  percent: 10,
  amounts: {},
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  minSpendUsdMinor: 0,
  regionIds: null,
  planIds: null,
  firstOrderOnly: false,
  combinesWithPoints: true,
  paused: false,
  ...over,
});
const order = (over: Partial<PromoOrder> = {}): PromoOrder => ({
  planId: 7,
  regionId: 3,
  kind: 'one_time',
  currency: 'USD',
  usdMinor: 1999,
  totalMinor: 1999,
  usePoints: false,
  ...over,
});
const NEW: PromoCustomer = { priorOrders: 0, uses: 0 };

describe('decidePromo: each rule', () => {
  const cases: [string, Partial<PromoRule>, Partial<PromoOrder>, PromoCustomer, number, string | number][] = [
    ['applies: 10% of 19.99', {}, {}, NEW, 0, 199],
    ['paused', { paused: true }, {}, NEW, 0, 'paused'],
    ['before its start', { startsAt: '2026-11-29T00:00:00Z' }, {}, NEW, 0, 'not_started'],
    ['at its start', { startsAt: '2026-11-28T12:00:00Z' }, {}, NEW, 0, 199],
    ['at its end (end is exclusive)', { endsAt: '2026-11-28T12:00:00Z' }, {}, NEW, 0, 'expired'],
    ['before its end', { endsAt: '2026-11-28T12:00:01Z' }, {}, NEW, 0, 199],
    ['a subscription', {}, { kind: 'subscription' }, NEW, 0, 'not_for_subscriptions'],
    ['another plan', { planIds: [8] }, {}, NEW, 0, 'not_for_plan'],
    ['its plan', { planIds: [7] }, {}, NEW, 0, 199],
    ['another destination', { regionIds: [4] }, {}, NEW, 0, 'not_for_plan'],
    ['its destination', { regionIds: [3] }, {}, NEW, 0, 199],
    ['plan listed, destination not (either suffices)', { planIds: [7], regionIds: [4] }, {}, NEW, 0, 199],
    ['destination listed, plan not (either suffices)', { planIds: [8], regionIds: [3] }, {}, NEW, 0, 199],
    ['empty lists: nothing', { planIds: [], regionIds: [] }, {}, NEW, 0, 'not_for_plan'],
    ['fixed, in the currency', { kind: 'fixed', percent: null, amounts: { EUR: 300 } }, { currency: 'EUR', totalMinor: 1840 }, NEW, 0, 300],
    ['fixed, not in the currency', { kind: 'fixed', percent: null, amounts: { EUR: 300 } }, {}, NEW, 0, 'not_in_currency'],
    [
      'fixed in yen (no minor unit)',
      { kind: 'fixed', percent: null, amounts: { JPY: 500 } },
      { currency: 'JPY', totalMinor: 3080 },
      NEW,
      0,
      500,
    ],
    ['fixed in rupees', { kind: 'fixed', percent: null, amounts: { INR: 20000 } }, { currency: 'INR', totalMinor: 166900 }, NEW, 0, 20000],
    ['below the minimum spend', { minSpendUsdMinor: 2000 }, {}, NEW, 0, 'min_spend'],
    ['exactly the minimum spend', { minSpendUsdMinor: 1999 }, {}, NEW, 0, 199],
    ['first order only, a returning customer', { firstOrderOnly: true }, {}, { priorOrders: 1, uses: 0 }, 0, 'first_order_only'],
    ['first order only, a new customer', { firstOrderOnly: true }, {}, NEW, 0, 199],
    ['with points, not combinable', { combinesWithPoints: false }, { usePoints: true }, NEW, 0, 'not_with_points'],
    ['with points, combinable', {}, { usePoints: true }, NEW, 0, 199],
    ['without points, not combinable', { combinesWithPoints: false }, {}, NEW, 0, 199],
    ['total uses reached', { maxUses: 10 }, {}, NEW, 10, 'used_up'],
    ['one use left', { maxUses: 10 }, {}, NEW, 9, 199],
    ['per customer reached', { maxUsesPerCustomer: 1 }, {}, { priorOrders: 1, uses: 1 }, 0, 'already_used'],
    ['per customer: one more allowed', { maxUsesPerCustomer: 2 }, {}, { priorOrders: 1, uses: 1 }, 0, 199],
    ['a plan too cheap to discount (0.50 USD)', {}, { usdMinor: 50, totalMinor: 50 }, NEW, 0, 'min_spend'],
  ];
  it.each(cases)('%s', (_name, r, o, c, held, expected) => {
    const d = decidePromo(rule(r), order(o), c, held, NOW);
    if (typeof expected === 'string') expect(d).toEqual({ ok: false, reason: expected });
    else expect(d).toMatchObject({ ok: true, discountMinor: expected });
  });
});

describe('decidePromo: combinations answer the first reason a traveller can act on', () => {
  const cases: [string, Partial<PromoRule>, Partial<PromoOrder>, PromoCustomer, number, string][] = [
    ['paused and expired → paused', { paused: true, endsAt: '2026-01-01T00:00:00Z' }, {}, NEW, 0, 'paused'],
    ['expired and used up → expired', { endsAt: '2026-01-01T00:00:00Z', maxUses: 1 }, {}, NEW, 1, 'expired'],
    ['wrong plan and below minimum → not for plan', { planIds: [1], minSpendUsdMinor: 5000 }, {}, NEW, 0, 'not_for_plan'],
    [
      'wrong currency and below minimum → currency',
      { kind: 'fixed', percent: null, amounts: { GBP: 100 }, minSpendUsdMinor: 5000 },
      {},
      NEW,
      0,
      'not_in_currency',
    ],
    [
      'below minimum and not first order → min spend',
      { minSpendUsdMinor: 5000, firstOrderOnly: true },
      {},
      { priorOrders: 2, uses: 0 },
      0,
      'min_spend',
    ],
    [
      'not first order and with points → first order',
      { firstOrderOnly: true, combinesWithPoints: false },
      { usePoints: true },
      { priorOrders: 1, uses: 0 },
      0,
      'first_order_only',
    ],
    [
      'with points and used up → points (the traveller can turn them off)',
      { combinesWithPoints: false, maxUses: 1 },
      { usePoints: true },
      NEW,
      1,
      'not_with_points',
    ],
    ['used up and already used → used up', { maxUses: 1, maxUsesPerCustomer: 1 }, {}, { priorOrders: 1, uses: 1 }, 1, 'used_up'],
    ['subscription and wrong plan → subscription', { planIds: [1] }, { kind: 'subscription' }, NEW, 0, 'not_for_subscriptions'],
    ['not started and paused → paused', { paused: true, startsAt: '2027-01-01T00:00:00Z' }, {}, NEW, 0, 'paused'],
  ];
  it.each(cases)('%s', (_name, r, o, c, held, expected) => {
    expect(decidePromo(rule(r), order(o), c, held, NOW)).toEqual({ ok: false, reason: expected });
  });
});

describe('promoDiscount', () => {
  const cases: [string, Partial<PromoRule>, Partial<PromoOrder>, [number, number, number, number]][] = [
    // [discount, usd discount, total after, usd after]
    ['10% of 19.99 USD', {}, {}, [199, 199, 1800, 1800]],
    ['10% of 4.50 USD', {}, { usdMinor: 450, totalMinor: 450 }, [45, 45, 405, 405]],
    [
      '25% of 15.79 GBP (19.99 USD): the USD side shrinks by the same share, rounded down',
      { percent: 25 },
      { currency: 'GBP', usdMinor: 1999, totalMinor: 1579 },
      [394, 498, 1185, 1501],
    ],
    ['100%: capped so the card keeps 0.50 USD', { percent: 100 }, {}, [1949, 1949, 50, 50]],
    [
      '100% in GBP: the cap keeps at least the minimum in USD',
      { percent: 100 },
      { currency: 'GBP', usdMinor: 1999, totalMinor: 1579 },
      [1539, 1949, 40, 50],
    ],
    ['fixed 5.00 USD', { kind: 'fixed', percent: null, amounts: { USD: 500 } }, {}, [500, 500, 1499, 1499]],
    ['fixed 30.00 USD on a 19.99 order: capped', { kind: 'fixed', percent: null, amounts: { USD: 3000 } }, {}, [1949, 1949, 50, 50]],
    ['1% of 0.55 USD rounds to nothing', { percent: 1 }, { usdMinor: 55, totalMinor: 55 }, [0, 0, 55, 55]],
  ];
  it.each(cases)('%s', (_name, r, o, [d, ud, t, u]) => {
    expect(promoDiscount(rule(r), order(o))).toEqual({ discountMinor: d, usdDiscountMinor: ud, totalMinor: t, usdMinor: u });
  });

  it('never more than the total, never negative, and the card keeps the minimum (every percent, many prices)', () => {
    for (let pct = 1; pct <= 100; pct++)
      for (const usd of [50, 51, 99, 450, 1999, 12_345])
        for (const rate of [1, 0.79, 0.92, 150]) {
          const total = Math.max(1, Math.round(usd * rate));
          const d = promoDiscount(rule({ percent: pct }), order({ usdMinor: usd, totalMinor: total }));
          expect(d.discountMinor).toBeGreaterThanOrEqual(0);
          expect(d.totalMinor).toBeGreaterThan(0);
          expect(d.totalMinor + d.discountMinor).toBe(total);
          expect(d.usdMinor).toBeGreaterThanOrEqual(50);
          expect(d.usdMinor + d.usdDiscountMinor).toBe(usd);
        }
  });
});

describe('normalisation', () => {
  it.each([
    [' summer-10 ', 'SUMMER-10'],
    ['sum mer10', 'SUMMER10'],
    ['ab', null],
    ['-ABC', null],
    ['ÉTÉ10', null],
    ['x'.repeat(33), null],
  ])('code %j → %j', (input, out) => expect(normalizePromoCode(input)).toBe(out));

  it.each([
    ['Ann@Example.com', 'ann@example.com'],
    ['ann+trip@example.com', 'ann@example.com'],
    ['a.n.n+x@gmail.com', 'ann@gmail.com'],
    ['A.nn@GoogleMail.com', 'ann@gmail.com'],
    ['a.nn@example.com', 'a.nn@example.com'],
    [' ann@example.com ', 'ann@example.com'],
  ])('e-mail %j → %j', (input, out) => expect(normalizeEmail(input)).toBe(out));
});

describe("the owner's form", () => {
  const base = {
    code: 'summer10',
    kind: 'percent',
    percent: 10,
    amounts: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    minSpendUsdMinor: 0,
    regionIds: null,
    planIds: null,
    firstOrderOnly: false,
    combinesWithPoints: true,
  };
  it('normalises the code', () => expect(ZPromoCodeFields.parse(base).code).toBe('SUMMER10'));
  it('takes a fixed amount in every currency the checkout takes', () => {
    const amounts = Object.fromEntries(CHECKOUT_CURRENCIES.map((c, i) => [c, 100 + i]));
    expect(ZPromoCodeFields.parse({ ...base, kind: 'fixed', percent: null, amounts }).amounts).toEqual(amounts);
  });
  it.each([
    ['a percent code without a percent', { percent: null }, 'percent'],
    ['a percent over 100', { percent: 101 }, 'percent'],
    ['a fixed code without amounts', { kind: 'fixed', percent: null }, 'amounts'],
    ['a fixed code in a currency the shop does not sell in', { kind: 'fixed', amounts: { KRW: 100 } }, 'amounts'],
    ['an end before the start', { startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'endsAt'],
    ['a bad code', { code: 'a!' }, 'code'],
  ])('refuses %s', (_name, over, field) => {
    const r = ZPromoCodeFields.safeParse({ ...base, ...over });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toContain(field);
  });
});

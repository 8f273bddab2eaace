// Issue 28, ten currencies: each in its ISO 4217 minor unit (JPY has none), converted then
// charm-rounded (money.ts convertPrice), shown with Intl.NumberFormat.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  charmMinor,
  convertMinor,
  convertPrice,
  formatMoney,
  isCharmed,
  minorDigits,
  minorToDecimal,
  tryConvertPrice,
} from '../../src/domain/money.ts';
import { CHECKOUT_CURRENCIES, ZCreatePaymentIntentInput, priceOrder, tryPriceOrder } from '../../src/domain/orders.ts';
import { moneyText } from '../../src/domain/admin-orders.ts';
import { rateBounds } from '../../src/domain/admin.ts';
import { redeemPoints } from '../../src/domain/rewards.ts';
import { pointsCashMinor, pointsWithin } from '../../src/services/rewards/rewards-ledger.ts';

describe('minorDigits (ISO 4217 minor unit)', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['GBP', 2],
    ['AUD', 2],
    ['CAD', 2],
    ['JPY', 0],
    ['jpy', 0],
    ['CHF', 2],
    ['SGD', 2],
    ['AED', 2],
    ['INR', 2],
    ['KRW', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['', 2],
    ['JP', 2],
    ['PYJ', 2], // not a substring trick of 'JPY KMF'
    ['F C', 2],
  ])('%s → %i', (code, digits) => {
    expect(minorDigits(code)).toBe(digits);
  });

  it('the shop sells ten currencies, the spec’s three first', () => {
    expect(CHECKOUT_CURRENCIES).toEqual(['USD', 'GBP', 'EUR', 'AUD', 'CAD', 'JPY', 'CHF', 'SGD', 'AED', 'INR']);
  });
});

describe('convertMinor per minor unit', () => {
  it.each([
    // usd cents, rate micros, currency, result in the currency's own minor unit
    [1000, 154_000_000, 'JPY', 1540], // $10.00 → ¥1,540 (not 154000)
    [999, 154_000_000, 'JPY', 1538], // 1538.46 → 1538
    [1, 150_000_000, 'JPY', 2], // 1.5 → 2 (half up)
    [1, 149_000_000, 'JPY', 1],
    [450, 84_500_000, 'INR', 38_025], // ₹380.25
    [1050, 3_672_500, 'AED', 3856], // 38.56125 → 38.56
    [1050, 930_000, 'EUR', 977], // the spec's €9.77
    [450, 930_000, 'EUR', 419], // and €4.19
    [1000, 307_000, 'KWD', 3070], // 3 decimals: 3.070 KWD
    [0, 154_000_000, 'JPY', 0],
  ])('%i USD cents at %i → %s %i', (usd, micros, currency, expected) => {
    expect(convertMinor(usd, micros, currency)).toBe(expected);
  });

  it('refuses what it cannot represent', () => {
    expect(() => convertMinor(Number.MAX_SAFE_INTEGER, 154_000_000, 'JPY')).toThrow(RangeError);
    expect(tryConvertPrice(Number.MAX_SAFE_INTEGER, 154_000_000, 'JPY')).toBeNull();
    expect(tryConvertPrice(1.5, 154_000_000, 'JPY')).toBeNull();
  });
});

describe('charmMinor', () => {
  it.each([
    // zero-decimal (JPY): ends in 8 below ¥1,000, in 80 from there
    [1, 'JPY', 8],
    [8, 'JPY', 8],
    [9, 'JPY', 18],
    [291, 'JPY', 298],
    [298, 'JPY', 298],
    [306, 'JPY', 308],
    [998, 'JPY', 998],
    [999, 'JPY', 1080],
    [1000, 'JPY', 1080],
    [1080, 'JPY', 1080],
    [1081, 'JPY', 1180],
    [1401, 'JPY', 1480],
    [1538, 'JPY', 1580],
    // two decimals: .49 / .99
    [0, 'INR', 49],
    [38_025, 'INR', 38_049],
    [38_050, 'INR', 38_099],
    [38_099, 'INR', 38_099],
    [977, 'EUR', 999],
    [419, 'EUR', 449],
    // three decimals: .490 / .990
    [1490, 'KWD', 1490],
    [1991, 'KWD', 2490],
  ])('%i %s → %i', (minor, currency, expected) => {
    expect(charmMinor(minor, currency)).toBe(expected);
  });

  it('never lowers a price, is idempotent, and adds less than 10% from ¥100 / 1.00 up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom('JPY', 'INR', 'AED', 'AUD', 'KWD'), (minor, currency) => {
        const c = charmMinor(minor, currency);
        expect(c).toBeGreaterThanOrEqual(minor);
        expect(charmMinor(c, currency)).toBe(c);
        const unit = 10 ** minorDigits(currency);
        if (minor >= 100 * unit) expect((c - minor) * 10).toBeLessThan(minor);
      }),
    );
  });
});

describe('convertPrice: converted, then charm-rounded where the currency is', () => {
  it.each([
    [999, 154_000_000, 'JPY', 1580], // $9.99 → ¥1,538 → ¥1,580
    [199, 154_000_000, 'JPY', 308], // $1.99 → ¥306 → ¥308
    [450, 84_500_000, 'INR', 38_049], // ₹380.25 → ₹380.49
    [1050, 3_672_500, 'AED', 3899], // 38.56 → 38.99 AED
    [1050, 1_530_000, 'AUD', 1649], // 16.065 → 16.07 → A$16.49
    [1050, 930_000, 'EUR', 977], // the spec's three keep its '2 decimals' rule
    [450, 790_000, 'GBP', 356],
    [999, 1_000_000, 'USD', 999],
  ])('%i USD cents at %i → %s %i', (usd, micros, currency, expected) => {
    expect(convertPrice(usd, micros, currency)).toBe(expected);
  });

  it('charms the seven new currencies only', () => {
    expect(CHECKOUT_CURRENCIES.filter(isCharmed)).toEqual(['AUD', 'CAD', 'JPY', 'CHF', 'SGD', 'AED', 'INR']);
  });

  it('the order price uses it: a JPY order is whole yen', () => {
    expect(priceOrder(999, 'one_time', 'JPY', 154_000_000)).toEqual({
      usdMinor: 999,
      unitMinor: 1580,
      totalMinor: 1580,
      currency: 'JPY',
      rateMicros: 154_000_000,
    });
    // the subscription month: 85% of $9.99 = $8.49 → ¥1,307.46 → ¥1,380
    expect(priceOrder(999, 'subscription', 'JPY', 154_000_000).totalMinor).toBe(1380);
    // a conversion beyond 2^53 has no price (a clear 4xx upstream), in yen as in cents
    expect(tryPriceOrder(99_999_999, 'one_time', 'JPY', 154_000_000)).toEqual({ ok: false, reason: 'unrepresentable' });
    // (in yen a product above 2^53 comes before the card limit of ¥99,999,999: past it is 'unrepresentable')
    expect(tryPriceOrder(5_000_000, 'one_time', 'JPY', 1_000_000_000)).toEqual({
      ok: true,
      price: expect.objectContaining({ totalMinor: 50_000_080 }),
    });
  });

  it('the checkout input takes the ten and names them when refusing', () => {
    const base = { planId: 1, checkoutToken: 'a'.repeat(16) };
    expect(ZCreatePaymentIntentInput.safeParse({ ...base, currency: 'jpy' }).success).toBe(true);
    const bad = ZCreatePaymentIntentInput.safeParse({ ...base, currency: 'XXX' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('USD, GBP, EUR, AUD, CAD, JPY, CHF, SGD, AED, INR');
  });
});

describe('display in the currency’s minor unit', () => {
  it.each([
    [1480, 'JPY', 'en', '¥1,480'],
    [1480, 'JPY', 'de', '1.480 ¥'],
    [38_049, 'INR', 'hi', '₹380.49'],
    [3899, 'AED', 'en', 'AED 38.99'],
  ])('%i %s in %s → %s', (minor, currency, lang, expected) => {
    expect(formatMoney(minor, currency, lang).replace(/\s/g, ' ')).toBe(expected);
  });

  it('Arabic puts the dirham after the amount and yen have no decimals', () => {
    const aed = formatMoney(3899, 'AED', 'ar');
    expect(aed).toContain('د.إ');
    expect(aed.indexOf('د.إ')).toBeGreaterThan(aed.search(/[0-9٠-٩]/));
    expect(formatMoney(1480, 'JPY', 'ar')).not.toMatch(/[.,٫]\d\d(?!\d)/);
  });

  it('decimals and text follow the minor unit', () => {
    expect(minorToDecimal(1480, 'JPY')).toBe(1480);
    expect(minorToDecimal(38_049, 'INR')).toBe(380.49);
    expect(moneyText(1480, 'JPY')).toBe('1480 JPY');
    expect(moneyText(-3899, 'AED')).toBe('-38.99 AED');
    expect(moneyText(3070, 'KWD')).toBe('3.070 KWD');
  });

  it('the seven have a sane-rate band around their seeded rate', () => {
    expect(rateBounds('JPY')).toEqual({ minMicros: 15_400_000, maxMicros: 1_540_000_000, referenceMicros: 154_000_000 });
    expect(rateBounds('INR').referenceMicros).toBe(84_500_000);
  });
});

describe('points in yen', () => {
  it('a partial redemption discounts whole yen at the order’s rate', () => {
    // $9.99 at ¥154 → ¥1,580; 500 points are $5.00 → ¥770 (not 77000)
    const r = redeemPoints({ available: 500, usdMinor: 999, totalMinor: 1580, rateMicros: 154_000_000, currency: 'JPY' });
    expect(r).toEqual({ pointsUsed: 500, discountMinor: 770, paidWithPoints: false });
    // enough points pay the whole charmed price
    expect(redeemPoints({ available: 999, usdMinor: 999, totalMinor: 1580, rateMicros: 154_000_000, currency: 'JPY' })).toEqual({
      pointsUsed: 999,
      discountMinor: 1580,
      paidWithPoints: true,
    });
  });

  it('no sequence of redemptions and take-backs creates value (JPY, INR, AED)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(['JPY', 154_000_000], ['INR', 84_500_000], ['AED', 3_672_500], ['JPY', 15_400_001]),
        fc.array(fc.record({ usd: fc.integer({ min: 50, max: 50_000 }), points: fc.integer({ min: 0, max: 60_000 }), refund: fc.nat() }), {
          maxLength: 12,
        }),
        ([currency, rate], ops) => {
          let balance = 1_000_000;
          for (const op of ops) {
            const total = convertPrice(op.usd, rate as number, currency as string);
            const available = Math.min(balance, op.points);
            const r = redeemPoints({
              available,
              usdMinor: op.usd,
              totalMinor: total,
              rateMicros: rate as number,
              currency: currency as string,
            });
            expect(r.pointsUsed).toBeLessThanOrEqual(available);
            expect(r.discountMinor).toBeLessThanOrEqual(total);
            if (!r.paidWithPoints) {
              // a part payment is worth at most the points spent, and leaves a card charge
              expect(r.discountMinor).toBeLessThanOrEqual(pointsCashMinor(r.pointsUsed, rate as number, currency as string));
              if (r.pointsUsed > 0) expect(total - r.discountMinor).toBeGreaterThan(0);
            }
            balance -= r.pointsUsed;
            // a refund of part of the card payment takes back at most its cash in points
            const card = total - r.discountMinor;
            const refund = card > 0 ? op.refund % (card + 1) : 0;
            const within = pointsWithin(refund, rate as number, currency as string);
            expect(pointsCashMinor(within, rate as number, currency as string)).toBeLessThanOrEqual(refund);
            if (refund > 0) expect(pointsCashMinor(within + 1, rate as number, currency as string)).toBeGreaterThan(refund);
          }
          expect(balance).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

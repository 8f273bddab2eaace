import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  tryConvertMinor,
  convertMinor,
  decimalToMinor,
  formatMoney,
  minorToDecimal,
  priceIn,
  rateMicrosToRate,
  subscriptionMinor,
} from '../../src/domain/money.ts';

describe('convertMinor', () => {
  it.each([
    // usdMinor, rateMicros, expected
    [450, 1_000_000, 450],
    [450, 790_000, 356], // 355.5 → 356 (half up)
    [450, 930_000, 419], // 418.5 → 419
    [100, 790_000, 79],
    [1999, 790_000, 1579], // 1579.21
    [1999, 930_000, 1859], // 1859.07
    [1, 500_000, 1], // 0.5 → 1
    [1, 499_999, 0],
    [0, 790_000, 0],
    [-450, 790_000, -355], // -355.5 → -355 (half up, towards +∞)
    [2_000_000, 1_234_567, 2_469_134],
  ])('%i at %i → %i', (usdMinor, rateMicros, expected) => {
    expect(convertMinor(usdMinor, rateMicros)).toBe(expected);
  });

  it('stays exact near the largest safe product', () => {
    // 9_007_199 × 999_999_999 ≈ 9.007e15 < 2^53; quotient 9_007_198_990.992801 → …991
    expect(convertMinor(9_007_199, 999_999_999)).toBe(9_007_198_991);
  });

  it('agrees with exact BigInt arithmetic', () => {
    const exact = (a: number, b: number) => {
      const p = BigInt(a) * BigInt(b);
      const m = 1_000_000n;
      let q = p / m;
      let r = p % m;
      if (r < 0n) {
        q -= 1n;
        r += m;
      }
      return Number(2n * r >= m ? q + 1n : q);
    };
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 9_000_000 }), (a, b) => {
        expect(convertMinor(a, b)).toBe(exact(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [4.5, 1],
    [450, 1.5],
    [Number.NaN, 1],
    [2 ** 40, 2 ** 20],
  ])('refuses non-integers and unsafe products (%s, %s)', (a, b) => {
    expect(() => convertMinor(a, b)).toThrow(RangeError);
  });
});

describe('tryConvertMinor: null where convertMinor would throw', () => {
  it.each<[number, number, number | null]>([
    [450, 790_000, 356],
    [0, 790_000, 0],
    [450, Number.MAX_SAFE_INTEGER, null],
    [Number.MAX_SAFE_INTEGER, 2_000_000, null],
    [450, Number.NaN, null],
    [450, Number.POSITIVE_INFINITY, null],
    [Number.NEGATIVE_INFINITY, 790_000, null],
    [4.5, 790_000, null],
  ])('%d at %d micros → %s', (usd, micros, expected) => {
    expect(tryConvertMinor(usd, micros)).toBe(expected);
  });

  it('agrees with convertMinor wherever that one answers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 1_000_000_000_000 }), (usd, micros) => {
        let expected: number | null;
        try {
          expected = convertMinor(usd, micros);
        } catch {
          expected = null;
        }
        expect(tryConvertMinor(usd, micros)).toBe(expected);
      }),
    );
  });
});

describe('minorToDecimal / decimalToMinor', () => {
  it.each([
    [450, 4.5],
    [0, 0],
    [1, 0.01],
    [1999, 19.99],
    [100000, 1000],
  ])('%i ↔ %d', (minor, decimal) => {
    expect(minorToDecimal(minor)).toBe(decimal);
    expect(decimalToMinor(decimal)).toBe(minor);
  });

  it('rounds float noise when going to minor units', () => {
    expect(decimalToMinor(0.1 + 0.2)).toBe(30);
    expect(decimalToMinor(19.999)).toBe(2000);
  });
});

describe('subscriptionMinor (Save 15%)', () => {
  it.each([
    [450, 383], // 382.5 → 383
    [1000, 850],
    [999, 849], // 849.15
    [10, 9], // 8.5 → 9
    [1, 1], // 0.85
    [0, 0],
    [2990, 2542], // 2541.5 → 2542
  ])('%i → %i', (minor, expected) => {
    expect(subscriptionMinor(minor)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it.each([
    [450, 'USD', 'en', '$4.50'],
    [356, 'GBP', 'en', '£3.56'],
    [419, 'EUR', 'en', '€4.19'],
    [100000, 'USD', 'en', '$1,000.00'],
    [419, 'EUR', 'de', '4,19 €'],
    [450, 'USD', 'en-GB', 'US$4.50'],
  ])('%i %s %s → %s', (minor, currency, locale, expected) => {
    // Intl separates the amount and the symbol with a no-break space in some locales.
    expect(formatMoney(minor, currency, locale).replace(/\u00a0/g, ' ')).toBe(expected);
  });
});

describe('rateMicrosToRate / priceIn', () => {
  const rates = { rateMicros: { USD: 1_000_000, GBP: 790_000, EUR: 930_000 } };
  it.each([
    [1_000_000, 1],
    [790_000, 0.79],
    [930_000, 0.93],
  ])('%i → %d', (micros, rate) => expect(rateMicrosToRate(micros)).toBe(rate));

  it.each([
    [450, 'GBP', { minor: 356, currency: 'GBP' }],
    [450, 'EUR', { minor: 419, currency: 'EUR' }],
    [450, 'USD', { minor: 450, currency: 'USD' }],
    [450, 'JPY', { minor: 450, currency: 'USD' }],
  ])('%i in %s', (minor, currency, expected) => {
    expect(priceIn(minor, currency, rates)).toEqual(expected);
  });

  it('shows USD when there is no rate table', () => {
    expect(priceIn(450, 'GBP', null)).toEqual({ minor: 450, currency: 'USD' });
  });
});

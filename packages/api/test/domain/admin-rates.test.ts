// The sane band of an exchange rate the owner types: 1/10 to 10× the reference (seed) rate, or
// absolute bounds for a currency without one; and the message that names the allowed range.
import { describe, expect, it } from 'vitest';
import { RATE_ABSOLUTE_MICROS, ZRateUpdate, rateBounds, rateOutOfRange } from '../../src/domain/admin.ts';

describe('rateBounds', () => {
  it.each([
    ['GBP', 79_000, 7_900_000, 790_000],
    ['EUR', 93_000, 9_300_000, 930_000],
    ['KRW', RATE_ABSOLUTE_MICROS.min, RATE_ABSOLUTE_MICROS.max, null],
  ])('%s: %d … %d around %s', (currency, min, max, reference) => {
    expect(rateBounds(currency)).toEqual({ minMicros: min, maxMicros: max, referenceMicros: reference });
  });
});

describe('rateOutOfRange', () => {
  it.each<[string, number, string | null]>([
    ['GBP', 790_000, null],
    ['GBP', 79_000, null],
    ['GBP', 7_900_000, null],
    ['GBP', 7_900_001, 'The rate must be between 0.079 and 7.9 GBP per 1 USD (1/10 to 10× the reference rate 0.79).'],
    ['GBP', 78_999, 'The rate must be between 0.079 and 7.9 GBP per 1 USD (1/10 to 10× the reference rate 0.79).'],
    ['GBP', 790_000 * 1_000_000, 'The rate must be between 0.079 and 7.9 GBP per 1 USD (1/10 to 10× the reference rate 0.79).'],
    ['KRW', 151_300_000, null],
    ['KRW', 99, 'The rate must be between 0.0001 and 100000 KRW per 1 USD.'],
  ])('%s at %d micros → %s', (currency, micros, message) => {
    expect(rateOutOfRange(currency, micros)).toBe(message);
  });
});

describe('ZRateUpdate', () => {
  it('puts the range message on the rate field (the admin form shows it under the field)', () => {
    const r = ZRateUpdate.safeParse({ currency: 'gbp', rate: '790000' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rate', 'The rate must be between 0.079 and 7.9 GBP per 1 USD (1/10 to 10× the reference rate 0.79).'],
    ]);
    expect(ZRateUpdate.parse({ currency: 'gbp', rate: '0.8' })).toEqual({ currency: 'GBP', rate: '0.8' });
  });
});

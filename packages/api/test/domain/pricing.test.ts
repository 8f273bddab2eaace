import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_RULE, charmRound, checkPricingRule, retailPrice, type PricingRule } from '../../src/domain/pricing.ts';

describe('charmRound', () => {
  it.each([
    [0, 49],
    [1, 49],
    [49, 49],
    [50, 99],
    [99, 99],
    [100, 149],
    [149, 149],
    [150, 199],
    [1300, 1349],
    [1399, 1399],
    [1400, 1449],
  ])('%i → %i', (minor, expected) => {
    expect(charmRound(minor)).toBe(expected);
  });

  it('is the least .49/.99 price at or above', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (m) => {
        const r = charmRound(m);
        expect(r).toBeGreaterThanOrEqual(m);
        expect([49, 99]).toContain(r % 100);
        expect(r - m).toBeLessThan(50);
      }),
    );
  });
});

describe('retailPrice', () => {
  const rule = (over: Partial<PricingRule>): PricingRule => ({ ...DEFAULT_PRICING_RULE, ...over });
  it.each([
    // wholesale, rule, retail
    [1000, DEFAULT_PRICING_RULE, 1449], // 14.00 → 14.49
    [1035, DEFAULT_PRICING_RULE, 1449], // 14.49 exactly
    [1036, DEFAULT_PRICING_RULE, 1499], // 14.5040 → 14.51 → 14.99
    [100, DEFAULT_PRICING_RULE, 199], // 1.40 under the floor
    [0, DEFAULT_PRICING_RULE, 199],
    [1000, rule({ rounding: 'none' }), 1400],
    [1005, rule({ rounding: 'none' }), 1407], // 14.07 exactly
    [1001, rule({ rounding: 'none' }), 1402], // 14.014 → up to 14.02
    [1000, rule({ marginPercent: 0, rounding: 'none' }), 1000],
    [1000, rule({ marginPercent: 12.5, rounding: 'none' }), 1125],
    [50, rule({ floorMinor: 0, rounding: 'none' }), 70],
    [50, rule({ floorMinor: 250 }), 299], // the floor is charmed too
    [2_000_00, rule({ marginPercent: 100 }), 4_000_49],
  ])('%i with %o → %i', (wholesale, r, expected) => {
    expect(retailPrice(wholesale, r)).toBe(expected);
  });

  it('never sells below cost plus margin or below the floor', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 2000 }),
        (w, m, f) => {
          const r = retailPrice(w, { marginPercent: m, floorMinor: f, rounding: 'charm' });
          expect(r * 100).toBeGreaterThanOrEqual(w * (100 + m));
          expect(r).toBeGreaterThanOrEqual(f);
        },
      ),
    );
  });

  it('refuses a cost that is not whole minor units', () => {
    expect(() => retailPrice(10.5)).toThrow(RangeError);
    expect(() => retailPrice(-1)).toThrow(RangeError);
  });
});

describe('checkPricingRule', () => {
  it('names the setting that is wrong', () => {
    expect(() => checkPricingRule({ ...DEFAULT_PRICING_RULE, marginPercent: -1 })).toThrow(/PRICING_MARGIN_PERCENT/);
    expect(() => checkPricingRule({ ...DEFAULT_PRICING_RULE, floorMinor: 1.5 })).toThrow(/PRICING_FLOOR_MINOR/);
    expect(() => checkPricingRule({ ...DEFAULT_PRICING_RULE, rounding: 'up' as never })).toThrow(/PRICING_ROUNDING/);
    expect(() => checkPricingRule(DEFAULT_PRICING_RULE)).not.toThrow();
  });
});

// The pricing rule of `catalog sync`: a provider's wholesale cost → the shop's retail list price.
// USD minor units in and out (the shop's list prices are USD cents); pure, so it is table-tested.
//
//   retail = max(floor, charm(ceil(wholesale × (100 + margin) / 100)))
//
// charm: the next price ending in .49 or .99 at or above (1.00 → 1.49, 1.50 → 1.99, 1.99 → 1.99);
// the floor is charmed too, so every price the rule makes ends the same way.

export type PricingRounding = 'charm' | 'none';

export interface PricingRule {
  /** Added to the wholesale cost, in per cent (40: a $10.00 package sells for $14.00 before rounding). */
  marginPercent: number;
  /** The least retail price, USD minor units (199 = $1.99). */
  floorMinor: number;
  /** 'charm' (default): up to the next .49 or .99; 'none': whole cents as computed. */
  rounding: PricingRounding;
}

export const DEFAULT_PRICING_RULE: PricingRule = { marginPercent: 40, floorMinor: 199, rounding: 'charm' };

/** The least price ≥ `minor` that ends in .49 or .99 (minor units). */
export function charmRound(minor: number): number {
  const cents = minor % 100;
  const dollars = minor - cents;
  if (cents <= 49) return dollars + 49;
  return dollars + 99;
}

/** Throws a RangeError that says which setting is wrong (env.ts validates before this). */
export function checkPricingRule(rule: PricingRule): void {
  if (!Number.isFinite(rule.marginPercent) || rule.marginPercent < 0 || rule.marginPercent > 1000)
    throw new RangeError('PRICING_MARGIN_PERCENT must be a number from 0 to 1000');
  if (!Number.isInteger(rule.floorMinor) || rule.floorMinor < 0) throw new RangeError('PRICING_FLOOR_MINOR must be a whole number ≥ 0');
  if (rule.rounding !== 'charm' && rule.rounding !== 'none') throw new RangeError("PRICING_ROUNDING must be 'charm' or 'none'");
}

/** Retail list price in USD minor units for a wholesale cost in USD minor units. */
export function retailPrice(wholesaleMinor: number, rule: PricingRule = DEFAULT_PRICING_RULE): number {
  if (!Number.isInteger(wholesaleMinor) || wholesaleMinor < 0) throw new RangeError('wholesale cost must be whole minor units ≥ 0');
  // Integer arithmetic on hundredths of a per cent, so 40 % of 1,005 cents is exact before rounding up.
  const marginBasis = Math.round(rule.marginPercent * 100);
  const raw = Math.ceil((wholesaleMinor * (10_000 + marginBasis)) / 10_000);
  const price = Math.max(raw, rule.floorMinor);
  return rule.rounding === 'charm' ? charmRound(price) : price;
}

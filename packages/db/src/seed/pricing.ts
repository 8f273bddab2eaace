// Deterministic list prices in USD cents: a per-plan base price × a per-destination factor,
// rounded to shop-style endings (x.50 or x.99).
import type { Continent } from './continents.ts';

/** Percent multipliers by continent, used when a destination has no explicit tier. */
const CONTINENT_FACTOR: Record<Continent, number> = {
  Europe: 100,
  Asia: 100,
  'Middle East': 120,
  Africa: 135,
  'North America': 125,
  'South America': 115,
  'Central America': 125,
  Caribbean: 160,
  Oceania: 160,
};

/** Cheap destinations: competitive local markets. */
const BUDGET = new Set([
  'TR',
  'TH',
  'VN',
  'ID',
  'IN',
  'MY',
  'PH',
  'KH',
  'LA',
  'LK',
  'BD',
  'PK',
  'NP',
  'EG',
  'MA',
  'TN',
  'GE',
  'AM',
  'UA',
  'RS',
  'MD',
  'AL',
  'MK',
  'BA',
  'XK',
  'UZ',
  'KG',
  'KZ',
]);
const BUDGET_FACTOR = 75;

/** Expensive destinations: high wholesale roaming rates. */
const PREMIUM = new Set(['JP', 'US', 'CH', 'CA', 'NO', 'IS', 'AU', 'NZ', 'KR', 'SG', 'HK', 'IL', 'LI', 'MC']);
const PREMIUM_FACTOR = 140;

/** Bundles cost more than any single country (premium tops out at 146); GLOBAL most of all. */
const BUNDLE_FACTOR: Record<string, number> = {
  EU: 150,
  ASIA: 155,
  NORAM: 160,
  MENA: 160,
  OCEANIA: 165,
  LATAM: 165,
  AFRICA: 180,
  CARIB: 185,
  GLOBAL: 230,
};
const DEFAULT_BUNDLE_FACTOR = 160;

export interface PricedRegion {
  code: string;
  kind: 'country' | 'bundle';
  continent: Continent | null;
}

/** 0..6: a stable per-code nudge so same-tier destinations don't all cost the same (FNV-1a). */
export function codeJitter(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) {
    h ^= code.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 7;
}

/** The destination's price multiplier in percent (e.g. 75 = 0.75×), jitter included. */
export function regionPriceFactor(region: PricedRegion): number {
  let tier: number;
  if (region.kind === 'bundle') tier = BUNDLE_FACTOR[region.code] ?? DEFAULT_BUNDLE_FACTOR;
  else if (BUDGET.has(region.code)) tier = BUDGET_FACTOR;
  else if (PREMIUM.has(region.code)) tier = PREMIUM_FACTOR;
  else tier = region.continent ? CONTINENT_FACTOR[region.continent] : 100;
  return tier + codeJitter(region.code);
}

/** Rounds cents to the nearest 50, then shows whole dollars as x.99 (1300 → 1299, 1350 → 1350). Never below 99. */
export function retailRound(cents: number): number {
  const r = Math.max(100, Math.round(cents / 50) * 50);
  return r % 100 === 0 ? r - 1 : r;
}

/** List price in cents for a plan whose base (1.0×) price is `baseCents`. */
export function listPrice(baseCents: number, factorPercent: number): number {
  return retailRound((baseCents * factorPercent) / 100);
}

// The catalogue as the API hands it out (tRPC and REST alike). Prices come twice:
// `price` is the spec's decimal USD (4.5), `priceMinor` the exact integer (450).

import type { PlanFacts } from './plan-facts.ts';

export type { PlanFacts, PlanOperator } from './plan-facts.ts';

export type RegionKind = 'country' | 'bundle';

export interface Region {
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2, the spec's 'UK', or a bundle code such as EU or GLOBAL. */
  code: string;
  continent: string | null;
  /** Path of a bundled flag image, e.g. /flags/4x3/jp.svg; null when there is none. */
  flagIcon: string | null;
  isPopular: boolean;
  kind: RegionKind;
  /**
   * Lowest active plan price in USD (decimal), null when the region has no plans.
   * The spec's client fetched every region's plans to draw the 'From' badge; we ship it here.
   */
  fromPrice: number | null;
  fromPriceMinor: number | null;
  /**
   * For a bundle, the country codes it covers (display order), so search can offer the bundles
   * that cover a country; empty for a country.
   */
  covers: string[];
}

export interface CoveredCountry {
  code: string;
  name: string;
}

/** One region with the countries it covers (the 'Countries Covered' chips), in display order. */
export interface RegionDetail extends Region {
  countries: CoveredCountry[];
}

export interface Plan {
  id: number;
  regionId: number;
  name: string;
  description: string;
  /** USD decimal, e.g. 4.5. */
  price: number;
  /** USD minor units, e.g. 450. */
  priceMinor: number;
  currency: 'USD';
  validityDays: number;
  /** Display text such as '5GB' or 'Unlimited'. */
  dataAmount: string;
  /** The data allowance in MB (1 GB = 1024 MB); null for an unlimited plan. Texts are composed from it. */
  dataMb: number | null;
  features: string[];
  isPopular: boolean;
  /**
   * What the provider says about the plan (networks per country, hotspot, daily cap, top-ups,
   * validity start, IP country); absent when it said nothing. The texts claim only these.
   */
  facts?: PlanFacts | undefined;
  /**
   * The owner's own wording per language ('en', 'de'…), set in the back office; it overrides the
   * composed name/description in that language, the English one standing in for a language without
   * its own. Absent when the owner wrote none (the usual case).
   */
  ownerTexts?: Readonly<Record<string, PlanOwnerText>> | undefined;
}

/** An owner's wording of a plan in one language; an absent field is composed. */
export interface PlanOwnerText {
  name?: string | undefined;
  description?: string | undefined;
}

/** The owner's wording for `lang`, else the English one, else undefined (the texts are composed). */
export function ownerTextFor(plan: Pick<Plan, 'ownerTexts'>, lang: string): PlanOwnerText | undefined {
  const all = plan.ownerTexts;
  if (!all) return undefined;
  const own = all[lang];
  const en = all.en;
  const name = own?.name ?? en?.name;
  const description = own?.description ?? en?.description;
  return name === undefined && description === undefined
    ? undefined
    : { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}) };
}

/**
 * What a plan's texts are composed from in the traveller's language (planTexts in @esim/i18n):
 * the destination (named by destinationName from its code, kind and English name), its coverage,
 * the data and the validity. Orders and eSIMs carry it beside their stored English plan name.
 */
export interface PlanTextFacts {
  regionCode: string;
  regionKind: RegionKind;
  /** The catalogue's English name of the destination (the last fallback). */
  regionName: string;
  /** Countries covered: 1 for a country, the bundle's country count. */
  coverage: number;
  /** MB (1 GB = 1024); null for unlimited. */
  dataMb: number | null;
  validityDays: number;
  /** What the provider says about the plan (plans.facts); absent: nothing is claimed. */
  provided?: PlanFacts | null | undefined;
}

export interface CurrencyInfo {
  code: string;
  name: string;
  symbol: string;
}

export interface ExchangeRates {
  /** Units of each currency per 1 USD (USD: 1, GBP: 0.79, EUR: 0.93). */
  rates: Record<string, number>;
  supportedCurrencies: CurrencyInfo[];
  /** The same rates × 1,000,000 as integers, for exact conversion with convertMinor(). */
  rateMicros: Record<string, number>;
}

export const DEFAULT_CURRENCY = 'USD';

/** The spec's fallback rates (§9), used when the database holds none. */
export const FALLBACK_CURRENCIES: readonly (CurrencyInfo & { rateMicros: number })[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$', rateMicros: 1_000_000 },
  { code: 'GBP', name: 'British Pound', symbol: '£', rateMicros: 790_000 },
  { code: 'EUR', name: 'Euro', symbol: '€', rateMicros: 930_000 },
];

/**
 * The seed's rates of the seven currencies issue 28 added (packages/db seed/exchange-rates.ts): the
 * reference each sane-rate band (admin.ts rateBounds) is drawn around, for the admin page and the feed.
 */
export const REFERENCE_RATE_MICROS: Readonly<Record<string, number>> = {
  AUD: 1_530_000,
  CAD: 1_390_000,
  JPY: 154_000_000,
  CHF: 880_000,
  SGD: 1_340_000,
  AED: 3_672_500,
  INR: 84_500_000,
};

// The spec's popular-region rule (§9): isPopular set, or one of these codes, or one of these names.
// The one definition: the seed marks regions with it and @esim/api/domain re-exports it for the
// picker. Pure and import-free, so the web bundle can use it.
export const POPULAR_REGION_CODES: readonly string[] = ['EU', 'UK', 'US', 'CN', 'AE', 'AU', 'ZA'];
export const POPULAR_REGION_NAMES: readonly string[] = [
  'Europe',
  'United Kingdom',
  'United States',
  'China',
  'United Arab Emirates',
  'Australia',
  'South Africa',
];

export interface PopularRegionInput {
  code: string;
  name: string;
  /** The stored flag (boolean or 0/1); when set, the region is popular whatever its code or name. */
  isPopular?: boolean | number | null;
}

/** Exact matches, as the spec lists them (codes upper-case, names in English). */
export function isPopularRegion({ code, name, isPopular }: PopularRegionInput): boolean {
  return Boolean(isPopular) || POPULAR_REGION_CODES.includes(code) || POPULAR_REGION_NAMES.includes(name);
}

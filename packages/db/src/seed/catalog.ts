// The seed catalogue as plain data (no database, no driver): every destination with the countries
// it covers and the plans it sells. The eSIM simulator offers it as its wholesale packages
// (@esim/db/seed-catalog), so `catalog sync` with the simulator reads the same catalogue the seed
// writes.
import { BUNDLES } from './bundles.ts';
import { COUNTRIES, countryFlagIcon } from './countries.ts';
import { buildPlans, planRegions } from './plans.ts';

export interface SeedCatalogPlan {
  slug: string;
  name: string;
  /** null: unlimited. */
  dataMb: number | null;
  validityDays: number;
  /** USD cents. */
  priceMinor: number;
}

export interface SeedCatalogRegion {
  /** The seed's code: ISO 3166-1 alpha-2 except 'UK' (ISO GB) and 'XK'; a bundle's own code. */
  code: string;
  name: string;
  kind: 'country' | 'bundle';
  continent: string | null;
  flagIcon: string;
  /** Covered country codes in the seed's spelling (UK, not GB), in display order. */
  countries: readonly string[];
  plans: SeedCatalogPlan[];
}

/** Every seeded destination and its plans, in seed order. */
export function seedCatalog(): SeedCatalogRegion[] {
  const bundles = new Map(BUNDLES.map((b) => [b.code, b]));
  return planRegions().map((region) => {
    const bundle = bundles.get(region.code);
    return {
      code: region.code,
      name: region.name,
      kind: region.kind,
      continent: region.continent,
      flagIcon: bundle ? bundle.flagIcon : countryFlagIcon(region.code),
      countries: bundle ? bundle.countries : [region.code],
      plans: buildPlans(region).map((p) => ({
        slug: p.slug,
        name: p.name,
        dataMb: p.data_mb ?? null,
        validityDays: p.validity_days,
        priceMinor: p.price_minor,
      })),
    };
  });
}

export { BUNDLES, COUNTRIES, countryFlagIcon };

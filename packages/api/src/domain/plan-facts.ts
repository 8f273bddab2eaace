// The plan's truth: what a provider says about a package beyond data and validity (ProviderPackage.facts,
// stored by `catalog sync` on plans.facts and handed out with the catalogue's plans).

/** A mobile network a package uses in one country, as the provider names it. */
export interface PlanOperator {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** The operator's name ('NTT Docomo'). */
  name: string;
  /** The best generation the provider says this operator offers on the package; undefined = not said. */
  generation?: '3G' | '4G' | '5G' | undefined;
}

/**
 * The plan's truth: only what the provider said. Every field is optional and undefined means the
 * provider did not say it (the shop then claims nothing about it; never a fixed rule).
 */
export interface PlanFacts {
  /** Networks per country with their generation. */
  operators?: PlanOperator[] | undefined;
  /** Tethering / personal hotspot allowed (true) or not (false). */
  hotspot?: boolean | undefined;
  /** Daily fair-use cap in MB (after it the speed drops to throttledKbps); null = the provider says there is none. */
  dailyCapMb?: number | null | undefined;
  /** The speed after the daily cap (or after the data is used on an 'unlimited' plan), kbit/s. */
  throttledKbps?: number | undefined;
  /** Whether the provider sells top-ups for an eSIM of this package. */
  topUps?: boolean | undefined;
  /** When validity starts: at the first connection in a covered country, or at installation/purchase. */
  validityStarts?: 'first_connection' | 'installation' | 'purchase' | undefined;
  /** ISO alpha-2 country the traffic exits from (the IP's country), e.g. 'HK' for a roaming breakout. */
  ipCountry?: string | undefined;
}

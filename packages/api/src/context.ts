// Everything a procedure can reach besides its input: the db, the configured
// providers and caches, and the request facts. Built once per process by
// createServices(), then per request by the server (see apps/server/src/trpc-context.ts).
import type { Db } from '@esim/db';
import { CatalogCache } from './services/catalog-cache.ts';

export interface ShopConfig {
  /** Public origin, e.g. http://localhost:3000; used for links in e-mails and the CSRF origin check. */
  publicUrl: string;
  productName: string;
  supportEmail: string;
  phone: string;
  postalAddress: string;
}

export interface Services {
  config: ShopConfig;
  /** The clock; tests pass a fake one. */
  now(): Date;
  /** Regions, plans, coverage and rates held in memory; invalidate() after catalogue edits. */
  catalog: CatalogCache;
}

export function createServices(db: Db, config: ShopConfig, overrides: Partial<Services> = {}): Services {
  return { config, now: () => new Date(), catalog: new CatalogCache(db), ...overrides };
}

// The catalogue DTOs as the API returns them (tRPC infers the same shapes from packages/api).
export type { CoveredCountry, Plan, Region, RegionDetail } from '@esim/api/domain';

/** The landing page's purchase mode tab. */
export type PurchaseMode = 'onetime' | 'subscription';

// The trip planner's service: the catalogue's plans with the server's prices in the requested currency,
// handed to the pure planTrip (domain/trip-planner.ts), which the page's proposal and the bench call too.
import { AppError } from '../../errors.ts';
import { tryPriceOrder } from '../../domain/orders.ts';
import { planTrip, type TripPlanOption, type TripProposal, type TripStop, type TripUsage } from '../../domain/trip-planner.ts';
import type { CatalogSnapshot } from '../catalog/catalog-cache.ts';
import type { Services } from '../types.ts';

export interface PlanTripInput {
  stops: TripStop[];
  usage: TripUsage;
  /** ISO 4217; absent: the X-Currency header's, else USD. */
  currency?: string | undefined;
}

interface TripCatalog {
  /** Every country code the catalogue knows (a country destination, or a country a bundle covers). */
  countries: ReadonlySet<string>;
  /** Plans sold as a new eSIM, prices in USD minor units. */
  plans: readonly TripPlanOption[];
  /** The same plans priced per currency the shop has a rate for, built on first use. */
  byCurrency: Map<string, readonly TripPlanOption[]>;
}

// One derived catalogue per snapshot: the snapshot is frozen and replaced on every reload.
const derived = new WeakMap<CatalogSnapshot, TripCatalog>();

/** The planner's view of a catalogue snapshot (exported for the bench). */
export function tripCatalog(snap: CatalogSnapshot): TripCatalog {
  let cat = derived.get(snap);
  if (cat) return cat;
  const countries = new Set<string>();
  const plans: TripPlanOption[] = [];
  for (const region of snap.regions) {
    const detail = snap.regionById.get(region.id);
    const covers = region.kind === 'country' ? [region.code] : (detail?.countries.map((c) => c.code) ?? region.covers);
    for (const c of covers) countries.add(c);
    const kind = region.kind === 'country' ? 'local' : region.code === 'GLOBAL' ? 'global' : 'regional';
    for (const p of snap.plansByRegion.get(region.id) ?? []) {
      plans.push({
        id: p.id,
        regionCode: region.code,
        kind,
        countries: covers,
        dataMb: p.dataMb,
        validityDays: p.validityDays,
        priceMinor: p.priceMinor,
      });
    }
  }
  cat = { countries, plans, byCurrency: new Map() };
  derived.set(snap, cat);
  return cat;
}

/** The plans in `currency`, each at the price checkout charges for it (a plan it cannot price is left out). */
function pricedIn(cat: TripCatalog, currency: string, rateMicros: number): readonly TripPlanOption[] {
  const kept = cat.byCurrency.get(currency);
  if (kept) return kept;
  const priced: TripPlanOption[] = [];
  for (const p of cat.plans) {
    const price = tryPriceOrder(p.priceMinor, 'one_time', currency, rateMicros);
    if (price.ok) priced.push({ ...p, priceMinor: price.price.totalMinor });
  }
  cat.byCurrency.set(currency, priced);
  return priced;
}

/** The cheapest plans for the trip (trip.plan). BAD_INPUT names the stop whose country the shop does not know. */
export async function planTripFor(
  services: Pick<Services, 'catalog'>,
  input: PlanTripInput,
  opts: { headerCurrency?: string | undefined } = {},
): Promise<TripProposal> {
  const snap = await services.catalog.snapshot();
  const cat = tripCatalog(snap);
  input.stops.forEach((s, i) => {
    if (!cat.countries.has(s.country)) {
      throw new AppError('BAD_INPUT', `Stop ${i + 1}: the shop does not know the country "${s.country}". Choose a country from the list.`, {
        field: `stops.${i}.country`,
        country: s.country,
      });
    }
  });
  const header = opts.headerCurrency?.trim().toUpperCase();
  const currency = input.currency ?? (header && snap.rates.rateMicros[header] !== undefined ? header : 'USD');
  // The snapshot leaves out a rate outside its sane band (catalog.ts getExchangeRates): checkout prices nothing with it either.
  const rateMicros = snap.rates.rateMicros[currency];
  if (rateMicros === undefined)
    throw new AppError('BAD_INPUT', `The shop does not sell in ${currency}. Choose another currency.`, { field: 'currency' });
  const plans = pricedIn(cat, currency, rateMicros);
  return planTrip({ stops: input.stops, usage: input.usage, plans, currency });
}

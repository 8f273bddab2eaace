// Catalogue reads: regions, the countries a region covers, plans, exchange rates.
// Db-first functions that map rows to the API's DTOs (domain/catalog.ts). Reads on the
// request path go through CatalogCache (catalog-cache.ts), which calls these once.
import type { Db, Plan as PlanRow, Region as RegionRow } from '@esim/db';
import { AppError } from '../../errors.ts';
import { minorToDecimal, rateMicrosToRate } from '../../domain/money.ts';
import { rateOutOfRange } from '../../domain/admin.ts';
import {
  FALLBACK_CURRENCIES,
  type CoveredCountry,
  type CurrencyInfo,
  type ExchangeRates,
  type Plan,
  type PlanFacts,
  type PlanOwnerText,
  type Region,
  type RegionDetail,
  type RegionKind,
} from '../../domain/catalog.ts';

// ---- row → DTO ----------------------------------------------------------------

export function toRegion(row: RegionRow, fromPriceMinor: number | null, covers: string[] = []): Region {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    continent: row.continent,
    flagIcon: row.flag_icon,
    isPopular: row.is_popular === 1,
    kind: (row.kind === 'bundle' ? 'bundle' : 'country') satisfies RegionKind,
    fromPrice: fromPriceMinor === null ? null : minorToDecimal(fromPriceMinor),
    fromPriceMinor,
    covers,
  };
}

function parseFeatures(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** plans.facts → the provider's facts; null/garbage → undefined (nothing claimed). */
export function parsePlanFacts(text: string | null | undefined): PlanFacts | undefined {
  if (!text) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as PlanFacts) : undefined;
  } catch {
    return undefined;
  }
}

export function toPlan(row: PlanRow): Plan {
  const facts = parsePlanFacts(row.facts);
  return {
    id: row.id,
    regionId: row.region_id,
    name: row.name,
    description: row.description,
    price: minorToDecimal(row.price_minor),
    priceMinor: row.price_minor,
    currency: 'USD',
    validityDays: row.validity_days,
    dataAmount: row.data_amount,
    dataMb: row.data_mb,
    features: parseFeatures(row.features),
    isPopular: row.is_popular === 1,
    ...(facts ? { facts } : {}),
  };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** English name of a country code that has no region row of its own (UK is the spec's GB). */
export function countryName(code: string): string {
  try {
    return regionNames.of(code === 'UK' ? 'GB' : code) ?? code;
  } catch {
    return code;
  }
}

// ---- queries --------------------------------------------------------------------

/** Lowest active plan price per region, as a subquery to join. */
function minPrices(db: Db) {
  return db
    .selectFrom('plans')
    .select((eb) => ['region_id', eb.fn.min<number>('price_minor').as('min_price')])
    .where('active', '=', 1)
    .where('topup_only', '=', 0)
    .groupBy('region_id');
}

function num(v: number | string | bigint | null | undefined): number | null {
  return v === null || v === undefined ? null : Number(v); // PostgreSQL returns bigint as text
}

/** Every region the shop shows (not hidden by an admin) in display order, each with its 'From' price. */
export async function listRegions(db: Db): Promise<Region[]> {
  const rows = await db
    .selectFrom('regions as r')
    .leftJoin(minPrices(db).as('p'), 'p.region_id', 'r.id')
    .selectAll('r')
    .select('p.min_price')
    .where('r.visible', '=', 1)
    .orderBy('r.sort_order')
    .orderBy('r.name')
    .execute();
  const covered = await db
    .selectFrom('region_countries as rc')
    .innerJoin('regions as r', 'r.id', 'rc.region_id')
    .select(['rc.region_id', 'rc.country_code'])
    .where('r.kind', '=', 'bundle')
    .orderBy('rc.region_id')
    .orderBy('rc.position')
    .orderBy('rc.country_code')
    .execute();
  const covers = new Map<number, string[]>();
  for (const c of covered) {
    const list = covers.get(c.region_id);
    if (list) list.push(c.country_code);
    else covers.set(c.region_id, [c.country_code]);
  }
  return rows.map(({ min_price, ...row }) => toRegion(row, num(min_price), covers.get(row.id) ?? []));
}

async function coveredCountries(db: Db, regionId: number): Promise<CoveredCountry[]> {
  const rows = await db
    .selectFrom('region_countries as rc')
    .leftJoin('regions as c', 'c.code', 'rc.country_code')
    .select(['rc.country_code as code', 'c.name as name'])
    .where('rc.region_id', '=', regionId)
    .orderBy('rc.position')
    .orderBy('rc.country_code')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name ?? countryName(r.code) }));
}

/** One region with the countries it covers; REGION_NOT_FOUND when there is none. */
export async function getRegion(db: Db, id: number): Promise<RegionDetail> {
  const row = await db
    .selectFrom('regions as r')
    .leftJoin(minPrices(db).where('region_id', '=', id).as('p'), 'p.region_id', 'r.id')
    .selectAll('r')
    .select('p.min_price')
    .where('r.id', '=', id)
    .where('r.visible', '=', 1)
    .executeTakeFirst();
  if (!row) throw new AppError('REGION_NOT_FOUND');
  const { min_price, ...region } = row;
  const countries = await coveredCountries(db, id);
  const covers = region.kind === 'bundle' ? countries.map((c) => c.code) : [];
  return { ...toRegion(region, num(min_price), covers), countries };
}

const planOrder = (q: ReturnType<typeof activePlans>) => q.orderBy('sort_order').orderBy('price_minor').orderBy('id');

/** Plans the shop sells: active, in a region an admin has not hidden. */
function activePlans(db: Db) {
  return db
    .selectFrom('plans')
    .selectAll('plans')
    .where('active', '=', 1)
    .where('region_id', 'in', (eb) => eb.selectFrom('regions').select('regions.id').where('regions.visible', '=', 1));
}

/** Ids of the active plans sold only as a top-up (a provider's separate top-up packages). */
export async function listTopUpOnlyPlanIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('plans').select('id').where('topup_only', '=', 1).where('active', '=', 1).execute();
  return rows.map((r) => r.id);
}

/** Which provider sells each active plan, and which plans are another's alternate (not listed; issue 25). */
export async function listPlanSources(db: Db): Promise<Array<{ id: number; provider: string | null; alternateOf: number | null }>> {
  const rows = await db.selectFrom('plans').select(['id', 'provider', 'alternate_of']).where('active', '=', 1).execute();
  return rows.map((r) => ({ id: r.id, provider: r.provider, alternateOf: r.alternate_of }));
}

/** The active plans of a region sold as a new eSIM (the best offers: no alternates), in display order; REGION_NOT_FOUND for an unknown region. */
export async function listPlans(db: Db, regionId: number): Promise<Plan[]> {
  const rows = await planOrder(
    activePlans(db).where('region_id', '=', regionId).where('topup_only', '=', 0).where('alternate_of', 'is', null),
  ).execute();
  if (rows.length === 0) {
    const region = await db.selectFrom('regions').select('id').where('id', '=', regionId).where('visible', '=', 1).executeTakeFirst();
    if (!region) throw new AppError('REGION_NOT_FOUND');
  }
  return rows.map(toPlan);
}

/** Every active plan, in display order per region. */
export async function listAllPlans(db: Db): Promise<Plan[]> {
  const [rows, owner] = await Promise.all([planOrder(activePlans(db)).execute(), listOwnerTexts(db)]);
  return rows.map((r) => {
    const p = toPlan(r);
    const texts = owner.get(p.id);
    return texts ? { ...p, ownerTexts: texts } : p;
  });
}

/** The owner's wording per plan and language (plan_texts; migration 2026-11-28-050). */
export async function listOwnerTexts(db: Db): Promise<Map<number, Record<string, PlanOwnerText>>> {
  const rows = await db.selectFrom('plan_texts').select(['plan_id', 'lang', 'name', 'description']).execute();
  const out = new Map<number, Record<string, PlanOwnerText>>();
  for (const r of rows) {
    if (r.name === null && r.description === null) continue;
    const m = out.get(r.plan_id) ?? {};
    m[r.lang] = { ...(r.name !== null ? { name: r.name } : {}), ...(r.description !== null ? { description: r.description } : {}) };
    out.set(r.plan_id, m);
  }
  return out;
}

/** An active plan; PLAN_NOT_FOUND for an unknown or retired one, or one of a hidden region (neither can be bought). */
export async function getPlan(db: Db, id: number): Promise<Plan> {
  const row = await activePlans(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('PLAN_NOT_FOUND');
  return toPlan(row);
}

/** Every region's covered countries, keyed by region id (for the cache). */
export async function listCoverage(db: Db): Promise<Map<number, CoveredCountry[]>> {
  const rows = await db
    .selectFrom('region_countries as rc')
    .leftJoin('regions as c', 'c.code', 'rc.country_code')
    .select(['rc.region_id as regionId', 'rc.country_code as code', 'c.name as name'])
    .orderBy('rc.region_id')
    .orderBy('rc.position')
    .orderBy('rc.country_code')
    .execute();
  const byRegion = new Map<number, CoveredCountry[]>();
  for (const r of rows) {
    let list = byRegion.get(r.regionId);
    if (!list) byRegion.set(r.regionId, (list = []));
    list.push({ code: r.code, name: r.name ?? countryName(r.code) });
  }
  return byRegion;
}

/** Spec order first (USD, GBP, EUR), then any other currency by code. */
const CURRENCY_ORDER = FALLBACK_CURRENCIES.map((c) => c.code);
function currencyRank(code: string): number {
  const i = CURRENCY_ORDER.indexOf(code);
  return i === -1 ? CURRENCY_ORDER.length : i;
}

/**
 * Rates per USD and the currencies the shop sells in; the spec's fallback rates when the table is
 * empty. A rate outside its sane range (rateBounds: the admin page refuses those, but a row may be
 * written around it) is left out, so no price is ever converted with it; USD always stays.
 */
export async function getExchangeRates(db: Db): Promise<ExchangeRates> {
  const rows = await db.selectFrom('exchange_rates').select(['currency', 'name', 'symbol', 'rate_micros']).execute();
  const list = rows.length
    ? rows
        .map((r) => ({ code: r.currency, name: r.name, symbol: r.symbol, rateMicros: Number(r.rate_micros) }))
        .filter((c) => c.code === 'USD' || (Number.isSafeInteger(c.rateMicros) && rateOutOfRange(c.code, c.rateMicros) === null))
    : FALLBACK_CURRENCIES.map((c) => ({ ...c }));
  list.sort((a, b) => currencyRank(a.code) - currencyRank(b.code) || a.code.localeCompare(b.code));
  const rates: Record<string, number> = {};
  const rateMicros: Record<string, number> = {};
  const supportedCurrencies: CurrencyInfo[] = [];
  for (const c of list) {
    rates[c.code] = rateMicrosToRate(c.rateMicros);
    rateMicros[c.code] = c.rateMicros;
    supportedCurrencies.push({ code: c.code, name: c.name, symbol: c.symbol });
  }
  return { rates, supportedCurrencies, rateMicros };
}

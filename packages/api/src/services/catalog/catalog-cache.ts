// The catalogue held in memory. Catalogue reads are hot and rarely change (conventions §4):
// the cache loads regions, plans, coverage and rates once, deep-freezes them, and serves
// the same objects to every request until invalidate() (for future admin edits).
// Because the objects are frozen and shared, their JSON can be computed once per object:
// serialized() memoizes the body and an ETag by identity for the REST adapters.
import { createHash } from 'node:crypto';
import type { Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import type { ExchangeRates, Plan, Region, RegionDetail } from '../../domain/catalog.ts';
import type { ShopLanguage } from '../../domain/language.ts';
import { localizedPlan, localizedPlans } from './plan-names.ts';
import { getExchangeRates, listAllPlans, listCoverage, listPlanSources, listRegions, listTopUpOnlyPlanIds } from './catalog.ts';

export interface CatalogSnapshot {
  /** Every region, in display order. */
  readonly regions: readonly Region[];
  readonly regionById: ReadonlyMap<number, RegionDetail>;
  /** Active plans sold as a new eSIM, per region id, the best offers only (no alternates); every known region has an entry (maybe empty). */
  readonly plansByRegion: ReadonlyMap<number, readonly Plan[]>;
  /** Active top-up-only packages per region id (a provider's separate top-ups); absent when none. */
  readonly topUpsByRegion: ReadonlyMap<number, readonly Plan[]>;
  /** Every active plan, top-up-only ones included (a top-up checkout buys one). */
  readonly planById: ReadonlyMap<number, Plan>;
  /** Ids of the top-up-only plans: never sold as a new eSIM. */
  readonly topUpOnly: ReadonlySet<number>;
  /** The provider of each active plan (null: the seed's own); issue 25. */
  readonly providerOf: ReadonlyMap<number, string | null>;
  /** Every active plan per region, alternates and top-up-only ones included (a provider's own top-ups are among them). */
  readonly allByRegion: ReadonlyMap<number, readonly Plan[]>;
  readonly rates: ExchangeRates;
  /** Bumped on every load; part of nothing the client sees, handy for logs and tests. */
  readonly version: number;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const EMPTY: readonly Plan[] = Object.freeze([]);

export async function loadCatalog(db: Db, version = 1): Promise<CatalogSnapshot> {
  const [regions, plans, coverage, rates, topUpOnlyIds, sources] = await Promise.all([
    listRegions(db),
    listAllPlans(db),
    listCoverage(db),
    getExchangeRates(db),
    listTopUpOnlyPlanIds(db),
    listPlanSources(db),
  ]);
  const topUpOnly = new Set(topUpOnlyIds);
  const providerOf = new Map(sources.map((s) => [s.id, s.provider]));
  const alternates = new Set(sources.filter((s) => s.alternateOf !== null).map((s) => s.id));
  const allByRegion = new Map<number, Plan[]>();
  const plansByRegion = new Map<number, Plan[]>();
  const topUpsByRegion = new Map<number, Plan[]>();
  for (const r of regions) plansByRegion.set(r.id, []);
  const planById = new Map<number, Plan>();
  for (const p of plans) {
    const all = allByRegion.get(p.regionId);
    if (all) all.push(p);
    else allByRegion.set(p.regionId, [p]);
    if (alternates.has(p.id)) {
      // Another provider's equivalent plan is listed instead; top-ups of this provider's eSIMs may still buy it.
    } else if (topUpOnly.has(p.id)) {
      if (!plansByRegion.has(p.regionId)) continue;
      const list = topUpsByRegion.get(p.regionId);
      if (list) list.push(p);
      else topUpsByRegion.set(p.regionId, [p]);
    } else plansByRegion.get(p.regionId)?.push(p);
    planById.set(p.id, p);
  }
  const regionById = new Map<number, RegionDetail>();
  for (const r of regions) regionById.set(r.id, { ...r, countries: coverage.get(r.id) ?? [] });
  deepFreeze(regions);
  deepFreeze(plans);
  deepFreeze(rates);
  for (const list of plansByRegion.values()) deepFreeze(list);
  for (const list of topUpsByRegion.values()) deepFreeze(list);
  for (const list of allByRegion.values()) deepFreeze(list);
  for (const detail of regionById.values()) deepFreeze(detail);
  return { regions, regionById, plansByRegion, topUpsByRegion, planById, topUpOnly, providerOf, allByRegion, rates, version };
}

export class CatalogCache {
  private current: CatalogSnapshot | null = null;
  private loading: Promise<CatalogSnapshot> | null = null;
  private version = 0;

  /** `loader` is for tests; it defaults to reading the database with loadCatalog(). */
  constructor(
    private readonly db: Db,
    private readonly loader: (db: Db, version: number) => Promise<CatalogSnapshot> = loadCatalog,
  ) {}

  /** The loaded catalogue; the first call (or the first after invalidate) reads the database. */
  snapshot(): Promise<CatalogSnapshot> | CatalogSnapshot {
    return this.current ?? this.load();
  }

  private load(): Promise<CatalogSnapshot> {
    if (!this.loading) {
      const version = ++this.version;
      const loading = this.loader(this.db, version).then(
        (snap) => {
          // A newer invalidate() during the load wins: keep this result out of the cache.
          if (this.version === version) {
            this.current = snap;
            this.loading = null;
          }
          return snap;
        },
        (err: unknown) => {
          if (this.version === version) this.loading = null;
          throw err;
        },
      );
      this.loading = loading;
    }
    return this.loading;
  }

  /**
   * The snapshot held right now, without loading: null before the first load and after
   * invalidate(). Lets a caller keep answers derived from a snapshot for exactly as long as
   * that snapshot is current (the REST adapters' memo, apps/server/src/rest/catalog.ts).
   */
  peek(): CatalogSnapshot | null {
    return this.current;
  }

  /** Drop what is held; the next read reloads from the database. */
  invalidate(): void {
    this.current = null;
    this.loading = null;
    this.version++;
  }

  async listRegions(): Promise<readonly Region[]> {
    return (await this.snapshot()).regions;
  }

  async getRegion(id: number): Promise<RegionDetail> {
    const region = (await this.snapshot()).regionById.get(id);
    if (!region) throw new AppError('REGION_NOT_FOUND');
    return region;
  }

  /** Active plans of a region; REGION_NOT_FOUND for an unknown region, [] for one without plans. */
  async listPlans(regionId: number): Promise<readonly Plan[]> {
    const snap = await this.snapshot();
    const plans = snap.plansByRegion.get(regionId);
    if (plans) return plans;
    if (!snap.regionById.has(regionId)) throw new AppError('REGION_NOT_FOUND');
    return EMPTY;
  }

  async getPlan(id: number): Promise<Plan> {
    const plan = (await this.snapshot()).planById.get(id);
    if (!plan) throw new AppError('PLAN_NOT_FOUND');
    return plan;
  }

  /** listPlans with the texts composed in `lang` (the REST API's one name for a plan; plan-names.ts). */
  async listPlansIn(regionId: number, lang: ShopLanguage): Promise<readonly Plan[]> {
    const plans = await this.listPlans(regionId);
    return localizedPlans(plans, (await this.snapshot()).regionById, lang);
  }

  /** getPlan with the texts composed in `lang`. */
  async getPlanIn(id: number, lang: ShopLanguage): Promise<Plan> {
    const plan = await this.getPlan(id);
    return localizedPlan(plan, (await this.snapshot()).regionById, lang);
  }

  async getExchangeRates(): Promise<ExchangeRates> {
    return (await this.snapshot()).rates;
  }
}

// ---- serialization memo ---------------------------------------------------------

export interface Serialized {
  /** JSON text of the value. */
  body: string;
  /** A strong ETag of that text, quoted. */
  etag: string;
}

const memo = new WeakMap<object, Serialized>();

function serialize(value: unknown): Serialized {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, etag };
}

/**
 * JSON text and ETag of a value. Frozen objects (the cache's) are serialized once and the
 * result is reused for as long as the object lives; anything else is serialized every time.
 */
export function serialized(value: unknown): Serialized {
  if (value === null || typeof value !== 'object') return serialize(value);
  let s = memo.get(value);
  if (!s) {
    s = serialize(value);
    if (Object.isFrozen(value)) memo.set(value, s);
  }
  return s;
}

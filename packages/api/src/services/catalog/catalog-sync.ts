// `catalog sync`: the provider's packages (EsimProvider.listPackages) imported into regions and
// plans, in one write transaction.
//
//   a one-country package  → that country's region (ISO code; GB is the seed's UK), created when
//                            missing with its flag and coverage row, as the seed makes them;
//   a multi-country package → the bundle region named by its area ('Europe'), created when missing
//                            with its countries as coverage rows;
//   plans are keyed by (provider, provider_package): a new package is inserted (slug as the seed's,
//   made unique), a changed price, data, validity or provider facts (ProviderPackage.facts, stored
//   as JSON in plans.facts: what the plan's texts may claim) is updated (orders copy the plan's facts when
//   placed, so placed orders never change), a package the provider no longer lists is hidden
//   (active = 0), never deleted; a package sold only as a top-up is topup_only = 1.
//
// The simulator's packages are the seed's plans (their slugs as codes): a seed plan without a
// provider whose slug is the package code is adopted rather than copied. Plans the running
// provider cannot buy (another provider's; with a real provider also the seed's own) are hidden.
// Prices follow the pricing rule (domain/pricing.ts) from the wholesale cost in USD.
//
// The guard: a run that would hide more than `maxHideShare` (default 0.5) of the plans visible before
// it (a provider answering an empty or near-empty list, e.g. Airalo's discount pricing without net
// prices) writes nothing and says why, unless `force`; the dry run reports the same numbers and
// whether the real run would be refused. Switching the shop from the seed to a real provider hides
// the seed's plans and therefore needs `force` too, on purpose: it is a catalogue replacement.
//
// Several providers at once (ESIM_PROVIDERS, issue 25): `configured` names them all, and each is
// synced by its own run. A run hides its own provider's plans that it no longer lists, and plans of
// providers that are not configured any more; it leaves the other configured providers' plans alone,
// and its guard counts only the plans in its own scope (per provider). Every package gets its offer
// key (domain/offers.ts: same countries, data, days and way of sale = the same offer); after the
// run, equivalent plans of different providers are ranked (lowest price to the traveller, then most
// data, …) and all but the best get plans.alternate_of = the best plan's id: the shop lists only the
// best, provisioning may fail over to the others.
//
// A second run with the same packages changes nothing and says so. After a change the catalogue
// version row (app_settings 'catalog_version') is bumped in the same transaction, and this process's
// cache is invalidated after the commit; a server in another process notices the version.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, NewPlan, NewRegion } from '@esim/db';
import { COUNTRIES, countryFlagIcon } from '@esim/db';
import { retailPrice, type PricingRule } from '../../domain/pricing.ts';
import { chooseListedOffers, offerKey } from '../../domain/offers.ts';
import { iso } from '../../domain/time.ts';
import type { EsimProvider, ProviderPackage } from '../../providers/esim/index.ts';
import { changed, isSqlite, writeTransaction } from '../shared/db-tx.ts';
import type { Services } from '../types.ts';

/** The app_settings key whose value changes with every catalogue change a sync makes. */
export const CATALOG_VERSION_KEY = 'catalog_version';

export interface CatalogSyncOptions {
  provider: EsimProvider;
  pricing: PricingRule;
  now: Date;
  /** Work out and report the changes, write nothing. */
  dryRun?: boolean | undefined;
  /** Hide more than maxHideShare of the visible plans anyway (`catalog sync --force`). */
  force?: boolean | undefined;
  /** The largest share (0–1) of the visible plans one run may hide without force; default 0.5. */
  maxHideShare?: number | undefined;
  /**
   * Every configured provider (ESIM_PROVIDERS), in order of preference; default [provider.name].
   * Plans of the others are left alone (and ranked against this provider's); plans of a provider
   * not named here are hidden.
   */
  configured?: readonly string[] | undefined;
}

/** The share of the visible plans a run may hide without --force, unless configured. */
export const DEFAULT_MAX_HIDE_SHARE = 0.5;

export interface CatalogSyncReport {
  provider: string;
  /** Packages the provider listed. */
  packages: number;
  added: number;
  updated: number;
  hidden: number;
  unchanged: number;
  regionsAdded: number;
  /** Packages left out, with the reason (e.g. a wholesale cost not in USD). */
  skipped: Array<{ code: string; reason: string }>;
  /** Anything added, updated or hidden (false: the catalogue already matched). */
  changed: boolean;
  dryRun: boolean;
  /** Plans visible (active) before the run, in this run's scope (with several providers: its own, and those it may hide). */
  visibleBefore: number;
  /** Plans whose listing changed by the ranking of equivalent offers (now listed, or now an alternate). */
  relisted: number;
  /** The configured limit: at most this share of visibleBefore may be hidden without force. */
  maxHideShare: number;
  /**
   * Set when the run hides more than the limit without force: why (nothing was written; in a dry
   * run, why the real run would be refused). The counts above are still what the run found.
   */
  refused?: string | undefined;
}

class GuardRefusal extends Error {
  constructor(readonly report: CatalogSyncReport) {
    super(report.refused);
  }
}

/** Why a run hiding `hidden` of `visible` plans is refused, or undefined when it is within the limit. */
export function hideGuard(hidden: number, visible: number, maxHideShare: number, force: boolean): string | undefined {
  if (force || hidden === 0 || hidden <= visible * maxHideShare) return undefined;
  const pct = (n: number) => `${Math.round(n * 1000) / 10}%`;
  return `it would hide ${hidden} of the ${visible} visible plans (${pct(visible ? hidden / visible : 1)}), more than the allowed ${pct(maxHideShare)}; the provider may have answered an incomplete catalogue. Check its answer, or run again with --force to hide them anyway`;
}

const COUNTRY_BY_CODE = new Map(COUNTRIES.map(([code, name, continent]) => [code, { name, continent }]));
const englishRegionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The shop's code for an ISO country (the seed sells the United Kingdom as UK). */
export function shopCountryCode(iso2: string): string {
  return iso2 === 'GB' ? 'UK' : iso2;
}

/** '5GB', '1.5GB', '500MB' or 'Unlimited', as the seed writes data amounts. */
export function dataAmountText(dataMb: number | null): string {
  if (dataMb === null) return 'Unlimited';
  if (dataMb < 1024) return `${dataMb}MB`;
  const gb = dataMb / 1024;
  return `${Number.isInteger(gb) ? gb : Number(gb.toFixed(1))}GB`;
}

/** A region code (2–12 capitals, digits or _) for a new bundle named `area`. */
function bundleCode(area: string, taken: ReadonlySet<string>): string {
  const words = area
    .normalize('NFKD')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  let base = words.join('_');
  if (base.length > 12) base = words.map((w) => w[0]).join('');
  if (base.length < 2) base = `AREA${base}`;
  base = base.slice(0, 12);
  let code = base;
  for (let n = 2; taken.has(code); n++) code = `${base.slice(0, 12 - String(n).length)}${n}`;
  return code;
}

interface RegionInfo {
  id: number;
  code: string;
  name: string;
  kind: string;
  coverage: number;
}

interface PlanRow {
  id: number;
  region_id: number;
  slug: string;
  provider: string | null;
  provider_package: string | null;
  price_minor: number;
  data_mb: number | null;
  data_amount: string;
  validity_days: number;
  wholesale_minor: number | null;
  wholesale_currency: string | null;
  topup_only: number;
  active: number;
  facts: string | null;
  offer_key: string | null;
}

/** The provider's facts as stored on the plan (stable key order), or null when it said nothing. */
export function factsJson(facts: ProviderPackage['facts']): string | null {
  if (!facts) return null;
  const keys = ['operators', 'hotspot', 'dailyCapMb', 'throttledKbps', 'topUps', 'validityStarts', 'ipCountry'] as const;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = facts[k];
    if (v === undefined) continue;
    out[k] =
      k === 'operators' && Array.isArray(v)
        ? v.map((o) => ({
            country: shopCountryCode(o.country.toUpperCase()),
            name: o.name,
            ...(o.generation ? { generation: o.generation } : {}),
          }))
        : v;
  }
  return Object.keys(out).length ? JSON.stringify(out) : null;
}

function planName(region: RegionInfo, data: string, days: number): string {
  return `${region.name} ${data} - ${days} ${days === 1 ? 'Day' : 'Days'}`;
}

function planDescription(region: RegionInfo, dataMb: number | null, data: string, days: number): string {
  const where =
    region.kind === 'country'
      ? `in ${region.name}`
      : region.code === 'GLOBAL'
        ? `across ${region.coverage} countries worldwide`
        : `across ${region.coverage} countries in ${region.name}`;
  if (dataMb === null) return `Unlimited data ${where} for ${days} days. Validity starts when you activate.`;
  return `${data} of high-speed data ${where}, valid for ${days} days from activation.`;
}

function planFeatures(region: RegionInfo, pkg: ProviderPackage): string[] {
  const features: string[] = [];
  if (region.kind === 'bundle') features.push(`One eSIM for ${region.coverage} countries`);
  if (pkg.dataMb === null) features.push('Unlimited data');
  features.push('Instant activation', 'Data only (no calls or SMS)');
  if (pkg.topUp) features.push('Top-ups available');
  return features;
}

/** Imports the provider's catalogue; see the top of the file. */
export async function syncCatalog(db: Db, services: Services, opts: CatalogSyncOptions): Promise<CatalogSyncReport> {
  const providerName = opts.provider.name;
  const maxHideShare = opts.maxHideShare ?? DEFAULT_MAX_HIDE_SHARE;
  if (!(maxHideShare >= 0 && maxHideShare <= 1)) throw new RangeError(`maxHideShare must be between 0 and 1, not ${maxHideShare}`);
  const listed = await opts.provider.listPackages();
  const now = iso(opts.now);
  const skipped: CatalogSyncReport['skipped'] = [];
  const packages: ProviderPackage[] = [];
  const seen = new Set<string>();
  for (const p of listed) {
    if (seen.has(p.code)) skipped.push({ code: p.code, reason: 'listed twice (the first is kept)' });
    else if (p.wholesale.currency !== 'USD') skipped.push({ code: p.code, reason: `wholesale cost in ${p.wholesale.currency}, not USD` });
    else if (p.countries.length === 0) skipped.push({ code: p.code, reason: 'covers no country' });
    else if (!p.newEsim && !p.topUp) skipped.push({ code: p.code, reason: 'sold neither as a new eSIM nor as a top-up' });
    else packages.push(p);
    seen.add(p.code);
  }

  const run = async (trx: Db): Promise<CatalogSyncReport> => {
    const report: CatalogSyncReport = {
      provider: providerName,
      packages: listed.length,
      added: 0,
      updated: 0,
      hidden: 0,
      unchanged: 0,
      regionsAdded: 0,
      skipped,
      changed: false,
      dryRun: opts.dryRun === true,
      visibleBefore: 0,
      maxHideShare,
      relisted: 0,
    };
    const write = !opts.dryRun;
    const regionRows = await trx.selectFrom('regions').select(['id', 'code', 'name', 'kind']).execute();
    const coverageCounts = await trx
      .selectFrom('region_countries')
      .select((eb) => ['region_id', eb.fn.countAll<number>().as('n')])
      .groupBy('region_id')
      .execute();
    const coverageBy = new Map(coverageCounts.map((c) => [c.region_id, Number(c.n)]));
    const byCode = new Map<string, RegionInfo>();
    const bundleByName = new Map<string, RegionInfo>();
    for (const r of regionRows) {
      const info = { ...r, coverage: coverageBy.get(r.id) ?? 0 };
      byCode.set(r.code, info);
      if (r.kind === 'bundle') bundleByName.set(r.name.toLowerCase(), info);
    }
    let nextSort = Number(
      (
        await trx
          .selectFrom('regions')
          .select((eb) => eb.fn.max<number | null>('sort_order').as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    let fakeId = -1;

    const addRegion = async (row: NewRegion, countries: readonly string[]): Promise<RegionInfo> => {
      report.regionsAdded++;
      let id = fakeId--;
      if (write) {
        const made = await trx.insertInto('regions').values(row).returning('id').executeTakeFirstOrThrow();
        id = made.id;
        await trx
          .insertInto('region_countries')
          .values(countries.map((country_code, position) => ({ region_id: id, country_code, position })))
          .onConflict((oc) => oc.columns(['region_id', 'country_code']).doNothing())
          .execute();
      }
      const info: RegionInfo = { id, code: row.code, name: row.name, kind: row.kind, coverage: countries.length };
      byCode.set(info.code, info);
      if (info.kind === 'bundle') bundleByName.set(info.name.toLowerCase(), info);
      return info;
    };

    const regionFor = async (p: ProviderPackage): Promise<RegionInfo> => {
      const countries = [...new Set(p.countries.map((c) => shopCountryCode(c.toUpperCase())))];
      if (countries.length === 1) {
        const code = countries[0]!;
        const found = byCode.get(code);
        if (found) return found;
        const seed = COUNTRY_BY_CODE.get(code);
        let name = seed?.name ?? code;
        if (!seed) {
          try {
            name = englishRegionNames.of(code) ?? code;
          } catch {
            name = code;
          }
        }
        return addRegion(
          {
            code,
            name,
            continent: seed?.continent ?? null,
            flag_icon: countryFlagIcon(code),
            kind: 'country',
            is_popular: 0,
            sort_order: ++nextSort,
          },
          [code],
        );
      }
      const area = p.area?.trim() || `${countries.length} countries`;
      const found = bundleByName.get(area.toLowerCase());
      if (found) return found;
      return addRegion(
        {
          code: bundleCode(area, new Set(byCode.keys())),
          name: area,
          continent: null,
          flag_icon: '/flags/regions/global.svg',
          kind: 'bundle',
          is_popular: 0,
          sort_order: ++nextSort,
        },
        countries,
      );
    };

    const plans: PlanRow[] = await trx
      .selectFrom('plans')
      .select([
        'id',
        'region_id',
        'slug',
        'provider',
        'provider_package',
        'price_minor',
        'data_mb',
        'data_amount',
        'validity_days',
        'wholesale_minor',
        'wholesale_currency',
        'topup_only',
        'active',
        'facts',
        'offer_key',
      ])
      .execute();
    const configured = opts.configured?.length ? opts.configured : [providerName];
    const simulatorConfigured = configured.includes('simulator');
    // What this run may hide besides its own plans: a provider's that is not configured any more,
    // and the seed's own (provider null) under a real provider when the simulator is not configured.
    const foreignToHide = (p: PlanRow) =>
      p.provider !== providerName &&
      ((p.provider !== null && !configured.includes(p.provider)) || (p.provider === null && opts.provider.isReal && !simulatorConfigured));
    // The guard's scope (per provider): this provider's plans, the seed's it adopts or hides, and
    // what it hides of others; with one provider configured that is every plan.
    const inScope = (p: PlanRow) => p.provider === providerName || (p.provider === null && !opts.provider.isReal) || foreignToHide(p);
    report.visibleBefore = plans.filter((p) => p.active === 1 && inScope(p)).length;
    const byPackage = new Map<string, PlanRow>();
    const seedBySlug = new Map<string, PlanRow>();
    const slugs = new Set<string>();
    for (const p of plans) {
      slugs.add(p.slug);
      if (p.provider === providerName && p.provider_package !== null) byPackage.set(p.provider_package, p);
      else if (p.provider === null) seedBySlug.set(p.slug, p);
    }
    const offered = new Set<number>();
    const seenIds: number[] = [];
    const inserts: NewPlan[] = [];
    const sortInRegion = new Map<number, number>();

    for (const pkg of packages) {
      const region = await regionFor(pkg);
      const data = dataAmountText(pkg.dataMb);
      const price = retailPrice(pkg.wholesale.minor, opts.pricing);
      const topupOnly = pkg.newEsim ? 0 : 1;
      const key = offerKey(pkg.countries, pkg.dataMb, pkg.validityDays, topupOnly === 1);
      // The simulator's packages are the seed's plans: adopt the seed row of the same slug.
      const existing = byPackage.get(pkg.code) ?? (opts.provider.isReal ? undefined : seedBySlug.get(pkg.code));
      if (existing) {
        offered.add(existing.id);
        seenIds.push(existing.id);
        const factsChanged = existing.data_mb !== pkg.dataMb || existing.validity_days !== pkg.validityDays;
        const next = {
          provider: providerName,
          provider_package: pkg.code,
          price_minor: price,
          data_mb: pkg.dataMb,
          data_amount: data,
          validity_days: pkg.validityDays,
          wholesale_minor: pkg.wholesale.minor,
          wholesale_currency: pkg.wholesale.currency,
          topup_only: topupOnly,
          active: 1,
          facts: factsJson(pkg.facts),
          offer_key: key,
        };
        const same = (Object.keys(next) as Array<keyof typeof next>).every((k) => existing[k] === next[k]);
        if (same) {
          report.unchanged++;
          continue;
        }
        report.updated++;
        if (write) {
          await trx
            .updateTable('plans')
            .set({
              ...next,
              ...(factsChanged
                ? {
                    name: planName(region, data, pkg.validityDays),
                    description: planDescription(region, pkg.dataMb, data, pkg.validityDays),
                  }
                : {}),
              synced_at: now,
            })
            .where('id', '=', existing.id)
            .execute();
        }
        continue;
      }
      const base = `${region.code.toLowerCase()}-${data.toLowerCase()}-${pkg.validityDays}d`;
      let slug = slugs.has(base) ? `${base}-${providerName}` : base;
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${providerName}-${n}`;
      slugs.add(slug);
      const sort = (sortInRegion.get(region.id) ?? 100) + 1;
      sortInRegion.set(region.id, sort);
      inserts.push({
        region_id: region.id,
        slug,
        name: planName(region, data, pkg.validityDays),
        description: planDescription(region, pkg.dataMb, data, pkg.validityDays),
        price_minor: price,
        currency: 'USD',
        validity_days: pkg.validityDays,
        data_amount: data,
        data_mb: pkg.dataMb,
        features: JSON.stringify(planFeatures(region, pkg)),
        is_popular: 0,
        active: 1,
        sort_order: sort,
        provider: providerName,
        provider_package: pkg.code,
        wholesale_minor: pkg.wholesale.minor,
        wholesale_currency: pkg.wholesale.currency,
        topup_only: topupOnly,
        facts: factsJson(pkg.facts),
        offer_key: key,
        synced_at: now,
      });
    }
    report.added = inserts.length;
    if (write)
      for (let i = 0; i < inserts.length; i += 100)
        await trx
          .insertInto('plans')
          .values(inserts.slice(i, i + 100))
          .execute();

    // What the running provider cannot buy any more (or never could) leaves the shop: hidden, kept.
    const toHide = plans.filter((p) => p.active === 1 && !offered.has(p.id) && (p.provider === providerName || foreignToHide(p)));
    report.hidden = toHide.length;
    report.refused = hideGuard(report.hidden, report.visibleBefore, maxHideShare, opts.force === true);
    if (report.refused && write) throw new GuardRefusal(report); // rolls back what this run wrote
    if (write) {
      for (let i = 0; i < toHide.length; i += 200) {
        const ids = toHide.slice(i, i + 200).map((p) => p.id);
        await trx.updateTable('plans').set({ active: 0 }).where('id', 'in', ids).execute();
      }
      // When the provider last listed each package (bookkeeping, not a catalogue change).
      for (let i = 0; i < seenIds.length; i += 500) {
        await trx
          .updateTable('plans')
          .set({ synced_at: now })
          .where('id', 'in', seenIds.slice(i, i + 500))
          .execute();
      }
    }
    if (write) report.relisted = await rankEquivalentOffers(trx, configured);
    report.changed = report.added + report.updated + report.hidden + report.regionsAdded + report.relisted > 0;
    if (write && report.changed) await bumpCatalogVersion(trx, now);
    return report;
  };

  let report: CatalogSyncReport;
  try {
    report = opts.dryRun ? await run(db) : await writeTransaction(db, run);
  } catch (e) {
    if (!(e instanceof GuardRefusal)) throw e;
    report = { ...e.report, changed: false };
  }
  if (report.changed && !report.dryRun) services.catalog.invalidate();
  if (report.refused) services.log.warn('catalog sync refused', { ...report, skipped: report.skipped.length });
  else services.log.info('catalog sync', { ...report, skipped: report.skipped.length });
  return report;
}

/**
 * Ranks equivalent plans of the configured providers (domain/offers.ts) and writes
 * plans.alternate_of: the best offer of each key is listed (null), the others point at it; hidden
 * plans are nobody's alternate. Returns how many plans changed. Call inside the sync's transaction.
 */
export async function rankEquivalentOffers(db: Db, configured: readonly string[]): Promise<number> {
  const rows = await db
    .selectFrom('plans')
    .select(['id', 'provider', 'price_minor', 'data_mb', 'wholesale_minor', 'offer_key', 'alternate_of', 'active', 'topup_only'])
    .execute();
  const candidates = rows
    .filter((r) => r.active === 1 && r.provider !== null && configured.includes(r.provider))
    .map((r) => ({
      id: r.id,
      provider: r.provider,
      priceMinor: r.price_minor,
      dataMb: r.data_mb,
      wholesaleMinor: r.wholesale_minor,
      offerKey: r.offer_key,
    }));
  const listed = chooseListedOffers(candidates, configured);
  const changes = new Map<number | null, number[]>();
  for (const r of rows) {
    const next = listed.get(r.id) ?? null;
    if (next === r.alternate_of) continue;
    const ids = changes.get(next);
    if (ids) ids.push(r.id);
    else changes.set(next, [r.id]);
  }
  let n = 0;
  for (const [alternateOf, ids] of changes) {
    n += ids.length;
    for (let i = 0; i < ids.length; i += 200)
      await db
        .updateTable('plans')
        .set({ alternate_of: alternateOf })
        .where('id', 'in', ids.slice(i, i + 200))
        .execute();
  }
  return n;
}

/** The PostgreSQL channel every server LISTENs on; the payload is the new catalogue version. */
export const CATALOG_CHANNEL = 'esim_catalog';

/**
 * Marks the catalogue changed for every process sharing the database (readCatalogVersion). Call
 * inside the transaction that changes the catalogue. On PostgreSQL it also sends NOTIFY
 * esim_catalog with the new version, which the server delivers to the listeners when (and only if)
 * that transaction commits; SQLite's servers poll the version row.
 */
export async function bumpCatalogVersion(db: Db, now: string): Promise<void> {
  const value = `${now}#${randomUUID()}`;
  if (!isSqlite(db)) await sql`select pg_notify(${CATALOG_CHANNEL}, ${value})`.execute(db);
  const r = await db.updateTable('app_settings').set({ value }).where('key', '=', CATALOG_VERSION_KEY).executeTakeFirst();
  if (changed(r) === 0) {
    await db
      .insertInto('app_settings')
      .values({ key: CATALOG_VERSION_KEY, value, created_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}

/** The catalogue version another process last wrote ('' before any sync). */
export async function readCatalogVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', CATALOG_VERSION_KEY).executeTakeFirst();
  return row?.value ?? '';
}

// admin.catalog.*: regions and plans as the admin area edits them (hidden ones included). Every
// change is one write transaction with its audit row; the catalogue cache is invalidated after
// the commit, so the shop's next read shows it. Orders keep their own copy of the plan (name,
// price, rate), so a change here never touches an order placed before.
import type { Db, Plan as PlanRow, Region as RegionRow } from '@esim/db';
import { AppError } from '../../errors.ts';
import type { TPlanInput, TRegionInput } from '../../domain/admin.ts';
import { minorDigits, minorToDecimal } from '../../domain/money.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { bumpCatalogVersion, rankEquivalentOffers } from '../catalog/catalog-sync.ts';
import { esimProviders } from '../shared/esim-providers.ts';

const configuredProviders = (services: Services) => esimProviders(services).map((p) => p.name);
import type { Services } from '../types.ts';
import { uniqueViolationField } from '../accounts/users.ts';
import { diffFields, recordAudit } from './audit.ts';
import type { AdminActor, AdminPlan, AdminRegion } from './views.ts';

// ── rows → views ──────────────────────────────────────────────────────────────────────────

type RegionWithCounts = RegionRow & { plan_count: number | string | bigint | null; visible_plan_count: number | string | bigint | null };

function toAdminRegion(row: RegionWithCounts): AdminRegion {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    continent: row.continent,
    kind: row.kind === 'bundle' ? 'bundle' : 'country',
    isPopular: row.is_popular === 1,
    visible: row.visible === 1,
    planCount: Number(row.plan_count ?? 0),
    visiblePlanCount: Number(row.visible_plan_count ?? 0),
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

type PlanWithFacts = PlanRow & { region_code: string; order_count: number | string | bigint | null };

function toAdminPlan(row: PlanWithFacts): AdminPlan {
  return {
    id: row.id,
    regionId: row.region_id,
    regionCode: row.region_code,
    slug: row.slug,
    name: row.name,
    description: row.description,
    priceMinor: row.price_minor,
    currency: row.currency,
    dataAmount: row.data_amount,
    dataMb: row.data_mb,
    validityDays: row.validity_days,
    features: parseFeatures(row.features),
    isPopular: row.is_popular === 1,
    visible: row.active === 1,
    orderCount: Number(row.order_count ?? 0),
    provider: row.provider,
    providerPackage: row.provider_package,
    wholesaleMinor: row.wholesale_minor,
    wholesaleCurrency: row.wholesale_currency,
    alternateOf: row.alternate_of,
  };
}

/** The fields an audit row compares, in the input's words. */
function regionFields(r: AdminRegion): Record<string, unknown> {
  return { name: r.name, code: r.code, continent: r.continent, kind: r.kind, isPopular: r.isPopular, visible: r.visible };
}

function planFields(p: AdminPlan): Record<string, unknown> {
  return {
    regionId: p.regionId,
    name: p.name,
    description: p.description,
    priceMinor: p.priceMinor,
    dataAmount: p.dataAmount,
    dataMb: p.dataMb,
    validityDays: p.validityDays,
    features: p.features,
    isPopular: p.isPopular,
    visible: p.visible,
  };
}

// ── reads ─────────────────────────────────────────────────────────────────────────────────

function regionsQuery(db: Db) {
  return db
    .selectFrom('regions as r')
    .selectAll('r')
    .select((eb) => [
      eb.selectFrom('plans as p').whereRef('p.region_id', '=', 'r.id').select(eb.fn.countAll().as('n')).as('plan_count'),
      eb
        .selectFrom('plans as p')
        .whereRef('p.region_id', '=', 'r.id')
        .where('p.active', '=', 1)
        .select(eb.fn.countAll().as('n'))
        .as('visible_plan_count'),
    ]);
}

/** Every region, hidden ones included, in the shop's display order. */
export async function listAdminRegions(db: Db): Promise<AdminRegion[]> {
  const rows = await regionsQuery(db).orderBy('r.sort_order').orderBy('r.name').execute();
  return rows.map((r) => toAdminRegion(r as RegionWithCounts));
}

async function getAdminRegion(db: Db, id: number): Promise<AdminRegion> {
  const row = await regionsQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('REGION_NOT_FOUND', `No region has the id ${id}.`);
  return toAdminRegion(row as RegionWithCounts);
}

function plansQuery(db: Db) {
  return db
    .selectFrom('plans as p')
    .innerJoin('regions as r', 'r.id', 'p.region_id')
    .selectAll('p')
    .select('r.code as region_code')
    .select((eb) => eb.selectFrom('orders as o').whereRef('o.plan_id', '=', 'p.id').select(eb.fn.countAll().as('n')).as('order_count'));
}

/** The plans of one region (or all), hidden ones included, in the shop's display order. */
export async function listAdminPlans(db: Db, regionId?: number): Promise<AdminPlan[]> {
  let q = plansQuery(db);
  if (regionId !== undefined) {
    await getAdminRegion(db, regionId);
    q = q.where('p.region_id', '=', regionId);
  }
  const rows = await q
    .orderBy('r.sort_order')
    .orderBy('p.region_id')
    .orderBy('p.sort_order')
    .orderBy('p.price_minor')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => toAdminPlan(r as PlanWithFacts));
}

async function getAdminPlan(db: Db, id: number): Promise<AdminPlan> {
  const row = await plansQuery(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('PLAN_NOT_FOUND', `No plan has the id ${id}.`);
  return toAdminPlan(row as PlanWithFacts);
}

// ── regions ───────────────────────────────────────────────────────────────────────────────

const codeTaken = (code: string) => new AppError('CONFLICT', `A region with the code ${code} exists already.`, { field: 'code' });

async function assertCodeFree(db: Db, code: string, exceptId: number | null): Promise<void> {
  let q = db.selectFrom('regions').select('id').where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw codeTaken(code);
}

/** The flag the seed gives a country ('/flags/4x3/jp.svg'); bundles have their own icons or none. */
function flagIconFor(code: string, kind: 'country' | 'bundle'): string | null {
  if (kind !== 'country' || !/^[A-Z]{2}$/.test(code)) return null;
  return `/flags/4x3/${code === 'UK' ? 'gb' : code.toLowerCase()}.svg`;
}

/** A unique index refused the write (another admin's change won the race between check and insert): 409, not 500. */
function raceAsConflict(conflict: AppError): (e: unknown) => never {
  return (e: unknown) => {
    if (!(e instanceof AppError) && uniqueViolationField(e) !== null) throw conflict;
    throw e;
  };
}

export async function createRegion(db: Db, services: Services, actor: AdminActor, input: TRegionInput): Promise<AdminRegion> {
  const region = await writeTransaction(db, async (trx) => {
    await assertCodeFree(trx, input.code, null);
    const last = await trx
      .selectFrom('regions')
      .select((eb) => eb.fn.max('sort_order').as('n'))
      .where('kind', '=', input.kind)
      .executeTakeFirst();
    const { id } = await trx
      .insertInto('regions')
      .values({
        code: input.code,
        name: input.name,
        continent: input.continent,
        flag_icon: flagIconFor(input.code, input.kind),
        is_popular: input.isPopular ? 1 : 0,
        kind: input.kind,
        sort_order: Number(last?.n ?? 0) + 1,
        visible: input.visible ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A country covers itself (the 'Countries Covered' chip); a bundle's list is not edited here.
    if (input.kind === 'country')
      await trx.insertInto('region_countries').values({ region_id: id, country_code: input.code, position: 0 }).execute();
    const created = await getAdminRegion(trx, id);
    // Other server processes on this database reload the catalogue too (workers/catalog-version.ts).
    await bumpCatalogVersion(trx, services.now().toISOString());
    await recordAudit(
      trx,
      actor,
      {
        action: 'region.create',
        entity: 'region',
        entityId: id,
        summary: `Created region ${created.name} (${created.code})${created.visible ? '' : ', hidden'}`,
        after: regionFields(created),
      },
      services.now(),
    );
    return created;
  }).catch(raceAsConflict(codeTaken(input.code)));
  services.catalog.invalidate();
  return region;
}

export async function updateRegion(
  db: Db,
  services: Services,
  actor: AdminActor,
  id: number,
  patch: Partial<TRegionInput>,
): Promise<AdminRegion> {
  const result = await writeTransaction(db, async (trx) => {
    const before = await getAdminRegion(trx, id);
    const diff = diffFields(regionFields(before), patch);
    if (!diff) return { region: before, changed: false };
    const code = patch.code ?? before.code;
    const kind = patch.kind ?? before.kind;
    if (code !== before.code) await assertCodeFree(trx, code, id);
    await trx
      .updateTable('regions')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.continent !== undefined ? { continent: patch.continent } : {}),
        ...(patch.isPopular !== undefined ? { is_popular: patch.isPopular ? 1 : 0 } : {}),
        ...(patch.visible !== undefined ? { visible: patch.visible ? 1 : 0 } : {}),
        ...(patch.kind !== undefined ? { kind } : {}),
        ...(code !== before.code || kind !== before.kind ? { code, flag_icon: flagIconFor(code, kind) } : {}),
      })
      .where('id', '=', id)
      .execute();
    // A country's own chip follows its code.
    if (code !== before.code && kind === 'country') {
      await trx
        .updateTable('region_countries')
        .set({ country_code: code })
        .where('region_id', '=', id)
        .where('country_code', '=', before.code)
        .execute();
    }
    const after = await getAdminRegion(trx, id);
    // Other server processes on this database reload the catalogue too (workers/catalog-version.ts).
    await bumpCatalogVersion(trx, services.now().toISOString());
    await recordAudit(
      trx,
      actor,
      { action: 'region.update', entity: 'region', entityId: id, summary: `${after.name} (${after.code}): ${describe(diff)}`, ...diff },
      services.now(),
    );
    return { region: after, changed: true };
  }).catch(raceAsConflict(codeTaken(patch.code ?? '')));
  if (result.changed) services.catalog.invalidate();
  return result.region;
}

// ── plans ─────────────────────────────────────────────────────────────────────────────────

/** 'jp-5gb-30d' like the seed's slugs: region code, data and days, in lower case. */
export function planSlugBase(regionCode: string, dataAmount: string, validityDays: number): string {
  const part = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const slug = [part(regionCode), part(dataAmount) || 'data', `${validityDays}d`].filter(Boolean).join('-');
  return slug.slice(0, 70);
}

async function uniqueSlug(db: Db, base: string): Promise<string> {
  const rows = await db
    .selectFrom('plans')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function money(minor: number, currency: string): string {
  return `${minorToDecimal(minor, currency).toFixed(minorDigits(currency))} ${currency}`;
}

export async function createPlan(db: Db, services: Services, actor: AdminActor, input: TPlanInput): Promise<AdminPlan> {
  const plan = await writeTransaction(db, async (trx) => {
    const region = await getAdminRegion(trx, input.regionId);
    const slug = await uniqueSlug(trx, planSlugBase(region.code, input.dataAmount, input.validityDays));
    const last = await trx
      .selectFrom('plans')
      .select((eb) => eb.fn.max('sort_order').as('n'))
      .where('region_id', '=', region.id)
      .executeTakeFirst();
    const { id } = await trx
      .insertInto('plans')
      .values({
        region_id: region.id,
        slug,
        name: input.name,
        description: input.description,
        price_minor: input.priceMinor,
        currency: 'USD',
        validity_days: input.validityDays,
        data_amount: input.dataAmount,
        data_mb: input.dataMb,
        features: JSON.stringify(input.features),
        is_popular: input.isPopular ? 1 : 0,
        active: input.visible ? 1 : 0,
        sort_order: Number(last?.n ?? 0) + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await getAdminPlan(trx, id);
    // Other server processes on this database reload the catalogue too (workers/catalog-version.ts).
    await bumpCatalogVersion(trx, services.now().toISOString());
    await recordAudit(
      trx,
      actor,
      {
        action: 'plan.create',
        entity: 'plan',
        entityId: id,
        summary: `Created plan ${created.name} (${region.code}) at ${money(created.priceMinor, created.currency)}${created.visible ? '' : ', hidden'}`,
        after: planFields(created),
      },
      services.now(),
    );
    return created;
  }).catch(
    raceAsConflict(
      new AppError('CONFLICT', 'Another plan with the same region, data and days was created at the same moment: please try again.'),
    ),
  );
  services.catalog.invalidate();
  return plan;
}

/** 'Price 19.99 USD → 17.99 USD, hidden' — the audit row's one line. */
function describe(diff: { before: Record<string, unknown>; after: Record<string, unknown> }): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(diff.after)) {
    const was = diff.before[key];
    if (key === 'visible') parts.push(value ? 'shown' : 'hidden');
    else if (key === 'priceMinor') parts.push(`Price ${money(Number(was), 'USD')} → ${money(Number(value), 'USD')}`);
    else parts.push(`${key} ${JSON.stringify(was)} → ${JSON.stringify(value)}`);
  }
  return parts.join(', ');
}

export async function updatePlan(
  db: Db,
  services: Services,
  actor: AdminActor,
  id: number,
  patch: Partial<TPlanInput>,
): Promise<AdminPlan> {
  const result = await writeTransaction(db, async (trx) => {
    const before = await getAdminPlan(trx, id);
    const diff = diffFields(planFields(before), patch);
    if (!diff) return { plan: before, changed: false };
    if (patch.regionId !== undefined && patch.regionId !== before.regionId) await getAdminRegion(trx, patch.regionId);
    await trx
      .updateTable('plans')
      .set({
        ...(patch.regionId !== undefined ? { region_id: patch.regionId } : {}),
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.priceMinor !== undefined ? { price_minor: patch.priceMinor } : {}),
        ...(patch.dataAmount !== undefined ? { data_amount: patch.dataAmount } : {}),
        ...(patch.dataMb !== undefined ? { data_mb: patch.dataMb } : {}),
        ...(patch.validityDays !== undefined ? { validity_days: patch.validityDays } : {}),
        ...(patch.features !== undefined ? { features: JSON.stringify(patch.features) } : {}),
        ...(patch.isPopular !== undefined ? { is_popular: patch.isPopular ? 1 : 0 } : {}),
        ...(patch.visible !== undefined ? { active: patch.visible ? 1 : 0 } : {}),
      })
      .where('id', '=', id)
      .execute();
    // A hidden or re-priced plan changes which of equivalent providers' plans is the best offer (issue 25).
    await rankEquivalentOffers(trx, configuredProviders(services));
    const after = await getAdminPlan(trx, id);
    // Other server processes on this database reload the catalogue too (workers/catalog-version.ts).
    await bumpCatalogVersion(trx, services.now().toISOString());
    await recordAudit(
      trx,
      actor,
      { action: 'plan.update', entity: 'plan', entityId: id, summary: `${after.name}: ${describe(diff)}`, ...diff },
      services.now(),
    );
    return { plan: after, changed: true };
  });
  if (result.changed) services.catalog.invalidate();
  return result.plan;
}

export const PLAN_HAS_ORDERS_MESSAGE = 'This plan has orders, so it can only be hidden.';

/** Deletes a plan nobody has bought; one with orders (or a subscription) can only be hidden. */
export async function deletePlan(db: Db, services: Services, actor: AdminActor, id: number): Promise<{ deleted: true }> {
  await writeTransaction(db, async (trx) => {
    const plan = await getAdminPlan(trx, id);
    const subscription = await trx.selectFrom('subscriptions').select('id').where('plan_id', '=', id).executeTakeFirst();
    if (plan.orderCount > 0 || subscription) throw new AppError('CONFLICT', PLAN_HAS_ORDERS_MESSAGE, { reason: 'has_orders' });
    await trx.deleteFrom('plans').where('id', '=', id).execute();
    await rankEquivalentOffers(trx, configuredProviders(services));
    // Other server processes on this database reload the catalogue too (workers/catalog-version.ts).
    await bumpCatalogVersion(trx, services.now().toISOString());
    await recordAudit(
      trx,
      actor,
      {
        action: 'plan.delete',
        entity: 'plan',
        entityId: id,
        summary: `Deleted plan ${plan.name} (${plan.regionCode})`,
        before: planFields(plan),
      },
      services.now(),
    );
  });
  services.catalog.invalidate();
  return { deleted: true };
}

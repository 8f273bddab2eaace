// The destination facts a plan's texts are composed from (planTexts in @esim/i18n), for the plans
// that orders and eSIMs name: region code, kind, English name and coverage. Data and validity come
// from the order's own snapshot, so the texts describe what was bought.
import type { Db } from '@esim/db';
import type { PlanTextFacts, RegionKind } from '../../domain/catalog.ts';
import { parsePlanFacts } from './catalog.ts';

export type PlanDestination = Pick<PlanTextFacts, 'regionCode' | 'regionKind' | 'regionName' | 'coverage' | 'provided'>;

/** Plan id → its destination facts; plans that no longer exist are left out. */
export async function getPlanDestinations(db: Db, planIds: readonly number[]): Promise<Map<number, PlanDestination>> {
  const full = await getCatalogPlanFacts(db, planIds);
  return new Map([...full].map(([id, { dataMb: _d, validityDays: _v, ...destination }]) => [id, destination]));
}

/** Plan id → the catalogue plan's facts as it is sold today (subscriptions renew it). */
export async function getCatalogPlanFacts(db: Db, planIds: readonly number[]): Promise<Map<number, PlanTextFacts>> {
  const ids = [...new Set(planIds)];
  const out = new Map<number, PlanTextFacts>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('plans as p')
    .innerJoin('regions as r', 'r.id', 'p.region_id')
    .select((eb) => [
      'p.id as planId',
      'p.data_mb',
      'p.validity_days',
      'p.facts',
      'r.code',
      'r.kind',
      'r.name',
      eb.selectFrom('region_countries as rc').whereRef('rc.region_id', '=', 'r.id').select(eb.fn.countAll().as('n')).as('covered'),
    ])
    .where('p.id', 'in', ids)
    .execute();
  for (const r of rows) {
    const kind: RegionKind = r.kind === 'bundle' ? 'bundle' : 'country';
    const covered = Number(r.covered ?? 0);
    out.set(r.planId, {
      regionCode: r.code,
      regionKind: kind,
      regionName: r.name,
      coverage: kind === 'bundle' ? Math.max(1, covered) : 1,
      dataMb: r.data_mb,
      validityDays: r.validity_days,
      ...(r.facts ? { provided: parsePlanFacts(r.facts) ?? null } : {}),
    });
  }
  return out;
}

/** The facts for one order's plan, or null when the plan is gone. */
export function planTextFacts(
  destination: PlanDestination | undefined,
  snapshot: { dataMb: number | null; validityDays: number },
): PlanTextFacts | null {
  return destination ? { ...destination, dataMb: snapshot.dataMb, validityDays: snapshot.validityDays } : null;
}

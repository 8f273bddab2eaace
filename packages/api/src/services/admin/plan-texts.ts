// The owner's own wording of a plan per language (plan_texts, migration 2026-11-28-050): it overrides
// the composed name and description on the shop's pages and in the REST API in that language, and the
// English wording stands in for a language without its own (domain/catalog.ts ownerTextFor). A null
// field goes back to the composed text. Audited; the catalogue reloads at once, and in other processes
// through the catalogue version.
import type { Db } from '@esim/db';
import type { TPlanOwnerText } from '../../domain/admin.ts';
import { AppError } from '../../errors.ts';
import { SHOP_LANGUAGES } from '../../domain/language.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { bumpCatalogVersion } from '../catalog/catalog-sync.ts';
import { composePlan } from '../catalog/plan-names.ts';
import type { Services } from '../types.ts';
import { recordAudit } from './audit.ts';
import type { AdminActor } from './views.ts';

export { ZPlanOwnerText, type TPlanOwnerText } from '../../domain/admin.ts';

export interface PlanWording {
  planId: number;
  /** One entry per shop language, in SHOP_LANGUAGES order. */
  languages: {
    lang: (typeof SHOP_LANGUAGES)[number];
    /** The owner's wording in this language (null: none; English or the composed text is shown). */
    name: string | null;
    description: string | null;
    /** What the shop shows without any wording of the owner (null: the plan is not sold, so not composed). */
    composedName: string | null;
    composedDescription: string | null;
  }[];
}

/** The owner's wording of a plan in every language, beside the composed texts it overrides. */
export async function getPlanWording(db: Db, services: Services, planId: number): Promise<PlanWording> {
  const [plan, rows, snapshot] = await Promise.all([
    db.selectFrom('plans').select('id').where('id', '=', planId).executeTakeFirst(),
    db.selectFrom('plan_texts').select(['lang', 'name', 'description']).where('plan_id', '=', planId).execute(),
    services.catalog.snapshot(),
  ]);
  if (!plan) throw new AppError('PLAN_NOT_FOUND');
  const sold = snapshot.planById.get(planId);
  const bare = sold ? { ...sold, ownerTexts: undefined } : undefined;
  return {
    planId,
    languages: SHOP_LANGUAGES.map((lang) => {
      const own = rows.find((r) => r.lang === lang);
      const composed = bare ? composePlan(bare, snapshot.regionById.get(bare.regionId), lang) : undefined;
      return {
        lang,
        name: own?.name ?? null,
        description: own?.description ?? null,
        composedName: composed?.name ?? null,
        composedDescription: composed?.description ?? null,
      };
    }),
  };
}

/** Sets (or, with nulls, clears) the owner's wording of a plan in one language. */
export async function setPlanOwnerText(
  db: Db,
  services: Services,
  actor: AdminActor,
  input: TPlanOwnerText,
): Promise<{ changed: boolean }> {
  const now = services.now().toISOString();
  const result = await writeTransaction(db, async (trx) => {
    const plan = await trx.selectFrom('plans').select(['id', 'name']).where('id', '=', input.planId).executeTakeFirst();
    if (!plan) throw new AppError('PLAN_NOT_FOUND');
    const before = await trx
      .selectFrom('plan_texts')
      .select(['name', 'description'])
      .where('plan_id', '=', input.planId)
      .where('lang', '=', input.lang)
      .executeTakeFirst();
    const was = { name: before?.name ?? null, description: before?.description ?? null };
    const next = { name: input.name, description: input.description };
    if (was.name === next.name && was.description === next.description) return false;
    if (next.name === null && next.description === null) {
      await trx.deleteFrom('plan_texts').where('plan_id', '=', input.planId).where('lang', '=', input.lang).execute();
    } else {
      await trx
        .insertInto('plan_texts')
        .values({ plan_id: input.planId, lang: input.lang, ...next, updated_at: now })
        .onConflict((oc) => oc.columns(['plan_id', 'lang']).doUpdateSet({ ...next, updated_at: now }))
        .execute();
    }
    await bumpCatalogVersion(trx, now);
    await recordAudit(
      trx,
      actor,
      {
        action: 'plan.texts',
        entity: 'plan',
        entityId: input.planId,
        summary: `${plan.name}: the owner's wording in ${input.lang} ${next.name === null && next.description === null ? 'removed' : 'set'}`,
        before: was,
        after: next,
      },
      services.now(),
    );
    return true;
  });
  if (result) services.catalog.invalidate();
  return { changed: result };
}

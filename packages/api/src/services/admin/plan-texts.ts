// The owner's own wording of a plan per language (plan_texts, migration 2026-11-28-050): it overrides
// the composed name and description on the shop's pages and in the REST API in that language, and the
// English wording stands in for a language without its own (domain/catalog.ts ownerTextFor). A null
// field goes back to the composed text. Audited; the catalogue reloads at once, and in other processes
// through the catalogue version.
import { z } from 'zod';
import type { Db } from '@esim/db';
import { AppError } from '../../errors.ts';
import { SHOP_LANGUAGES } from '../../domain/language.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { bumpCatalogVersion } from '../catalog/catalog-sync.ts';
import type { Services } from '../types.ts';
import { recordAudit } from './audit.ts';
import type { AdminActor } from './views.ts';

const text = (max: number) => z.string().trim().min(1, 'must not be empty (null goes back to the composed text)').max(max).nullable();

export const ZPlanOwnerText = z.object({
  planId: z.number().int().positive(),
  lang: z.enum(SHOP_LANGUAGES),
  name: text(200),
  description: text(2000),
});
export type TPlanOwnerText = z.infer<typeof ZPlanOwnerText>;

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

// One name for a plan everywhere: the REST API answers the plan's name, description and features
// composed in the request's language by the same planTexts (@esim/i18n) the shop's pages and
// e-mails use ('Japan 1 GB – 7 days', not the stored 'Japan 1GB - 7 Days'), from the plan's facts
// (destination, data, validity, what the provider said). Composed once per plan and language and
// kept for as long as the catalogue snapshot lives (the plans are its frozen objects), so the hot
// read path pays a WeakMap lookup.
import { destinationName } from '@esim/i18n/destinations';
import { planTexts } from '@esim/i18n/plan-texts';
import { ownerTextFor, type Plan, type RegionDetail } from '../../domain/catalog.ts';
import type { ShopLanguage } from '../../domain/language.ts';
import { emailT } from '../../emails/i18n.ts';

/**
 * The plan with its texts composed in `lang` (the owner's wording for that language, or else their
 * English one, wins over the composed name and description); the plan itself when its region is
 * unknown. The REST answer keeps the spec's shape: ownerTexts is not part of it.
 */
export function composePlan(plan: Plan, region: RegionDetail | undefined, lang: ShopLanguage): Plan {
  const { ownerTexts: _owner, ...rest } = plan;
  const owner = ownerTextFor(plan, lang);
  if (!region) return Object.freeze({ ...rest, ...owner });
  const t = emailT(lang);
  const destination = destinationName({ code: region.code, kind: region.kind, name: region.name }, lang, (k) =>
    t(k, { ns: 'destinations', lng: lang }),
  );
  const texts = planTexts(
    t,
    {
      destination,
      kind: region.kind,
      code: region.code,
      coverage: region.kind === 'bundle' ? Math.max(1, region.covers.length) : 1,
      dataMb: plan.dataMb,
      validityDays: plan.validityDays,
      provided: plan.facts,
    },
    lang,
  );
  return Object.freeze({
    ...rest,
    name: owner?.name ?? texts.name,
    description: owner?.description ?? texts.description,
    features: Object.freeze([...texts.features]) as string[],
  });
}

const byPlan = new WeakMap<Plan, Map<ShopLanguage, Plan>>();
const byList = new WeakMap<readonly Plan[], Map<ShopLanguage, readonly Plan[]>>();

/** composePlan, kept per (frozen) plan object and language. */
export function localizedPlan(plan: Plan, regionById: ReadonlyMap<number, RegionDetail>, lang: ShopLanguage): Plan {
  let m = byPlan.get(plan);
  if (!m) byPlan.set(plan, (m = new Map()));
  let out = m.get(lang);
  if (!out) m.set(lang, (out = composePlan(plan, regionById.get(plan.regionId), lang)));
  return out;
}

/** A (frozen) list of plans composed in `lang`, kept per list object and language. */
export function localizedPlans(plans: readonly Plan[], regionById: ReadonlyMap<number, RegionDetail>, lang: ShopLanguage): readonly Plan[] {
  let m = byList.get(plans);
  if (!m) byList.set(plans, (m = new Map()));
  let out = m.get(lang);
  if (!out) m.set(lang, (out = Object.freeze(plans.map((p) => localizedPlan(p, regionById, lang)))));
  return out;
}

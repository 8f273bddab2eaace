// A plan's name, description and features in the UI language, composed from its facts by
// @esim/i18n's planTexts (the server's e-mails use the same function), with the destination named
// by destinationName. Catalogue plans find their region in the cached regions query; orders and
// eSIMs bring their facts along (planFacts). Until the facts are known the stored English texts show.
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { destinationName, planTexts, type PlanTexts, type PlanTextsT } from '@esim/i18n';
import { ownerTextFor, type PlanTextFacts } from '@esim/api/domain';
import { useTRPC } from '../../lib/trpc.ts';
import type { Plan, Region } from './types.ts';

export type { PlanTexts } from '@esim/i18n';

/** The namespaces plan texts read; routes that show plans load them in their loader. */
export const PLAN_TEXT_NAMESPACES = ['plans', 'destinations'] as const;

/** A catalogue plan and its region → the facts its texts are composed from. */
export function catalogPlanFacts(
  plan: Pick<Plan, 'dataMb' | 'validityDays'> & { facts?: Plan['facts'] },
  region: Pick<Region, 'code' | 'kind' | 'name' | 'covers'>,
): PlanTextFacts {
  return {
    ...(plan.facts ? { provided: plan.facts } : {}),
    regionCode: region.code,
    regionKind: region.kind,
    regionName: region.name,
    coverage: region.kind === 'bundle' ? Math.max(1, region.covers.length) : 1,
    dataMb: plan.dataMb,
    validityDays: plan.validityDays,
  };
}

/** Facts → texts in `lang`, through an i18next `t` that reaches the plans and destinations namespaces. */
export function composePlanTexts(t: PlanTextsT, facts: PlanTextFacts, lang: string): PlanTexts {
  const destination = destinationName({ code: facts.regionCode, kind: facts.regionKind, name: facts.regionName }, lang, t);
  return planTexts(
    t,
    {
      destination,
      kind: facts.regionKind,
      code: facts.regionCode,
      coverage: facts.coverage,
      dataMb: facts.dataMb,
      validityDays: facts.validityDays,
      provided: facts.provided,
    },
    lang,
  );
}

/**
 * A function from facts to texts in the current UI language (for lists); null while the plans
 * texts are still loading (routes that show plans load them first, so this is rare). It never
 * suspends: a plan card below the fold must not blank the page around it.
 */
export function usePlanTextsFn(): ((facts: PlanTextFacts) => PlanTexts) | null {
  const { t, i18n, ready } = useTranslation(PLAN_TEXT_NAMESPACES, { useSuspense: false });
  const lang = i18n.language;
  const compose = useCallback((facts: PlanTextFacts) => composePlanTexts(t as unknown as PlanTextsT, facts, lang), [t, lang]);
  return ready ? compose : null;
}

/** Texts for an order's or eSIM's facts; null when it has none (its plan is gone) or the texts are loading. */
export function usePlanTexts(facts: PlanTextFacts | null | undefined): PlanTexts | null {
  const compose = usePlanTextsFn();
  return facts && compose ? compose(facts) : null;
}

/** The region of a catalogue plan from the regions query (cached app-wide), once it is known. */
export function usePlanRegion(regionId: number | undefined, given?: Region): Region | undefined {
  const trpc = useTRPC();
  const regions = useQuery({ ...trpc.catalog.regions.queryOptions(), enabled: !given && regionId !== undefined });
  return given ?? regions.data?.find((r) => r.id === regionId);
}

/** Texts and whether they were composed (false: the plan's stored English texts). */
export interface CatalogPlanTexts extends PlanTexts {
  composed: boolean;
}

/**
 * A catalogue plan's texts: composed once its region is known (given, or from the regions query),
 * else the plan's stored texts.
 */
export function useCatalogPlanTexts(plan: Plan, region?: Region): CatalogPlanTexts {
  const found = usePlanRegion(plan.regionId, region);
  const compose = usePlanTextsFn();
  const { i18n } = useTranslation(PLAN_TEXT_NAMESPACES, { useSuspense: false });
  if (compose && found && typeof plan.validityDays === 'number' && plan.dataMb !== undefined) {
    // The owner's wording in this language (or their English one) wins over the composed name and description.
    const owner = ownerTextFor(plan, i18n.language);
    return { ...compose(catalogPlanFacts(plan, found)), ...owner, composed: true };
  }
  return storedPlanTexts(plan);
}

/** The texts stored with a plan (English), for when its facts are not known. */
export function storedPlanTexts(plan: Pick<Plan, 'name' | 'description' | 'features' | 'dataAmount'>): CatalogPlanTexts {
  return {
    name: plan.name,
    description: plan.description ?? '',
    features: plan.features ?? [],
    data: plan.dataAmount ?? '',
    validity: '',
    composed: false,
  };
}

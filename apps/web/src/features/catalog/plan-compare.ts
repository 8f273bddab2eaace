// The comparison view's numbers (issue 28, 'Find it fast'): a plan's price per GB and what the
// provider says about its networks. Pure, beside a table test.
import type { Plan } from './types.ts';

type PlanFacts = NonNullable<Plan['facts']>;

/** MB in a GB, as the catalogue counts them (dataMb: 1 GB = 1024 MB). */
const MB_PER_GB = 1024;

/** The price of one GB in the plan's minor units, rounded; null for an unlimited plan (or no data). */
export function pricePerGbMinor(plan: { priceMinor: number; dataMb: number | null }): number | null {
  if (plan.dataMb === null || plan.dataMb <= 0) return null;
  return Math.round((plan.priceMinor * MB_PER_GB) / plan.dataMb);
}

/** The ids of the plans with the lowest price per GB (several on a tie); none when no plan has one. */
export function bestValueIds(plans: readonly { id: number; priceMinor: number; dataMb: number | null }[]): Set<number> {
  let best = Number.POSITIVE_INFINITY;
  for (const plan of plans) {
    const perGb = pricePerGbMinor(plan);
    if (perGb !== null && perGb < best) best = perGb;
  }
  return new Set(plans.filter((p) => pricePerGbMinor(p) === best).map((p) => p.id));
}

export interface NetworkSummary {
  /** Operator names the provider gave, each once, in its order (at most `max`). */
  names: string[];
  /** How many more operators there are beyond `names`. */
  more: number;
  /** The best generation the provider named for any of them. */
  generation: '3G' | '4G' | '5G' | undefined;
}

/** What the provider said about the plan's networks; null when it said nothing (the table then claims nothing). */
export function networkSummary(facts: PlanFacts | undefined, max = 2): NetworkSummary | null {
  const operators = facts?.operators ?? [];
  if (operators.length === 0) return null;
  const unique = [...new Set(operators.map((o) => o.name))];
  const gens = operators.map((o) => o.generation);
  const generation = gens.includes('5G') ? '5G' : gens.includes('4G') ? '4G' : gens.includes('3G') ? '3G' : undefined;
  return { names: unique.slice(0, max), more: Math.max(0, unique.length - max), generation };
}

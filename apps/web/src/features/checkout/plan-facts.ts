// The order summary's data allowance and validity. The plan's own fields come first; the spec's
// fallback (§3 Plan) reads them from the name, e.g. 'Japan 5GB - 30 Days' → '5GB', 30.

export interface PlanLike {
  name: string;
  dataAmount?: string | null;
  validityDays?: number | null;
}

const DATA = /(\d+(?:[.,]\d+)?)\s*(GB|MB|TB)\b/i;
const UNLIMITED = /\bunlimited\b/i;
const DAYS = /(\d+)\s*[- ]?\s*days?\b/i;

/** '5GB', '500MB', 'Unlimited', or null. */
export function dataFromName(name: string): string | null {
  const m = DATA.exec(name);
  if (m) return `${m[1]!.replace(',', '.')}${m[2]!.toUpperCase()}`;
  return UNLIMITED.test(name) ? 'Unlimited' : null;
}

/** 30 for '… 30 Days', 1 for '1 Day', or null. */
export function daysFromName(name: string): number | null {
  const m = DAYS.exec(name);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function planFacts(plan: PlanLike): { data: string | null; validityDays: number | null } {
  const data = plan.dataAmount?.trim() || dataFromName(plan.name);
  const validityDays = plan.validityDays && plan.validityDays > 0 ? plan.validityDays : daysFromName(plan.name);
  return { data, validityDays };
}

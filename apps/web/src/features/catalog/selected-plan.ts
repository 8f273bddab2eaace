// 'Select Plan' keeps the chosen plan in sessionStorage under 'selectedPlan' (spec §3, §4).
import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage.ts';
import type { Plan } from './types.ts';

export function storeSelectedPlan(plan: Plan): void {
  writeStorage('session', STORAGE_KEYS.selectedPlan, JSON.stringify(plan));
}

/** The stored plan, or null when none (or when what is stored is not a plan). */
export function readSelectedPlan(): Plan | null {
  const raw = readStorage('session', STORAGE_KEYS.selectedPlan);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Plan> | null;
    if (!value || typeof value.id !== 'number' || typeof value.name !== 'string' || typeof value.priceMinor !== 'number') return null;
    return value as Plan;
  } catch {
    return null;
  }
}

// Web storage that never throws (private mode, disabled storage, quota): reads give null,
// writes are dropped.
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(which: Area, key: string, value: string | null): void {
  try {
    const s = area(which);
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* storage full or unavailable: the preference lives for this page view only */
  }
}

/** The storage keys the spec fixes (§3 'Browser storage'). */
export const STORAGE_KEYS = {
  language: 'preferredLanguage',
  currency: 'preferredCurrency',
  selectedPlan: 'selectedPlan',
} as const;

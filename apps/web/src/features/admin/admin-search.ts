// Search params of the admin list pages: named text filters and a page. Hand-written, not zod:
// a route's validateSearch is in the shop's initial bundle, and zod is not. The pages check the
// values again with the admin schemas (domain/admin.ts) in their own chunk, and the server
// validates every input.

export type TextSearch<K extends string> = Partial<Record<K, string>> & { page?: number };

/** Keeps the named keys whose values are short text (numbers, as the router parses '?q=123', become text) and a page > 1. */
export function textSearch<K extends string>(keys: readonly K[]): (search: Record<string, unknown>) => TextSearch<K> {
  return (search) => {
    const out: TextSearch<K> = {};
    for (const key of keys) {
      const raw = search[key];
      const value = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
      if (typeof value === 'string' && value.trim() !== '' && value.length <= 200) (out as Record<string, string>)[key] = value.trim();
    }
    const page = Number(search.page);
    if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
    return out;
  };
}

/** The filters as a URL keeps them: trimmed, empty ones left out. */
export function filledFilters<K extends string>(keys: readonly K[], values: Partial<Record<K, string>>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = values[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

// Region search, as the spec's picker and coverage page do it (spec §5).

/** The fields search looks at; both the Region DTO and a db row mapped to it fit. */
export interface Searchable {
  name: string;
  code: string;
  continent?: string | null | undefined;
}

function norm(query: string): string {
  return query.trim().toLowerCase();
}

function has(field: string | null | undefined, q: string): boolean {
  return field != null && field.toLowerCase().includes(q);
}

/** Picker: case-insensitive substring on name, code or continent; the query is trimmed; empty matches all. */
export function matchesRegion(region: Searchable, query: string): boolean {
  const q = norm(query);
  if (!q) return true;
  return has(region.name, q) || has(region.code, q) || has(region.continent, q);
}

export function filterRegions<R extends Searchable>(regions: readonly R[], query: string): R[] {
  const q = norm(query);
  if (!q) return regions.slice();
  return regions.filter((r) => matchesRegion(r, q));
}

/** Coverage page: name or continent only (spec §5). */
export function matchesCoverage(region: Searchable, query: string): boolean {
  const q = norm(query);
  if (!q) return true;
  return has(region.name, q) || has(region.continent, q);
}

export function filterCoverage<R extends Searchable>(regions: readonly R[], query: string): R[] {
  const q = norm(query);
  if (!q) return regions.slice();
  return regions.filter((r) => matchesCoverage(r, q));
}

// The testimonials' star rating (spec §9): five icons, full stars for the integer part, a half
// star when the fraction is 0.5 or more, the rest empty.

export type StarKind = 'full' | 'half' | 'empty';

export const STAR_COUNT = 5;

/** The icons for a rating, clamped to 0…count; a non-finite rating shows empty stars. */
export function starsFor(rating: number, count: number = STAR_COUNT): StarKind[] {
  const value = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), count) : 0;
  const full = Math.floor(value);
  const half = value - full >= 0.5 ? 1 : 0;
  return Array.from({ length: count }, (_, i): StarKind => (i < full ? 'full' : i < full + half ? 'half' : 'empty'));
}

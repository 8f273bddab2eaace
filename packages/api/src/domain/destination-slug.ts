// A destination page's address: /destinations/<slug>, the slug made from the region's English
// name ('Japan' → japan, 'United Kingdom' → united-kingdom, "Côte d'Ivoire" → cote-d-ivoire).
// The web app's route, its links and the server's sitemap all use this one rule.

/** Lower-case ASCII words joined by '-': accents dropped, anything else separates words. */
export function destinationSlug(englishName: string): string {
  return englishName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The region whose slug this is, if any. */
export function findBySlug<T extends { name: string }>(regions: readonly T[], slug: string): T | undefined {
  return regions.find((r) => destinationSlug(r.name) === slug);
}

import { describe, expect, it } from 'vitest';
import { regionRows } from '../../db/src/seed/regions.ts';
import { destinationSlug, findBySlug } from '../src/domain/destination-slug.ts';

describe('destinationSlug', () => {
  it.each([
    ['Japan', 'japan'],
    ['United Kingdom', 'united-kingdom'],
    ['Europe', 'europe'],
    ['Global', 'global'],
    ["Côte d'Ivoire", 'cote-d-ivoire'],
    ['Bosnia & Herzegovina', 'bosnia-and-herzegovina'],
    ['  Saint Martin (French part) ', 'saint-martin-french-part'],
    ['Curaçao', 'curacao'],
  ])('%s → %s', (name, slug) => {
    expect(destinationSlug(name)).toBe(slug);
  });

  it('gives every seeded region its own non-empty slug', () => {
    const slugs = regionRows().map((r) => destinationSlug(r.name));
    expect(slugs.every((s) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s))).toBe(true);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('finds a region by its slug, and nothing for an unknown one', () => {
    const regions = [{ name: 'Japan' }, { name: 'United Kingdom' }];
    expect(findBySlug(regions, 'united-kingdom')).toBe(regions[1]);
    expect(findBySlug(regions, 'atlantis')).toBeUndefined();
  });
});

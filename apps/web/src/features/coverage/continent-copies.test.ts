// The continents a region may carry have one home (@esim/db/continents, re-exported by the admin
// domain). The shop's two groupings of them are display mappings that cannot import it into the
// shop's bundle cheaply; this holds them to it: every continent lands in a named group, in both.
import { describe, expect, it } from 'vitest';
import { CONTINENTS } from '@esim/api/domain/admin';
import { REGIONS } from '../../test/fixtures.ts';
import { regionGroups } from '../rewards/check-in-dialog.tsx';
import { groupOfContinent } from './coverage-groups.ts';

describe('continents: the shop groups every one the database allows', () => {
  it.each(CONTINENTS)('%s has a coverage group of its own', (continent) => {
    expect(['other', 'unknown']).not.toContain(groupOfContinent(continent));
  });

  it("the check-in picker puts no allowed continent under 'Other'", () => {
    const base = REGIONS.find((r) => r.kind !== 'bundle')!;
    const regions = CONTINENTS.map((continent, i) => ({ ...base, id: 1000 + i, code: `Z${i}`, continent }));
    const groups = regionGroups(regions, 'en', (c) => c);
    expect(groups.find((g) => g.group === 'other')).toBeUndefined();
    expect(groups.reduce((n, g) => n + g.items.length, 0)).toBe(CONTINENTS.length);
  });
});

import { describe, expect, it } from 'vitest';
import { EU_MEMBERS, countriesForRegion } from './regions.ts';

describe('countriesForRegion', () => {
  it.each([
    [null, []],
    ['', []],
    ['GLOBAL', []],
    ['JP', ['JP']],
    ['jp', ['JP']],
    ['UK', ['UK']],
    ['GB', ['UK']],
  ] as const)('%s → %j', (code, expected) => {
    expect([...countriesForRegion(code)]).toEqual(expected);
  });

  it('lights the 27 EU members for EU', () => {
    const codes = countriesForRegion('EU');
    expect(codes.size).toBe(27);
    expect(EU_MEMBERS).toHaveLength(27);
    expect(codes.has('FR')).toBe(true);
    expect(codes.has('UK')).toBe(false);
  });
});

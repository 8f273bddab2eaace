import { describe, expect, it } from 'vitest';
import { isPopularRegion } from '../src/popular.ts';

describe('isPopularRegion', () => {
  it.each([
    // by code
    [{ code: 'EU', name: 'Europa' }, true],
    [{ code: 'UK', name: 'Britain' }, true],
    [{ code: 'US', name: 'USA' }, true],
    [{ code: 'CN', name: 'PRC' }, true],
    [{ code: 'AE', name: 'Emirates' }, true],
    [{ code: 'AU', name: 'Oz' }, true],
    [{ code: 'ZA', name: 'RSA' }, true],
    // by name
    [{ code: 'XX', name: 'Europe' }, true],
    [{ code: 'GB', name: 'United Kingdom' }, true],
    [{ code: 'XX', name: 'United States' }, true],
    [{ code: 'XX', name: 'China' }, true],
    [{ code: 'XX', name: 'United Arab Emirates' }, true],
    [{ code: 'XX', name: 'Australia' }, true],
    [{ code: 'XX', name: 'South Africa' }, true],
    // by flag
    [{ code: 'JP', name: 'Japan', isPopular: true }, true],
    [{ code: 'JP', name: 'Japan', isPopular: 1 }, true],
    // not popular
    [{ code: 'JP', name: 'Japan' }, false],
    [{ code: 'JP', name: 'Japan', isPopular: 0 }, false],
    [{ code: 'GB', name: 'Great Britain' }, false],
    [{ code: 'GLOBAL', name: 'Global' }, false],
    [{ code: 'eu', name: 'europe' }, false],
    [{ code: 'FR', name: 'France', isPopular: null }, false],
  ])('%o → %s', (input, expected) => {
    expect(isPopularRegion(input)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { codeJitter, listPrice, regionPriceFactor, retailRound } from '../src/seed/pricing.ts';

describe('retailRound', () => {
  it.each([
    [1300, 1299],
    [1349, 1350],
    [1324, 1299],
    [1326, 1350],
    [337.5, 350],
    [10, 99],
    [0, 99],
  ])('%d → %d', (cents, expected) => expect(retailRound(cents)).toBe(expected));
});

describe('regionPriceFactor', () => {
  it('is deterministic and within 0..6 of the tier', () => {
    expect(codeJitter('JP')).toBe(codeJitter('JP'));
    for (const code of ['JP', 'TH', 'FR', 'GLOBAL']) expect(codeJitter(code)).toBeGreaterThanOrEqual(0);
    for (const code of ['JP', 'TH', 'FR', 'GLOBAL']) expect(codeJitter(code)).toBeLessThan(7);
  });

  it.each([
    [{ code: 'TH', kind: 'country', continent: 'Asia' }, 75],
    [{ code: 'TR', kind: 'country', continent: 'Europe' }, 75],
    [{ code: 'FR', kind: 'country', continent: 'Europe' }, 100],
    [{ code: 'JP', kind: 'country', continent: 'Asia' }, 140],
    [{ code: 'US', kind: 'country', continent: 'North America' }, 140],
    [{ code: 'FJ', kind: 'country', continent: 'Oceania' }, 160],
    [{ code: 'EU', kind: 'bundle', continent: 'Europe' }, 150],
    [{ code: 'GLOBAL', kind: 'bundle', continent: null }, 230],
  ] as const)('%o → tier %d', (region, tier) => {
    expect(regionPriceFactor(region) - tier).toBe(codeJitter(region.code));
  });

  it('orders cheap < mid < expensive < regional bundle < global', () => {
    const p = (r: Parameters<typeof regionPriceFactor>[0]) => listPrice(1300, regionPriceFactor(r));
    const th = p({ code: 'TH', kind: 'country', continent: 'Asia' });
    const fr = p({ code: 'FR', kind: 'country', continent: 'Europe' });
    const jp = p({ code: 'JP', kind: 'country', continent: 'Asia' });
    const asia = p({ code: 'ASIA', kind: 'bundle', continent: 'Asia' });
    const global = p({ code: 'GLOBAL', kind: 'bundle', continent: null });
    expect(th).toBeLessThan(fr);
    expect(fr).toBeLessThan(jp);
    expect(jp).toBeLessThan(asia);
    expect(asia).toBeLessThan(global);
  });
});

import { describe, expect, it } from 'vitest';
import { bestValueIds, networkSummary, pricePerGbMinor } from './plan-compare.ts';

describe('pricePerGbMinor', () => {
  it.each([
    [450, 1024, 450], // $4.50 for 1 GB
    [1200, 5120, 240], // $12 for 5 GB → $2.40
    [999, 3072, 333], // $9.99 for 3 GB → $3.33
    [500, 512, 1000], // half a GB
    [1799, 20480, 90], // 89.95 → 90
    [2500, null, null], // unlimited
    [100, 0, null],
  ] as const)('%i for %s MB → %s', (priceMinor, dataMb, expected) => {
    expect(pricePerGbMinor({ priceMinor, dataMb })).toBe(expected);
  });
});

describe('bestValueIds', () => {
  it('marks the lowest price per GB, ties included', () => {
    const plans = [
      { id: 1, priceMinor: 450, dataMb: 1024 },
      { id: 2, priceMinor: 1200, dataMb: 5120 },
      { id: 3, priceMinor: 2400, dataMb: 10240 },
      { id: 4, priceMinor: 3000, dataMb: null },
    ];
    expect([...bestValueIds(plans)]).toEqual([2, 3]);
  });
  it('is empty when every plan is unlimited', () => {
    expect(bestValueIds([{ id: 1, priceMinor: 3000, dataMb: null }]).size).toBe(0);
  });
});

describe('networkSummary', () => {
  it('claims nothing the provider did not say', () => {
    expect(networkSummary(undefined)).toBeNull();
    expect(networkSummary({})).toBeNull();
    expect(networkSummary({ operators: [] })).toBeNull();
  });
  it('lists each operator once, the best generation, and how many more', () => {
    expect(
      networkSummary({
        operators: [
          { country: 'JP', name: 'NTT Docomo', generation: '5G' },
          { country: 'JP', name: 'SoftBank', generation: '4G' },
          { country: 'KR', name: 'NTT Docomo' },
          { country: 'TH', name: 'AIS', generation: '4G' },
        ],
      }),
    ).toEqual({ names: ['NTT Docomo', 'SoftBank'], more: 1, generation: '5G' });
    expect(networkSummary({ operators: [{ country: 'FR', name: 'Orange' }] })).toEqual({
      names: ['Orange'],
      more: 0,
      generation: undefined,
    });
  });
});

// The equivalence rule and the best offer among providers (domain/offers.ts), as tables.
import { describe, expect, it } from 'vitest';
import { chooseListedOffers, offerKey, rankOffers } from '../../src/domain/offers.ts';

describe('offerKey', () => {
  it.each([
    [['JP'], 1024, 7, false, 'JP|1024MB|7d|esim'],
    [['gb'], 2048, 15, false, 'UK|2048MB|15d|esim'],
    [['US', 'CA', 'MX', 'US'], 1024, 7, false, 'CA,MX,US|1024MB|7d|esim'],
    [['FR'], null, 10, false, 'FR|unlimited|10d|esim'],
    [['ES'], 3072, 30, true, 'ES|3072MB|30d|topup'],
  ] as const)('%j %s MB %s days topup=%s → %s', (countries, mb, days, topup, key) => {
    expect(offerKey(countries, mb, days, topup)).toBe(key);
  });

  it('the same countries in any order are one offer; one country more is another', () => {
    expect(offerKey(['DE', 'FR'], 1024, 7, false)).toBe(offerKey(['FR', 'DE'], 1024, 7, false));
    expect(offerKey(['DE', 'FR', 'IT'], 1024, 7, false)).not.toBe(offerKey(['DE', 'FR'], 1024, 7, false));
    expect(offerKey(['DE'], 1024, 7, false)).not.toBe(offerKey(['DE'], 1024, 30, false));
    expect(offerKey(['DE'], 1024, 7, false)).not.toBe(offerKey(['DE'], 1000, 7, false));
  });

  it('a long coverage list is kept short (its hash), still one key per set', () => {
    const many = Array.from(
      { length: 120 },
      (_, i) => `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
    );
    const key = offerKey(many, null, 30, false);
    expect(key.length).toBeLessThan(120);
    expect(key).toBe(offerKey([...many].reverse(), null, 30, false));
  });
});

const p = (id: number, provider: string, priceMinor: number, dataMb: number | null = 1024, wholesaleMinor = 100) => ({
  id,
  provider,
  priceMinor,
  dataMb,
  wholesaleMinor,
});

describe('rankOffers: price to the traveller, then data, then cost, then ESIM_PROVIDERS order, then id', () => {
  const order = ['simulator', 'airalo', 'esimaccess'];
  it.each([
    ['cheapest first', [p(1, 'airalo', 500), p(2, 'esimaccess', 450)], [2, 1]],
    ['same price: more data', [p(1, 'airalo', 500, 1024), p(2, 'esimaccess', 500, 2048)], [2, 1]],
    ['same price: unlimited beats any amount', [p(1, 'airalo', 500, 20480), p(2, 'esimaccess', 500, null)], [2, 1]],
    ['same price and data: lower wholesale cost', [p(1, 'airalo', 500, 1024, 300), p(2, 'esimaccess', 500, 1024, 250)], [2, 1]],
    ['all equal: the provider listed first', [p(1, 'esimaccess', 500), p(2, 'airalo', 500)], [2, 1]],
    ['unknown provider last', [p(1, 'other', 500), p(2, 'esimaccess', 500)], [2, 1]],
  ] as const)('%s', (_name, plans, ids) => {
    expect(rankOffers(plans, order).map((x) => x.id)).toEqual(ids);
  });
});

describe('chooseListedOffers', () => {
  it('lists the best of each key, the others point at it; a single provider or no key stays listed', () => {
    const k = (key: string | null) => ({ offerKey: key });
    const out = chooseListedOffers(
      [
        { ...p(1, 'airalo', 500), ...k('US|1024MB|7d|esim') },
        { ...p(2, 'esimaccess', 450), ...k('US|1024MB|7d|esim') },
        { ...p(3, 'simulator', 480), ...k('US|1024MB|7d|esim') },
        { ...p(4, 'airalo', 900), ...k('JP|1024MB|7d|esim') },
        { ...p(5, 'airalo', 950), ...k('JP|1024MB|7d|esim') },
        { ...p(6, 'simulator', 100), ...k(null) },
      ],
      ['simulator', 'airalo', 'esimaccess'],
    );
    expect(Object.fromEntries(out)).toEqual({ 1: 2, 2: null, 3: 2, 4: null, 5: null, 6: null });
  });
});

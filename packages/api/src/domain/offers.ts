// Several providers at once (issue 25): when are two providers' plans the same offer, and which
// one does the shop list? Pure: catalog sync stores the key (plans.offer_key) and the choice
// (plans.alternate_of); provisioning fails over along the same order.
//
// THE EQUIVALENCE RULE. Two plans of different providers are the same offer when, all four:
//   1. they cover exactly the same set of countries (ISO codes, as the shop codes them: GB is UK) —
//      a 'Europe' of 39 countries and one of 42 are different offers, even under one region name;
//   2. they give the same data (MB; unlimited equals only unlimited);
//   3. they last the same number of days;
//   4. they are sold the same way (as a new eSIM, or only as a top-up).
// Networks, speed, hotspot and other provider facts are not compared: the traveller buys coverage,
// data and days, and the plan page shows the facts of the plan actually listed.
//
// THE BEST OFFER among equivalent plans: the lowest price to the traveller (plans.price_minor, what
// the shop charges), then the most data (unlimited counts as the most; equal under rule 2, kept so
// the order stays total if the rule is ever loosened), then the lowest wholesale cost (the shop's
// margin), then the provider listed first in ESIM_PROVIDERS, then the oldest plan (lowest id).
// The others are its alternates, in that same order: provisioning tries the next one when a
// provider refuses the order as out of stock or unavailable.

/** cyrb53 (a public-domain 53-bit string hash), as 14 hex digits: pure, so domain/ stays browser-safe. */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The offer key of a provider's package (see the rule above); the same key = the same offer. */
export function offerKey(countries: readonly string[], dataMb: number | null, validityDays: number, topupOnly: boolean): string {
  const list = [...new Set(countries.map((c) => c.trim().toUpperCase()).map((c) => (c === 'GB' ? 'UK' : c)))].sort().join(',');
  // A long coverage list (a global package) is kept short as its hash (two seeds: 106 bits), with its
  // country count, so the key fits its column.
  const count = list.split(',').length;
  const coverage = list.length <= 200 ? list : `${count}countries#${hash53(list, 1)}${hash53(list, 2)}`;
  return `${coverage}|${dataMb === null ? 'unlimited' : `${dataMb}MB`}|${validityDays}d|${topupOnly ? 'topup' : 'esim'}`;
}

export interface OfferCandidate {
  id: number;
  provider: string | null;
  priceMinor: number;
  dataMb: number | null;
  wholesaleMinor: number | null;
}

/** Best first (the rule above); `providerOrder` is ESIM_PROVIDERS (a provider not in it sorts last). */
export function rankOffers<T extends OfferCandidate>(plans: readonly T[], providerOrder: readonly string[]): T[] {
  const rank = (p: string | null) => {
    const i = p === null ? -1 : providerOrder.indexOf(p);
    return i < 0 ? providerOrder.length : i;
  };
  const data = (mb: number | null) => (mb === null ? Number.POSITIVE_INFINITY : mb);
  return [...plans].sort(
    (a, b) =>
      a.priceMinor - b.priceMinor ||
      data(b.dataMb) - data(a.dataMb) ||
      (a.wholesaleMinor ?? Number.MAX_SAFE_INTEGER) - (b.wholesaleMinor ?? Number.MAX_SAFE_INTEGER) ||
      rank(a.provider) - rank(b.provider) ||
      a.id - b.id,
  );
}

/**
 * plan id → the id of the plan listed instead (alternate_of), for every plan that is not the best of
 * its key; best plans and plans without an equivalent map to null. Plans of one provider never
 * stand in for each other (a provider listing two equal packages: both stay listed).
 */
export function chooseListedOffers<T extends OfferCandidate & { offerKey: string | null }>(
  plans: readonly T[],
  providerOrder: readonly string[],
): Map<number, number | null> {
  const out = new Map<number, number | null>();
  const groups = new Map<string, T[]>();
  for (const p of plans) {
    out.set(p.id, null);
    if (p.offerKey === null || p.provider === null) continue;
    const g = groups.get(p.offerKey);
    if (g) g.push(p);
    else groups.set(p.offerKey, [p]);
  }
  for (const group of groups.values()) {
    if (new Set(group.map((p) => p.provider)).size < 2) continue;
    const [best, ...rest] = rankOffers(group, providerOrder);
    for (const p of rest) if (p.provider !== best!.provider) out.set(p.id, best!.id);
  }
  return out;
}

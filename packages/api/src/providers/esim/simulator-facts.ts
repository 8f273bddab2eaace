// What the simulator says about its packages (the seed catalogue), the way a wholesaler does: the
// networks it uses in each country with their best generation, hotspot, a daily fair-use cap and
// the speed after it on unlimited plans, top-ups, validity from the first connection, and where a
// bundle's traffic leaves the internet (regional eSIMs usually break out in one hub country).
// Countries without an entry get no operator list: the provider 'did not say', as real catalogues
// often don't, so the shop claims nothing about their networks.
import type { PlanFacts, PlanOperator } from './types.ts';

type Gen = NonNullable<PlanOperator['generation']>;

/** ISO alpha-2 → [operator, generation][] (public roaming partners of the large wholesalers). */
const OPERATORS: Record<string, ReadonlyArray<readonly [string, Gen]>> = {
  JP: [
    ['NTT Docomo', '5G'],
    ['SoftBank', '5G'],
  ],
  KR: [
    ['SK Telecom', '5G'],
    ['KT', '5G'],
  ],
  TH: [
    ['AIS', '5G'],
    ['True Move H', '5G'],
  ],
  SG: [
    ['Singtel', '5G'],
    ['StarHub', '4G'],
  ],
  ID: [['Telkomsel', '4G']],
  VN: [
    ['Viettel', '4G'],
    ['Vinaphone', '4G'],
  ],
  CN: [['China Unicom', '4G']],
  HK: [['CSL', '5G']],
  IN: [['Airtel', '4G']],
  AE: [
    ['Etisalat', '5G'],
    ['du', '4G'],
  ],
  TR: [
    ['Turkcell', '4G'],
    ['Vodafone', '4G'],
  ],
  US: [
    ['T-Mobile', '5G'],
    ['AT&T', '5G'],
  ],
  CA: [
    ['Rogers', '5G'],
    ['Bell', '4G'],
  ],
  MX: [
    ['Telcel', '4G'],
    ['AT&T', '4G'],
  ],
  BR: [
    ['Claro', '4G'],
    ['Vivo', '4G'],
  ],
  GB: [
    ['EE', '5G'],
    ['Vodafone', '5G'],
    ['Three', '4G'],
  ],
  FR: [
    ['Orange', '5G'],
    ['SFR', '5G'],
    ['Bouygues Telecom', '4G'],
  ],
  DE: [
    ['Telekom', '5G'],
    ['Vodafone', '5G'],
    ['O2', '4G'],
  ],
  ES: [
    ['Movistar', '5G'],
    ['Vodafone', '4G'],
  ],
  IT: [
    ['TIM', '5G'],
    ['Vodafone', '4G'],
  ],
  PT: [['MEO', '4G']],
  NL: [['KPN', '5G']],
  CH: [
    ['Swisscom', '5G'],
    ['Sunrise', '4G'],
  ],
  GR: [['Cosmote', '4G']],
  AU: [
    ['Telstra', '5G'],
    ['Optus', '4G'],
  ],
  NZ: [['Spark', '4G']],
  EG: [['Vodafone', '4G']],
  ZA: [['Vodacom', '4G']],
};

/** Where a bundle's traffic exits (its IP's country), by the seed's bundle code. */
const BREAKOUT: Record<string, string> = {
  EU: 'NL',
  GLOBAL: 'HK',
  ASIA: 'SG',
  LATAM: 'US',
  MENA: 'AE',
  AFRICA: 'ZA',
  NORAM: 'US',
  CARIB: 'US',
  OCEANIA: 'AU',
};

/** Unlimited plans: full speed up to this much a day, then THROTTLED_KBPS. */
const UNLIMITED_DAILY_CAP_MB = 2048;
const THROTTLED_KBPS = 1024;

/** The simulator's facts for a package of the seed catalogue. */
export function simulatorPlanFacts(
  region: { code: string; kind: 'country' | 'bundle' },
  countries: readonly string[],
  dataMb: number | null,
): PlanFacts {
  const operators: PlanOperator[] = [];
  for (const country of countries) {
    for (const [name, generation] of OPERATORS[country] ?? []) operators.push({ country, name, generation });
  }
  const breakout = region.kind === 'bundle' ? BREAKOUT[region.code] : undefined;
  return {
    ...(operators.length ? { operators } : {}),
    // Small plans of the simulator's 'budget' line forbid tethering; the rest allow it (a provider fact, not a size rule in the shop).
    hotspot: dataMb === null || dataMb > 1024,
    ...(dataMb === null ? { dailyCapMb: UNLIMITED_DAILY_CAP_MB, throttledKbps: THROTTLED_KBPS } : { dailyCapMb: null }),
    topUps: true,
    validityStarts: 'first_connection',
    ...(breakout ? { ipCountry: breakout } : {}),
  };
}

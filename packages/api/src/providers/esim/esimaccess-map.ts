// eSIM Access's shapes in the shop's units and states: pure functions, table-tested beside the adapter.
//
// Units (eSIM Access's open API v1):
//   price, retailPrice   integer, 1/10,000 of the currency (10,000 = 1.00 USD). Minor units (cents)
//                        = price / 100, rounded half up (an odd 1/10,000 never happens in practice,
//                        but a half cent goes up, never down, so the shop never under-counts cost).
//   volume, totalVolume, orderUsage, dataUsage, totalData
//                        bytes. MB = bytes / 1,048,576 (binary MB: eSIM Access's "1GB" packages are
//                        1,073,741,824 bytes = 1,024 MB). A package's MB is rounded half up to a whole
//                        MB; usage keeps two decimals.
//   duration + durationUnit  DAY → days; MONTH → × 30; YEAR → × 365 (the shop counts validity in days).
//   dataType             1: a total volume; 2/3: volume per day (reduced speed / cut off after it);
//                        4: daily unlimited (fair use). The shop's plans have one total or none, so
//                        2/3 are left out of the catalogue and 4 is listed as unlimited (dataMb null).
import { bestGeneration, compactFacts, fairUseOf } from './provider-facts.ts';
import type { EsimPlanState, EsimProfileState, PlanFacts, PlanOperator, ProviderPackage } from './types.ts';

export const BYTES_PER_MB = 1_048_576;

/** One package in /api/v1/open/package/list's obj.packageList (the fields the adapter reads). */
export interface EaPackage {
  packageCode: string;
  slug?: string | undefined;
  name?: string | undefined;
  price: number;
  currencyCode?: string | undefined;
  volume: number;
  dataType?: number | undefined;
  duration: number;
  durationUnit?: string | undefined;
  location?: string | undefined;
  locationCode?: string | undefined;
  retailPrice?: number | undefined;
  supportTopUpType?: number | undefined;
  locationNetworkList?:
    | Array<{
        locationName?: string;
        locationCode?: string;
        locationLogo?: string;
        operatorList?: Array<{ operatorName?: string; networkType?: string }> | undefined;
      }>
    | undefined;
  /** The fair-use text, when the package has one. */
  fupPolicy?: string | null | undefined;
  /** The country the traffic exits from (the IP's country), when it is named. */
  ipExport?: string | null | undefined;
}

/**
 * Plan facts from a package of /package/list (as far as its published documentation and the packages
 * it lists show them): locationNetworkList[].operatorList[{ operatorName, networkType }] → operators
 * per country and generation; supportTopUpType (2: top-ups sold, 1: none) → top-ups; fupPolicy →
 * daily cap and the speed after it (dataType 4, daily unlimited: the package's volume is the daily
 * cap); ipExport (an ISO code) → the IP's exit country. eSIM Access's validity starts at the first
 * connection for every package, but it says so in prose, not per package: left undefined here. It
 * says nothing about hotspot: undefined.
 */
export function esimAccessFacts(p: EaPackage): PlanFacts | undefined {
  const operators: PlanOperator[] = [];
  for (const loc of p.locationNetworkList ?? []) {
    const country = (loc.locationCode ?? '').trim().toUpperCase();
    if (!ISO2.test(country)) continue;
    for (const op of loc.operatorList ?? []) {
      const name = (op.operatorName ?? '').trim();
      if (!name) continue;
      const generation = bestGeneration([op.networkType ?? '']);
      operators.push({ country, name, ...(generation ? { generation } : {}) });
    }
  }
  const fup = fairUseOf(p.fupPolicy);
  const daily = p.dataType === 4 && Number.isFinite(p.volume) && p.volume > 0 ? bytesToWholeMb(p.volume) : undefined;
  const ip = (p.ipExport ?? '').trim().toUpperCase();
  return compactFacts({
    operators: operators.length ? operators : undefined,
    topUps: p.supportTopUpType === 2 ? true : p.supportTopUpType === 1 ? false : undefined,
    dailyCapMb: daily ?? fup.dailyCapMb,
    throttledKbps: fup.throttledKbps,
    ipCountry: ISO2.test(ip) ? ip : undefined,
  });
}

/** One eSIM in /api/v1/open/esim/query's obj.esimList. */
export interface EaEsim {
  esimTranNo: string;
  orderNo: string;
  transactionId?: string | undefined;
  iccid?: string | null | undefined;
  ac?: string | null | undefined;
  qrCodeUrl?: string | null | undefined;
  smdpStatus?: string | null | undefined;
  esimStatus?: string | null | undefined;
  activateTime?: string | null | undefined;
  expiredTime?: string | null | undefined;
  installationTime?: string | null | undefined;
  totalVolume?: number | null | undefined;
  totalDuration?: number | null | undefined;
  durationUnit?: string | null | undefined;
  orderUsage?: number | null | undefined;
  dataType?: number | null | undefined;
  apn?: string | null | undefined;
}

/** 1/10,000 currency units → integer minor units (cents), half up. */
export function priceToMinor(price: number): number {
  return Math.floor((price + 50) / 100);
}

/** Bytes → whole MB, half up. */
export function bytesToWholeMb(bytes: number): number {
  return Math.floor(bytes / BYTES_PER_MB + 0.5);
}

/** Bytes → MB with two decimals (usage). */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / BYTES_PER_MB) * 100) / 100;
}

export function durationToDays(duration: number, unit: string | null | undefined): number | null {
  if (!Number.isFinite(duration) || duration <= 0) return null;
  switch ((unit ?? 'DAY').toUpperCase()) {
    case 'DAY':
      return Math.round(duration);
    case 'MONTH':
      return Math.round(duration * 30);
    case 'YEAR':
      return Math.round(duration * 365);
    default:
      return null;
  }
}

const ISO2 = /^[A-Z]{2}$/;

/** ISO codes from locationNetworkList[].locationCode, else the comma list in `location`; region codes like 'NA-3' dropped. */
export function packageCountries(p: EaPackage): string[] {
  const fromNetworks = (p.locationNetworkList ?? []).map((n) => (n.locationCode ?? '').trim().toUpperCase());
  const fromLocation = (p.location ?? p.locationCode ?? '').split(',').map((s) => s.trim().toUpperCase());
  const pick = fromNetworks.some((c) => ISO2.test(c)) ? fromNetworks : fromLocation;
  return [...new Set(pick.filter((c) => ISO2.test(c)))];
}

/** 'Europe 5GB 30Days' → 'Europe' (multi-country packages only). */
export function packageArea(p: EaPackage, countries: string[]): string | undefined {
  if (countries.length < 2 || !p.name) return undefined;
  const area = p.name.replace(/\s*\d+(?:\.\d+)?\s*(?:GB|MB)\b.*$/i, '').trim();
  return area || undefined;
}

/**
 * A package as the shop's ProviderPackage, or a reason it cannot be one (logged by the adapter,
 * never fatal: one odd package must not stop a catalogue sync).
 */
export function toProviderPackage(p: EaPackage, kind: 'BASE' | 'TOPUP'): ProviderPackage | { skip: string } {
  if (typeof p.packageCode !== 'string' || p.packageCode === '') return { skip: 'no packageCode' };
  const countries = packageCountries(p);
  if (countries.length === 0) return { skip: 'no ISO country in its locations' };
  const days = durationToDays(Number(p.duration), p.durationUnit);
  if (days === null || days <= 0) return { skip: `unreadable duration ${String(p.duration)} ${String(p.durationUnit)}` };
  if (!Number.isFinite(p.price) || p.price < 0) return { skip: 'unreadable price' };
  const dataType = p.dataType ?? 1;
  let dataMb: number | null;
  if (dataType === 4) dataMb = null;
  else if (dataType === 2 || dataType === 3) return { skip: 'a per-day data allowance (the shop sells totals)' };
  else {
    if (!Number.isFinite(p.volume) || p.volume <= 0) return { skip: 'unreadable volume' };
    dataMb = Math.max(1, bytesToWholeMb(p.volume));
  }
  const currency = (p.currencyCode ?? 'USD').toUpperCase();
  const area = packageArea(p, countries);
  const facts = esimAccessFacts(p);
  return {
    code: p.packageCode,
    name: p.name ?? p.packageCode,
    countries,
    ...(area ? { area } : {}),
    dataMb,
    validityDays: days,
    wholesale: { minor: priceToMinor(p.price), currency },
    ...(typeof p.retailPrice === 'number' && p.retailPrice > 0
      ? { suggestedRetail: { minor: priceToMinor(p.retailPrice), currency } }
      : {}),
    topUp: kind === 'TOPUP',
    newEsim: kind === 'BASE',
    ...(facts ? { facts } : {}),
  };
}

// --- states ----------------------------------------------------------------------------------------
//
// eSIM Access reports two statuses per eSIM; the shop keeps the profile (on the SM-DP+) and the
// plan (the data package) apart:
//
//   smdpStatus     → profile state          esimStatus                     → plan state
//   RELEASED         released               CREATE, PAYING, PAID,
//   DOWNLOAD         downloaded             GETTING_RESOURCE, GOT_RESOURCE   not_active (active once
//   INSTALLATION     installed                                               activateTime is set)
//   ENABLED          enabled                IN_USE, SUSPENDED                active
//   DISABLED         disabled               USED_UP                          finished
//   DELETED          deleted                USED_EXPIRED, UNUSED_EXPIRED     expired
//   (unknown)        released               CANCEL, REVOKED                  expired (no longer usable)
//                                          (unknown)                        not_active, or active
//                                                                           once activateTime is set

const PROFILE: Record<string, EsimProfileState> = {
  RELEASED: 'released',
  DOWNLOAD: 'downloaded',
  INSTALLATION: 'installed',
  ENABLED: 'enabled',
  DISABLED: 'disabled',
  DELETED: 'deleted',
};

const PLAN: Record<string, EsimPlanState> = {
  IN_USE: 'active',
  SUSPENDED: 'active',
  USED_UP: 'finished',
  USED_EXPIRED: 'expired',
  UNUSED_EXPIRED: 'expired',
  CANCEL: 'expired',
  REVOKED: 'expired',
};

export function profileStateOf(smdpStatus: string | null | undefined): EsimProfileState {
  return PROFILE[(smdpStatus ?? '').toUpperCase()] ?? 'released';
}

export function planStateOf(esimStatus: string | null | undefined, activateTime: string | null | undefined): EsimPlanState {
  return PLAN[(esimStatus ?? '').toUpperCase()] ?? (activateTime ? 'active' : 'not_active');
}

/** eSIM Access writes '2026-09-27T19:29:36+0000' (no colon in the offset); ISO or null. */
export function eaTime(s: string | null | undefined): Date | null {
  if (!s) return null;
  const d = new Date(s.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The provider's transactionId (≤ 50 characters, letters, digits, '_', '-', ':' and '.'): the key itself when it fits. */
export function transactionIdOf(key: string, hash: (s: string) => string): string {
  return key.length <= 50 && /^[A-Za-z0-9_:.-]+$/.test(key) ? key : `k-${hash(key).slice(0, 48)}`;
}

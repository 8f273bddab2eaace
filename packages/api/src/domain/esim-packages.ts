// An eSIM's data packages over time, as pure functions (the clock comes in):
//   - the first package starts at activation; the next one takes over when the current one is used
//     up (at that moment) or expires (at its expiry); a refunded package never starts;
//   - advancePackages / consumeData: the provider's side (the simulator) — exact usage per package;
//   - mergeUsageSnapshot: the shop's side — the provider reports only the eSIM's cumulative MB, so
//     the MB are poured into the packages in order: finished and expired packages keep what they
//     had (frozen), the rest fills the live ones; nothing ever goes down and no state goes back.
// Table tests in test/domain/esim-packages.test.ts.
import { DAY_MS, type EsimPackageState, type EsimPlanStateValue } from './esim-life.ts';

export interface PackageLife {
  /** null: unlimited. */
  dataMb: number | null;
  validityDays: number;
  usedMb: number;
  state: EsimPackageState;
  /** ISO; null while queued. */
  startedAt: string | null;
  expiresAt: string | null;
}

const ms = (isoText: string) => new Date(isoText).getTime();
const isoOf = (t: number) => new Date(t).toISOString();
const expiryOf = (startedAt: string, validityDays: number) => isoOf(ms(startedAt) + validityDays * DAY_MS);
const isFull = (p: PackageLife) => p.dataMb !== null && p.usedMb >= p.dataMb;
const isTerminal = (s: EsimPackageState) => s === 'finished' || s === 'expired' || s === 'refunded';

function start(p: PackageLife, at: string): void {
  p.state = 'active';
  p.startedAt = p.startedAt ?? at;
  p.expiresAt = p.expiresAt ?? expiryOf(p.startedAt, p.validityDays);
}

/**
 * Rolls the packages forward to `now`: before activation nothing starts; then the current package
 * expires when its validity is over (the next one starts at that instant) and a package after a
 * used-up one starts. Returns new objects; the input is not changed.
 */
export function advancePackages(packages: readonly PackageLife[], activatedAt: string | null, now: Date): PackageLife[] {
  const out = packages.map((p) => ({ ...p }));
  if (activatedAt === null) return out;
  const nowIso = now.toISOString();
  let startAt = activatedAt;
  for (const p of out) {
    if (p.state === 'refunded') continue;
    if (p.state === 'finished') {
      // A package queued after the data ran out starts when it is seen (it was bought later).
      startAt = nowIso;
      continue;
    }
    if (p.state === 'expired') {
      startAt = p.expiresAt ?? nowIso;
      continue;
    }
    if (p.state === 'queued') start(p, startAt);
    if (isFull(p)) {
      p.state = 'finished';
      startAt = nowIso;
      continue;
    }
    if (p.expiresAt !== null && ms(p.expiresAt) <= now.getTime()) {
      p.state = 'expired';
      startAt = p.expiresAt;
      continue;
    }
    break;
  }
  return out;
}

/** Uses `mb` of data at `now` (the provider's side): fills the current package, then the next; what no package holds is dropped. */
export function consumeData(
  packages: readonly PackageLife[],
  activatedAt: string,
  mb: number,
  now: Date,
): { packages: PackageLife[]; droppedMb: number } {
  let out = advancePackages(packages, activatedAt, now);
  let left = Math.max(0, Math.floor(mb));
  while (left > 0) {
    const current = out.find((p) => p.state === 'active');
    if (!current) break;
    const room = current.dataMb === null ? left : Math.max(0, current.dataMb - current.usedMb);
    const take = Math.min(room, left);
    current.usedMb += take;
    left -= take;
    if (isFull(current)) current.state = 'finished';
    out = advancePackages(out, activatedAt, now);
  }
  return { packages: out, droppedMb: left };
}

export interface PackagesSummary {
  usedMb: number;
  /** null: an unlimited package is on the eSIM. */
  totalMb: number | null;
  planState: EsimPlanStateValue;
  /** The current package's expiry (else the last one's); null before activation. */
  expiresAt: string | null;
  /** Index of the active package, or -1. */
  current: number;
}

/** The eSIM as a whole: used and total over its packages (refunded ones left out) and its plan state. */
export function summarizePackages(packages: readonly PackageLife[], activatedAt: string | null, now: Date): PackagesSummary {
  const live = packages.filter((p) => p.state !== 'refunded');
  const usedMb = live.reduce((s, p) => s + p.usedMb, 0);
  const totalMb = live.some((p) => p.dataMb === null) ? null : live.reduce((s, p) => s + (p.dataMb ?? 0), 0);
  const current = packages.findIndex((p) => p.state === 'active');
  if (activatedAt === null) return { usedMb, totalMb, planState: 'not_active', expiresAt: null, current };
  if (current >= 0) return { usedMb, totalMb, planState: 'active', expiresAt: packages[current]!.expiresAt, current };
  const last = [...live].reverse().find((p) => p.startedAt !== null);
  const expiresAt = last?.expiresAt ?? null;
  const over = expiresAt !== null && ms(expiresAt) <= now.getTime();
  return { usedMb, totalMb, planState: last?.state === 'finished' && !over ? 'finished' : 'expired', expiresAt, current };
}

/** What a provider reports about the eSIM (usage() or an event), cumulative over its packages. */
export interface UsageReport {
  usedMb: number;
  planState: EsimPlanStateValue;
  activatedAt: string | null;
  expiresAt: string | null;
}

/**
 * The shop's packages after a provider report taken at `at`. Used MB never go down (the larger of
 * the report and what the package had); finished/expired/refunded packages are frozen; the MB the
 * frozen ones do not hold fill the live ones in order. The provider's own word wins for the current
 * package: its expiry, and 'expired' or 'finished' when it says so.
 */
export function mergeUsageSnapshot(packages: readonly PackageLife[], report: UsageReport, at: Date): PackageLife[] {
  const out = packages.map((p) => ({ ...p }));
  if (report.activatedAt === null) return out;
  const atIso = at.toISOString();
  const frozen = out.filter((p) => isTerminal(p.state)).reduce((s, p) => s + p.usedMb, 0);
  let left = Math.max(0, report.usedMb - frozen);
  let startAt = report.activatedAt;
  let current: PackageLife | null = null;
  for (const p of out) {
    if (p.state === 'refunded') continue;
    if (p.state === 'finished') {
      startAt = atIso;
      continue;
    }
    if (p.state === 'expired') {
      startAt = p.expiresAt ?? atIso;
      continue;
    }
    if (current !== null) break;
    const share = p.dataMb === null ? left : Math.min(left, p.dataMb);
    left -= share;
    p.usedMb = Math.max(p.usedMb, share);
    if (p.state === 'queued') start(p, startAt);
    if (isFull(p)) {
      p.state = 'finished';
      startAt = atIso;
      continue;
    }
    if (p.expiresAt !== null && ms(p.expiresAt) <= at.getTime()) {
      p.state = 'expired';
      startAt = p.expiresAt;
      continue;
    }
    current = p;
  }
  if (current !== null) {
    if (report.planState === 'active' && report.expiresAt !== null) current.expiresAt = report.expiresAt;
    // The provider says the eSIM's data or validity is over: the current package is over too, and
    // it ended when the provider says (an early expiry ends it before its own validity would).
    if (report.planState === 'expired' && !hasLiveAfter(out, current)) {
      current.state = 'expired';
      if (report.expiresAt !== null && (current.expiresAt === null || ms(report.expiresAt) < ms(current.expiresAt))) {
        current.expiresAt = report.expiresAt;
      }
    }
    if (report.planState === 'finished' && !hasLiveAfter(out, current)) current.state = 'finished';
  }
  return out;
}

function hasLiveAfter(packages: readonly PackageLife[], p: PackageLife): boolean {
  const i = packages.indexOf(p);
  return packages.slice(i + 1).some((q) => q.state === 'queued');
}

/**
 * The packages as the account shows them, agreeing with the eSIM's own state and 'Valid until':
 * on an expired eSIM no package is still running (an active one is shown ended), and none that
 * started ends after the eSIM's expiry. Queued packages (never started) are left as they are: they
 * are still refundable. Nothing changes while the eSIM is not expired. Returns new objects.
 */
export function packagesAsShown<P extends Pick<PackageLife, 'state' | 'startedAt' | 'expiresAt'>>(
  packages: readonly P[],
  esim: { expired: boolean; expiresAt: string | null },
): P[] {
  if (!esim.expired) return packages.map((p) => ({ ...p }));
  const end = esim.expiresAt;
  return packages.map((p) => {
    const q = { ...p };
    if (q.state === 'queued' || q.state === 'refunded') return q;
    if (q.state === 'active') q.state = 'expired';
    if (end !== null && (q.expiresAt === null || ms(q.expiresAt) > ms(end))) q.expiresAt = end;
    // A package that 'started' after the eSIM ended did not run at all.
    if (end !== null && q.startedAt !== null && ms(q.startedAt) > ms(end)) q.startedAt = end;
    return q;
  });
}

/** enabled ⇄ disabled may alternate; every other profile state only moves forward. */
const PROFILE_ORDER = { released: 0, downloaded: 1, installed: 2, enabled: 3, disabled: 3, deleted: 4 } as const;
const PLAN_ORDER = { not_active: 0, active: 1, finished: 2, expired: 3 } as const;

export function nextProfileState<S extends keyof typeof PROFILE_ORDER>(current: S, reported: S): S {
  return PROFILE_ORDER[reported] >= PROFILE_ORDER[current] ? reported : current;
}

/**
 * The plan state never goes back, with one exception: a top-up brings a used-up ('finished') eSIM
 * back to 'active'. Nothing comes back from 'expired'.
 */
export function nextPlanState(current: EsimPlanStateValue, reported: EsimPlanStateValue): EsimPlanStateValue {
  if (current === 'finished' && reported === 'active') return 'active';
  return PLAN_ORDER[reported] >= PLAN_ORDER[current] ? reported : current;
}

// The trip planner (issue 28): the cheapest set of plans that covers every day in every country of a
// trip, compared across local plans, regional bundles and global plans. Pure: the catalogue's plans,
// with their prices already in the chosen currency, come in as an argument.
//
// The model (stated here once; the page and the README repeat it):
// - A trip is an ordered list of stops: a country, a first and a last calendar day (both included), and
//   whether it is a layover. Every (day, country) pair of the trip is one "cell"; two stops that share a
//   day (the day you fly) both need that day. Cells are kept in travel order: by day, then by stop order.
// - Data use: a day needs USAGE_MB_PER_DAY[usage]; a day spent in several countries shares it among them,
//   a layover counting for LAYOVER_SHARE of a full stop (a few hours at an airport).
// - Validity: a plan activates on its first use (first connection in a country it covers) and stays valid
//   for `validityDays` calendar days counting the activation day. While valid it serves the days it is
//   used for until its data is used up (unlimited plans never run out). A traveller uses one eSIM at a
//   time and switches at the start of a cell, so each plan serves one contiguous run of cells in travel
//   order, activating on the run's first day: the run's countries must all be covered, its first and last
//   day must lie within the validity, and its data need must fit the plan's data.
// - Method: an exact dynamic programme over the cells in travel order (a shortest path):
//   best[b] = min over runs [a, b) and plans p able to serve the run of best[a] + price(p). Runs longer
//   than the longest validity are never tried, and plans another plan dominates (covers at least the same
//   trip countries, as long, with as much data, for no more money) are dropped first. Cells no plan can
//   serve (a country the catalogue does not sell, or more data in a day than any plan of it holds) are
//   reported as warnings and left out of the runs, so an uncovered layover does not split a bundle.
//   Cost: O(cells × longest validity × candidate plans), under a millisecond for a 10-country trip.
// - Returns (Japan → Korea → Japan): a plan stays installed and valid while another eSIM is in use, so
//   one plan may serve every stay in a country from one stay to a later one (a "return window"), while
//   the cells between them (Korea) are served by their own plans, chosen by the same DP over just those
//   cells. The outer DP tries every window that starts where a stay of a country starts and ends where
//   a later stay of it ends, as one more kind of run. Within this model (contiguous runs, plus one plan
//   resumed across the stays of one country) the search is exact; it does not try every interleaving
//   of several paused plans (Japan and Korea plans both resumed twice), which no test trip needs.
// - Ties: the fewer plans, then the plan listed first (lower id).

export type TripUsage = 'light' | 'normal' | 'heavy';
export const TRIP_USAGES: readonly TripUsage[] = ['light', 'normal', 'heavy'];

/** Data a traveller uses per day: light ≈ 0.3 GB (maps, messages), normal 1 GB (social, browsing), heavy 2.5 GB (video, hotspot). */
export const USAGE_MB_PER_DAY: Readonly<Record<TripUsage, number>> = { light: 300, normal: 1024, heavy: 2560 };

/** A layover's weight when a day's data is shared among its countries (a full stop weighs 1). */
export const LAYOVER_SHARE = 0.25;

/** The most stops a trip may list, and its longest span in days (first day to last, both included). */
export const TRIP_MAX_STOPS = 15;
export const TRIP_MAX_DAYS = 180;

export type TripPlanKind = 'local' | 'regional' | 'global';

export interface TripStop {
  /** The catalogue's country code (ISO alpha-2; the spec's 'UK'). */
  country: string;
  /** YYYY-MM-DD, the first day in the country. */
  start: string;
  /** YYYY-MM-DD, the last day in the country (≥ start). */
  end: string;
  layover: boolean;
}

/** One catalogue plan as the planner sees it; `priceMinor` in the chosen currency. */
export interface TripPlanOption {
  id: number;
  /** The plan's destination: a country code, a bundle code (ASIA), or GLOBAL. */
  regionCode: string;
  kind: TripPlanKind;
  /** Country codes the plan covers. */
  countries: readonly string[];
  /** MB of data; null for unlimited. */
  dataMb: number | null;
  validityDays: number;
  priceMinor: number;
}

export interface TripRequest {
  stops: readonly TripStop[];
  usage: TripUsage;
  plans: readonly TripPlanOption[];
  currency: string;
}

export interface TripChosenPlan {
  planId: number;
  regionCode: string;
  kind: TripPlanKind;
  priceMinor: number;
  dataMb: number | null;
  validityDays: number;
  /** YYYY-MM-DD: the first day it is used (its activation). */
  activation: string;
  /** YYYY-MM-DD: the last day of its validity. */
  validUntil: string;
  /** YYYY-MM-DD: the last day it is used on this trip. */
  lastUsed: string;
  /** The spans it is in use, first to last day: one, or several when it is resumed on a return (Japan, Korea, Japan). */
  periods: { from: string; to: string }[];
  /** Trip countries it serves, in travel order. */
  countries: string[];
  /** MB the trip uses on it (the estimate it was sized for). */
  neededMb: number;
}

export interface TripDayCell {
  country: string;
  layover: boolean;
  /** Index into `plans` of the plan serving it; null when none can. */
  plan: number | null;
  /** MB this country needs on this day. */
  needMb: number;
}

export interface TripDay {
  date: string;
  cells: TripDayCell[];
}

export interface TripWarning {
  /** 'noPlan': the catalogue sells nothing for that country; 'tooMuchData': no plan for it holds a day's data. */
  kind: 'noPlan' | 'tooMuchData';
  country: string;
  layover: boolean;
  /** First and last uncovered day (YYYY-MM-DD). */
  from: string;
  to: string;
}

export type TripExplanationKey = 'none' | 'bundle' | 'bundleEqual' | 'bundleOnly' | 'locals' | 'localsOnly' | 'mixed' | 'mixedOnly';

export interface TripExplanation {
  /** The one-sentence reason, an i18n key under trip:explain. */
  key: TripExplanationKey;
  params: {
    /** Plans in the proposal. */
    count: number;
    /** Countries the proposal covers. */
    countries: number;
    /** The first non-local plan's region code (ASIA, GLOBAL), '' when there is none. */
    region: string;
    /** What the proposal saves over the alternative it is compared with, minor units; 0 when there is none. */
    savingMinor: number;
    currency: string;
  };
}

export interface TripProposal {
  currency: string;
  usage: TripUsage;
  mbPerDay: number;
  totalMinor: number;
  plans: TripChosenPlan[];
  days: TripDay[];
  warnings: TripWarning[];
  explanation: TripExplanation;
  /** The cheapest proposals restricted to local plans, and to regional/global plans; null when they cannot cover what the proposal covers. */
  alternatives: { localsOnlyMinor: number | null; bundlesOnlyMinor: number | null };
}

// ---- dates --------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → days since 1970-01-01; null when it is not a real calendar day. */
export function dayNumber(iso: string): number | null {
  const m = ISO_DAY.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

// ---- input problems (shared by the server's zod schema and the page's form rules) -----------------

export type TripStopProblem = 'badDate' | 'endBeforeStart' | 'outOfOrder' | 'tooLong';

/** What is wrong with each stop (null: nothing), in the order the form shows them. */
export function tripStopProblems(stops: readonly Pick<TripStop, 'start' | 'end'>[]): (TripStopProblem | null)[] {
  const firstDay = stops.length > 0 ? dayNumber(stops[0]?.start ?? '') : null;
  let previousStart: number | null = null;
  return stops.map((s) => {
    const start = dayNumber(s.start);
    const end = dayNumber(s.end);
    if (start === null || end === null) return 'badDate';
    if (end < start) return 'endBeforeStart';
    if (previousStart !== null && start < previousStart) return 'outOfOrder';
    previousStart = start;
    if (firstDay !== null && end - firstDay + 1 > TRIP_MAX_DAYS) return 'tooLong';
    return null;
  });
}

// ---- the search -----------------------------------------------------------------------------------

interface Cell {
  day: number;
  country: string;
  countryBit: number;
  layover: boolean;
  needMb: number;
}

interface Candidate {
  plan: TripPlanOption;
  mask: number;
  data: number; // Infinity for unlimited
}

const UNLIMITED = Number.POSITIVE_INFINITY;

function buildCells(stops: readonly TripStop[], mbPerDay: number, bitOf: Map<string, number>): Cell[] {
  const byKey = new Map<string, { day: number; country: string; layover: boolean; order: number }>();
  stops.forEach((s, order) => {
    const start = dayNumber(s.start);
    const end = dayNumber(s.end);
    if (start === null || end === null || end < start) return;
    for (let day = start; day <= end; day++) {
      const key = `${day}|${s.country}`;
      const had = byKey.get(key);
      // The same country twice on one day is one cell; it is a layover only if every stop says so.
      if (had) had.layover &&= s.layover;
      else byKey.set(key, { day, country: s.country, layover: s.layover, order });
    }
  });
  const raw = [...byKey.values()].sort((a, b) => a.day - b.day || a.order - b.order);
  const weightOfDay = new Map<number, number>();
  for (const c of raw) weightOfDay.set(c.day, (weightOfDay.get(c.day) ?? 0) + (c.layover ? LAYOVER_SHARE : 1));
  return raw.map((c) => ({
    day: c.day,
    country: c.country,
    countryBit: bitOf.get(c.country) ?? 0,
    layover: c.layover,
    needMb: Math.ceil((mbPerDay * (c.layover ? LAYOVER_SHARE : 1)) / (weightOfDay.get(c.day) ?? 1)),
  }));
}

/** Plans covering at least one trip country, minus those another dominates. */
function candidates(plans: readonly TripPlanOption[], bitOf: Map<string, number>): Candidate[] {
  const list: Candidate[] = [];
  for (const plan of plans) {
    if (plan.validityDays < 1 || !Number.isSafeInteger(plan.priceMinor) || plan.priceMinor < 0) continue;
    if (plan.dataMb !== null && plan.dataMb <= 0) continue;
    let mask = 0;
    for (const c of plan.countries) mask |= bitOf.get(c) ?? 0;
    if (mask === 0) continue;
    list.push({ plan, mask, data: plan.dataMb ?? UNLIMITED });
  }
  const dominates = (a: Candidate, b: Candidate) =>
    (a.mask & b.mask) === b.mask &&
    a.plan.validityDays >= b.plan.validityDays &&
    a.data >= b.data &&
    a.plan.priceMinor <= b.plan.priceMinor;
  return list
    .filter(
      (b) =>
        !list.some(
          (a) =>
            a !== b &&
            dominates(a, b) &&
            // Of two equal plans keep the one listed first.
            (!dominates(b, a) || a.plan.id < b.plan.id),
        ),
    )
    .sort((a, b) => a.plan.priceMinor - b.plan.priceMinor || a.plan.id - b.plan.id);
}

interface Run {
  /** The cells the plan serves, in travel order (contiguous, or a country's stays in a return window). */
  cells: Cell[];
  cand: Candidate;
}

interface Solution {
  cost: number;
  runs: Run[];
}

/** The cheapest candidate (they are sorted by price) for these cells, or null. */
function cheapestFit(cells: readonly Cell[], cands: readonly Candidate[]): Candidate | null {
  const first = cells[0];
  const last = cells[cells.length - 1];
  if (!first || !last) return null;
  let mask = 0;
  let need = 0;
  for (const c of cells) {
    mask |= c.countryBit;
    need += c.needMb;
  }
  const span = last.day - first.day + 1;
  for (const cand of cands) if ((cand.mask & mask) === mask && cand.plan.validityDays >= span && cand.data >= need) return cand;
  return null;
}

/** A return window: cells [from, to) where one plan serves every cell of `bit`'s country, and an inner solution the rest. */
interface Window {
  from: number;
  to: number;
  plan: Run;
  inner: Solution;
}

/**
 * Return windows of the cells: for each country with two or more stays (maximal runs of its cells in
 * travel order), every window from a stay's first cell to a later stay's last cell, with the cheapest
 * plan for the country's cells in it and the cheapest contiguous cover of the other cells in it.
 */
function returnWindows(cells: readonly Cell[], cands: readonly Candidate[]): Window[] {
  const stays = new Map<number, { first: number; last: number }[]>();
  cells.forEach((c, i) => {
    const list = stays.get(c.countryBit) ?? [];
    const prev = list[list.length - 1];
    // A stay goes on while no other country's cell came between (a shared travel day does not end it
    // if the country's next cell follows at once).
    if (prev && prev.last === i - 1) prev.last = i;
    else list.push({ first: i, last: i });
    stays.set(c.countryBit, list);
  });
  const windows: Window[] = [];
  for (const [bit, list] of stays) {
    if (list.length < 2) continue;
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const from = (list[a] as { first: number }).first;
        const to = (list[b] as { last: number }).last + 1;
        const mine = cells.slice(from, to).filter((c) => c.countryBit === bit);
        const cand = cheapestFit(mine, cands);
        if (!cand) continue;
        const inner = cheapestRuns(
          cells.slice(from, to).filter((c) => c.countryBit !== bit),
          cands,
        );
        if (inner) windows.push({ from, to, plan: { cells: mine, cand }, inner });
      }
    }
  }
  return windows;
}

/** The cheapest cover by contiguous runs and return windows; null when some cell cannot be served. */
function cheapestCover(cells: readonly Cell[], cands: readonly Candidate[]): Solution | null {
  const windows = returnWindows(cells, cands);
  return cheapestRuns(cells, cands, windows);
}

/** The exact DP over cells in travel order (runs, plus the given windows); null when some cell cannot be served. */
function cheapestRuns(cells: readonly Cell[], cands: readonly Candidate[], windows: readonly Window[] = []): Solution | null {
  const n = cells.length;
  if (n === 0) return { cost: 0, runs: [] };
  const maxValidity = cands.reduce((m, c) => Math.max(m, c.plan.validityDays), 0);
  const cost = new Array<number>(n + 1).fill(UNLIMITED);
  const count = new Array<number>(n + 1).fill(UNLIMITED);
  const back = new Array<{ from: number; runs: Run[] } | null>(n + 1).fill(null);
  const endingAt = new Map<number, Window[]>();
  for (const w of windows) endingAt.set(w.to, [...(endingAt.get(w.to) ?? []), w]);
  cost[0] = 0;
  count[0] = 0;
  for (let b = 1; b <= n; b++) {
    const last = cells[b - 1] as Cell;
    let mask = 0;
    let need = 0;
    for (let a = b - 1; a >= 0; a--) {
      const first = cells[a] as Cell;
      const span = last.day - first.day + 1;
      if (span > maxValidity) break;
      mask |= first.countryBit;
      need += first.needMb;
      const before = cost[a] as number;
      if (before === UNLIMITED) continue;
      // Candidates are sorted by price: the first that fits is this run's cheapest.
      for (const cand of cands) {
        if ((cand.mask & mask) !== mask || cand.plan.validityDays < span || cand.data < need) continue;
        const total = before + cand.plan.priceMinor;
        const plans = (count[a] as number) + 1;
        if (total < (cost[b] as number) || (total === cost[b] && plans < (count[b] as number))) {
          cost[b] = total;
          count[b] = plans;
          back[b] = { from: a, runs: [{ cells: cells.slice(a, b), cand }] };
        }
        break;
      }
    }
    for (const w of endingAt.get(b) ?? []) {
      const before = cost[w.from] as number;
      if (before === UNLIMITED) continue;
      const total = before + w.plan.cand.plan.priceMinor + w.inner.cost;
      const plans = (count[w.from] as number) + 1 + w.inner.runs.length;
      if (total < (cost[b] as number) || (total === cost[b] && plans < (count[b] as number))) {
        cost[b] = total;
        count[b] = plans;
        back[b] = { from: w.from, runs: [w.plan, ...w.inner.runs] };
      }
    }
  }
  if (cost[n] === UNLIMITED) return null;
  const runs: Run[] = [];
  for (let b = n; b > 0; ) {
    const step = back[b] as { from: number; runs: Run[] };
    runs.push(...[...step.runs].reverse());
    b = step.from;
  }
  runs.reverse();
  // Plans in the order they are first used.
  const at = new Map(cells.map((c, i) => [c, i]));
  runs.sort((x, y) => (at.get(x.cells[0] as Cell) as number) - (at.get(y.cells[0] as Cell) as number));
  return { cost: cost[n] as number, runs };
}

function servable(cell: Cell, cands: readonly Candidate[]): boolean {
  return cands.some((c) => (c.mask & cell.countryBit) !== 0 && c.data >= cell.needMb);
}

function warningsOf(uncovered: readonly Cell[], cands: readonly Candidate[]): TripWarning[] {
  const warnings: TripWarning[] = [];
  const open = new Map<string, TripWarning & { lastDay: number }>();
  for (const cell of uncovered) {
    const kind: TripWarning['kind'] = cands.some((c) => (c.mask & cell.countryBit) !== 0) ? 'tooMuchData' : 'noPlan';
    const key = `${kind}|${cell.country}|${cell.layover}`;
    const w = open.get(key);
    if (w && w.lastDay === cell.day - 1) {
      w.lastDay = cell.day;
      w.to = isoDay(cell.day);
    } else {
      const fresh = { kind, country: cell.country, layover: cell.layover, from: isoDay(cell.day), to: isoDay(cell.day), lastDay: cell.day };
      open.set(key, fresh);
      warnings.push(fresh);
    }
  }
  return warnings.map(({ kind, country, layover, from, to }) => ({ kind, country, layover, from, to }));
}

function explain(
  chosen: readonly TripChosenPlan[],
  total: number,
  localsOnly: number | null,
  bundlesOnly: number | null,
  currency: string,
): TripExplanation {
  const countries = new Set(chosen.flatMap((p) => p.countries)).size;
  const firstBundle = chosen.find((p) => p.kind !== 'local');
  const base = { count: chosen.length, countries, region: firstBundle?.regionCode ?? '', currency };
  if (chosen.length === 0) return { key: 'none', params: { ...base, savingMinor: 0 } };
  if (!firstBundle) {
    return bundlesOnly === null
      ? { key: 'localsOnly', params: { ...base, savingMinor: 0 } }
      : { key: 'locals', params: { ...base, savingMinor: bundlesOnly - total } };
  }
  const allBundles = chosen.every((p) => p.kind !== 'local');
  if (localsOnly === null) return { key: allBundles ? 'bundleOnly' : 'mixedOnly', params: { ...base, savingMinor: 0 } };
  const savingMinor = localsOnly - total;
  if (!allBundles) return { key: 'mixed', params: { ...base, savingMinor } };
  return { key: savingMinor > 0 ? 'bundle' : 'bundleEqual', params: { ...base, savingMinor } };
}

/** The cheapest set of plans covering the trip, day by day, with warnings and the reason for the choice. */
export function planTrip(req: TripRequest): TripProposal {
  const mbPerDay = USAGE_MB_PER_DAY[req.usage];
  const bitOf = new Map<string, number>();
  for (const s of req.stops) if (!bitOf.has(s.country)) bitOf.set(s.country, 1 << bitOf.size);
  if (bitOf.size > 30) throw new RangeError('a trip holds at most 30 countries');
  const cells = buildCells(req.stops, mbPerDay, bitOf);
  const all = candidates(req.plans, bitOf);
  const served = cells.filter((c) => servable(c, all));
  const uncovered = cells.filter((c) => !servable(c, all));
  const best = cheapestCover(served, all) as Solution; // every served cell fits a one-cell run, so the DP reaches the end
  const locals = cheapestCover(
    served,
    all.filter((c) => c.plan.kind === 'local'),
  );
  const bundles = cheapestCover(
    served,
    all.filter((c) => c.plan.kind !== 'local'),
  );

  const cellPlan = new Map<Cell, number>();
  const position = new Map(served.map((c, i) => [c, i]));
  const plans: TripChosenPlan[] = best.runs.map((run, index) => {
    const runCells = run.cells;
    const first = runCells[0] as Cell;
    const lastCell = runCells[runCells.length - 1] as Cell;
    for (const c of runCells) cellPlan.set(c, index);
    // A new period where another plan served the cells in between.
    const periods: { from: string; to: string }[] = [];
    runCells.forEach((c, i) => {
      const prev = runCells[i - 1];
      const open = periods[periods.length - 1];
      if (open && prev && position.get(c) === (position.get(prev) as number) + 1) open.to = isoDay(c.day);
      else periods.push({ from: isoDay(c.day), to: isoDay(c.day) });
    });
    const p = run.cand.plan;
    return {
      planId: p.id,
      regionCode: p.regionCode,
      kind: p.kind,
      priceMinor: p.priceMinor,
      dataMb: p.dataMb,
      validityDays: p.validityDays,
      activation: isoDay(first.day),
      validUntil: isoDay(first.day + p.validityDays - 1),
      lastUsed: isoDay(lastCell.day),
      periods,
      countries: [...new Set(runCells.map((c) => c.country))],
      neededMb: runCells.reduce((s, c) => s + c.needMb, 0),
    };
  });

  const days: TripDay[] = [];
  for (const cell of cells) {
    const date = isoDay(cell.day);
    let day = days[days.length - 1];
    if (!day || day.date !== date) {
      day = { date, cells: [] };
      days.push(day);
    }
    day.cells.push({ country: cell.country, layover: cell.layover, plan: cellPlan.get(cell) ?? null, needMb: cell.needMb });
  }

  return {
    currency: req.currency,
    usage: req.usage,
    mbPerDay,
    totalMinor: best.cost,
    plans,
    days,
    warnings: warningsOf(uncovered, all),
    explanation: explain(plans, best.cost, locals?.cost ?? null, bundles?.cost ?? null, req.currency),
    alternatives: { localsOnlyMinor: locals?.cost ?? null, bundlesOnlyMinor: bundles?.cost ?? null },
  };
}

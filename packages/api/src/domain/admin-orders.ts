// The admin area's order table, order page and dashboard, pure: LIKE patterns from what a person
// typed, UTC day windows, money as one line of text, and the order of a timeline. Browser-safe.
import { minorDigits } from './money.ts';

/** The escape character the admin queries declare (`like ? escape '\'`). */
export const LIKE_ESCAPE = '\\';

/** Text matched literally inside a LIKE pattern: `\`, `%` and `_` escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE}${c}`);
}

/** A pattern for "contains `text`". */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A pattern for "starts with `text`" (an exact value matches too). */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}

const DAY_MS = 86_400_000;

/** '2026-03-01' → '2026-03-01T00:00:00.000Z', the day's first instant (as stored timestamps compare). */
export function dayStart(day: string): string {
  return new Date(`${day}T00:00:00.000Z`).toISOString();
}

/** '2026-03-01' → '2026-03-02T00:00:00.000Z': the end (exclusive) of an inclusive day range. */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();
}

/** The UTC day of an instant: '2026-03-01'. */
export function utcDay(at: Date | string): string {
  return (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);
}

export type DashboardRange = 'today' | '7d' | '30d';

export interface DayWindow {
  /** The first instant of the first day (inclusive). */
  from: string;
  /** The first instant after the last day (exclusive). */
  to: string;
  /** Every UTC day of the window, oldest first. */
  days: string[];
}

/** 'today' = the current UTC day; '7d' / '30d' = the last 7 / 30 UTC days, today included. */
export function dashboardWindow(range: DashboardRange, now: Date): DayWindow {
  const count = range === 'today' ? 1 : range === '7d' ? 7 : 30;
  const todayStart = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i--) days.push(utcDay(new Date(todayStart - i * DAY_MS)));
  return { from: new Date(todayStart - (count - 1) * DAY_MS).toISOString(), to: new Date(todayStart + DAY_MS).toISOString(), days };
}

/** 450, 'USD' → '4.50 USD'; 1480, 'JPY' → '1480 JPY' (each currency's own minor digits). */
export function moneyText(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const digits = minorDigits(currency);
  if (digits === 0) return `${sign}${abs} ${currency}`;
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')} ${currency}`;
}

/** Timeline entries by time; at the same instant in the order things happen (created before paid, …). */
export function sortTimeline<T extends { kind: string; at: string }>(entries: readonly T[], kindOrder: readonly string[]): T[] {
  const rank = (kind: string) => {
    const i = kindOrder.indexOf(kind);
    return i < 0 ? kindOrder.length : i;
  };
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : rank(a.e.kind) - rank(b.e.kind) || a.i - b.i))
    .map(({ e }) => e);
}

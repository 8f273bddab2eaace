// Formatting for the admin area: English (the admin area is English-only) and UTC, so every admin
// reads the same figures and times whatever the shop's language or their time zone.
import { formatMinor } from '../../../lib/format.ts';

export const ADMIN_LOCALE = 'en';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
  hourCycle: 'h23',
});
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const count = new Intl.NumberFormat('en');

/** '2026-11-24T22:28:27.000Z' → '24 Nov 2026, 22:28' (UTC); null/invalid → null. */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : dateTime.format(d);
}

/** '2026-11-24' (a UTC day) or an ISO time → '24 Nov 2026'. */
export function formatDay(isoDay: string): string {
  const d = new Date(isoDay.length === 10 ? `${isoDay}T00:00:00Z` : isoDay);
  return Number.isNaN(d.getTime()) ? isoDay : day.format(d);
}

/** '2026-11-24' → '24 Nov'. */
export function formatShortDay(isoDay: string): string {
  const d = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDay : shortDay.format(d);
}

/** 12345 → '12,345'. */
export function formatCount(n: number): string {
  return count.format(n);
}

/** Minor units and a currency code → '$12.34', '€5.00'. */
export function formatMoney(minor: number, currency: string): string {
  return formatMinor(minor, currency, ADMIN_LOCALE);
}

/** USD cents → '$12.34'. */
export function formatUsdMinor(minor: number): string {
  return formatMinor(minor, 'USD', ADMIN_LOCALE);
}

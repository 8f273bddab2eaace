// Figures on the eSIM screens in the UI language: data amounts (1 GB = 1024 MB, as the plans
// count), percentages, days. Pure, so the tests pin them.

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
}

/** '512 MB', '1.5 GB' (one decimal from 1 GB up; whole MB below). */
export function formatMb(mb: number, locale: string): string {
  const value = Math.max(0, mb);
  if (value >= 1024) {
    return numberFormat(locale, { style: 'unit', unit: 'gigabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(value / 1024);
  }
  return numberFormat(locale, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 0 }).format(
    Math.round(value),
  );
}

/** '40%' in the UI language. */
export function formatPercent(percent: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A timestamp as a date ('June 3, 2026'); null for none or not a date. */
export function formatDay(iso: string | null | undefined, locale: string, dateStyle: 'long' | 'medium' = 'medium'): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const key = `${locale}|${dateStyle}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle });
    dateFormats.set(key, f);
  }
  return f.format(d);
}

const shortDays = new Map<string, Intl.DateTimeFormat>();
/** A UTC day of the usage chart ('2026-06-03') as '3 Jun' / 'Jun 3'. */
export function formatChartDay(day: string, locale: string): string {
  let f = shortDays.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    shortDays.set(locale, f);
  }
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : f.format(d);
}

/** The last four digits of an ICCID, for sentences ('…1234'). */
export function iccidTail(iccid: string): string {
  return iccid.slice(-4);
}

// Calendar dates ('2025-05-12') in the UI language: 'May 12, 2025', '12 mai 2025', '١٢ مايو ٢٠٢٥'.
// The date is read and shown in UTC, so it never shifts a day with the visitor's time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatIsoDate(isoDate: string, locale: string, dateStyle: 'long' | 'medium' = 'long'): string {
  const key = `${locale}|${dateStyle}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle, timeZone: 'UTC' });
    formatters.set(key, f);
  }
  return f.format(new Date(`${isoDate}T00:00:00Z`));
}

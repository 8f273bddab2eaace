// A moment ('2026-11-28T07:12:00.000Z') in the UI language and the visitor's time zone:
// 'Nov 28, 2026, 7:12 AM'; a day only with `time: false`.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatWhen(iso: string, locale: string, time = true): string {
  const key = `${locale}|${time}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    formatters.set(key, f);
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : f.format(d);
}

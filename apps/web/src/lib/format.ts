// Number and money formatting in the UI language. Intl formatters are costly to build; reuse them.
const money = new Map<string, Intl.NumberFormat>();

/** The shop's own symbols, so every language shows '£', not 'UK£' or 'GBP'. */
const SYMBOLS: Record<string, string> = { USD: '$', GBP: '£', EUR: '€' };

/**
 * 355, 'GBP', 'en' → '£3.55': 2 decimals, the currency's symbol, and the language's own order
 * and separators ('3,55 £' in German).
 */
export function formatMinor(minor: number, currency: string, locale: string, symbol = SYMBOLS[currency]): string {
  const key = `${locale}|${currency}`;
  let f = money.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    money.set(key, f);
  }
  const value = minor / 100;
  if (!symbol) return f.format(value);
  return f
    .formatToParts(value)
    .map((p) => (p.type === 'currency' ? symbol : p.value))
    .join('');
}

/** The spec's separate US-dollar formatter (§9). */
export function formatUsd(minor: number, locale = 'en'): string {
  return formatMinor(minor, 'USD', locale);
}

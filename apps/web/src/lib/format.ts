// Number and money formatting in the UI language. Intl formatters are costly to build; reuse them.
import { minorDigits } from '@esim/api/domain';

interface MoneyFormat {
  f: Intl.NumberFormat;
  /** The currency text the formatter writes ('$', 'US$', '£'…), to swap for the shop's symbol. */
  currencyText: string;
}
const money = new Map<string, MoneyFormat>();

/** The shop's own symbols, so every language shows '£', not 'UK£' or 'GBP'. */
const SYMBOLS: Record<string, string> = { USD: '$', GBP: '£', EUR: '€' };

function moneyFormat(locale: string, currency: string): MoneyFormat {
  const key = `${locale}|${currency}`;
  let m = money.get(key);
  if (!m) {
    const f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // The shop's three take their own symbol below; the others keep the language's own
      // ('A$', 'CA$', '¥', '₹', 'د.إ.‏'), as a narrow '$' would not tell AUD from CAD.
      currencyDisplay: SYMBOLS[currency] ? 'narrowSymbol' : 'symbol',
      // The currency's own decimals, both ways: shown (2 for the dollar, none for the yen) and
      // the minor unit (money.ts minorDigits agrees for every currency the shop sells).
      maximumFractionDigits: minorDigits(currency),
    });
    m = { f, currencyText: f.formatToParts(1).find((p) => p.type === 'currency')?.value ?? '' };
    money.set(key, m);
  }
  return m;
}

/**
 * 355, 'GBP', 'en' → '£3.55': the currency's own minor digits (ISO 4217: 1480, 'JPY' → '¥1,480'),
 * its symbol, and the language's own order and separators ('3,55 £' in German).
 */
export function formatMinor(minor: number, currency: string, locale: string, symbol = SYMBOLS[currency]): string {
  const { f, currencyText } = moneyFormat(locale, currency);
  const text = f.format(minor / 10 ** minorDigits(currency));
  // format() is far cheaper than formatToParts(); the currency text is the same in every output.
  if (!symbol || !currencyText || currencyText === symbol) return text;
  return text.replace(currencyText, symbol);
}

/** The spec's separate US-dollar formatter (§9). */
export function formatUsd(minor: number, locale = 'en'): string {
  return formatMinor(minor, 'USD', locale);
}

const collators = new Map<string, Intl.Collator>();

/** A shared Intl.Collator per language (the first one built costs several milliseconds). */
export function collatorFor(locale: string): Intl.Collator {
  let c = collators.get(locale);
  if (!c) {
    c = new Intl.Collator(locale);
    collators.set(locale, c);
  }
  return c;
}

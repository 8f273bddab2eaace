// Money is integer minor units plus a currency code. List prices are USD; other
// currencies are derived with an integer rate (units per USD × 1,000,000), so the
// arithmetic is exact and the rounding rule is ours, not the float's.

const MICROS = 1_000_000;

/** Minor digits of USD, the list prices' currency (and of most currencies). */
export const MINOR_DIGITS = 2;

/**
 * ISO 4217's 'minor unit' column as the runtime's Intl (CLDR) knows it, cached per code: JPY and
 * KRW have none (¥1,480 is stored as 1480, and Stripe takes it as whole yen: its 'zero-decimal
 * currencies' list), the Gulf dinars have three, the shop's other currencies two. A code Intl does
 * not accept counts as 2 (the callers refuse unknown currencies before money is made of them).
 * Intl, not a table: the shop's first chunk carries no list of codes (its 160 kB budget).
 */
const digitsOf = new Map<string, number>();

/** 'JPY' → 0, 'KWD' → 3, 'EUR' → 2: how many decimals one major unit has (ISO 4217). */
export function minorDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      return 2;
    }
    digitsOf.set(currency, digits);
  }
  return digits;
}

/** 'Save 15%': the monthly subscription price is 85% of the plan price. */
export const SUBSCRIPTION_PERCENT = 85;

/** Integer division of a / b (b > 0) rounded half up (towards +∞ at exactly .5). */
function divRoundHalfUp(a: number, b: number): number {
  // Work on the remainder, so no float quotient is ever rounded.
  let q = Math.floor(a / b);
  let r = a - q * b;
  // Near 2^53 the float quotient can be off by one; the exact remainder puts it right.
  if (r < 0) {
    q -= 1;
    r += b;
  } else if (r >= b) {
    q += 1;
    r -= b;
  }
  return (2 * r >= b ? q + 1 : q) + 0; // + 0 turns -0 into 0
}

function assertInt(name: string, n: number): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} must be a safe integer, got ${n}`);
}

/**
 * usdMinor × rate, scaled from USD's 2 decimals to the target's own (rate: units per USD × 1e6):
 * cents → yen divides by 100 more, cents → fils multiplies by 10. Null when not exactly representable
 * (an input that is not a safe integer: NaN, Infinity, a fraction; a product beyond 2^53).
 */
function convertExact(usdMinor: number, rateMicros: number, currency: string): number | null {
  if (!Number.isSafeInteger(usdMinor) || !Number.isSafeInteger(rateMicros)) return null;
  const shift = minorDigits(currency) - MINOR_DIGITS;
  const product = usdMinor * rateMicros * 10 ** Math.max(shift, 0);
  return Number.isSafeInteger(product) ? divRoundHalfUp(product, MICROS * 10 ** Math.max(-shift, 0)) : null;
}

function orThrow(r: number | null): number {
  if (r === null) throw new RangeError('usdMinor × rateMicros must be a safe integer');
  return r;
}

/**
 * USD minor units → minor units of `currency` at the given rate (units per USD × 1e6), rounded half
 * up, in the currency's own minor unit (ISO 4217): 1000 cents at 150 JPY/USD → 1500 (yen).
 * `currency` defaults to a 2-decimal one (the shop's first three all have 2).
 */
export function convertMinor(usdMinor: number, rateMicros: number, currency = 'USD'): number {
  return orThrow(convertExact(usdMinor, rateMicros, currency));
}

/** convertMinor, or null when the result cannot be represented exactly. Callers turn null into a clear 4xx. */
export function tryConvertMinor(usdMinor: number, rateMicros: number, currency = 'USD'): number | null {
  return convertExact(usdMinor, rateMicros, currency);
}

/**
 * The currencies whose converted prices are charm-rounded (charmMinor). The spec's three keep its
 * §9 rule ('converted prices are rounded to 2 decimals'): USD is the list price itself, and GBP/EUR
 * prices are pinned by the spec and its tests. Adding GBP and EUR here charms them too.
 */
const CHARMED = /^(AUD|CAD|JPY|CHF|SGD|AED|INR)$/;

/** Is a converted price in `currency` charm-rounded? */
export function isCharmed(currency: string): boolean {
  return CHARMED.test(currency);
}

/**
 * The shop's charm rule in a currency's own minor unit, the least price ≥ `minor` that ends:
 * - 2 decimals: in .49 or .99 of a major unit (9.77 → 9.99, 4.19 → 4.49), as the list prices
 *   (3 decimals: .490 / .990);
 * - 0 decimals (JPY): in 8 below 1,000 (¥291 → ¥298) and in 80 from 1,000 (¥1,401 → ¥1,480), the
 *   usual Japanese price endings; the step is at most ¥9 and ¥99 (below 10% of the price).
 * One formula: the next value ≡ end (mod step).
 */
export function charmMinor(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  // step, end: 50 and 49 for cents (…49, …99), 500 and 490 for fils; 10 and 8, or 100 and 80, for yen.
  const step = digits ? 5 * 10 ** (digits - 1) : minor <= 998 ? 10 : 100;
  const end = digits ? step - 10 ** (digits - 2) : step - 2 * (step / 10);
  return minor + ((((end - minor) % step) + step) % step);
}

/**
 * A USD list price as the price in `currency`: converted in the currency's minor unit (half up),
 * then charm-rounded where the currency is (isCharmed). USD is the list price itself. Null when
 * the conversion cannot be represented. The one function the checkout and the shop's pages share,
 * so the price shown is the price charged.
 */
export function tryConvertPrice(usdMinor: number, rateMicros: number, currency: string): number | null {
  const converted = convertExact(usdMinor, rateMicros, currency);
  // The charm adds under 100 minor units: a total near 2^53 is refused by the card limit before.
  return converted === null || converted <= 0 || !isCharmed(currency) ? converted : charmMinor(converted, currency);
}

/** tryConvertPrice for a rate known to be sane (throws a RangeError otherwise). */
export function convertPrice(usdMinor: number, rateMicros: number, currency: string): number {
  return orThrow(tryConvertPrice(usdMinor, rateMicros, currency));
}

/** 450 → 4.5 (1480 JPY → 1480): the decimal the spec's API shows as `price`. */
export function minorToDecimal(minor: number, currency = 'USD'): number {
  assertInt('minor', minor);
  return minor / 10 ** minorDigits(currency);
}

/** 4.5 → 450 (rounded to the nearest minor unit, for input that came as a decimal). */
export function decimalToMinor(decimal: number, currency = 'USD'): number {
  if (!Number.isFinite(decimal)) throw new RangeError(`amount must be finite, got ${decimal}`);
  return Math.round(decimal * 10 ** minorDigits(currency));
}

/** Monthly subscription price: round(minor × 0.85), half up, in integer math. */
export function subscriptionMinor(minor: number): number {
  assertInt('minor', minor);
  return divRoundHalfUp(minor * SUBSCRIPTION_PERCENT, 100);
}

/** Rate as the decimal the spec's /api/exchange-rates shows (790000 → 0.79). */
export function rateMicrosToRate(rateMicros: number): number {
  return rateMicros / MICROS;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** 450, 'GBP', 'en' → '£4.50'; 1480, 'JPY', 'en' → '¥1,480'. Formatters are reused (they are costly to build). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  const digits = minorDigits(currency);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f.format(minorToDecimal(minor, currency));
}

/**
 * A USD list price shown in `currency`: converted with the rate table, rounded half up.
 * An unknown currency (or no table yet) shows USD, as the spec's client did without rates.
 */
export function priceIn(
  usdMinor: number,
  currency: string,
  rates: { rateMicros: Readonly<Record<string, number>> } | null | undefined,
): { minor: number; currency: string } {
  const micros = rates?.rateMicros[currency];
  if (micros === undefined) return { minor: usdMinor, currency: 'USD' };
  return { minor: convertPrice(usdMinor, micros, currency), currency };
}

// Money is integer minor units plus a currency code. List prices are USD; other
// currencies are derived with an integer rate (units per USD × 1,000,000), so the
// arithmetic is exact and the rounding rule is ours, not the float's.

const MICROS = 1_000_000;

/** Minor digits of the currencies the shop sells in (USD, GBP, EUR all use 2). */
export const MINOR_DIGITS = 2;

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

/** USD minor units → minor units of a currency with the given rate (units per USD × 1e6), rounded half up. */
export function convertMinor(usdMinor: number, rateMicros: number): number {
  assertInt('usdMinor', usdMinor);
  assertInt('rateMicros', rateMicros);
  const product = usdMinor * rateMicros;
  assertInt('usdMinor × rateMicros', product);
  return divRoundHalfUp(product, MICROS);
}

/**
 * convertMinor, or null when the result cannot be represented exactly: an input that is not a safe
 * integer (NaN, Infinity, a fraction) or a product beyond 2^53. Callers turn null into a clear 4xx.
 */
export function tryConvertMinor(usdMinor: number, rateMicros: number): number | null {
  if (!Number.isSafeInteger(usdMinor) || !Number.isSafeInteger(rateMicros)) return null;
  if (!Number.isSafeInteger(usdMinor * rateMicros)) return null;
  return divRoundHalfUp(usdMinor * rateMicros, MICROS);
}

/** 450 → 4.5: the decimal the spec's API shows as `price`. */
export function minorToDecimal(minor: number): number {
  assertInt('minor', minor);
  return minor / 10 ** MINOR_DIGITS;
}

/** 4.5 → 450 (rounded to the nearest minor unit, for input that came as a decimal). */
export function decimalToMinor(decimal: number): number {
  if (!Number.isFinite(decimal)) throw new RangeError(`amount must be finite, got ${decimal}`);
  return Math.round(decimal * 10 ** MINOR_DIGITS);
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

/** 450, 'GBP', 'en' → '£4.50'. Formatters are reused (they are costly to build). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: MINOR_DIGITS,
      maximumFractionDigits: MINOR_DIGITS,
    });
    formatters.set(key, f);
  }
  return f.format(minorToDecimal(minor));
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
  return { minor: convertMinor(usdMinor, micros), currency };
}

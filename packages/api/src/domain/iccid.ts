// ICCID (ITU-T E.118): '89' (telecom), country and issuer digits, an account number and a
// Luhn check digit; 19 or 20 digits in all. Some real providers issue ICCIDs whose last digit
// fails Luhn, so the pattern is the hard check and Luhn is a warning. Pure: no randomness here,
// the caller passes random digits in.

/** 19 or 20 digits starting with 89. */
export const ICCID_PATTERN = /^89\d{17,18}$/;

const DIGITS = /^\d+$/;

function assertDigits(name: string, s: string): void {
  if (!DIGITS.test(s)) throw new RangeError(`${name} must be a non-empty string of digits`);
}

/** The Luhn check digit to append to `digits` (e.g. '7992739871' → 3). */
export function luhnCheckDigit(digits: string): number {
  assertDigits('digits', digits);
  let sum = 0;
  // Walk from the right; the digit next to the (future) check digit is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of `s` is the Luhn check digit of the rest (card numbers, ICCIDs). */
export function luhnValid(s: string): boolean {
  if (s.length < 2 || !DIGITS.test(s)) return false;
  return luhnCheckDigit(s.slice(0, -1)) === s.charCodeAt(s.length - 1) - 48;
}

/** Strips the spaces and dashes people paste with an ICCID. */
export function normalizeIccid(s: string): string {
  return s.replace(/[\s-]/g, '');
}

/** The hard check: 89 followed by 17 or 18 digits (19–20 in all). Luhn is separate (`luhnValid`). */
export function isValidIccidPattern(s: string): boolean {
  return ICCID_PATTERN.test(s);
}

export type IccidCheck =
  | { ok: true; luhn: boolean } // luhn false → accept, but log a warning
  | { ok: false; reason: 'pattern' };

/** Pattern as an error, Luhn as a warning, as the reference asks. */
export function checkIccid(s: string): IccidCheck {
  if (!isValidIccidPattern(s)) return { ok: false, reason: 'pattern' };
  return { ok: true, luhn: luhnValid(s) };
}

/**
 * An ICCID of `length` digits (19 or 20): `issuerPrefix` (must start with 89), then the first
 * needed digits of `randomDigits`, then the Luhn check digit. Throws if too few random digits.
 */
export function makeIccid(randomDigits: string, issuerPrefix = '89999', length: 19 | 20 = 19): string {
  assertDigits('issuerPrefix', issuerPrefix);
  if (!issuerPrefix.startsWith('89')) throw new RangeError('issuerPrefix must start with 89');
  if (length !== 19 && length !== 20) throw new RangeError('length must be 19 or 20');
  const need = length - 1 - issuerPrefix.length;
  if (need < 1) throw new RangeError('issuerPrefix is too long');
  assertDigits('randomDigits', randomDigits);
  if (randomDigits.length < need) throw new RangeError(`need ${need} random digits, got ${randomDigits.length}`);
  const body = issuerPrefix + randomDigits.slice(0, need);
  return body + String(luhnCheckDigit(body));
}

// VAT invoices and credit notes (issue 31, "Receipts that are invoices"): pure rules, no db.
//
// Prices are tax-inclusive (the spec: 'prices include taxes unless stated'). An invoice splits each
// gross amount (integer minor units of the order's currency) into net and VAT at the rate the shop's
// table gives the customer's country, with ONE rounding rule everywhere:
//     net = round(gross / (1 + rate)), half away from zero, to a whole minor unit
//     VAT = gross − net
// so net + VAT is always exactly the gross the card paid, in any currency (JPY has no minor unit:
// its minor unit IS the yen; GBP, EUR, USD: cents/pence). The invoice's total VAT is the sum of its
// lines' VAT (each line rounded once), never a second rounding of the total.
//
// Rates are basis points (2000 = 20%) so a table entry is an integer too. A country the table does
// not list is one where the seller is not registered for VAT: 0%, and the invoice says so. A seller
// with no VAT number at all charges no VAT anywhere (0% and the same note).

/** Basis points per country (ISO 3166-1 alpha-2, upper case): the seller's VAT registrations. */
export type VatRateTable = Readonly<Record<string, number>>;

export interface SellerFacts {
  companyName: string;
  companyNumber: string;
  /** Empty: not registered for VAT anywhere. */
  vatNumber: string;
  /** Lines of the registered address. */
  address: readonly string[];
}

export const INVOICE_PREFIX = 'INV-';
export const CREDIT_NOTE_PREFIX = 'CN-';

/** 'INV-000042' (the number is the gap-free sequence; the padding only makes it sort as text). */
export function documentNumber(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(6, '0')}`;
}

/**
 * Parses a rate table: 'GB:20, FR:20, DE:19, LU:17, IE:23' (percent, up to two decimals) → basis
 * points. Throws with the offending entry for anything else (the server reports it at start-up).
 */
export function parseVatRates(text: string): Record<string, number> {
  const table: Record<string, number> = {};
  for (const raw of text.split(/[,;\s]+/)) {
    const entry = raw.trim();
    if (entry === '') continue;
    const m = /^([A-Za-z]{2}):(\d{1,2}(?:\.\d{1,2})?)%?$/.exec(entry);
    if (!m) throw new Error(`'${entry}' is not COUNTRY:PERCENT (e.g. GB:20)`);
    const country = m[1]!.toUpperCase();
    if (country in table) throw new Error(`${country} is listed twice`);
    table[country] = Math.round(Number(m[2]) * 100);
  }
  return table;
}

/** round(a / b) for non-negative integers a, b > 0, halves away from zero, in exact integer maths. */
function roundDiv(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

export interface VatSplit {
  grossMinor: number;
  netMinor: number;
  vatMinor: number;
}

/** net = round(gross / (1 + rate)), VAT = gross − net. Negative gross (a discount line) mirrors. */
export function splitGross(grossMinor: number, rateBp: number): VatSplit {
  if (!Number.isSafeInteger(grossMinor)) throw new Error(`splitGross: ${grossMinor} is not an integer amount`);
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new Error(`splitGross: bad rate ${rateBp}`);
  const sign = grossMinor < 0 ? -1 : 1;
  const g = Math.abs(grossMinor);
  const net = roundDiv(g * 10_000, 10_000 + rateBp);
  return { grossMinor, netMinor: sign * net || 0, vatMinor: sign * (g - net) || 0 };
}

export type VatBasis =
  /** The seller is registered in the customer's country: its rate applies. */
  | 'registered'
  /** Not registered there (or not at all): 0% and a note on the invoice. */
  | 'not_registered';

export interface ChosenRate {
  country: string;
  rateBp: number;
  basis: VatBasis;
}

/** The rate for a customer in `country` (falls back to `defaultCountry` when unknown). */
export function chooseVatRate(table: VatRateTable, seller: SellerFacts, country: string | null, defaultCountry: string): ChosenRate {
  const c = (country ?? defaultCountry).toUpperCase();
  const rate = table[c];
  if (seller.vatNumber.trim() === '' || rate === undefined) return { country: c, rateBp: 0, basis: 'not_registered' };
  return { country: c, rateBp: rate, basis: 'registered' };
}

export interface InvoiceLineInput {
  /** 'plan' (the plan bought) or 'points' (rewards points that paid part of it: a discount). */
  kind: 'plan' | 'points';
  description: string;
  grossMinor: number;
}

export interface InvoiceLine extends InvoiceLineInput, VatSplit {
  rateBp: number;
}

export interface InvoiceTotals extends VatSplit {
  lines: InvoiceLine[];
}

/** Each line split once at the stored rate; the totals are the sums of the lines. */
export function invoiceTotals(lines: readonly InvoiceLineInput[], rateBp: number): InvoiceTotals {
  const split = lines.map((l) => ({ ...l, ...splitGross(l.grossMinor, rateBp), rateBp }));
  const sum = (k: 'grossMinor' | 'netMinor' | 'vatMinor') => split.reduce((n, l) => n + l[k], 0);
  return { lines: split, grossMinor: sum('grossMinor'), netMinor: sum('netMinor'), vatMinor: sum('vatMinor') };
}

/**
 * The invoice's lines from the order's stored facts: the plan at its full price, and what rewards
 * points paid as a negative line (a discount: VAT is due on what the customer paid in money).
 */
export function orderInvoiceLines(o: { planName: string; totalMinor: number; pointsDiscountMinor: number }): InvoiceLineInput[] {
  const lines: InvoiceLineInput[] = [{ kind: 'plan', description: o.planName, grossMinor: o.totalMinor }];
  if (o.pointsDiscountMinor > 0) lines.push({ kind: 'points', description: 'points', grossMinor: -o.pointsDiscountMinor });
  return lines;
}

// ── the buyer's VAT ID ──────────────────────────────────────────────────────────────────────────
// Formats per the European Commission's VIES FAQ ("What is the format of a VAT number?") and HMRC
// (GB: 9 or 12 digits, or GD/HA + 3 digits for government departments and health authorities).
// The ID is written without its country prefix here; Greece's prefix is EL, Northern Ireland's XI.

const VAT_ID_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  GR: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The VAT prefix of a country where it differs from its ISO code. */
const VAT_PREFIX: Readonly<Record<string, string>> = { GR: 'EL' };

/** Countries whose IDs VIES answers for (the EU member states and Northern Ireland). */
export function viesCountry(country: string): string | null {
  const c = country.toUpperCase();
  if (c === 'GB' || !(c in VAT_ID_FORMATS)) return null;
  return VAT_PREFIX[c] ?? c;
}

export type VatIdCheck =
  | { ok: true; country: string; number: string; formatKnown: boolean }
  | { ok: false; reason: 'INVOICE_VAT_ID_FORMAT' | 'INVOICE_COUNTRY' };

/**
 * Normalises (spaces, dots, dashes out; upper case; the country's own prefix removed) and checks a
 * VAT ID against its country's format. A country without a known format accepts 2–20 letters and
 * digits (`formatKnown: false`).
 */
export function checkVatId(country: string, raw: string): VatIdCheck {
  const c = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return { ok: false, reason: 'INVOICE_COUNTRY' };
  let n = raw.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefix = VAT_PREFIX[c] ?? c;
  if (n.startsWith(prefix) && n.length > prefix.length) n = n.slice(prefix.length);
  const format = VAT_ID_FORMATS[c];
  if (format)
    return format.test(n) ? { ok: true, country: c, number: n, formatKnown: true } : { ok: false, reason: 'INVOICE_VAT_ID_FORMAT' };
  return /^[A-Z0-9]{2,20}$/.test(n)
    ? { ok: true, country: c, number: n, formatKnown: false }
    : { ok: false, reason: 'INVOICE_VAT_ID_FORMAT' };
}

/** The ID as printed: its VAT prefix and the number ('EL123456789', 'GB123456789'). */
export function printedVatId(country: string, number: string): string {
  const c = country.toUpperCase();
  return `${VAT_PREFIX[c] ?? c}${number}`;
}

/** What the VIES check said: verified, refused, not asked (not configured or not an EU ID), or unreachable. */
export type VatIdStatus = 'valid' | 'invalid' | 'not_checked' | 'unverified';

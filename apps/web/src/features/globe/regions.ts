/** The 27 member states of the European Union. */
export const EU_MEMBERS = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

/**
 * The countries (shop alpha-2 codes) a region code lights up on the globe:
 * EU lights its members, GB is spelled UK, GLOBAL lights nothing (everything
 * is covered), any other code is taken as a single country.
 */
export function countriesForRegion(code: string | null | undefined): ReadonlySet<string> {
  if (!code) return new Set();
  const key = code.trim().toUpperCase();
  if (key === 'EU') return new Set(EU_MEMBERS);
  if (key === 'GB') return new Set(['UK']);
  if (key === '' || key === 'GLOBAL') return new Set();
  return new Set([key]);
}

// Multi-country bundles (kind = 'bundle'). Codes never collide with ISO 3166-1 alpha-2 codes
// (except EU, which ISO reserves for the European Union). `countries` is in display order.
import type { Continent } from './continents.ts';

export interface BundleSeed {
  code: string;
  name: string;
  continent: Continent | null;
  flagIcon: string;
  countries: readonly string[];
}

const EUROPE = [
  'FR', 'DE', 'IT', 'ES', 'UK', 'NL', 'PT', 'GR', 'AT', 'BE',
  'CH', 'IE', 'DK', 'SE', 'NO', 'FI', 'IS', 'PL', 'CZ', 'HU',
  'RO', 'BG', 'HR', 'SI', 'SK', 'EE', 'LV', 'LT', 'LU', 'MT',
  'CY', 'LI', 'MC', 'SM', 'VA', 'GI', 'IM', 'JE', 'GG',
] as const;

const GLOBAL = [
  // Europe
  ...EUROPE, 'AD', 'RS', 'ME', 'AL', 'BA', 'MK', 'TR', 'UA', 'MD',
  // North and Central America, Caribbean
  'US', 'CA', 'MX', 'GT', 'SV', 'HN', 'NI', 'CR', 'PA', 'DO', 'PR', 'JM', 'BS', 'BB', 'TT',
  // South America
  'BR', 'AR', 'CL', 'CO', 'PE', 'EC', 'UY', 'PY', 'BO',
  // Asia
  'JP', 'KR', 'CN', 'HK', 'MO', 'TW', 'SG', 'MY', 'TH', 'ID', 'PH', 'VN', 'KH', 'LA',
  'IN', 'LK', 'BD', 'PK', 'NP', 'KZ', 'UZ', 'GE', 'AM', 'AZ', 'MN', 'BN',
  // Middle East
  'AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'JO', 'IL',
  // Africa
  'ZA', 'EG', 'MA', 'TN', 'DZ', 'KE', 'NG', 'GH', 'TZ', 'UG', 'RW', 'SN', 'CI', 'CM',
  'MU', 'MG', 'ZM', 'MW', 'MZ', 'BW', 'NA', 'ET',
  // Oceania
  'AU', 'NZ', 'FJ', 'GU',
] as const;

export const BUNDLES: readonly BundleSeed[] = [
  { code: 'EU', name: 'Europe', continent: 'Europe', flagIcon: '/flags/4x3/eu.svg', countries: EUROPE },
  { code: 'GLOBAL', name: 'Global', continent: null, flagIcon: '/flags/regions/global.svg', countries: GLOBAL },
  {
    code: 'ASIA',
    name: 'Asia',
    continent: 'Asia',
    flagIcon: '/flags/regions/asia.svg',
    countries: ['JP', 'KR', 'CN', 'HK', 'MO', 'TW', 'SG', 'MY', 'TH', 'ID', 'PH', 'VN', 'KH', 'LA', 'IN', 'LK', 'BD', 'PK', 'NP', 'BN', 'MN', 'KZ', 'UZ'],
  },
  {
    code: 'LATAM',
    name: 'Latin America',
    continent: 'South America',
    flagIcon: '/flags/regions/latam.svg',
    countries: ['MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'EC', 'UY', 'PY', 'BO', 'CR', 'PA', 'GT', 'SV', 'HN', 'NI', 'DO', 'PR'],
  },
  {
    code: 'MENA',
    name: 'Middle East & North Africa',
    continent: 'Middle East',
    flagIcon: '/flags/regions/mena.svg',
    countries: ['AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'JO', 'IL', 'IQ', 'TR', 'EG', 'MA', 'TN', 'DZ'],
  },
  {
    code: 'AFRICA',
    name: 'Africa',
    continent: 'Africa',
    flagIcon: '/flags/regions/africa.svg',
    countries: ['ZA', 'EG', 'MA', 'KE', 'NG', 'GH', 'TZ', 'UG', 'RW', 'TN', 'DZ', 'SN', 'CI', 'CM', 'MU', 'MG', 'ZM', 'MW', 'MZ', 'BW', 'NA', 'ZW', 'ET'],
  },
  {
    code: 'NORAM',
    name: 'North America',
    continent: 'North America',
    flagIcon: '/flags/regions/north-america.svg',
    countries: ['US', 'CA', 'MX'],
  },
  {
    code: 'CARIB',
    name: 'Caribbean',
    continent: 'Caribbean',
    flagIcon: '/flags/regions/caribbean.svg',
    countries: ['JM', 'DO', 'PR', 'BS', 'BB', 'TT', 'AG', 'LC', 'GD', 'KN', 'VC', 'DM', 'KY', 'TC', 'VG', 'VI', 'AI', 'MS', 'AW', 'CW', 'BQ', 'SX', 'BL', 'MF', 'GP', 'MQ'],
  },
  {
    code: 'OCEANIA',
    name: 'Australia & New Zealand',
    continent: 'Oceania',
    flagIcon: '/flags/regions/oceania.svg',
    countries: ['AU', 'NZ'],
  },
];

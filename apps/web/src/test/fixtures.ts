import type { ExchangeRates, Plan, Region, RegionDetail } from '@esim/api/domain';

const region = (r: Partial<Region> & Pick<Region, 'id' | 'name' | 'code'>): Region => ({
  continent: null,
  flagIcon: `/flags/4x3/${r.code.toLowerCase()}.svg`,
  isPopular: false,
  kind: 'country',
  fromPrice: 4.5,
  fromPriceMinor: 450,
  covers: [],
  ...r,
});

export const REGIONS: Region[] = [
  region({
    id: 1,
    name: 'Europe',
    code: 'EU',
    continent: 'Europe',
    isPopular: true,
    kind: 'bundle',
    fromPriceMinor: 699,
    fromPrice: 6.99,
    covers: ['FR', 'DE', 'PT'],
  }),
  region({
    id: 2,
    name: 'Global',
    code: 'GLOBAL',
    kind: 'bundle',
    flagIcon: '/flags/regions/global.svg',
    covers: ['FR', 'JP', 'US'],
    fromPriceMinor: 1050,
    fromPrice: 10.5,
  }),
  region({ id: 3, name: 'Asia', code: 'ASIA', continent: 'Asia', kind: 'bundle', flagIcon: '/flags/regions/asia.svg' }),
  region({ id: 10, name: 'Japan', code: 'JP', continent: 'Asia' }),
  region({ id: 11, name: 'United States', code: 'US', continent: 'North America', isPopular: true, fromPriceMinor: 650, fromPrice: 6.5 }),
  region({ id: 12, name: 'France', code: 'FR', continent: 'Europe' }),
  region({ id: 13, name: 'Brazil', code: 'BR', continent: 'South America' }),
  region({ id: 14, name: 'Jamaica', code: 'JM', continent: 'Caribbean' }),
  region({ id: 15, name: 'Costa Rica', code: 'CR', continent: 'Central America' }),
  region({ id: 16, name: 'United Arab Emirates', code: 'AE', continent: 'Middle East' }),
  region({ id: 17, name: 'Kenya', code: 'KE', continent: 'Africa', fromPriceMinor: null, fromPrice: null }),
  region({ id: 18, name: 'Fiji', code: 'FJ', continent: 'Oceania', flagIcon: null }),
];

export const byCode = (code: string): Region => REGIONS.find((r) => r.code === code)!;

export const PLANS: Plan[] = [
  {
    id: 101,
    regionId: 10,
    name: 'Japan 1GB - 7 Days',
    description: '1GB of high-speed data in Japan.',
    price: 4.5,
    priceMinor: 450,
    currency: 'USD',
    validityDays: 7,
    dataAmount: '1GB',
    dataMb: 1024,
    features: ['4G/5G networks', 'Instant activation'],
    isPopular: false,
  },
  {
    id: 102,
    regionId: 10,
    name: 'Japan 5GB - 30 Days',
    description: '5GB of high-speed data in Japan.',
    price: 17.99,
    priceMinor: 1799,
    currency: 'USD',
    validityDays: 30,
    dataAmount: '5GB',
    dataMb: 5120,
    features: ['4G/5G networks', 'Hotspot / tethering allowed'],
    isPopular: true,
  },
  {
    id: 103,
    regionId: 10,
    name: 'Japan 1GB - 1 Day',
    description: 'A day pass.',
    price: 1,
    priceMinor: 100,
    currency: 'USD',
    validityDays: 1,
    dataAmount: '1GB',
    dataMb: 1024,
    features: [],
    isPopular: false,
  },
];

export function detail(code: string, countries: { code: string; name: string }[]): RegionDetail {
  return { ...byCode(code), countries };
}

export const RATES: ExchangeRates = {
  rates: { USD: 1, GBP: 0.79, EUR: 0.93 },
  supportedCurrencies: [
    { code: 'USD', name: 'US Dollar', symbol: '$' },
    { code: 'GBP', name: 'British Pound', symbol: '£' },
    { code: 'EUR', name: 'Euro', symbol: '€' },
  ],
  rateMicros: { USD: 1_000_000, GBP: 790_000, EUR: 930_000 },
};

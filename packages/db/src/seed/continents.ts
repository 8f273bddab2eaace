// The only continent values a region may carry (null only for GLOBAL).
export const CONTINENTS = [
  'Europe',
  'Asia',
  'Middle East',
  'Africa',
  'North America',
  'South America',
  'Central America',
  'Caribbean',
  'Oceania',
] as const;

export type Continent = (typeof CONTINENTS)[number];

// The only continent values a region may carry (null only for GLOBAL). Their one home: the admin's
// region form (@esim/api/domain/admin) imports them as @esim/db/continents. No imports here.
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

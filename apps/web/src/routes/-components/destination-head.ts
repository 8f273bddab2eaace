// A destination page's head texts and its schema.org Product with one Offer per plan, in the
// page's language. Loaded by the route's loader (its own chunk: the plan texts stay out of the
// initial bundle); the route's head() hands the result to pageHead().
import { destinationName } from '@esim/i18n';
import { config } from '../../config.ts';
import { composePlanTexts, catalogPlanFacts } from '../../features/catalog/use-plan-texts.ts';
import type { Plan, Region } from '../../features/catalog/types.ts';
import { OG_IMAGE, absoluteUrl, pageLanguage, siteOrigin, tHead, type PageMeta } from '../../lib/page-meta.ts';

const usd = (minor: number) => (minor / 100).toFixed(2);

/** The destination's name in the page's language (CLDR; the 'destinations' texts where CLDR has none). */
export function localDestinationName(region: Pick<Region, 'code' | 'kind' | 'name'>): string {
  return destinationName(region, pageLanguage(), (key) => tHead(`destinations:${key}`));
}

export function destinationMeta(path: string, region: Region, plans: readonly Plan[]): PageMeta {
  const lang = pageLanguage();
  const destination = localDestinationName(region);
  const cheapest = plans.reduce<number | null>((min, p) => (min === null || p.priceMinor < min ? p.priceMinor : min), null);
  const price = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format((cheapest ?? 0) / 100);
  const title = tHead('seo:destination.title', { destination });
  const description = tHead('seo:destination.description', { destination, price });
  const url = absoluteUrl(path, lang);
  const t = (key: string, options?: Record<string, unknown>) => tHead(key.includes(':') ? key : `plans:${key}`, options);
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: tHead('seo:destination.heading', { destination }),
    description,
    image: `${siteOrigin()}${OG_IMAGE.path}`,
    url,
    brand: { '@type': 'Brand', name: config.productName },
    offers: plans.map((plan) => ({
      '@type': 'Offer',
      name: composePlanTexts(t, catalogPlanFacts(plan, region), lang).name,
      price: usd(plan.priceMinor),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
    })),
  };
  return { title, description, jsonLd: plans.length > 0 ? [product] : [] };
}

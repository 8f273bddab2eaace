// The shop's public facts as the page carries them, and their brand-neutral defaults. The server
// writes its configuration (PRODUCT_NAME, SUPPORT_EMAIL, …; apps/server/src/shop-facts.ts) into
// every HTML page it serves as <meta name="shop-facts" content="{JSON}">, where the built pages
// hold SHOP_FACTS_TOKEN; src/config.ts reads it. The pre-render renders with these defaults and
// records them in dist/pages.json, so the server knows which texts to replace. No imports:
// vite.config.ts loads this file too.

export interface ShopFacts {
  productName: string;
  supportEmail: string;
  salesEmail: string;
  phone: string;
  whatsappPhone: string;
  /** The postal address, one entry a line. */
  postalAddress: string[];
  social: { facebook: string; instagram: string; linkedin: string };
}

export const SHOP_FACT_DEFAULTS: ShopFacts = {
  productName: 'eSIM Shop',
  supportEmail: 'support@example.com',
  salesEmail: 'sales@example.com',
  phone: '+44 20 0000 0000',
  whatsappPhone: '+44 7700 900000',
  postalAddress: ['1 Example Street', 'London', 'EC1A 1AA', 'United Kingdom'],
  social: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    linkedin: 'https://www.linkedin.com/',
  },
};

/** The <meta name> the facts travel in. */
export const SHOP_FACTS_META = 'shop-facts';
/** What the build writes as that meta's content; the server replaces it with the facts' JSON. */
export const SHOP_FACTS_TOKEN = '__SHOP_FACTS__';

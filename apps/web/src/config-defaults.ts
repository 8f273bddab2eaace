// Brand-neutral defaults for the shop's public facts. Override any of them at build time with
// the VITE_* variables listed in the repository's .env.example (read in src/config.ts and,
// for index.html, in vite.config.ts). No imports: vite.config.ts loads this file too.
export const CONFIG_DEFAULTS = {
  VITE_PRODUCT_NAME: 'eSIM Shop',
  VITE_SUPPORT_EMAIL: 'support@example.com',
  VITE_SALES_EMAIL: 'sales@example.com',
  VITE_PHONE: '+44 20 0000 0000',
  VITE_WHATSAPP_PHONE: '+44 7700 900000',
  /** Lines separated by '|'. */
  VITE_POSTAL_ADDRESS: '1 Example Street|London|EC1A 1AA|United Kingdom',
  VITE_FACEBOOK_URL: 'https://www.facebook.com/',
  VITE_INSTAGRAM_URL: 'https://www.instagram.com/',
  VITE_LINKEDIN_URL: 'https://www.linkedin.com/',
} as const;

export type ConfigKey = keyof typeof CONFIG_DEFAULTS;

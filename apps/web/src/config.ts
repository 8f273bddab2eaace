// The shop's public facts ({product}, e-mail, phones, address, social links), from VITE_* build
// variables with brand-neutral defaults. Import `config`; never read import.meta.env elsewhere.
import { CONFIG_DEFAULTS, type ConfigKey } from './config-defaults.ts';

function read(key: ConfigKey): string {
  const value = (import.meta.env as Record<string, string | undefined>)[key];
  return value && value.trim() ? value.trim() : CONFIG_DEFAULTS[key];
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const waHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

export const config = {
  productName: read('VITE_PRODUCT_NAME'),
  supportEmail: read('VITE_SUPPORT_EMAIL'),
  salesEmail: read('VITE_SALES_EMAIL'),
  phone: read('VITE_PHONE'),
  phoneHref: telHref(read('VITE_PHONE')),
  whatsappPhone: read('VITE_WHATSAPP_PHONE'),
  whatsappHref: waHref(read('VITE_WHATSAPP_PHONE')),
  postalAddress: read('VITE_POSTAL_ADDRESS')
    .split('|')
    .map((l) => l.trim())
    .filter(Boolean),
  social: {
    facebook: read('VITE_FACEBOOK_URL'),
    instagram: read('VITE_INSTAGRAM_URL'),
    linkedin: read('VITE_LINKEDIN_URL'),
  },
} as const;

/** Values every translation may use ({{product}}, {{email}}, {{phone}}). */
export const i18nDefaults = {
  product: config.productName,
  email: config.supportEmail,
  phone: config.phone,
};

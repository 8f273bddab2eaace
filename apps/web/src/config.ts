// The shop's public facts ({product}, e-mail, phones, address, social links), read at run time:
// the server writes its configuration into the page (<meta name="shop-facts">, config-defaults.ts),
// so one build serves any shop. A fact the page lacks (the Vite dev server, the tests, the
// pre-render) keeps its brand-neutral default. Import `config`; nothing else reads the facts.
import { SHOP_FACTS_META, SHOP_FACT_DEFAULTS, type ShopFacts } from './config-defaults.ts';

export type { ShopFacts };

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const waHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

type Fields = Record<string, unknown>;
const isRecord = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(source: Fields, key: string, fallback: string): string {
  const value = source[key];
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

/** Only web links: anything else (a javascript: URL) keeps the default. */
function link(source: Fields, key: string, fallback: string): string {
  const value = text(source, key, fallback);
  return /^https?:\/\/[^\s"<>]+$/i.test(value) ? value : fallback;
}

/** The facts the page carries ({} when it carries none, or not as JSON). */
export function pageShopFacts(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): unknown {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${SHOP_FACTS_META}"]`)?.content;
  if (!content) return {};
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return {}; // the build's token (the Vite dev server) or a page from elsewhere
  }
}

/** The app's config from the page's facts, each missing or malformed one replaced by its default. */
export function shopConfig(facts: unknown) {
  const f = isRecord(facts) ? facts : {};
  const social = isRecord(f.social) ? f.social : {};
  const d = SHOP_FACT_DEFAULTS;
  const address = Array.isArray(f.postalAddress)
    ? f.postalAddress.filter((l): l is string => typeof l === 'string' && l.trim() !== '').map((l) => l.trim())
    : [];
  const phone = text(f, 'phone', d.phone);
  const whatsappPhone = text(f, 'whatsappPhone', d.whatsappPhone);
  return {
    productName: text(f, 'productName', d.productName),
    supportEmail: text(f, 'supportEmail', d.supportEmail),
    salesEmail: text(f, 'salesEmail', d.salesEmail),
    phone,
    phoneHref: telHref(phone),
    whatsappPhone,
    whatsappHref: waHref(whatsappPhone),
    postalAddress: address.length > 0 ? address : [...d.postalAddress],
    social: {
      facebook: link(social, 'facebook', d.social.facebook),
      instagram: link(social, 'instagram', d.social.instagram),
      linkedin: link(social, 'linkedin', d.social.linkedin),
    },
  } as const;
}

export const config = shopConfig(pageShopFacts());

/** The facts as the pre-render used them (dist/pages.json records them for the server). */
export function renderedShopFacts(): ShopFacts {
  const { phoneHref: _p, whatsappHref: _w, ...facts } = config;
  return { ...facts, postalAddress: [...facts.postalAddress], social: { ...facts.social } };
}

/** Values every translation may use ({{product}}, {{email}}, {{phone}}). */
export const i18nDefaults = {
  product: config.productName,
  email: config.supportEmail,
  phone: config.phone,
};

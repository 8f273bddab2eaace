// The shop's public facts (name, contact, postal address, social links) from the server's
// configuration, and how they reach the web app's HTML: one build serves any shop.
// - Every page the server serves carries them as <meta name="shop-facts" content="{JSON}"> where
//   the build wrote SHOP_FACTS_TOKEN; the web app reads that (apps/web/src/config.ts). A meta
//   tag rather than an inline script: the CSP stays free of inline scripts.
// - The pre-rendered pages (and the destination pages the SSR bundle renders) were rendered with
//   the web's default facts, which the build records as `facts` in pages.json and shell.json;
//   brandHtml() replaces those texts with the configured ones, escaped for where they stand
//   (HTML text and attributes, JSON-LD). The static middleware does it once per page when it
//   loads the build, the destination pages once per render: never per request.
// - The web app manifest gets the configured name (brandManifest).
import type { Env } from './env.ts';

export interface ShopFacts {
  productName: string;
  supportEmail: string;
  salesEmail: string;
  phone: string;
  whatsappPhone: string;
  /** One entry a line. */
  postalAddress: string[];
  social: { facebook: string; instagram: string; linkedin: string };
}

/** What the web build writes as <meta name="shop-facts">'s content (apps/web/src/config-defaults.ts). */
export const SHOP_FACTS_TOKEN = '__SHOP_FACTS__';

type FactSettings = Pick<
  Env,
  | 'PRODUCT_NAME'
  | 'SUPPORT_EMAIL'
  | 'SALES_EMAIL'
  | 'SUPPORT_PHONE'
  | 'WHATSAPP_PHONE'
  | 'POSTAL_ADDRESS'
  | 'FACEBOOK_URL'
  | 'INSTAGRAM_URL'
  | 'LINKEDIN_URL'
>;

/** '1 Main St, Springfield' → two lines; with a '|' anywhere, only '|' separates (commas stay in a line). */
export function postalLines(address: string): string[] {
  const separator = address.includes('|') ? '|' : ',';
  return address
    .split(separator)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function shopFactsFromEnv(env: FactSettings): ShopFacts {
  return {
    productName: env.PRODUCT_NAME.trim(),
    supportEmail: env.SUPPORT_EMAIL.trim(),
    salesEmail: env.SALES_EMAIL.trim(),
    phone: env.SUPPORT_PHONE.trim(),
    whatsappPhone: env.WHATSAPP_PHONE.trim(),
    postalAddress: postalLines(env.POSTAL_ADDRESS),
    social: { facebook: env.FACEBOOK_URL.trim(), instagram: env.INSTAGRAM_URL.trim(), linkedin: env.LINKEDIN_URL.trim() },
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** For HTML text and attribute values alike. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);

/** A JSON string's inside, safe inside <script> (no '<', '>' or '&' left to end it). */
const escapeJsonString = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The <meta name="shop-facts"> content: the facts' JSON, escaped for an attribute. */
export function shopFactsMetaContent(facts: ShopFacts): string {
  return escapeHtml(JSON.stringify(facts));
}

// Rendered as the web app renders them (apps/web/src/config.ts).
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const waHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

interface Swap {
  from: string;
  to: string;
}

/**
 * The texts to swap in each context. Names, addresses and numbers are replaced wherever they
 * stand; links only as a whole quoted value (the default https://www.facebook.com/ is the start
 * of other addresses). The postal address is not swapped: its lines ('London', 'United Kingdom')
 * are also destination names, so the pre-rendered pages must not show it (the footer is not
 * pre-rendered; the e2e check looks for it).
 */
function swaps(rendered: ShopFacts, facts: ShopFacts, escape: (text: string) => string): Swap[] {
  const plain: Array<[string, string]> = [
    [rendered.productName, facts.productName],
    [rendered.supportEmail, facts.supportEmail],
    [rendered.salesEmail, facts.salesEmail],
    [rendered.phone, facts.phone],
    [rendered.whatsappPhone, facts.whatsappPhone],
  ];
  const quoted: Array<[string, string]> = [
    [telHref(rendered.phone), telHref(facts.phone)],
    [waHref(rendered.whatsappPhone), waHref(facts.whatsappPhone)],
    [rendered.social.facebook, facts.social.facebook],
    [rendered.social.instagram, facts.social.instagram],
    [rendered.social.linkedin, facts.social.linkedin],
  ];
  const changed = ([from, to]: [string, string]) => from !== '' && from !== to;
  return [
    ...plain.filter(changed).map(([from, to]) => ({ from: escape(from), to: escape(to) })),
    ...quoted.filter(changed).map(([from, to]) => ({ from: `"${escape(from)}"`, to: `"${escape(to)}"` })),
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pass over the text: a replacement is never matched again (a name that contains another default). */
function replacer(list: Swap[]): (text: string) => string {
  if (list.length === 0) return (text) => text;
  const to = new Map(list.map((s) => [s.from, s.to]));
  const pattern = new RegExp(
    [...to.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  return (text) => text.replace(pattern, (match) => to.get(match) ?? match);
}

const JSON_LD = /(<script type="application\/ld\+json"[^>]*>)([\s\S]*?)(<\/script>)/g;

/**
 * A function that brands a page of the build: the facts in its <meta name="shop-facts">, and the
 * texts it was rendered with (`rendered`, from pages.json; none: only the meta) replaced by the
 * configured ones. Build it once; it holds its patterns.
 */
export function htmlBrander(facts: ShopFacts, rendered: ShopFacts | null | undefined): (html: string) => string {
  const meta = shopFactsMetaContent(facts);
  const inHtml = rendered ? replacer(swaps(rendered, facts, escapeHtml)) : (text: string) => text;
  const inJson = rendered ? replacer(swaps(rendered, facts, escapeJsonString)) : (text: string) => text;
  return (html) => {
    let out = '';
    let last = 0;
    for (const m of html.matchAll(JSON_LD)) {
      out += inHtml(html.slice(last, m.index)) + m[1] + inJson(m[2]!) + m[3];
      last = m.index + m[0].length;
    }
    out += inHtml(html.slice(last));
    return out.replaceAll(SHOP_FACTS_TOKEN, meta);
  };
}

/** The facts a build recorded (pages.json / shell.json `facts`), or null when it recorded none or not in this shape. */
export function recordedFacts(value: unknown): ShopFacts | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const texts = ['productName', 'supportEmail', 'salesEmail', 'phone', 'whatsappPhone'];
  if (!texts.every((k) => typeof v[k] === 'string')) return null;
  const social = v.social as Record<string, unknown> | undefined;
  if (!social || !['facebook', 'instagram', 'linkedin'].every((k) => typeof social[k] === 'string')) return null;
  if (!Array.isArray(v.postalAddress)) return null;
  return value as ShopFacts;
}

/** The web app manifest with the configured name (name and short_name); null when it is not a JSON object. */
export function brandManifest(json: string, facts: ShopFacts): string | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) return null;
  return JSON.stringify({ ...manifest, name: facts.productName, short_name: facts.productName });
}

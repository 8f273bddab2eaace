// The shop's ten languages on the server: which one a request speaks (its Accept-Language header,
// which the web app sets to its interface language on every API call) and which one a stored tag
// means. Pure and browser-safe; the list is @esim/i18n's LANGUAGE_CODES (a test keeps them equal).

export const SHOP_LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ar', 'pt', 'ru', 'ja', 'hi'] as const;
export type ShopLanguage = (typeof SHOP_LANGUAGES)[number];

/** Right-to-left languages among SHOP_LANGUAGES. */
export const RTL_SHOP_LANGUAGES: ReadonlySet<ShopLanguage> = new Set(['ar']);

const KNOWN: ReadonlySet<string> = new Set(SHOP_LANGUAGES);

export function isShopLanguage(value: unknown): value is ShopLanguage {
  return typeof value === 'string' && KNOWN.has(value);
}

export function textDirection(lang: ShopLanguage): 'ltr' | 'rtl' {
  return RTL_SHOP_LANGUAGES.has(lang) ? 'rtl' : 'ltr';
}

/** The shop language of a tag, or null: 'pt-BR' → 'pt', 'ZH_hans' → 'zh', 'nl' → null. */
function baseLanguage(tag: string): ShopLanguage | null {
  const base = tag.trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  return KNOWN.has(base) ? (base as ShopLanguage) : null;
}

/** A stored or sent tag as one of the ten: 'pt-BR' → 'pt'; anything else (or nothing) → 'en'. */
export function shopLanguage(tag: string | null | undefined): ShopLanguage {
  return (tag && baseLanguage(tag)) || 'en';
}

/** Longer headers are cut here: a browser sends a few dozen characters. */
const MAX_HEADER = 512;
const MAX_ENTRIES = 32;
const QVALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The language a request asks for: its Accept-Language header ('ja', 'ar,en;q=0.8',
 * 'fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5') → the supported language with the highest weight (the
 * earlier one on a tie); q=0 means "not this one". Nothing usable (absent, empty, junk, only
 * unsupported languages) → 'en'. Never throws.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): ShopLanguage {
  if (!header) return 'en';
  // The web app's own header: one bare code.
  if (KNOWN.has(header)) return header as ShopLanguage;
  let best: ShopLanguage | null = null;
  let bestQ = 0;
  const entries = header.slice(0, MAX_HEADER).split(',', MAX_ENTRIES);
  for (const entry of entries) {
    const [range = '', ...params] = entry.split(';');
    const lang = baseLanguage(range);
    if (!lang) continue;
    let q = 1;
    for (const param of params) {
      const p = param.trim();
      if (!/^q=/i.test(p)) continue;
      const m = QVALUE.exec(p);
      q = m ? Number(m[1]) : -1;
    }
    if (q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best ?? 'en';
}

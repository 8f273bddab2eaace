// The FAQ page's categories and the order of their questions. The texts live in the 'faq'
// namespace (items.<id>.q / items.<id>.a), so every language can translate them.
import type faqEn from '@esim/i18n/locales/en/faq.json';

export type FaqItemId = keyof typeof faqEn.items;

export const FAQ_CATEGORIES = ['general', 'purchasing', 'usage', 'troubleshooting', 'installation', 'account'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];
export const DEFAULT_FAQ_CATEGORY: FaqCategory = 'general';

export const FAQ_ITEMS: Readonly<Record<FaqCategory, readonly FaqItemId[]>> = {
  general: ['whatIsEsim', 'whoWeAre', 'countries', 'keepSim', 'support'],
  purchasing: ['howToBuy', 'validity', 'refund', 'subscription', 'payment'],
  usage: ['speeds', 'usageAlerts', 'roaming', 'hotspot', 'multiCountry'],
  troubleshooting: ['noInternet', 'qrNotWorking', 'slow', 'deleted', 'noCalls'],
  installation: ['iphone', 'android', 'before', 'when', 'manual'],
  account: ['dashboard', 'topUp', 'receipt', 'cancel', 'details'],
};

/** Categories whose answers are HTML (sanitized before rendering); the others are plain text. */
export const HTML_CATEGORIES: ReadonlySet<FaqCategory> = new Set(['installation']);

export interface FaqRow {
  id: FaqItemId;
  category: FaqCategory;
  html: boolean;
}

/** Every question, category by category, in page order. */
export const ALL_FAQ_ROWS: readonly FaqRow[] = FAQ_CATEGORIES.flatMap((category) =>
  FAQ_ITEMS[category].map((id) => ({ id, category, html: HTML_CATEGORIES.has(category) })),
);

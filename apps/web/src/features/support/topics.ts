// The support page's six categories (spec §2 Support page). Kept free of imports: the route's
// search validation (in the initial bundle) reads this list.
export const SUPPORT_TOPICS = ['installation', 'billing', 'technical', 'account', 'coverage', 'devices'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export function isSupportTopic(value: unknown): value is SupportTopic {
  return typeof value === 'string' && (SUPPORT_TOPICS as readonly string[]).includes(value);
}

/** Ids on the support page that other pages link to. */
export const SUPPORT_FAQ_ID = 'support-faq';
export const LIVE_CHAT_ID = 'live-chat';
export const CONTACT_FORM_ID = 'contact-form';

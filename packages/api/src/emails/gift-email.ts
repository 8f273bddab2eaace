// Issue 29: the gift e-mail — who gives it, their message, the plan, the claim link and, where the
// provider limits it, until when the eSIM must be installed. Written in the language the buyer
// chose; texts in the `gifts` namespace (email.*); laid out as every notice (render.ts renderNotice).
import { shopLanguage } from '../domain/language.ts';
import { localizePlan, renderNotice, type EmailBrand, type EmailLocale, type EmailPlan, type RenderedEmail } from './render.ts';
import { emailT } from './i18n.ts';

export interface GiftEmailInput extends EmailBrand {
  locale: EmailLocale;
  /** How the buyer is named in the e-mail (their display name or address). */
  from: string;
  message: string;
  plan: EmailPlan;
  /** The claim link (/esim-link?gift=…). */
  url: string;
  /** Until when it must be installed (ISO); null: the provider sets no limit we know of. */
  installBy: string | null;
}

export function renderGiftEmail(input: GiftEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const g = (key: string, v: Record<string, unknown> = {}) => t(key, { ...v, ns: 'gifts' });
  const plan = localizePlan(input.plan, input.locale);
  const v = { product: input.productName, from: input.from, plan: plan.name };
  const until = input.installBy
    ? new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(input.installBy))
    : null;
  const message = input.message.trim();
  return renderNotice(lang, t, input, {
    subject: g('email.subject', v),
    heading: g('email.heading', v),
    lead: [g('email.intro', v), ...(message ? [`“${message}”`] : [])],
    action: { href: input.url, label: g('email.button', v) },
    body: [...(until ? [g('email.installBy', { ...v, date: until })] : []), g('email.howTo', v), g('email.private', v)],
  });
}

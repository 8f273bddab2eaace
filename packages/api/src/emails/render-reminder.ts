// The renewal reminder (issue 31): before each renewal, the price, the date and a one-click cancel
// link, in the subscriber's language; texts in the 'disputes' namespace (reminder.*).
import { shopLanguage } from '../domain/language.ts';
import { formatMoney } from '../domain/money.ts';
import type { RenderedEmail } from '../domain/email-templates.ts';
import { emailT } from './i18n.ts';
import { formatDate, localizePlan, renderNotice, type EmailBrand, type EmailLocale, type EmailPlan } from './render.ts';

export interface RenewalReminderEmailInput extends EmailBrand {
  locale: EmailLocale;
  plan: EmailPlan;
  amountMinor: number;
  currency: string;
  /** When the renewal is charged (the period's end, ISO). */
  renewsAt: string;
  /** The one-click cancel page (signed token). */
  cancelUrl: string;
  /** The account's subscriptions. */
  manageUrl: string;
}

export function renderRenewalReminderEmail(input: RenewalReminderEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const r = (key: string, v: Record<string, unknown> = {}) => t(`reminder.${key}`, { ns: 'disputes', ...v });
  const plan = localizePlan(input.plan, lang).name;
  const amount = formatMoney(input.amountMinor, input.currency, lang);
  const date = formatDate(input.renewsAt, lang);
  return renderNotice(lang, t, input, {
    subject: r('subject', { plan, date }),
    heading: r('heading'),
    lead: [r('intro', { plan, amount, date })],
    action: { href: input.cancelUrl, label: r('button') },
    middle: [r('cancel', { date })],
    action2: { href: input.manageUrl, label: r('manage') },
    body: [r('keep')],
  });
}

// The support tickets' e-mails (issue 30) and the newsletter's (double opt-in): the acknowledgement
// with the ticket number, each agent answer, the newsletter confirmation and the unsubscribe footer
// every newsletter e-mail carries. Texts from the `tickets` namespace (email.*) in the traveller's
// language; the layout is the short notice's (render.ts renderNotice).
import { shopLanguage } from '../domain/language.ts';
import { renderNotice, type EmailBrand, type EmailLocale, type RenderedEmail } from './render.ts';
import { emailT } from './i18n.ts';

export interface TicketEmailInput extends EmailBrand {
  locale: EmailLocale;
  /** 'T-000123' */
  number: string;
  subject: string;
  /** The thread's signed link (guests) or the account's ticket page (signed in). */
  url: string;
  /** Replying to the e-mail adds to the thread (an inbound mail route is configured). */
  replyByEmail: boolean;
}

/** '… [T-000123]': the number in the subject, where an inbound reply's subject line also finds it. */
function subjectLine(text: string, number: string): string {
  return `${text} [${number}]`;
}

/** 'We have your request' with its number, what happens next and the link to the thread. */
export function renderTicketAckEmail(input: TicketEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const base = emailT(lang);
  const t = (key: string, o?: Record<string, unknown>) => base(key, { ns: 'tickets', ...o });
  const v = { number: input.number, subject: input.subject, product: input.productName };
  return renderNotice(lang, base, input, {
    subject: subjectLine(t('email.ackSubject', v), input.number),
    heading: t('email.ackHeading', v),
    lead: [t('email.ackIntro', v), t('email.ackNext', v)],
    action: { href: input.url, label: t('email.viewButton', v) },
    body: [input.replyByEmail ? t('email.replyByEmail', v) : t('email.replyByLink', v)],
  });
}

export interface TicketAnswerEmailInput extends TicketEmailInput {
  /** The agent's answer, as written. */
  answer: string;
  solved: boolean;
}

/** An agent's answer in full, and how to reply. */
export function renderTicketAnswerEmail(input: TicketAnswerEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const base = emailT(lang);
  const t = (key: string, o?: Record<string, unknown>) => base(key, { ns: 'tickets', ...o });
  const v = { number: input.number, subject: input.subject, product: input.productName };
  return renderNotice(lang, base, input, {
    subject: subjectLine(t('email.answerSubject', v), input.number),
    heading: t('email.answerHeading', v),
    lead: [t('email.answerIntro', v)],
    middle: input.answer
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean),
    action2: { href: input.url, label: t('email.viewButton', v) },
    body: [
      ...(input.solved ? [t('email.solvedNote', v)] : []),
      input.replyByEmail ? t('email.replyByEmail', v) : t('email.replyByLink', v),
    ],
  });
}

export interface NewsletterConfirmEmailInput extends EmailBrand {
  locale: EmailLocale;
  confirmUrl: string;
  unsubscribeUrl: string;
}

/** 'Confirm your subscription': nothing is sent until the link is opened. */
export function renderNewsletterConfirmEmail(input: NewsletterConfirmEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const base = emailT(lang);
  const t = (key: string, o?: Record<string, unknown>) => base(key, { ns: 'tickets', ...o });
  const v = { product: input.productName };
  return withUnsubscribe(
    renderNotice(lang, base, input, {
      subject: t('newsletterEmail.confirmSubject', v),
      heading: t('newsletterEmail.confirmHeading', v),
      lead: [t('newsletterEmail.confirmIntro', v)],
      action: { href: input.confirmUrl, label: t('newsletterEmail.confirmButton', v) },
      body: [t('newsletterEmail.ignore', v)],
    }),
    input.unsubscribeUrl,
    input.locale,
  );
}

/**
 * Any newsletter e-mail with its unsubscribe line at the end (text and HTML), the way every one the
 * shop sends must go out. The caller adds the List-Unsubscribe header (RFC 8058) where its mailer can.
 */
export function withUnsubscribe(mail: RenderedEmail, unsubscribeUrl: string, locale: EmailLocale): RenderedEmail {
  const lang = shopLanguage(locale);
  const t = emailT(lang);
  const label = t('newsletterEmail.unsubscribe', { ns: 'tickets' });
  const href = unsubscribeUrl.replace(/"/g, '%22').replace(/</g, '%3C');
  const line = `<p style="margin:16px 0 0;font-size:12px;text-align:center"><a href="${href}" dir="ltr" style="color:#495057">${label
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')}</a></p>`;
  const html = mail.html.includes('</body>') ? mail.html.replace('</body>', `${line}</body>`) : `${mail.html}${line}`;
  return { subject: mail.subject, text: `${mail.text}\n${label}: ${unsubscribeUrl}\n`, html };
}

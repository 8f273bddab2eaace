// Every e-mail the shop sends, in the traveller's language: the order with its QR code, the
// confirmation code, the refund notice, the address verification and change links, the password
// reset link and the "address already in use" notice. Each has an HTML part (MJML templates
// compiled ahead of time into compiled.json, see scripts/build-emails.mjs) and a plain-text part.
//
// Per template and language the texts of the template are filled in once and kept; per e-mail only
// its values go in (string replacement). Arabic is right to left (dir="rtl" on html, body and
// every table, text aligned right); codes, links and addresses are kept left to right inside it.
// Every value is HTML-escaped; links are kept only when they are http(s).
// The subpaths, not the package's entry: that one lists the locale files for Vite's lazy loading.
import { destinationName } from '@esim/i18n/destinations';
import { formatDataAmount, planTexts, providedFeatures, type ProvidedPlanFacts } from '@esim/i18n/plan-texts';
import { escapeHtml, safeHref, type RenderedEmail } from '../domain/email-templates.ts';
import { shopLanguage, textDirection, type ShopLanguage } from '../domain/language.ts';
import { formatMoney } from '../domain/money.ts';
import compiled from './compiled.json';
import { emailT, type EmailT } from './i18n.ts';

export type { RenderedEmail } from '../domain/email-templates.ts';

export type TemplateName = keyof typeof compiled;

/** What every e-mail carries: the shop's name (header, signature) and where to write. */
export interface EmailBrand {
  productName: string;
  supportEmail: string;
}

/** The language an e-mail is written in: any tag ('ar', 'pt-BR'); unknown or missing → English. */
export type EmailLocale = string | null | undefined;

// ── filling a compiled template (exported for render-esim.ts, which builds the same way) ──────
const TEXT_SLOT = /\[\[t:([\w.]+)\]\]/g;
const VALUE_SLOT = /\[\[(\w+)\]\]/g;
const BLOCK = /<!--\[\[if:(\w+)\]\]-->([\s\S]*?)<!--\[\[end:\1\]\]-->/g;

const prepared = new Map<string, string>();

/** The template with the language's texts in: made once per template, language and shop name. */
export function preparedTemplate(name: TemplateName, lang: ShopLanguage, t: EmailT, product: string): string {
  const key = `${name}|${lang}|${product}`;
  let html = prepared.get(key);
  if (html === undefined) {
    html = compiled[name][textDirection(lang)].replace(TEXT_SLOT, (_, k: string) => escapeHtml(t(k, { product })));
    prepared.set(key, html);
  }
  return html;
}

/** One e-mail's HTML: optional parts kept or dropped, values (already HTML) in. */
export function fill(html: string, values: Record<string, string>, show: Record<string, boolean>): string {
  return html
    .replace(BLOCK, (_, part: string, inner: string) => (show[part] ? inner : ''))
    .replace(VALUE_SLOT, (_, slot: string) => {
      const value = values[slot];
      if (value === undefined) throw new Error(`e-mail template: no value for [[${slot}]]`);
      return value;
    });
}

// ── small HTML helpers ────────────────────────────────────────────────────────────────────────
export const P = '<p style="margin:0 0 12px">';

export function paragraphs(lines: readonly string[]): string {
  return lines.map((l) => `${P}${escapeHtml(l)}</p>`).join('');
}

/** A text whose values may be HTML (a link): plain values are escaped with the text around them. */
export function textWithHtml(t: EmailT, key: string, plain: Record<string, unknown>, html: Record<string, string>): string {
  const marks = Object.keys(html);
  const vars: Record<string, unknown> = { ...plain };
  marks.forEach((name, i) => {
    vars[name] = `\u0000${i}\u0000`;
  });
  return escapeHtml(t(key, vars)).replace(/\u0000(\d+)\u0000/g, (_, i: string) => html[marks[Number(i)]!] ?? '');
}

/** Left to right inside any text (codes, addresses, numbers with letters). */
export function ltr(value: string): string {
  return `<span dir="ltr" style="unicode-bidi:embed">${escapeHtml(value)}</span>`;
}

export function mailto(address: string): string {
  const a = escapeHtml(address);
  return `<a href="mailto:${a}" dir="ltr" style="color:#1864ab">${a}</a>`;
}

export interface Row {
  label: string;
  value: string;
  /** A code or address: kept left to right in a right-to-left e-mail. */
  code?: boolean;
}

export function tableRows(rows: readonly Row[], lang: ShopLanguage): string {
  const rtl = textDirection(lang) === 'rtl';
  const align = rtl ? 'right' : 'left';
  const labelPad = rtl ? '6px 0 6px 16px' : '6px 16px 6px 0';
  return rows
    .map(
      (r) =>
        `<tr><th scope="row" style="text-align:${align};vertical-align:top;padding:${labelPad};font-weight:600;color:#495057">${escapeHtml(r.label)}</th>` +
        `<td style="text-align:${align};vertical-align:top;padding:6px 0;word-break:break-word">${r.code ? ltr(r.value) : escapeHtml(r.value)}</td></tr>`,
    )
    .join('');
}

export function common(lang: ShopLanguage, t: EmailT, brand: EmailBrand, subject: string, preview: string): Record<string, string> {
  return {
    lang,
    subject: escapeHtml(subject),
    preview: escapeHtml(preview),
    product: escapeHtml(brand.productName),
    questions: textWithHtml(t, 'common.questions', {}, { support: mailto(brand.supportEmail) }),
    signature: escapeHtml(t('common.signature', { product: brand.productName })),
  };
}

export function footerText(t: EmailT, brand: EmailBrand): string[] {
  return [t('common.questions', { support: brand.supportEmail }), t('common.signature', { product: brand.productName })];
}

export function formatDate(d: Date | string, lang: ShopLanguage): string {
  const date = typeof d === 'string' ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) return String(d);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' }).format(date);
}

// ── the plan, in the traveller's words ────────────────────────────────────────────────────────
/** What an order knows about its plan; the region (from the catalogue) lets the name be composed. */
export interface EmailPlan {
  /** The catalogue's name when the order was placed (English): used when the region is unknown. */
  name: string;
  /** The catalogue's data amount text ('5GB'), the last fallback for `dataMb`. */
  dataAmount: string;
  /** MB (1 GB = 1024); null: unlimited; undefined: not known (the text above is shown). */
  dataMb?: number | null | undefined;
  validityDays: number;
  region?: { code: string; kind: 'country' | 'bundle'; name: string; coverage: number } | null | undefined;
  /** What the plan's provider said (plans.facts): the e-mail shows these, and nothing it did not say. */
  provided?: ProvidedPlanFacts | null | undefined;
}

export interface LocalizedPlan {
  name: string;
  data: string;
  validity: string;
  /** The provider's facts as short lines in the language (empty when it said nothing). */
  facts: string[];
}

/** The plan's name, data and validity in `lang` (planTexts over destinationName). */
export function localizePlan(plan: EmailPlan, locale: EmailLocale): LocalizedPlan {
  const lang = shopLanguage(locale);
  const t = emailT(lang);
  const tr = (key: string, opts?: Record<string, unknown>) => t(key, { ...opts, lng: lang });
  const facts = providedFeatures((key, opts) => tr(key, { ...opts, ns: 'plans' }), plan.provided, lang);
  if (plan.region && plan.dataMb !== undefined) {
    const r = plan.region;
    const destination = destinationName({ code: r.code, kind: r.kind, name: r.name }, lang, (k) => t(k, { ns: 'destinations', lng: lang }));
    const texts = planTexts(
      tr,
      {
        destination,
        kind: r.kind,
        code: r.code,
        coverage: r.coverage,
        dataMb: plan.dataMb,
        validityDays: plan.validityDays,
      },
      lang,
    );
    return { name: texts.name, data: texts.data, validity: texts.validity, facts };
  }
  const data =
    plan.dataMb === undefined
      ? plan.dataAmount
      : plan.dataMb === null
        ? tr('data.unlimited', { ns: 'plans' })
        : formatDataAmount(plan.dataMb, lang);
  return { name: plan.name, data, validity: tr('validity', { ns: 'plans', count: plan.validityDays }), facts };
}

// ── a subscription said plainly (issue 26): price, next renewal, how to cancel, where ────────────
export interface EmailSubscription {
  /** The monthly price, minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /** When the next month is charged (ISO); null: not known, or it will not renew. */
  nextRenewalAt: string | null;
  /** The account's subscriptions, where it is cancelled (in the traveller's language). */
  manageUrl: string;
}

/** The rows (price, next renewal), the renewal sentence, how to cancel and the link, as HTML and text. */
export function subscriptionParts(t: EmailT, lang: ShopLanguage, s: EmailSubscription) {
  const amount = formatMoney(s.amountMinor, s.currency, lang);
  const date = s.nextRenewalAt ? formatDate(s.nextRenewalAt, lang) : null;
  const rows: Row[] = [
    { label: t('subscription.price'), value: t('subscription.priceValue', { amount }) },
    ...(date ? [{ label: t('subscription.nextRenewal'), value: date }] : []),
  ];
  const renews = date
    ? { html: textWithHtml(t, 'subscription.renews', { date }, { amount: ltr(amount) }), text: t('subscription.renews', { amount, date }) }
    : { html: escapeHtml(t('subscription.priceValue', { amount })), text: t('subscription.priceValue', { amount }) };
  const href = safeHref(s.manageUrl);
  return { rows, renews, cancel: t('subscription.cancelHow'), button: { href, label: t('subscription.button') } };
}

// ── the order e-mail ──────────────────────────────────────────────────────────────────────────
export interface OrderEmailInput extends EmailBrand {
  locale: EmailLocale;
  order: {
    id: string;
    plan: EmailPlan;
    totalMinor: number;
    currency: string;
    purchasedAt: Date | string;
  };
  esim: {
    iccid: string;
    activationCode: string;
    smdpAddress: string;
    matchingId: string;
    confirmationCodeRequired: boolean;
    apn: string;
  };
  /** Content-ID of the attached QR image, without 'cid:' (e.g. 'qr-<order id>@esim'). */
  qrCid: string;
  /** appleInstallUrl(activationCode). */
  appleUrl: string;
  /** Where a signed-in shopper finds the order; omitted for guests without an account. */
  accountUrl?: string | undefined;
  /** Rewards points this order earned (signed-in buyers); 0 or absent: no line. */
  pointsEarned?: number | undefined;
  /** Rewards points spent on this order, and what they paid (minor units of the order currency). */
  pointsUsed?: { points: number; discountMinor: number } | undefined;
  /** The first month of a subscription: its price, next renewal and how to cancel (issue 26). */
  subscription?: EmailSubscription | undefined;
}

/** The eSIM delivery: install first (iPhone link, QR code by Content-ID, activation code, manual details, roaming), then the receipt. */
export function renderOrderEmail(input: OrderEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const { order, esim } = input;
  const plan = localizePlan(order.plan, lang);
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  const used = input.pointsUsed && input.pointsUsed.points > 0 ? input.pointsUsed : null;
  const earned = input.pointsEarned && input.pointsEarned > 0 ? input.pointsEarned : 0;
  const paidAllWithPoints = used !== null && used.discountMinor >= order.totalMinor;
  const apple = safeHref(input.appleUrl);
  const account = safeHref(input.accountUrl);
  const subject = t('order.subject', { product: input.productName, plan: plan.name, order: order.id });

  const receipt: Row[] = [
    { label: t('order.order'), value: order.id, code: true },
    { label: t('order.plan'), value: plan.name },
    { label: t('order.data'), value: plan.data },
    { label: t('order.validity'), value: plan.validity },
    ...(plan.facts.length ? [{ label: t('order.planFacts'), value: plan.facts.join(' · ') }] : []),
    { label: t('order.total'), value: formatMoney(order.totalMinor, order.currency, lang) },
    {
      label: t('order.paymentMethod'),
      value: t(paidAllWithPoints ? 'order.payment.points' : used ? 'order.payment.cardAndPoints' : 'order.payment.card'),
    },
    { label: t('order.purchaseDate'), value: formatDate(order.purchasedAt, lang) },
    ...(used
      ? [
          {
            label: t('order.pointsUsed'),
            value: t('order.pointsUsedValue', {
              points: number(used.points),
              amount: formatMoney(used.discountMinor, order.currency, lang),
            }),
          },
        ]
      : []),
    ...(earned ? [{ label: t('order.pointsEarned'), value: number(earned) }] : []),
  ];
  const manual: Row[] = [
    { label: t('order.smdp'), value: esim.smdpAddress, code: true },
    { label: t('order.matchingId'), value: esim.matchingId, code: true },
    { label: t('order.apn'), value: esim.apn, code: true },
    { label: t('order.iccid'), value: esim.iccid, code: true },
  ];
  const intro = t('order.intro', { plan: plan.name });
  const sub = input.subscription ? subscriptionParts(t, lang, input.subscription) : null;

  const html = fill(
    preparedTemplate('order', lang, t, input.productName),
    {
      ...common(lang, t, input, subject, t('order.preview')),
      intro: `${P}${escapeHtml(intro)}</p>`,
      receiptRows: tableRows(receipt, lang),
      manualRows: tableRows(manual, lang),
      qrCid: escapeHtml(input.qrCid),
      appleHref: escapeHtml(apple ?? ''),
      activationCode: escapeHtml(esim.activationCode),
      accountHref: escapeHtml(account ?? ''),
      subscriptionRows: sub ? tableRows(sub.rows, lang) : '',
      subscriptionRenews: sub ? `${P}${sub.renews.html}</p>${P}${escapeHtml(sub.cancel)}</p>` : '',
      subscriptionHref: escapeHtml(sub?.button.href ?? ''),
    },
    {
      apple: apple !== null,
      account: account !== null && sub === null,
      subscription: sub !== null && sub.button.href !== null,
      confirmation: esim.confirmationCodeRequired,
      // 'Validity starts when the eSIM first connects…' only when the provider said so.
      validityNote: order.plan.provided?.validityStarts === 'first_connection',
    },
  );

  // The install moment first (issue 26): install, manual details and the roaming reminder, then
  // the receipt; the account, 'Manage your eSIM' and invitation blocks come after (mail-outbox.ts).
  const text = [
    t('order.heading'),
    '',
    intro,
    '',
    t('order.install').toUpperCase(),
    ...(apple ? [`${t('order.iphoneText')} ${apple}`] : []),
    t('order.scan'),
    '',
    `${t('order.activationCode')}:`,
    esim.activationCode,
    '',
    t('order.manual').toUpperCase(),
    ...manual.map((r) => `${r.label}: ${r.value}`),
    ...(esim.confirmationCodeRequired ? [t('order.confirmationNote')] : []),
    '',
    t('order.roaming'),
    ...(order.plan.provided?.validityStarts === 'first_connection' ? [t('order.validityNote')] : []),
    t('order.once'),
    '',
    t('order.receipt').toUpperCase(),
    ...receipt.map((r) => `${r.label}: ${r.value}`),
    '',
    ...(sub
      ? [
          t('subscription.heading').toUpperCase(),
          ...sub.rows.map((r) => `${r.label}: ${r.value}`),
          sub.renews.text,
          sub.cancel,
          ...(sub.button.href ? [`${sub.button.label}: ${sub.button.href}`] : []),
          '',
        ]
      : account
        ? [`${t('order.account')}: ${account}`]
        : []),
    ...footerText(t, input),
    '',
  ].join('\n');
  return { subject, text, html };
}

// ── the short notices (one template) ──────────────────────────────────────────────────────────
export interface Notice {
  subject: string;
  heading: string;
  lead: string[];
  action?: { href: string; label: string } | undefined;
  middle?: string[] | undefined;
  action2?: { href: string; label: string } | undefined;
  /** HTML of the closing paragraphs (escaped by the caller). */
  bodyHtml?: string | undefined;
  /** The same closing paragraphs as plain text. */
  body?: string[] | undefined;
}

export function renderNotice(lang: ShopLanguage, t: EmailT, brand: EmailBrand, n: Notice): RenderedEmail {
  const action = n.action ? safeHref(n.action.href) : null;
  const action2 = n.action2 ? safeHref(n.action2.href) : null;
  const body = n.body ?? [];
  const html = fill(
    preparedTemplate('notice', lang, t, brand.productName),
    {
      ...common(lang, t, brand, n.subject, n.lead[0] ?? n.heading),
      heading: escapeHtml(n.heading),
      lead: paragraphs(n.lead),
      actionHref: escapeHtml(action ?? ''),
      actionLabel: escapeHtml(n.action?.label ?? ''),
      middle: paragraphs(n.middle ?? []),
      action2Href: escapeHtml(action2 ?? ''),
      action2Label: escapeHtml(n.action2?.label ?? ''),
      body: n.bodyHtml ?? paragraphs(body),
    },
    { action: action !== null, action2: action2 !== null, middle: (n.middle ?? []).length > 0, body: body.length > 0 || !!n.bodyHtml },
  );
  const text = [
    ...n.lead,
    ...(n.action ? ['', n.action.href] : []),
    ...(n.middle?.length ? ['', ...n.middle] : []),
    ...(n.action2 ? [n.action2.href] : []),
    '',
    ...body,
    '',
    ...footerText(t, brand),
    '',
  ].join('\n');
  return { subject: n.subject, text, html };
}

export interface SubscriptionChangeEmailInput extends EmailBrand {
  locale: EmailLocale;
  /** 'canceled': set to end at the close of the paid month; 'resumed': renews again. */
  change: 'canceled' | 'resumed';
  plan: EmailPlan;
  /** The subscription's price, next renewal (resumed) and the account's subscriptions link. */
  subscription: EmailSubscription;
  /** Canceled: the day it ends (the paid month's end, ISO); null: not known. */
  endsAt: string | null;
}

/** 'Cancel subscription' or 'Resume', confirmed by e-mail: what happens now, the price and how to change it again. */
export function renderSubscriptionChangeEmail(input: SubscriptionChangeEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const plan = localizePlan(input.plan, lang).name;
  const amount = formatMoney(input.subscription.amountMinor, input.subscription.currency, lang);
  const parts = subscriptionParts(t, lang, input.subscription);
  const action = parts.button.href ? { href: parts.button.href, label: parts.button.label } : undefined;
  if (input.change === 'canceled') {
    const date = input.endsAt ? formatDate(input.endsAt, lang) : null;
    return renderNotice(lang, t, input, {
      subject: t('subscription.canceledSubject', { plan }),
      heading: t('subscription.canceledHeading'),
      lead: [date ? t('subscription.canceledIntro', { plan, date }) : t('subscription.canceledIntroNoDate', { plan })],
      action,
      body: [t('subscription.canceledResume')],
    });
  }
  const next = input.subscription.nextRenewalAt ? formatDate(input.subscription.nextRenewalAt, lang) : null;
  return renderNotice(lang, t, input, {
    subject: t('subscription.resumedSubject', { plan }),
    heading: t('subscription.resumedHeading'),
    lead: [next ? t('subscription.resumedIntro', { plan, amount, date: next }) : t('subscription.resumedIntroNoDate', { plan, amount })],
    action,
    body: [parts.cancel],
  });
}

export interface ManageLinkEmailInput extends EmailBrand {
  locale: EmailLocale;
  /** The order the link opens ('ORD-…'). */
  orderId: string;
  /** The 'Manage your eSIM' link (/esim-link?token=…). */
  url: string;
}

/** A 'Manage your eSIM' link on its own ('Find my order', or a new link after the old one was revoked). */
export function renderManageLinkEmail(input: ManageLinkEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const v = { product: input.productName, order: input.orderId };
  return renderNotice(lang, t, input, {
    subject: t('manage.subject', v),
    heading: t('manage.heading', v),
    lead: [t('manage.intro', v)],
    action: { href: input.url, label: t('manage.button', v) },
    body: [t('manage.private', v)],
  });
}

export interface RefundCodeEmailInput extends EmailBrand {
  locale: EmailLocale;
  orderId: string;
  /** The one-time code (6 digits). */
  code: string;
  /** How long it works. */
  minutes: number;
}

/** The one-time code that confirms a refund asked for through a 'Manage your eSIM' link. */
export function renderRefundCodeEmail(input: RefundCodeEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const v = {
    product: input.productName,
    order: input.orderId,
    code: input.code,
    minutes: new Intl.NumberFormat(lang).format(input.minutes),
  };
  const after = [t('refundCode.expiry', v), t('refundCode.ignore', v)];
  return renderNotice(lang, t, input, {
    subject: t('refundCode.subject', v),
    heading: t('refundCode.heading', v),
    lead: [t('refundCode.intro', v)],
    // The code large, left to right in every language; the same lines as text.
    bodyHtml:
      `<p style="margin:0 0 12px;font-size:24px;font-weight:700;letter-spacing:4px" dir="ltr">${escapeHtml(input.code)}</p>` +
      paragraphs(after),
    body: [input.code, '', ...after],
  });
}

export interface VerificationEmailInput extends EmailBrand {
  url: string;
  /** 'verify': the account's address (registration, the resend button); 'change': an address it asked to move to. */
  purpose?: 'verify' | 'change' | undefined;
  locale: EmailLocale;
}

/** The account's address confirmation: the link (one use, 48 hours) and what opening it does. */
export function renderVerificationEmail(input: VerificationEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const v = { product: input.productName };
  const change = input.purpose === 'change';
  const body = change
    ? [t('change.keeps', v), t('verify.expiry', v), t('change.ignore', v)]
    : [t('verify.orders', v), t('verify.expiry', v), t('verify.ignore', v)];
  return renderNotice(lang, t, input, {
    subject: t(change ? 'change.subject' : 'verify.subject', v),
    heading: t(change ? 'change.heading' : 'verify.heading', v),
    lead: [t(change ? 'change.intro' : 'verify.intro', v)],
    action: { href: input.url, label: t('verify.button', v) },
    body,
  });
}

export interface PasswordResetEmailInput extends EmailBrand {
  url: string;
  /** How long the link works, in minutes. */
  minutes: number;
  locale: EmailLocale;
}

/** The password reset link: one use, `minutes` long; a newer link ends it; a reset signs out everywhere. */
export function renderPasswordResetEmail(input: PasswordResetEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const v = { product: input.productName, minutes: new Intl.NumberFormat(lang).format(input.minutes) };
  return renderNotice(lang, t, input, {
    subject: t('reset.subject', v),
    heading: t('reset.heading', v),
    lead: [t('reset.intro', v), t('reset.linkLead', v)],
    action: { href: input.url, label: t('reset.button', v) },
    body: [t('reset.expiry', v), t('reset.signsOut', v), t('reset.ignore', v)],
  });
}

export interface AccountDeletionEmailInput extends EmailBrand {
  url: string;
  /** How long the link works, in minutes. */
  minutes: number;
  locale: EmailLocale;
}

/** Issue 31: the link that confirms an account's deletion (one use, `minutes` long). */
export function renderAccountDeletionEmail(input: AccountDeletionEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const v = { product: input.productName, minutes: new Intl.NumberFormat(lang).format(input.minutes) };
  return renderNotice(lang, t, input, {
    subject: t('deletion.subject', v),
    heading: t('deletion.heading', v),
    lead: [t('deletion.intro', v), t('deletion.linkLead', v)],
    action: { href: input.url, label: t('deletion.button', v) },
    body: [t('deletion.kept', v), t('deletion.expiry', v), t('deletion.ignore', v)],
  });
}

export interface AccountExistsEmailInput extends EmailBrand {
  /** 'register': someone tried to register with the address; 'email_change': to switch another account to it. */
  reason: 'register' | 'email_change';
  loginUrl: string;
  forgotPasswordUrl: string;
  locale: EmailLocale;
}

/** To the owner of an address someone else tried to use: nothing changed; sign in or reset if it was you. */
export function renderAccountExistsEmail(input: AccountExistsEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const v = { product: input.productName };
  const register = input.reason === 'register';
  return renderNotice(lang, t, input, {
    subject: t(register ? 'exists.subjectRegister' : 'exists.subjectChange', v),
    heading: t('exists.heading', v),
    lead: [t(register ? 'exists.introRegister' : 'exists.introChange', v), t('exists.signIn', v)],
    action: { href: input.loginUrl, label: t('exists.signInButton', v) },
    middle: [t('exists.reset', v)],
    action2: { href: input.forgotPasswordUrl, label: t('exists.resetButton', v) },
    body: [t('exists.ignore', v)],
  });
}

export interface ConfirmationCodeEmailInput extends EmailBrand {
  locale: EmailLocale;
  orderId: string;
  plan: EmailPlan;
  /** null: the provider gave none (the e-mail says to ask support). */
  code: string | null;
}

/** The eSIM's confirmation code, sent apart from the QR code as the eSIM standard asks. */
export function renderConfirmationCodeEmail(input: ConfirmationCodeEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const plan = localizePlan(input.plan, lang);
  const v = { product: input.productName, plan: plan.name, order: input.orderId };
  const code = input.code ?? t('code.missing');
  const codeHtml = input.code ? `<strong style="font-size:20px;letter-spacing:2px">${ltr(input.code)}</strong>` : escapeHtml(code);
  return renderNotice(lang, t, input, {
    subject: t('code.subject', v),
    heading: t('code.heading', v),
    lead: [t('code.intro', v)],
    bodyHtml: `${P}${escapeHtml(t('code.label'))}: ${codeHtml}</p>${paragraphs([t('code.separate')])}`,
    body: [`${t('code.label')}: ${code}`, t('code.separate')],
  });
}

export interface RefundEmailInput extends EmailBrand {
  locale: EmailLocale;
  orderId: string;
  plan: EmailPlan;
  currency: string;
  /** What goes back to the card (minor units); 0: no card line. */
  cardMinor: number;
  /** Rewards points back in the account; 0: no points line. */
  points: number;
  /**
   * What happened: refunded at the traveller's request, by the shop (with its note), because the
   * eSIM could not be delivered, a part refunded by the shop (the eSIM keeps working), or (none) a
   * refund without a cause on record (made at the payment service).
   */
  cause?: { kind: 'requested' | 'undeliverable' } | { kind: 'owner' | 'partial'; reason: string } | undefined;
  /** Kept from the refund for points the order earned that were already spent. */
  deducted?: { minor: number; points: number } | undefined;
}

/** The refund notice: what happened, the card amount, what was kept for points spent, the points back. */
export function renderRefundEmail(input: RefundEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const plan = localizePlan(input.plan, lang);
  const v = { product: input.productName, plan: plan.name, order: input.orderId };
  const money = (minor: number) => formatMoney(minor, input.currency, lang);
  const cause = input.cause;
  const partial = cause?.kind === 'partial';
  const lead = !cause
    ? t('refund.intro', v)
    : cause.kind === 'requested'
      ? t('refund.introRequested', v)
      : cause.kind === 'undeliverable'
        ? t('refund.introUndeliverable', v)
        : cause.kind === 'partial'
          ? t('refund.introPartial', { ...v, amount: money(input.cardMinor + (input.deducted?.minor ?? 0)), reason: cause.reason })
          : cause.kind === 'owner' && cause.reason
            ? t('refund.introOwner', { ...v, reason: cause.reason })
            : t('refund.intro', v);
  return renderNotice(lang, t, input, {
    subject: t(partial ? 'refund.subjectPartial' : 'refund.subject', v),
    heading: t(partial ? 'refund.headingPartial' : 'refund.heading', v),
    lead: [lead],
    body: [
      ...(input.cardMinor > 0 ? [t('refund.card', { amount: money(input.cardMinor) })] : []),
      ...(input.deducted && input.deducted.minor > 0
        ? [
            t('refund.deducted', {
              deducted: money(input.deducted.minor),
              points: new Intl.NumberFormat(lang).format(input.deducted.points),
            }),
          ]
        : []),
      ...(input.points > 0 ? [t('refund.points', { points: new Intl.NumberFormat(lang).format(input.points) })] : []),
    ],
  });
}

export interface NewSignInEmailInput extends EmailBrand {
  locale: EmailLocale;
  /** What was new about the sign-in: its IP address, its browser (User-Agent), or both. */
  fresh: { address: boolean; browser: boolean };
  at: Date;
  ip: string;
  userAgent: string;
  /** Profile Settings, where the Sessions section ends other sessions. */
  sessionsUrl: string;
}

/** To a back-office account: a sign-in from an IP address or a browser it has not used before (issue 27). */
export function renderNewSignInEmail(input: NewSignInEmailInput): RenderedEmail {
  const lang = shopLanguage(input.locale);
  const t = emailT(lang);
  const v = { product: input.productName };
  const intro = input.fresh.address && input.fresh.browser ? 'introBoth' : input.fresh.address ? 'introAddress' : 'introBrowser';
  const rows: Row[] = [
    { label: t('newSignIn.when'), value: formatDate(input.at, lang) },
    { label: t('newSignIn.address'), value: input.ip, code: true },
    { label: t('newSignIn.browser'), value: input.userAgent.slice(0, 200), code: true },
  ];
  const notYouHtml = textWithHtml(t, 'newSignIn.notYou', {}, { support: mailto(input.supportEmail) });
  return renderNotice(lang, t, input, {
    subject: t('newSignIn.subject', v),
    heading: t('newSignIn.heading', v),
    lead: [t(`newSignIn.${intro}`, v)],
    action: { href: input.sessionsUrl, label: t('newSignIn.button', v) },
    bodyHtml:
      `<table role="presentation" dir="${textDirection(lang)}" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 12px">${tableRows(rows, lang)}</table>` +
      `${paragraphs([t('newSignIn.wasYou', v)])}${P}${notYouHtml}</p>`,
    body: [
      ...rows.map((r) => `${r.label}: ${r.value}`),
      '',
      t('newSignIn.wasYou', v),
      t('newSignIn.notYou', { support: input.supportEmail }),
    ],
  });
}

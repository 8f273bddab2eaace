// The e-mails of an eSIM's life: usage alerts (50/80/90%), one day of validity left, a top-up
// applied, a renewal's receipt and a failed renewal. Built like the other e-mails (render.ts): one
// MJML template (templates/esim.mjml, compiled into compiled.json) whose texts come from the
// `email` namespace in the traveller's language, values HTML-escaped, a plain-text part beside it.
// Arabic is right to left; ICCIDs, order numbers, amounts and links stay left to right inside it.
import { formatDataAmount } from '@esim/i18n/plan-texts';
import { escapeHtml, safeHref, type RenderedEmail } from '../domain/email-templates.ts';
import { shopLanguage, type ShopLanguage } from '../domain/language.ts';
import { formatMoney } from '../domain/money.ts';
import { emailT, type EmailT } from './i18n.ts';
import {
  common,
  fill,
  footerText,
  formatDate,
  localizePlan,
  ltr,
  mailto,
  P,
  preparedTemplate,
  subscriptionParts,
  tableRows,
  textWithHtml,
  type EmailBrand,
  type EmailPlan,
  type EmailSubscription,
  type Row,
} from './render.ts';

export type EsimLifeKind = 'usage_50' | 'usage_80' | 'usage_90' | 'validity_1d' | 'topup_applied' | 'renewal_receipt' | 'renewal_failed';

export interface EsimLifeEmailFacts {
  kind: EsimLifeKind;
  productName: string;
  supportEmail: string;
  locale: string | null | undefined;
  orderId: string;
  iccid: string;
  plan: EmailPlan;
  /** The eSIM's page (top-up, usage) in the traveller's language. */
  esimUrl: string;
  /** The order's printable receipt in the account, in the traveller's language. */
  receiptUrl: string;
  /** The account's dashboard (subscriptions), in the traveller's language. */
  accountUrl: string;
  /** The package's data (null: unlimited) and how much of it is used. */
  packageDataMb: number | null;
  packageUsedMb: number;
  daysLeft: number | null;
  expiresAt: string | null;
  /** The whole eSIM: used and total over every package. */
  esimUsedMb: number;
  esimTotalMb: number | null;
  amountMinor: number;
  currency: string;
  periodStart: string;
  validityDays: number;
  /** renewal_receipt: the subscription's price, next renewal and where to cancel it (issue 26). */
  subscription?: EmailSubscription | undefined;
}

/** What one e-mail says; rendered into the template and the plain-text part alike. */
interface LifeEmail {
  subject: string;
  heading: string;
  /** Opening paragraphs: HTML (values such as amounts kept left to right) and the same as text. */
  lead: { html: string; text: string }[];
  rows: Row[];
  action?: { href: string; label: string } | undefined;
  notes: { html: string; text: string }[];
  action2?: { href: string; label: string } | undefined;
}

const DAY_MS = 86_400_000;

/** A paragraph whose values are plain, or (in `html`) already HTML. */
function para(
  t: EmailT,
  key: string,
  plain: Record<string, unknown>,
  html: Record<string, string> = {},
  textValues: Record<string, string> = {},
) {
  return { html: textWithHtml(t, key, plain, html), text: t(key, { ...plain, ...textValues }) };
}

function plainPara(text: string) {
  return { html: escapeHtml(text), text };
}

function dataText(mb: number | null, lang: ShopLanguage, t: EmailT): string {
  return mb === null ? t('data.unlimited', { ns: 'plans' }) : formatDataAmount(Math.max(0, mb), lang);
}

function percentText(percent: number, lang: ShopLanguage): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** 'Mar 1 – 31, 2026' in the language (the billing period, UTC days). */
function periodText(startIso: string, days: number, lang: ShopLanguage): string {
  const start = new Date(startIso);
  if (Number.isNaN(start.getTime())) return startIso;
  const end = new Date(start.getTime() + Math.max(1, days) * DAY_MS);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(start, end);
}

function compose(f: EsimLifeEmailFacts, lang: ShopLanguage, t: EmailT): LifeEmail {
  const plan = localizePlan(f.plan, lang).name;
  const money = formatMoney(f.amountMinor, f.currency, lang);
  const iccidRow: Row = { label: t('esim.iccid'), value: f.iccid, code: true };
  const planRow: Row = { label: t('esim.plan'), value: plan };
  const orderRow: Row = { label: t('esim.order'), value: f.orderId, code: true };
  const validUntil: Row[] = f.expiresAt ? [{ label: t('esim.validUntil'), value: formatDate(f.expiresAt, lang) }] : [];
  const daysLeft: Row[] = f.daysLeft !== null ? [{ label: t('esim.daysLeft'), value: t('esim.daysLeftValue', { count: f.daysLeft }) }] : [];
  const packageLeft = f.packageDataMb === null ? null : f.packageDataMb - f.packageUsedMb;
  const esimLeft = f.esimTotalMb === null ? null : f.esimTotalMb - f.esimUsedMb;
  const topUp = { href: f.esimUrl, label: t('esim.topUpButton') };
  const viewEsim = { href: f.esimUrl, label: t('esim.viewButton') };

  switch (f.kind) {
    case 'usage_50':
    case 'usage_80':
    case 'usage_90': {
      const percent = percentText(Number(f.kind.slice('usage_'.length)), lang);
      const v = { plan, percent, used: dataText(f.packageUsedMb, lang, t), total: dataText(f.packageDataMb, lang, t) };
      return {
        subject: t('esim.usage.subject', v),
        heading: t('esim.usage.heading', v),
        lead: [para(t, 'esim.usage.intro', v)],
        rows: [
          planRow,
          { label: t('esim.usage.used'), value: t('esim.usage.usedValue', v) },
          { label: t('esim.dataLeft'), value: dataText(packageLeft, lang, t) },
          ...daysLeft,
          ...validUntil,
          iccidRow,
        ],
        action: topUp,
        notes: [plainPara(t('esim.usage.topUp')), plainPara(t('esim.sameEsim'))],
      };
    }
    case 'validity_1d': {
      const date = f.expiresAt ? formatDate(f.expiresAt, lang) : '';
      const count = f.daysLeft ?? 1;
      const v = { plan, count, date };
      return {
        subject: t('esim.validity.subject', v),
        heading: t('esim.validity.heading', v),
        lead: [f.expiresAt ? para(t, 'esim.validity.intro', v) : plainPara(t('esim.validity.introNoDate', v))],
        rows: [planRow, ...validUntil, { label: t('esim.dataLeft'), value: dataText(packageLeft, lang, t) }, iccidRow],
        action: topUp,
        notes: [plainPara(t('esim.validity.topUp')), plainPara(t('esim.sameEsim'))],
      };
    }
    case 'topup_applied': {
      const data = dataText(f.packageDataMb, lang, t);
      const v = { plan, data, amount: money };
      return {
        subject: t('esim.topup.subject', v),
        heading: t('esim.topup.heading', v),
        lead: [para(t, 'esim.topup.intro', v)],
        rows: [
          orderRow,
          planRow,
          { label: t('esim.topup.added'), value: data },
          { label: t('esim.topup.total'), value: dataText(f.esimTotalMb, lang, t) },
          { label: t('esim.dataLeft'), value: dataText(esimLeft, lang, t) },
          { label: t('esim.topup.paid'), value: money, code: true },
          iccidRow,
        ],
        action: viewEsim,
        notes: [plainPara(t('esim.topup.takeover'))],
      };
    }
    case 'renewal_receipt': {
      const data = dataText(f.packageDataMb, lang, t);
      const v = { plan, data, amount: money };
      // The subscription said plainly: the next renewal, the price, how to cancel and where.
      const sub = f.subscription ? subscriptionParts(t, lang, f.subscription) : null;
      const manage = sub?.button.href
        ? [
            {
              html: `<a href="${escapeHtml(sub.button.href)}" style="color:#1864ab;font-weight:600">${escapeHtml(sub.button.label)}</a>`,
              text: `${sub.button.label}: ${sub.button.href}`,
            },
          ]
        : [];
      return {
        subject: t('esim.renewal.subject', v),
        heading: t('esim.renewal.heading', v),
        lead: [para(t, 'esim.renewal.intro', { plan, data }, { amount: ltr(money) }, { amount: money })],
        rows: [
          orderRow,
          planRow,
          { label: t('esim.renewal.amount'), value: money, code: true },
          { label: t('esim.renewal.period'), value: periodText(f.periodStart, f.validityDays, lang) },
          { label: t('esim.renewal.added'), value: data },
          { label: t('esim.topup.total'), value: dataText(f.esimTotalMb, lang, t) },
          ...(sub ? sub.rows.filter((r) => r.label === t('subscription.nextRenewal')) : []),
          iccidRow,
        ],
        action: { href: f.receiptUrl, label: t('esim.renewal.receiptButton') },
        notes: [plainPara(t('esim.renewal.receipts')), ...(sub ? [sub.renews, plainPara(sub.cancel), ...manage] : [])],
        action2: viewEsim,
      };
    }
    case 'renewal_failed': {
      const v = { plan };
      return {
        subject: t('esim.renewalFailed.subject', v),
        heading: t('esim.renewalFailed.heading', v),
        lead: [
          para(t, 'esim.renewalFailed.intro', v),
          para(t, 'esim.renewalFailed.retry', v),
          para(t, 'esim.renewalFailed.what', {}, { support: mailto(f.supportEmail) }, { support: f.supportEmail }),
        ],
        rows: [planRow, ...validUntil, { label: t('esim.dataLeft'), value: dataText(esimLeft, lang, t) }, iccidRow],
        action: { href: f.accountUrl, label: t('esim.renewalFailed.button') },
        notes: [plainPara(t('esim.renewalFailed.keeps'))],
      };
    }
  }
}

export function renderEsimLifeEmail(f: EsimLifeEmailFacts): RenderedEmail {
  const lang = shopLanguage(f.locale);
  const t = emailT(lang);
  const brand: EmailBrand = { productName: f.productName, supportEmail: f.supportEmail };
  const e = compose(f, lang, t);
  const action = e.action ? safeHref(e.action.href) : null;
  const action2 = e.action2 ? safeHref(e.action2.href) : null;
  const html = fill(
    preparedTemplate('esim', lang, t, brand.productName),
    {
      ...common(lang, t, brand, e.subject, e.lead[0]?.text ?? e.heading),
      heading: escapeHtml(e.heading),
      lead: e.lead.map((p) => `${P}${p.html}</p>`).join(''),
      rows: tableRows(e.rows, lang),
      actionHref: escapeHtml(action ?? ''),
      actionLabel: escapeHtml(e.action?.label ?? ''),
      notes: e.notes.map((p) => `${P}${p.html}</p>`).join(''),
      action2Href: escapeHtml(action2 ?? ''),
      action2Label: escapeHtml(e.action2?.label ?? ''),
    },
    { action: action !== null, notes: e.notes.length > 0, action2: action2 !== null },
  );
  const text = [
    e.heading,
    '',
    ...e.lead.map((p) => p.text),
    '',
    ...e.rows.map((r) => `${r.label}: ${r.value}`),
    ...(action && e.action ? ['', `${e.action.label}: ${action}`] : []),
    ...(e.notes.length ? ['', ...e.notes.map((p) => p.text)] : []),
    ...(action2 && e.action2 ? ['', `${e.action2.label}: ${action2}`] : []),
    '',
    ...footerText(t, brand),
    '',
  ].join('\n');
  return { subject: e.subject, text, html };
}

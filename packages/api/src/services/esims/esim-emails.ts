// The e-mails of an eSIM's life after the purchase, composed from the outbox row's order:
//   usage_50 | usage_80 | usage_90 | validity_1d — the order is the PACKAGE's order (one per package);
//   topup_applied — the top-up order; renewal_receipt | renewal_failed — the renewal's order.
// The eSIM is found through the order's package row, else orders.topup_esim_id, else the order's
// own eSIM. Every e-mail is in the order's language and links to the eSIM's page in that language
// (a guest's eSIM: its 'Manage your eSIM' link).
import type { Db, Order } from '@esim/db';
import type { EmailPlan, EmailSubscription } from '../../emails/render.ts';
import { renderEsimLifeEmail, type EsimLifeEmailFacts } from '../../emails/render-esim.ts';
import { daysLeft } from '../../domain/esim-life.ts';
import { shopLanguage } from '../../domain/language.ts';
import type { MailMessage } from '../../providers/mail/index.ts';
import { outboxEsimLink } from './esim-links.ts';
import type { Services } from '../types.ts';

export const ESIM_LIFE_EMAIL_KINDS = [
  'usage_50',
  'usage_80',
  'usage_90',
  'validity_1d',
  'topup_applied',
  'renewal_receipt',
  'renewal_failed',
] as const;
export type EsimLifeEmailKind = (typeof ESIM_LIFE_EMAIL_KINDS)[number];

const KINDS: ReadonlySet<string> = new Set(ESIM_LIFE_EMAIL_KINDS);
export function isEsimLifeEmailKind(kind: string): kind is EsimLifeEmailKind {
  return KINDS.has(kind);
}

/** A page of the shop in the traveller's language: English at the path itself, the others under /<lang>/. */
function shopPageUrl(publicUrl: string, path: string, locale: string | null | undefined): string {
  const lang = shopLanguage(locale);
  return new URL(lang === 'en' ? path : `/${lang}${path}`, publicUrl).href;
}

/** The account's subscriptions (where one is cancelled or resumed), in the traveller's language. */
export function subscriptionsPageUrl(publicUrl: string, locale: string | null | undefined): string {
  return `${shopPageUrl(publicUrl, '/account', locale)}#subscriptions-heading`;
}

/** A subscription as its e-mails say it (issue 26): price, next renewal (while it renews), where to cancel. */
export async function emailSubscriptionOf(
  db: Db,
  services: Services,
  subscriptionId: number,
  locale: string | null | undefined,
): Promise<EmailSubscription | undefined> {
  const s = await db
    .selectFrom('subscriptions')
    .select(['price_minor', 'currency', 'status', 'cancel_at_period_end', 'current_period_end'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  if (!s) return undefined;
  const renews = (s.status === 'active' || s.status === 'past_due') && s.cancel_at_period_end === 0;
  return {
    amountMinor: s.price_minor,
    currency: s.currency,
    nextRenewalAt: renews ? s.current_period_end : null,
    manageUrl: subscriptionsPageUrl(services.config.publicUrl, locale),
  };
}

/** The eSIM's page in the traveller's language: English at /account/esim/…, the others under /<lang>/. */
export function esimPageUrl(publicUrl: string, iccid: string, locale: string | null | undefined): string {
  return shopPageUrl(publicUrl, `/account/esim/${encodeURIComponent(iccid)}`, locale);
}

export async function composeEsimLifeEmail(
  db: Db,
  services: Services,
  e: { order: Order; plan: EmailPlan; kind: EsimLifeEmailKind; to: string },
): Promise<MailMessage> {
  const { order, kind } = e;
  const pkg = await db.selectFrom('esim_packages').selectAll().where('order_id', '=', order.id).executeTakeFirst();
  const esimId = pkg?.esim_id ?? order.topup_esim_id;
  const esim =
    esimId != null
      ? await db.selectFrom('esims').selectAll().where('id', '=', esimId).executeTakeFirst()
      : await db.selectFrom('esims').selectAll().where('order_id', '=', order.id).executeTakeFirst();
  if (!esim) throw new Error(`e-mail ${kind}: no eSIM for order ${order.public_id}`);
  const now = services.now();
  const pkgTotal = pkg ? pkg.data_mb : order.plan_data_mb;
  const pkgUsed = pkg?.used_mb ?? 0;
  const expiresAt = pkg?.expires_at ?? esim.expires_at;
  const facts: EsimLifeEmailFacts = {
    kind,
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
    locale: order.locale,
    orderId: order.public_id,
    iccid: esim.iccid,
    plan: e.plan,
    // A guest's eSIM has no account page: its buttons ('Top up my eSIM', 'View my eSIM') open the
    // eSIM's 'Manage your eSIM' link, where its top-ups are bought without an account (issue 26).
    esimUrl:
      esim.user_id === null
        ? await outboxEsimLink(db, services, order.id)
        : esimPageUrl(services.config.publicUrl, esim.iccid, order.locale),
    receiptUrl: shopPageUrl(services.config.publicUrl, `/account/orders/${encodeURIComponent(order.public_id)}/receipt`, order.locale),
    accountUrl: shopPageUrl(services.config.publicUrl, '/account', order.locale),
    packageDataMb: pkgTotal,
    packageUsedMb: Math.min(pkgUsed, pkgTotal ?? pkgUsed),
    daysLeft: daysLeft(expiresAt ? new Date(expiresAt) : null, now),
    expiresAt,
    esimUsedMb: esim.data_used_mb,
    esimTotalMb: esim.data_total_mb,
    amountMinor: order.total_amount_minor - order.points_discount_minor,
    currency: order.currency,
    periodStart: pkg?.started_at ?? order.paid_at ?? order.created_at,
    validityDays: pkg?.validity_days ?? order.plan_validity_days,
    subscription:
      kind === 'renewal_receipt' && order.subscription_id !== null
        ? await emailSubscriptionOf(db, services, order.subscription_id, order.locale)
        : undefined,
  };
  const rendered = renderEsimLifeEmail(facts);
  return { to: e.to, ...rendered, tag: `${order.public_id}-${kind.replace('_', '-')}` };
}

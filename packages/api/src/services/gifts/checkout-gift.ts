// Issue 29 'Gift an eSIM' at checkout: 'This is a gift' on payments.createIntent. The gift is
// checked before the order is made (refused → 400, nothing written), kept with the pending order
// (checkout_gifts, in the order's insert transaction), and made into the eSIM's gift — the same
// esim_gifts row, claim link and e-mail as the account's 'Give as a gift' (gifts.ts) — in the
// fulfilment's transaction (order-life/provisioning.ts completeFulfilment). So the buyer never holds
// the install details: their delivery e-mail is a gift receipt ('Your gift to … is on its way' or
// '… will be delivered on …'), and every read of the eSIM applies the gift's access rules.
import type { Db, EsimGift, Order } from '@esim/db';
import { AppError } from '../../errors.ts';
import type { TCheckoutGift } from '../../domain/checkout-gift.ts';
import { GIFT_CHECKOUT_DELIVERY_MAX_DAYS, GIFT_MESSAGE_MAX, giftDeliveryAt, type GiftStatus } from '../../domain/gifts.ts';
import { shopLanguage } from '../../domain/language.ts';
import { formatMoney } from '../../domain/money.ts';
import { UNPAID_STATES, publicIdFrom } from '../../domain/orders.ts';
import { iso } from '../../domain/time.ts';
import { emailT } from '../../emails/i18n.ts';
import { formatDate, localizePlan, renderNotice } from '../../emails/render.ts';
import type { MailMessage } from '../../providers/mail/index.ts';
import { normalizeEmail } from '../accounts/users.ts';
import { emailPlanOf, enqueueEmail } from '../mail/mail-outbox.ts';
import { outboxEsimLink } from '../esims/esim-links.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { pooledRandomBytes, sha256Hex } from '../shared/tokens.ts';
import type { Services } from '../types.ts';
import { claimToken, sendGift } from './gifts.ts';

/** The outbox kind of the buyer's receipt for a gift bought at checkout (instead of 'esim_delivery'). */
export const GIFT_RECEIPT_EMAIL_KIND = 'gift_receipt';

export interface PreparedCheckoutGift {
  recipientEmail: string;
  message: string;
  locale: string;
  /** ISO; null: as soon as the eSIM is ready. */
  deliverAt: string | null;
}

/** What the buyer's order page says of a gift bought at checkout: 'pending' until the eSIM is made. */
export interface CheckoutGiftView {
  recipientEmail: string;
  status: 'pending' | GiftStatus;
  deliverAt: string | null;
}

/** A gift on a checkout that cannot carry one → 400. */
export function refuseGift(reason: 'not_for_subscriptions' | 'not_for_top_ups'): never {
  throw new AppError(
    'BAD_INPUT',
    reason === 'not_for_subscriptions'
      ? 'A subscription cannot be bought as a gift. Buy the plan once to give it.'
      : 'A top-up cannot be bought as a gift: it adds data to an eSIM you have.',
    { field: 'gift', reason },
  );
}

/**
 * The gift's rules before any write: one-time new eSIMs only (a subscription or a top-up → 400),
 * not the buyer's own address (the order's, or the account's), a bounded message, a delivery date
 * from today to a year ahead. The messages are the account flow's (gifts.ts giveEsim).
 */
export function prepareCheckoutGift(
  gift: TCheckoutGift,
  buyer: { orderEmail: string; accountEmail: string | null; checkoutLocale: string | null | undefined },
  what: { subscription: boolean; topUp: boolean },
  now: Date,
): PreparedCheckoutGift {
  if (what.subscription) refuseGift('not_for_subscriptions');
  if (what.topUp) refuseGift('not_for_top_ups');
  const email = normalizeEmail(gift.recipientEmail);
  const own = [buyer.orderEmail, buyer.accountEmail].filter((e): e is string => !!e).map(normalizeEmail);
  if (own.includes(email))
    throw new AppError('BAD_INPUT', 'Give it to someone else: this is your own e-mail address.', {
      field: 'gift.recipientEmail',
      reason: 'self',
    });
  const message = gift.message.trim();
  if (message.length > GIFT_MESSAGE_MAX)
    throw new AppError('BAD_INPUT', `The message can be at most ${GIFT_MESSAGE_MAX} characters.`, {
      field: 'gift.message',
      reason: 'too_long',
    });
  const at = giftCheckoutDeliveryAt(gift.deliverOn, now);
  return {
    recipientEmail: email,
    message,
    locale: shopLanguage(gift.locale ?? buyer.checkoutLocale),
    deliverAt: at && at.getTime() > now.getTime() ? iso(at) : null,
  };
}

/** The chosen day (null: none) by the account flow's reading (domain/gifts.ts giftDeliveryAt), a year ahead at most. */
function giftCheckoutDeliveryAt(input: string | null | undefined, now: Date): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const at = giftDeliveryAt(input, now, GIFT_CHECKOUT_DELIVERY_MAX_DAYS);
  if (at instanceof Date) return at;
  throw new AppError(
    'BAD_INPUT',
    {
      past: 'The delivery date is in the past. Choose today or a later day.',
      too_far: 'The delivery date can be at most one year from today.',
      invalid: 'The delivery date is not a date. Use the date picker.',
    }[at],
    { field: 'gift.deliverOn', reason: at },
  );
}

/** Kept with the pending order, in the transaction that inserts it. */
export async function storeCheckoutGift(trx: Db, orderId: number, gift: PreparedCheckoutGift, now: string): Promise<void> {
  await trx
    .insertInto('checkout_gifts')
    .values({
      order_id: orderId,
      recipient_email: gift.recipientEmail,
      message: gift.message,
      locale: gift.locale,
      deliver_at: gift.deliverAt,
      created_at: now,
    })
    .execute();
}

/**
 * A retried checkout (the same checkout token: Pay pressed again after a decline) with the gift
 * switched on, off or changed: the order's gift becomes the retry's, while the order is unpaid. The
 * order row is locked first (a conditional UPDATE), so a payment claimed meanwhile keeps the gift it was paid with.
 */
export async function syncCheckoutGift(db: Db, orderId: number, gift: PreparedCheckoutGift | null, now: string): Promise<void> {
  // The usual retry (no gift before, none now) writes nothing.
  if (!gift && !(await db.selectFrom('checkout_gifts').select('id').where('order_id', '=', orderId).executeTakeFirst())) return;
  await writeTransaction(db, async (trx) => {
    const unpaid = await trx
      .updateTable('orders')
      .set({ updated_at: now })
      .where('id', '=', orderId)
      .where('status', 'in', UNPAID_STATES)
      .returning('id')
      .executeTakeFirst();
    if (!unpaid) return;
    await trx.deleteFrom('checkout_gifts').where('order_id', '=', orderId).execute();
    if (gift) await storeCheckoutGift(trx, orderId, gift, now);
  });
}

/**
 * Called in the fulfilment's transaction, once the order is fulfilled and its eSIM stored: an
 * order bought as a gift → the eSIM's gift (scheduled; sent now when its day has come, its e-mail
 * queued) and the buyer's receipt queued instead of the install details → true. No gift → false.
 */
export async function giveOnFulfilment(trx: Db, services: Services, order: Order, now: string): Promise<boolean> {
  const pending = await trx.selectFrom('checkout_gifts').selectAll().where('order_id', '=', order.id).executeTakeFirst();
  if (!pending) return false;
  const esim = await trx.selectFrom('esims').select('id').where('order_id', '=', order.id).executeTakeFirst();
  // No eSIM (cannot happen for a new eSIM's order): nothing to give, and still no install details sent.
  if (!esim) return true;
  const publicId = publicIdFrom('GIFT', pooledRandomBytes(7));
  const deliverAt = pending.deliver_at !== null && pending.deliver_at > now ? pending.deliver_at : now;
  const row = await trx
    .insertInto('esim_gifts')
    .values({
      public_id: publicId,
      esim_id: esim.id,
      order_id: order.id,
      giver_user_id: order.user_id,
      recipient_email: pending.recipient_email,
      message: pending.message,
      locale: pending.locale,
      deliver_at: deliverAt,
      token_hash: sha256Hex(claimToken(services, publicId)),
      status: 'scheduled',
      recipient_user_id: null,
      recipient_link_id: null,
      created_at: now,
      sent_at: null,
      claimed_at: null,
      refunded_at: null,
    })
    .onConflict((oc) => oc.column('esim_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  await enqueueEmail(trx, { orderId: order.id, kind: GIFT_RECEIPT_EMAIL_KIND, to: order.email, now });
  // Due now: scheduled → sent and the gift e-mail queued (else the worker's sendDueGifts on its day).
  if (row && deliverAt <= now) await sendGift(trx, services, row as EsimGift);
  return true;
}

/** The buyer's view of the order's gift bought at checkout; null: not a gift from checkout. Read only. */
export async function checkoutGiftOf(db: Db, orderId: number): Promise<CheckoutGiftView | null> {
  const row = await db
    .selectFrom('checkout_gifts as c')
    .leftJoin('esim_gifts as g', 'g.order_id', 'c.order_id')
    .select(['c.recipient_email', 'c.deliver_at as asked_at', 'g.status', 'g.deliver_at'])
    .where('c.order_id', '=', orderId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    recipientEmail: row.recipient_email,
    status: row.status ?? 'pending',
    deliverAt: row.deliver_at ?? row.asked_at,
  };
}

/**
 * The outbox's composer of the buyer's gift receipt (mail-outbox.ts sendEmail): no install details.
 * Its 'Manage your gift' link is the order's 'Manage your eSIM' link, which for a given eSIM opens
 * only the gift (to whom, its state, the refund while unclaimed: esimLinks.gift), never the eSIM.
 */
export async function composeGiftReceipt(db: Db, services: Services, orderId: number, to: string): Promise<MailMessage> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const gift = await db
    .selectFrom('esim_gifts')
    .select(['recipient_email', 'deliver_at', 'status', 'sent_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const lang = shopLanguage(order.locale);
  const t = emailT(lang);
  const g = (key: string, v: Record<string, unknown> = {}) => t(key, { ...v, ns: 'gift-checkout' });
  const plan = localizePlan(await emailPlanOf(db, order), order.locale);
  const scheduled = gift.status === 'scheduled';
  const v = {
    product: services.config.productName,
    plan: plan.name,
    email: gift.recipient_email,
    date: formatDate(gift.deliver_at, lang),
    orderId: order.public_id,
    total: formatMoney(order.total_amount_minor, order.currency, lang),
  };
  const rendered = renderNotice(lang, t, services.config, {
    subject: g('email.subject', v),
    heading: g('email.heading', v),
    lead: [g(scheduled ? 'email.scheduled' : 'email.onItsWay', v)],
    action: { label: g('email.manage', v), href: await outboxEsimLink(db, services, orderId) },
    body: [g('email.order', v), g('email.private', v)],
  });
  return { to, ...rendered, tag: `${order.public_id}-gift-receipt` };
}

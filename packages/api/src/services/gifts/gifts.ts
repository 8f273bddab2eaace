// Issue 29 'Gift an eSIM': an uninstalled eSIM of an account is given once, by e-mail, with a message
// and an optional delivery date; the recipient claims it with the e-mail's link (as a guest: a
// 'Manage your eSIM' link of their own; signed in: into their account). From the gift on, only the
// recipient who claimed it sees the install details, installs and tops it up (the access rules:
// domain/gifts.ts mayHoldGiftedEsim, applied in esims.ts, esim-links.ts, orders.ts and topups.ts);
// the buyer sees 'Gift sent' / 'Gift claimed'. A refund goes to the buyer, through the one refund
// engine (order-life/refunds.ts calls settleGiftForRefund in its claim's transaction), and only
// while nobody claimed it (an installed eSIM is refused by the refund rules themselves).
import { createHmac } from 'node:crypto';
import type { Db, EsimGift } from '@esim/db';
import { AppError } from '../../errors.ts';
import {
  GIFT_MESSAGE_MAX,
  giftDeliveryAt,
  giftInstallBy,
  giftRefundVerdict,
  giftRefusal,
  type GiftRefusal,
  type GiftStatus,
} from '../../domain/gifts.ts';
import { shopLanguage } from '../../domain/language.ts';
import { refundEligibility, type RefundEligibility } from '../../domain/esim-life.ts';
import { publicIdFrom } from '../../domain/orders.ts';
import { iso } from '../../domain/time.ts';
import { renderGiftEmail } from '../../emails/gift-email.ts';
import type { MailMessage } from '../../providers/mail/index.ts';
import { normalizeEmail } from '../accounts/users.ts';
import { getPlanDestinations, planTextFacts } from '../catalog/plan-facts.ts';
import type { PlanTextFacts } from '../../domain/catalog.ts';
import { esimLinkUrl, issueEsimLink, resolveEsimLink } from '../esims/esim-links.ts';
import { emailPlanOf, enqueueEmail, scheduleOrderEmails } from '../mail/mail-outbox.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { newAccessToken, pooledRandomBytes, sha256Hex } from '../shared/tokens.ts';
import type { Services, SessionUser } from '../types.ts';
import { renderManageLinkEmail } from '../../emails/render.ts';
import { moveGift } from './gift-life.ts';

/** The outbox kind of the gift e-mail (one per order: an eSIM is given once). */
export const GIFT_EMAIL_KIND = 'gift';

export interface GiveEsimInput {
  iccid: string;
  recipientEmail: string;
  message: string;
  /** 'YYYY-MM-DD' or an ISO timestamp; absent: now. */
  deliverOn?: string | null | undefined;
  /** The language of the gift e-mail. */
  locale: string;
}

export interface GivenGiftView {
  id: string;
  iccid: string;
  orderId: string;
  planName: string;
  /** The destination and plan, for the name in the buyer's language; null when the plan is gone. */
  planFacts?: PlanTextFacts | null;
  recipientEmail: string;
  message: string;
  status: GiftStatus;
  deliverAt: string;
  sentAt: string | null;
  claimedAt: string | null;
  /** The buyer may refund it now (not claimed, not installed, within the refund rules): orders.refund. */
  refundable: boolean;
  /** The order's refund as the refund rules see it (the refund dialog reads it). */
  refund: RefundEligibility;
}

export interface ClaimResultView {
  giftId: string;
  iccid: string;
  /** Claimed into the signed-in account: the eSIM is at /account/esim/{iccid}. */
  intoAccount: boolean;
  /** Claimed as a guest: the recipient's own 'Manage your eSIM' link token (also e-mailed to them). */
  linkToken: string | null;
}

const REFUSALS: Record<GiftRefusal, string> = {
  already_given: 'This eSIM has already been given as a gift. An eSIM can be given only once.',
  refunded: 'This eSIM is refunded (or its refund is under way), so it cannot be given.',
  not_delivered: 'This eSIM has not been delivered yet. Try again once it is ready.',
  installed: 'This eSIM is already installed on a phone, so it can no longer be given.',
  expired: 'This eSIM has expired, so it cannot be given.',
  topped_up: 'This eSIM has a top-up bought for it, so it can no longer be given.',
};

/** The claim link's token: derived from the gift (so the e-mail can be composed, and resent, from the outbox); only its hash is stored. */
export function claimToken(services: Services, publicId: string): string {
  return createHmac('sha256', services.rateLimits.secret).update(`esim-gift:${publicId}`).digest('base64url');
}

export function giftClaimUrl(publicUrl: string, token: string): string {
  // The guest eSIM page's route (esim-link) opens the claim: no route of its own in the shop's first chunk.
  return `${publicUrl.replace(/\/+$/, '')}/esim-link?gift=${encodeURIComponent(token)}`;
}

/** 'Give as a gift' on the account's eSIM page. → the buyer's view of the gift. */
export async function giveEsim(db: Db, services: Services, user: SessionUser, input: GiveEsimInput): Promise<GivenGiftView> {
  const now = services.now();
  const email = normalizeEmail(input.recipientEmail);
  if (email === normalizeEmail(user.email))
    throw new AppError('BAD_INPUT', 'Give it to someone else: this is your own e-mail address.', {
      field: 'recipientEmail',
      reason: 'self',
    });
  const message = input.message.trim();
  if (message.length > GIFT_MESSAGE_MAX)
    throw new AppError('BAD_INPUT', `The message can be at most ${GIFT_MESSAGE_MAX} characters.`, { field: 'message', reason: 'too_long' });
  const at = giftDeliveryAt(input.deliverOn, now);
  if (!(at instanceof Date)) {
    const why = {
      past: 'The delivery date is in the past. Choose today or a later day.',
      too_far: 'The delivery date can be at most 90 days from today.',
      invalid: 'The delivery date is not a date. Use the date picker.',
    }[at];
    throw new AppError('BAD_INPUT', why, { field: 'deliverOn', reason: at });
  }
  const locale = shopLanguage(input.locale);

  const result = await writeTransaction(db, async (trx) => {
    const esim = await trx
      .selectFrom('esims as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select([
        'e.id',
        'e.iccid',
        'e.status',
        'e.profile_state',
        'e.plan_state',
        'e.expires_at',
        'o.id as order_id',
        'o.public_id as order_public_id',
        'o.status as order_status',
        'o.refund_requested_at',
        'o.plan_name',
      ])
      .where('o.user_id', '=', user.id)
      .where('e.iccid', '=', input.iccid)
      .orderBy('e.id', 'desc')
      .executeTakeFirst();
    if (!esim) throw new AppError('NOT_FOUND', 'There is no eSIM with this number in your account.');
    const [given, topUps] = await Promise.all([
      trx.selectFrom('esim_gifts').select('id').where('esim_id', '=', esim.id).executeTakeFirst(),
      // A top-up paid for it (delivered, waiting or refunded since): the gift would carry someone else's package.
      trx.selectFrom('orders').select('id').where('topup_esim_id', '=', esim.id).where('paid_at', 'is not', null).executeTakeFirst(),
    ]);
    const refusal = giftRefusal(
      {
        orderStatus: esim.order_status,
        refundRequested: esim.refund_requested_at !== null,
        esimCanceled: esim.status === 'canceled',
        profileState: esim.profile_state,
        planState: esim.plan_state,
        expiresAt: esim.expires_at ? new Date(esim.expires_at) : null,
        alreadyGiven: given !== undefined,
        hasTopUps: topUps !== undefined,
      },
      now,
    );
    if (refusal) throw new AppError('CONFLICT', REFUSALS[refusal], { reason: refusal });
    const publicId = publicIdFrom('GIFT', pooledRandomBytes(7));
    const due = at.getTime() <= now.getTime();
    const row = await trx
      .insertInto('esim_gifts')
      .values({
        public_id: publicId,
        esim_id: esim.id,
        order_id: esim.order_id,
        giver_user_id: user.id,
        recipient_email: email,
        message,
        locale,
        deliver_at: iso(at),
        token_hash: sha256Hex(claimToken(services, publicId)),
        status: 'scheduled',
        recipient_user_id: null,
        recipient_link_id: null,
        created_at: iso(now),
        sent_at: null,
        claimed_at: null,
        refunded_at: null,
      })
      // Two tabs giving at once: the unique eSIM keeps one.
      .onConflict((oc) => oc.column('esim_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('CONFLICT', REFUSALS.already_given, { reason: 'already_given' });
    // The QR URLs the buyer already has (e-mails, the order pages) stop working: a new capability.
    await trx
      .updateTable('esims')
      .set({ access_token: newAccessToken(), updated_at: iso(now) })
      .where('id', '=', esim.id)
      .execute();
    const sent = due ? await sendGift(trx, services, row) : row;
    return { gift: sent ?? row, due };
  });
  if (result.due) scheduleOrderEmails(db, services, result.gift.order_id);
  services.log.info('eSIM given', { gift: result.gift.public_id, scheduled: !result.due });
  return (await listGivenGifts(db, services, user.id)).find((g) => g.id === result.gift.public_id)!;
}

/** scheduled → sent, and the gift e-mail queued in the outbox, in one transaction. */
export async function sendGift(trx: Db, services: Services, gift: EsimGift): Promise<EsimGift | null> {
  const now = iso(services.now());
  const moved = await moveGift(trx, gift.id, ['scheduled'], 'sent', { sent_at: now });
  if (moved) await enqueueEmail(trx, { orderId: gift.order_id, kind: GIFT_EMAIL_KIND, to: gift.recipient_email, now });
  return moved;
}

/** The worker's pass: gifts whose delivery date has come are sent (their e-mail queued; the outbox loop sends it). */
export async function sendDueGifts(db: Db, services: Services, limit = 100): Promise<number> {
  const due = await db
    .selectFrom('esim_gifts')
    .selectAll()
    .where('status', '=', 'scheduled')
    .where('deliver_at', '<=', iso(services.now()))
    .orderBy('deliver_at')
    .limit(limit)
    .execute();
  let sent = 0;
  for (const g of due) {
    if (await writeTransaction(db, (trx) => sendGift(trx, services, g))) sent++;
  }
  return sent;
}

/** The outbox's composer for the gift e-mail (mail-outbox.ts composeOutboxMessage). */
export async function composeGiftEmail(db: Db, services: Services, orderId: number, to: string): Promise<MailMessage> {
  const gift = await db.selectFrom('esim_gifts').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const esim = await db.selectFrom('esims').select(['expires_at']).where('id', '=', gift.esim_id).executeTakeFirstOrThrow();
  // A guest's gift bought at checkout (issue 29) has no account: the order's address names the giver.
  const giver =
    gift.giver_user_id === null
      ? undefined
      : await db.selectFrom('users').select(['username', 'email']).where('id', '=', gift.giver_user_id).executeTakeFirst();
  const plan = await emailPlanOf(db, order);
  const installBy = giftInstallBy({
    expiresAt: esim.expires_at ? new Date(esim.expires_at) : null,
    validityStarts: plan.provided?.validityStarts,
    paidAt: order.paid_at ? new Date(order.paid_at) : null,
    validityDays: order.plan_validity_days,
  });
  const rendered = renderGiftEmail({
    productName: services.config.productName,
    supportEmail: services.config.supportEmail,
    locale: gift.locale,
    from: giver?.username || giver?.email || order.email,
    message: gift.message,
    plan,
    url: giftClaimUrl(services.config.publicUrl, claimToken(services, gift.public_id)),
    installBy: installBy ? iso(installBy) : null,
  });
  return { to, ...rendered, tag: `${gift.public_id}-gift` };
}

const badLink = () => new AppError('NOT_FOUND', 'This gift link is not valid. Ask the person who gave it to check the address they used.');

/** What the claim page shows before the click: the plan and the message (never the install details). */
export async function previewGift(
  db: Db,
  token: string,
): Promise<{ status: GiftStatus; planName: string; planFacts: PlanTextFacts | null; message: string }> {
  const gift = await giftByToken(db, token);
  const order = await db
    .selectFrom('orders')
    .select(['plan_name', 'plan_id', 'plan_data_mb', 'plan_validity_days'])
    .where('id', '=', gift.order_id)
    .executeTakeFirstOrThrow();
  const destination = (await getPlanDestinations(db, [order.plan_id])).get(order.plan_id);
  return {
    status: gift.status,
    planName: order.plan_name,
    planFacts: planTextFacts(destination, { dataMb: order.plan_data_mb, validityDays: order.plan_validity_days }),
    message: gift.message,
  };
}

async function giftByToken(db: Db, token: string): Promise<EsimGift> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw badLink();
  const gift = await db.selectFrom('esim_gifts').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
  // A gift not sent yet has no link out in the world: the same 404.
  if (!gift || gift.status === 'scheduled') throw badLink();
  return gift;
}

/**
 * 'Claim my eSIM': once. Signed in → into the account; else a 'Manage your eSIM' link of the
 * recipient's own (returned, and e-mailed to the gift's address). A second claim (or the loser of
 * two at once) → 409 'already_claimed'; a refunded gift → 409 'refunded'.
 */
export async function claimGift(db: Db, services: Services, token: string, user: SessionUser | null): Promise<ClaimResultView> {
  const gift = await giftByToken(db, token);
  const now = services.now();
  const out = await writeTransaction(db, async (trx) => {
    let linkToken: string | null = null;
    let linkId: number | null = null;
    if (!user) {
      linkToken = await issueEsimLink(trx, gift.order_id, now);
      const link = await trx.selectFrom('esim_links').select('id').where('token_hash', '=', sha256Hex(linkToken)).executeTakeFirstOrThrow();
      linkId = link.id;
    }
    const moved = await moveGift(trx, gift.id, ['sent'], 'claimed', {
      claimed_at: iso(now),
      recipient_user_id: user?.id ?? null,
      recipient_link_id: linkId,
    });
    if (!moved) {
      const current = await trx.selectFrom('esim_gifts').select('status').where('id', '=', gift.id).executeTakeFirstOrThrow();
      // Thrown inside the transaction: the link issued above rolls back with it.
      if (current.status === 'refunded')
        throw new AppError('CONFLICT', 'This gift was refunded to the person who gave it, so it can no longer be claimed.', {
          reason: 'refunded',
        });
      throw new AppError('CONFLICT', 'This gift has already been claimed. Its link works only once.', { reason: 'already_claimed' });
    }
    return { linkToken };
  });
  const esim = await db.selectFrom('esims').select('iccid').where('id', '=', gift.esim_id).executeTakeFirstOrThrow();
  if (out.linkToken) {
    const order = await db.selectFrom('orders').select('public_id').where('id', '=', gift.order_id).executeTakeFirstOrThrow();
    const mail = renderManageLinkEmail({
      productName: services.config.productName,
      supportEmail: services.config.supportEmail,
      locale: gift.locale,
      orderId: order.public_id,
      url: esimLinkUrl(services.config.publicUrl, out.linkToken),
    });
    const to = gift.recipient_email;
    services.jobs.run(`gift-link:${gift.id}`, async () => {
      await services.mailer.send({ to, ...mail, tag: `${gift.public_id}-claimed` });
    });
  }
  services.log.info('gift claimed', { gift: gift.public_id, intoAccount: user !== null });
  return { giftId: gift.public_id, iccid: esim.iccid, intoAccount: user !== null, linkToken: out.linkToken };
}

/** The buyer's gifts, newest first: 'Gift sent' / 'Gift claimed' (never the install details). Read only. */
export async function listGivenGifts(db: Db, services: Services, userId: number): Promise<GivenGiftView[]> {
  return givenGifts(db, services, { userId });
}

/**
 * The gift of one order, for the holder of the buyer's 'Manage your eSIM' link (a guest who bought
 * it as a gift at checkout): the same view as the account's, never the install details.
 */
export async function givenGiftOfOrder(db: Db, services: Services, orderId: number): Promise<GivenGiftView | null> {
  return (await givenGifts(db, services, { orderId }))[0] ?? null;
}

async function givenGifts(db: Db, services: Services, where: { userId: number } | { orderId: number }): Promise<GivenGiftView[]> {
  const rows = await db
    .selectFrom('esim_gifts as g')
    .innerJoin('esims as e', 'e.id', 'g.esim_id')
    .innerJoin('orders as o', 'o.id', 'g.order_id')
    .selectAll('g')
    .select([
      'e.iccid',
      'e.profile_state',
      'e.plan_state',
      'o.public_id as order_public_id',
      'o.plan_name',
      'o.plan_id',
      'o.plan_data_mb',
      'o.plan_validity_days',
      'o.status as order_status',
      'o.refund_requested_at',
      'o.paid_at',
      'o.kind as order_kind',
      'o.subscription_id',
    ])
    .where((eb) => ('userId' in where ? eb('g.giver_user_id', '=', where.userId) : eb('g.order_id', '=', where.orderId)))
    .orderBy('g.id', 'desc')
    .execute();
  const now = services.now();
  const destinations = await getPlanDestinations(db, [...new Set(rows.map((r) => r.plan_id))]);
  return rows.map((r) => {
    const refund = refundEligibility(
      {
        orderStatus: r.order_status,
        kind: 'initial',
        subscription: r.order_kind === 'subscription' || r.subscription_id !== null,
        paidAt: r.paid_at ? new Date(r.paid_at) : null,
        profileState: r.profile_state,
        planState: r.plan_state,
        packageState: null,
        refundRequested: r.refund_requested_at !== null,
      },
      now,
    );
    const planFacts = planTextFacts(destinations.get(r.plan_id), { dataMb: r.plan_data_mb, validityDays: r.plan_validity_days });
    return {
      ...viewOf(r, r.iccid, r.order_public_id, r.plan_name, giftRefundVerdict(r.status) === 'allowed' && refund.eligible, refund),
      planFacts,
    };
  });
}

function viewOf(
  g: EsimGift,
  iccid: string,
  orderId: string,
  planName: string,
  refundable: boolean,
  refund: RefundEligibility,
): GivenGiftView {
  return {
    id: g.public_id,
    iccid,
    orderId,
    planName,
    recipientEmail: g.recipient_email,
    message: g.message,
    status: g.status,
    deliverAt: g.deliver_at,
    sentAt: g.sent_at,
    claimedAt: g.claimed_at,
    refundable,
    refund,
  };
}

/**
 * The buyer's link of an eSIM given as a gift (issue 29): to whom, its state (scheduled, sent,
 * claimed, refunded) and whether it can still be refunded — never its install details. A link of
 * an order with no gift → 404 (its page is the eSIM's own).
 */
export async function getLinkedGift(db: Db, services: Services, token: string): Promise<GivenGiftView> {
  const { orderId } = await resolveEsimLink(db, token, { giver: true });
  const gift = await givenGiftOfOrder(db, services, orderId);
  if (!gift) throw new AppError('NOT_FOUND', 'This order was not given as a gift.');
  return gift;
}

// Issue 29 'Gift an eSIM', the pure rules: which eSIM may be given, the gift's allowed moves, who
// sees the install details once it is given, whether its refund is allowed, the delivery date's
// limits and until when the recipient must install it. No db, no clock: `now` comes in.
import type { EsimPlanStateValue, EsimProfileStateValue } from './esim-life.ts';
import { DAY_MS } from './esim-life.ts';

export type GiftStatus = 'scheduled' | 'sent' | 'claimed' | 'refunded';

/**
 * The gift's moves (services/gifts/gift-life.ts moveGift is the one writer of esim_gifts.status).
 * Back from 'refunded' only when the refund that ended it is dropped before any money moved and its
 * eSIM still works (refunds.ts dropRefund → reopenGiftOfDroppedRefund): a refused refund must not
 * take the gift from its recipient.
 */
export const GIFT_TRANSITIONS: Readonly<Record<GiftStatus, readonly GiftStatus[]>> = {
  scheduled: ['sent', 'refunded'],
  sent: ['claimed', 'refunded'],
  claimed: [],
  refunded: ['scheduled', 'sent'],
};

export function canMoveGift(from: GiftStatus, to: GiftStatus): boolean {
  return GIFT_TRANSITIONS[from].includes(to);
}

/** A gift that still takes the eSIM away from its buyer (a refunded gift gives nothing to anyone). */
export function giftHoldsEsim(status: GiftStatus | null | undefined): boolean {
  return status === 'scheduled' || status === 'sent' || status === 'claimed';
}

/** The longest message and the furthest delivery date a gift may have. */
export const GIFT_MESSAGE_MAX = 500;
export const GIFT_DELIVERY_MAX_DAYS = 90;
/** A gift bought at checkout may be dated up to a year ahead (the eSIM waits, uninstalled, for its recipient). */
export const GIFT_CHECKOUT_DELIVERY_MAX_DAYS = 366;

/** What decides whether an eSIM can be given now. */
export interface GiftableFacts {
  orderStatus: string;
  /** An order refund claimed or under way. */
  refundRequested: boolean;
  /** esims.status 'canceled': refunded. */
  esimCanceled: boolean;
  profileState: EsimProfileStateValue;
  planState: EsimPlanStateValue;
  /** The eSIM's validity end, when known. */
  expiresAt: Date | null;
  /** A gift row already exists for this eSIM (whatever became of it): an eSIM is given once. */
  alreadyGiven: boolean;
  /** A top-up of it is bought: the gift would carry someone else's package. */
  hasTopUps: boolean;
}

export type GiftRefusal = 'already_given' | 'refunded' | 'not_delivered' | 'installed' | 'expired' | 'topped_up';

/** Why an eSIM cannot be given now; null: it can. The first reason that applies, in this order. */
export function giftRefusal(f: GiftableFacts, now: Date): GiftRefusal | null {
  if (f.alreadyGiven) return 'already_given';
  if (f.esimCanceled || f.orderStatus === 'refunded' || f.refundRequested) return 'refunded';
  if (f.orderStatus !== 'fulfilled') return 'not_delivered';
  if (f.planState === 'expired' || (f.expiresAt !== null && f.expiresAt.getTime() <= now.getTime())) return 'expired';
  if (f.profileState !== 'released' || f.planState !== 'not_active') return 'installed';
  if (f.hasTopUps) return 'topped_up';
  return null;
}

/** The delivery date: none → now; else within [now, now + maxDays (90)]. → the moment, or the reason it is refused. */
export function giftDeliveryAt(
  input: string | null | undefined,
  now: Date,
  maxDays: number = GIFT_DELIVERY_MAX_DAYS,
): Date | 'past' | 'too_far' | 'invalid' {
  if (input === null || input === undefined || input === '') return now;
  // A day ('2026-12-24') is that day's start in UTC; a full timestamp is taken as given.
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(input) ? `${input}T00:00:00Z` : input);
  if (Number.isNaN(t)) return 'invalid';
  // A day of today (UTC) is 'now'.
  if (t < now.getTime() - DAY_MS) return 'past';
  if (t > now.getTime() + maxDays * DAY_MS) return 'too_far';
  return new Date(Math.max(t, now.getTime()));
}

/**
 * Until when the recipient must install the eSIM, where the provider limits it: the eSIM's own end
 * of validity when the provider reported one, else — when the plan's validity starts at purchase
 * (plan facts) — the purchase plus the validity days. null: no limit is known (the e-mail claims none).
 */
export function giftInstallBy(f: {
  expiresAt: Date | null;
  validityStarts: 'first_connection' | 'installation' | 'purchase' | undefined;
  paidAt: Date | null;
  validityDays: number;
}): Date | null {
  if (f.expiresAt) return f.expiresAt;
  if (f.validityStarts === 'purchase' && f.paidAt) return new Date(f.paidAt.getTime() + f.validityDays * DAY_MS);
  return null;
}

/** Who is asking about a given eSIM's install details. */
export type GiftViewer =
  | { kind: 'user'; userId: number }
  | { kind: 'link'; linkId: number }
  /** The order's client secret or an old capability token: the buyer's. */
  | { kind: 'buyer_secret' };

export interface GiftHold {
  status: GiftStatus;
  /** Null: a guest bought it as a gift at checkout. */
  giverUserId: number | null;
  recipientUserId: number | null;
  recipientLinkId: number | null;
}

/**
 * Whether the viewer may see the install details (and install, top up) of an eSIM: no gift (or a
 * refunded one) → whoever the shop already lets; a gift holding it → only the recipient who claimed it.
 */
export function mayHoldGiftedEsim(gift: GiftHold | null | undefined, viewer: GiftViewer): boolean {
  if (!gift || !giftHoldsEsim(gift.status)) return true;
  if (gift.status !== 'claimed') return false;
  if (viewer.kind === 'user') return gift.recipientUserId !== null && gift.recipientUserId === viewer.userId;
  if (viewer.kind === 'link') return gift.recipientLinkId !== null && gift.recipientLinkId === viewer.linkId;
  return false;
}

export type GiftRefundVerdict = 'no_gift' | 'allowed' | 'claimed';

/**
 * A refund of a given eSIM's order goes to the buyer and only while nobody claimed it (installed
 * is refused by the refund rules themselves: refundEligibility).
 */
export function giftRefundVerdict(status: GiftStatus | null | undefined): GiftRefundVerdict {
  if (status === undefined || status === null || status === 'refunded') return 'no_gift';
  return status === 'claimed' ? 'claimed' : 'allowed';
}

// The gift's one writer (house rule 13): moveGift is the only code that writes esim_gifts.status.
// It checks GIFT_TRANSITIONS (domain/gifts.ts) and moves with a conditional UPDATE, so of two racing
// callers (two claims, a claim and a refund) one gets the row back and the other null.
import type { Db, EsimGift, EsimGiftsTable } from '@esim/db';
import type { Updateable } from 'kysely';
import { canMoveGift, giftHoldsEsim, giftRefundVerdict, type GiftHold, type GiftStatus } from '../../domain/gifts.ts';
import { iso } from '../../domain/time.ts';
import { AppError } from '../../errors.ts';

type GiftSet = Omit<Updateable<EsimGiftsTable>, 'status' | 'id' | 'esim_id' | 'order_id' | 'token_hash'>;

/** Moves the gift from one of `from` to `to` → the row as moved, or null when it was not in `from` (a race lost). */
export async function moveGift(
  db: Db,
  giftId: number,
  from: readonly GiftStatus[],
  to: GiftStatus,
  set: GiftSet = {},
): Promise<EsimGift | null> {
  if (from.length === 0 || from.some((f) => !canMoveGift(f, to))) throw new AppError('INTERNAL', `gift: no move ${from.join('|')} → ${to}`);
  const row = await db
    .updateTable('esim_gifts')
    .set({ ...set, status: to })
    .where('id', '=', giftId)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The gift holding an eSIM (one per eSIM), as the access rules read it. */
export async function giftHoldOf(db: Db, where: { esimId: number } | { orderId: number }): Promise<GiftHold | null> {
  const row = await db
    .selectFrom('esim_gifts')
    .select(['status', 'giver_user_id', 'recipient_user_id', 'recipient_link_id'])
    .$if('esimId' in where, (q) => q.where('esim_id', '=', (where as { esimId: number }).esimId))
    .$if('orderId' in where, (q) => q.where('order_id', '=', (where as { orderId: number }).orderId))
    .executeTakeFirst();
  if (!row || !giftHoldsEsim(row.status)) return null;
  return {
    status: row.status,
    giverUserId: row.giver_user_id,
    recipientUserId: row.recipient_user_id,
    recipientLinkId: row.recipient_link_id,
  };
}

/**
 * Called by the refund engine inside its claim's transaction (order-life/refunds.ts claimRefund):
 * a given eSIM's order is refunded to the buyer only while nobody claimed it; the gift then ends
 * ('refunded'), so its link can no longer be claimed. The traveller's refund of a claimed gift →
 * 409 'gift_claimed' (the whole claim rolls back). The owner's and the system's refunds go through
 * (the eSIM is cancelled at its provider by the engine); an unclaimed gift ends with them too.
 */
export async function settleGiftForRefund(trx: Db, orderId: number, actor: 'traveller' | 'owner' | 'system', now: Date): Promise<void> {
  const gift = await trx.selectFrom('esim_gifts').select(['id', 'status']).where('order_id', '=', orderId).executeTakeFirst();
  if (!gift) return;
  const verdict = giftRefundVerdict(gift.status);
  if (verdict === 'no_gift') return;
  if (verdict === 'allowed' && (await moveGift(trx, gift.id, ['scheduled', 'sent'], 'refunded', { refunded_at: iso(now) }))) return;
  // Claimed (before, or just now by a racing claim).
  if (actor === 'traveller')
    throw new AppError('CONFLICT', 'This gift has been claimed by its recipient, so it can no longer be refunded.', {
      reason: 'gift_claimed',
    });
}

/**
 * In the transaction that drops a refund before any money moved (order-life/refunds.ts dropRefund:
 * its points settlement was refused, or the provider could not cancel the eSIM): the gift that
 * refund's claim ended (settleGiftForRefund) is open again — 'sent' if its e-mail went out, else
 * 'scheduled' — so its recipient can still claim it. Not when the eSIM was cancelled meanwhile.
 */
export async function reopenGiftOfDroppedRefund(trx: Db, orderId: number): Promise<void> {
  const gift = await trx
    .selectFrom('esim_gifts as g')
    .innerJoin('esims as e', 'e.id', 'g.esim_id')
    .select(['g.id', 'g.status', 'g.sent_at', 'e.status as esim_status'])
    .where('g.order_id', '=', orderId)
    .executeTakeFirst();
  if (!gift || gift.status !== 'refunded' || gift.esim_status === 'canceled') return;
  await moveGift(trx, gift.id, ['refunded'], gift.sent_at ? 'sent' : 'scheduled', { refunded_at: null });
}

// The printable receipt of an order (/account/orders/{orderId}/receipt): the seller (the shop's
// configuration), the buyer, the item (a new eSIM, a top-up of one, or a subscription month), the
// amounts in the order's currency, how it was paid, and the date.
import type { Db, RefundRow } from '@esim/db';
import { AppError, errorText } from '../../errors.ts';
import { displayStatus } from '../../domain/orders.ts';
import { pointsPaymentId } from '../../domain/rewards.ts';
import type { ReceiptView } from '../esims/esim-views.ts';
import { getPlanDestinations, planTextFacts } from '../catalog/plan-facts.ts';
import type { Services } from '../types.ts';
import { listRefunds } from '../order-life/refunds.ts';
import { OUTSIDE_REFUND_REASON } from '../../domain/refunds.ts';

/** The owner's own words to the traveller: none for a refund made at the payment service, nor for anyone else's. */
function ownerNote(r: Pick<RefundRow, 'actor' | 'reason'>): string | null {
  const note = r.reason.trim();
  return r.actor === 'owner' && note !== '' && note !== OUTSIDE_REFUND_REASON ? note : null;
}

/** Someone else's order → 404; an order never paid has no receipt (409). */
export async function getReceipt(db: Db, services: Services, userId: number, publicId: string): Promise<ReceiptView> {
  const order = await db
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('esims as own', 'own.order_id', 'o.id')
    .leftJoin('esims as target', 'target.id', 'o.topup_esim_id')
    .selectAll('o')
    .select(['u.full_name as buyer_name', 'own.iccid as own_iccid', 'target.iccid as target_iccid'])
    .where('o.public_id', '=', publicId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', 'There is no order with this number in your account.');
  if (order.paid_at === null)
    throw new AppError('CONFLICT', 'This order has not been paid, so it has no receipt yet.', { reason: 'not_paid' });

  const destination = (await getPlanDestinations(db, [order.plan_id])).get(order.plan_id);
  const pointsOnly = order.points_used > 0 && order.points_discount_minor >= order.total_amount_minor;
  const paidMinor = order.total_amount_minor - order.points_discount_minor;
  let card: { brand: string | null; last4: string | null } | null = null;
  if (!pointsOnly && order.payment_intent_id && order.payment_intent_id !== pointsPaymentId(order.public_id)) {
    // Best effort: the receipt is printed without the card's digits rather than not at all.
    card = await services.payments.paymentCard(order.payment_intent_id).catch((e: unknown) => {
      services.log.warn('receipt: the card could not be read from the payment provider', { orderId: publicId, error: errorText(e) });
      return null;
    });
  }
  const c = services.config;
  return {
    orderId: order.public_id,
    date: order.paid_at,
    seller: { name: c.productName, email: c.supportEmail, phone: c.phone, postalAddress: c.postalAddress, url: c.publicUrl },
    buyer: { email: order.email, name: order.buyer_name },
    items: [
      {
        planName: order.plan_name,
        planFacts: planTextFacts(destination, { dataMb: order.plan_data_mb, validityDays: order.plan_validity_days }),
        kind: order.topup_esim_id === null ? 'initial' : order.kind === 'subscription' ? 'renewal' : 'topup',
        iccid: order.target_iccid ?? order.own_iccid,
        quantity: 1,
        unitMinor: order.unit_amount_minor,
        totalMinor: order.total_amount_minor,
      },
    ],
    currency: order.currency,
    subtotalMinor: order.total_amount_minor,
    pointsUsed: order.points_used,
    pointsDiscountMinor: order.points_discount_minor,
    paidMinor,
    refundedMinor: order.amount_refunded_minor,
    refunds: (await listRefunds(db, order.id))
      .filter((r) => r.state === 'done')
      .map((r) => ({
        date: r.completed_at ?? r.created_at,
        amountMinor: r.amount_minor,
        cashDeductedMinor: r.cash_deducted_minor,
        pointsSettledInCash: r.points_settled_in_cash,
        full: r.full === 1,
        actor: r.actor,
        note: ownerNote(r),
      })),
    paymentMethod: {
      type: pointsOnly ? 'points' : order.points_used > 0 ? 'card_and_points' : 'card',
      brand: card?.brand ?? null,
      last4: card?.last4 ?? null,
    },
    status: displayStatus(order.status),
    orderStatus: order.status,
  };
}

// The return page's settlement (orders.settle, a mutation the order-success page calls once when
// it opens, and again on 'Check again'): when the order still waits for its payment, the intent is
// re-read from the provider and the order claimed through the same step the webhook uses; when it
// is paid and due for provisioning, one attempt is made now. Then the same view the read-only
// orders.byPaymentIntent query returns. Nothing a read does.
import type { Db } from '@esim/db';
import type { Services, SessionUser } from '../types.ts';
import { CLAIMABLE_STATES, PROVISIONING_STATES } from '../../domain/orders.ts';
import { iso } from '../../domain/time.ts';
import { errorText } from '../../errors.ts';
import { settlePaymentIntent } from '../payments/payment-events.ts';
import { findVisibleOrder, readOrderView, type OrderView } from '../orders/orders.ts';
import { provisionOrder } from './provisioning.ts';

export async function settleOrder(
  db: Db,
  services: Services,
  args: { paymentIntentId: string; clientSecret?: string | undefined; user: SessionUser | null },
): Promise<OrderView> {
  const order = await findVisibleOrder(db, args);
  if (CLAIMABLE_STATES.includes(order.status)) {
    try {
      await settlePaymentIntent(db, services, args.paymentIntentId, { inline: true });
    } catch (e) {
      services.log.warn('return page: could not read the payment intent', { orderId: order.public_id, error: errorText(e) });
    }
  } else if (PROVISIONING_STATES.includes(order.status)) {
    // Paid, not delivered yet: try now unless a retry is scheduled later (back-off) or someone holds it.
    const due = order.next_attempt_at === null || order.next_attempt_at <= iso(services.now());
    if (due) await provisionOrder(db, services, order.id);
  }
  const now = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirst();
  return readOrderView(db, now ?? order);
}

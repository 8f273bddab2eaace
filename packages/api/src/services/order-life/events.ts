// The order's timeline: the order_events rows transition() writes, oldest first. Read by the
// admin order page and the traveller's order history.
import type { Db, OrderActor } from '@esim/db';
import type { OrderState } from '../../domain/orders.ts';
import { AppError } from '../../errors.ts';

export interface OrderEventView {
  id: number;
  /** Null: recorded when the event log began (the state before is unknown). */
  from: OrderState | null;
  to: OrderState;
  actor: OrderActor;
  reason: string;
  at: string;
}

export async function listOrderEvents(db: Db, orderId: number): Promise<OrderEventView[]> {
  const rows = await db
    .selectFrom('order_events')
    .select(['id', 'from_status', 'to_status', 'actor', 'reason', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, from: r.from_status, to: r.to_status, actor: r.actor, reason: r.reason, at: r.created_at }));
}

/** orders.history: the moves of one order of the signed-in traveller's (someone else's: 404). */
export async function listOrderEventsForUser(db: Db, userId: number, publicId: string): Promise<OrderEventView[]> {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('public_id', '=', publicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', 'There is no order with this number in your account.');
  return listOrderEvents(db, order.id);
}

// The order's timeline: the order_events rows transition() writes, oldest first. Read by the
// admin order page and the traveller's order history.
import type { Db, OrderActor } from '@esim/db';
import type { OrderState } from '../../domain/orders.ts';

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

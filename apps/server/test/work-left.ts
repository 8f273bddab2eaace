// What the crash and multi-instance tests wait for and check against: the demo provider's
// succeeded payments, and the work still owed (paid orders not yet provisioned, e-mails not yet
// sent, succeeded payments whose order was not claimed).
import type { Db } from '@esim/db';

export interface DemoIntent {
  id: string;
  status: string;
  metadata: { orderId?: string };
}

export async function demoIntents(db: Db): Promise<DemoIntent[]> {
  return (await db.selectFrom('demo_payment_intents').select(['id', 'data']).execute()).map((r) => ({
    id: r.id,
    ...(JSON.parse(r.data) as Omit<DemoIntent, 'id'>),
  }));
}

export async function succeededDemoIntents(db: Db): Promise<DemoIntent[]> {
  return (await demoIntents(db)).filter((i) => i.status === 'succeeded');
}

/** Orders and e-mails still owed; 0 when everything paid is delivered. */
export async function workLeft(db: Db): Promise<number> {
  const busy = await db.selectFrom('orders').select('id').where('status', 'in', ['paid', 'provisioning']).execute();
  const mail = await db.selectFrom('email_outbox').select('id').where('status', '=', 'pending').execute();
  const unclaimed = await db
    .selectFrom('orders')
    .select('payment_intent_id')
    .where('status', 'in', ['pending_payment', 'payment_failed'])
    .execute();
  const succeeded = new Set((await succeededDemoIntents(db)).map((i) => i.id));
  return busy.length + mail.length + unclaimed.filter((o) => o.payment_intent_id && succeeded.has(o.payment_intent_id)).length;
}

/** How often each value occurs. */
export function countBy<T>(xs: readonly T[]): Map<T, number> {
  return xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<T, number>());
}

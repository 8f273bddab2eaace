// What the admin orders, operations and dashboard tests share: the orders rig with an admin and a
// customer signed in, buying (signed in or as a guest), and the audit rows.
import { makeAdmin } from './rig.ts';
import { CARDS, account, createOrdersRig, type Browser, type OrdersRig, type RigOptions } from './orders/rig.ts';

export { addFrancePlan } from './orders/rig.ts';

export { CARDS, demo, type OrdersRig } from './orders/rig.ts';

export interface AdminRigA {
  rig: OrdersRig;
  admin: Browser;
  customer: Browser;
}

export async function adminRigA(opts: RigOptions = {}): Promise<AdminRigA> {
  const rig = await createOrdersRig(opts);
  const admin = rig.browser();
  await (await admin.caller()).auth.register(account({ username: 'alice_admin', email: 'alice@shop.example' }));
  await makeAdmin(rig.db, 'alice_admin', rig.clock.now);
  const customer = rig.browser();
  await (await customer.caller()).auth.register(account({ username: 'bob_buyer', email: 'Bob.Buyer@Traveller.example' }));
  return { rig, admin, customer };
}

/** Pays a plan as `who` (a guest when `email` is given), and lets fulfilment run. */
export async function buy(
  rig: OrdersRig,
  who: Browser,
  input: { planId: number; email?: string; topUpIccid?: string },
): Promise<{ orderId: string; paymentIntentId: string }> {
  const api = await who.caller();
  const intent = await api.payments.createIntent(input);
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return { orderId: intent.orderId, paymentIntentId: intent.paymentIntentId! };
}

export async function orderRow(rig: OrdersRig, orderId: string) {
  return rig.db.selectFrom('orders').selectAll().where('public_id', '=', orderId).executeTakeFirstOrThrow();
}

export async function esimOf(rig: OrdersRig, orderId: string) {
  return rig.db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.id', 'e.iccid', 'e.status'])
    .where('o.public_id', '=', orderId)
    .executeTakeFirst();
}

export async function auditRows(rig: OrdersRig, action?: string) {
  let q = rig.db.selectFrom('audit_log').selectAll().orderBy('id');
  if (action) q = q.where('action', '=', action);
  return q.execute();
}

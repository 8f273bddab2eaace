// Issue 26: the owner revokes an order's 'Manage your eSIM' links from the order page: the old links
// stop working, a new one is e-mailed to the order's address, and the action is audited.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { issueEsimLink } from '../src/services/esims/esim-links.ts';
import { adminRigA, auditRows, buy, type OrdersRig } from './admin-helpers-a.ts';
import type { Browser } from './orders/rig.ts';

let rig: OrdersRig;
let admin: Browser;
let customer: Browser;
beforeEach(async () => {
  ({ rig, admin, customer } = await adminRigA());
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

it('revokeLinks ends every link of the order, sends a new one, and is audited; a customer cannot', async () => {
  const guest = rig.browser();
  const { orderId } = await buy(rig, guest, { planId: rig.plans.japan1.id, email: 'guest.links@traveller.example' });
  await rig.settle();
  const order = await rig.db.selectFrom('orders').select('id').where('public_id', '=', orderId).executeTakeFirstOrThrow();
  const token = await issueEsimLink(rig.db, order.id, rig.services.now());
  const api = await guest.caller();
  await api.esimLinks.get({ token });

  await expect((await customer.caller()).admin.orders.revokeLinks({ orderId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  const before = rig.mailer.sent.length;
  const result = await (await admin.caller()).admin.orders.revokeLinks({ orderId });
  await rig.settle();
  expect(result.outcome).toBe('done');
  await expect(api.esimLinks.get({ token })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  const [fresh] = rig.mailer.sent
    .slice(before)
    .filter((m) => m.to === 'guest.links@traveller.example')
    .map((m) => /esim-link\?token=([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
  expect(fresh).toBeDefined();
  expect((await api.esimLinks.get({ token: fresh! })).orderId).toBe(orderId);
  const [audit] = await auditRows(rig, 'order.revoke_links');
  expect(audit).toMatchObject({ entity_id: orderId });
});

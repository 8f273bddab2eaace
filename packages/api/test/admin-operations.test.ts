// admin.operations.*: what waits or failed (orders without their eSIM, refunds under way, e-mails
// pending or failed), oldest first; retrying an e-mail sends it now (attempts start again), a sent
// one is left alone, and each retry that changed something has its audit row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendDueEmails } from '../src/services/mail/mail-outbox.ts';
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

const outboxRow = (id: number) => rig.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('jobs', () => {
  it('lists orders waiting for their eSIM and e-mails pending or failed, oldest first; delivered work leaves the list', async () => {
    rig.esim.failNext(1);
    const stuck = await buy(rig, customer, { planId: rig.plans.japan1.id });
    rig.clock.advance(1000);
    // Every send fails: the eSIM e-mail of the next order fails for good after the policy's 3 attempts.
    rig.mailer.failNext(3);
    const unsent = await buy(rig, rig.browser(), { planId: rig.plans.japan5.id, email: 'guest@mail.example' });
    for (let i = 0; i < 3; i++) {
      rig.clock.advance(10_000);
      await sendDueEmails(rig.db, rig.services);
    }
    const api = await admin.caller();
    const view = await api.admin.operations.jobs();
    expect(view.provisioning).toEqual([
      {
        orderId: stuck.orderId,
        status: 'provisioning',
        email: 'bob.buyer@traveller.example',
        planName: 'Japan 1GB 7 Days',
        attempts: 1,
        lastError: expect.stringContaining('unavailable'),
        nextAttemptAt: expect.any(String),
        paidAt: '2026-03-01T12:00:00.000Z',
        refundPending: false,
      },
    ]);
    expect(view.emails).toMatchObject([
      { orderId: unsent.orderId, kind: 'esim_delivery', to: 'guest@mail.example', status: 'failed', attempts: 3, nextAttemptAt: null },
    ]);
    expect(view.emails[0]!.lastError).toContain('simulated send failure');

    // A second order stuck later is listed after the first; delivered work leaves the lists.
    rig.esim.failNext(1);
    const later = await buy(rig, customer, { planId: rig.plans.japan5.id });
    expect((await api.admin.operations.jobs()).provisioning.map((j) => j.orderId)).toEqual([stuck.orderId, later.orderId]);
    await api.admin.orders.retryProvisioning({ orderId: stuck.orderId });
    await api.admin.operations.retryEmail({ outboxId: view.emails[0]!.id });
    await rig.settle();
    const after = await api.admin.operations.jobs();
    expect(after.provisioning.map((j) => j.orderId)).toEqual([later.orderId]);
    expect(after.emails).toEqual([]);
  });
});

describe('retryEmail', () => {
  async function failedEmail() {
    rig.mailer.failNext(1);
    await rig.db.updateTable('email_outbox').set({ status: 'failed' }).execute();
    const { orderId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const row = await rig.db
      .selectFrom('email_outbox as m')
      .innerJoin('orders as o', 'o.id', 'm.order_id')
      .select(['m.id', 'm.status', 'm.attempts'])
      .where('o.public_id', '=', orderId)
      .executeTakeFirstOrThrow();
    // Failed for good, as after the last attempt.
    await rig.db.updateTable('email_outbox').set({ status: 'failed', attempts: 3 }).where('id', '=', row.id).execute();
    return { orderId, id: row.id };
  }

  it('a failed e-mail is sent now with its attempts started again; a second click changes nothing; one audit row', async () => {
    const { orderId, id } = await failedEmail();
    const api = await admin.caller();
    const before = rig.mailer.sent.length;
    const job = await api.admin.operations.retryEmail({ outboxId: id });
    expect(job).toMatchObject({
      id,
      orderId,
      kind: 'esim_delivery',
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(String),
    });
    expect(rig.mailer.sent.length).toBe(before + 1);
    expect(await api.admin.operations.retryEmail({ outboxId: id })).toEqual(job);
    expect(rig.mailer.sent.length).toBe(before + 1);
    const audit = await auditRows(rig, 'email.retry');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'email', entity_id: String(id), actor_username: 'alice_admin' });
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ status: 'failed', attempts: 3 });
    expect((await api.admin.operations.jobs()).emails).toEqual([]);
  });

  it('two clicks at once: one send, one audit row', async () => {
    const { id } = await failedEmail();
    const api = await admin.caller();
    const before = rig.mailer.sent.length;
    const [a, b] = await Promise.all([
      api.admin.operations.retryEmail({ outboxId: id }),
      api.admin.operations.retryEmail({ outboxId: id }),
    ]);
    expect(a.status).toBe('sent');
    expect(b.status).toBe('sent');
    expect(rig.mailer.sent.length).toBe(before + 1);
    expect(await auditRows(rig, 'email.retry')).toHaveLength(1);
  });

  it('a send that fails again stays pending with its error; a waiting e-mail in back-off is made due now', async () => {
    const { id } = await failedEmail();
    const api = await admin.caller();
    rig.mailer.failNext(1);
    const job = await api.admin.operations.retryEmail({ outboxId: id });
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('simulated send failure') });
    expect(Date.parse(job.nextAttemptAt!)).toBeGreaterThan(rig.clock.now.getTime());
    const sent = await api.admin.operations.retryEmail({ outboxId: id });
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await auditRows(rig, 'email.retry')).toHaveLength(2);
    expect((await outboxRow(id)).status).toBe('sent');
  });

  it('an unknown id is 404; the install e-mail of a refunded order is refused', async () => {
    const api = await admin.caller();
    await expect(api.admin.operations.retryEmail({ outboxId: 999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No e-mail job has the id 999.',
    });
    await expect(api.admin.operations.retryEmail({ outboxId: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const { orderId, id } = await failedEmail();
    await api.admin.orders.refund({ orderId });
    await expect(api.admin.operations.retryEmail({ outboxId: id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('refunded'),
    });
    expect((await outboxRow(id)).status).toBe('failed');
  });
});

// admin.orders.*: the table (filters, paging, bound LIKE patterns), the order page (timeline,
// payment, actions), and the three actions: refund, resend the eSIM e-mail, retry provisioning —
// each through the shop's services, idempotent under a double click, with one audit row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDueWork } from '../src/services/order-life/due-work.ts';
import { finishClaimedRefunds } from '../src/services/order-life/refunds.ts';
import { addFrancePlan, adminRigA, auditRows, buy, demo, esimOf, orderRow, type OrdersRig } from './admin-helpers-a.ts';
import type { Browser } from './orders/rig.ts';

const DAY = 86_400_000;

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

const outboxOf = async (orderId: string) =>
  rig.db
    .selectFrom('email_outbox as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select(['m.kind', 'm.status'])
    .where('o.public_id', '=', orderId)
    .orderBy('m.id')
    .execute();

describe('access', () => {
  it('a guest gets 401 and a customer 403 from every orders, operations and dashboard procedure', async () => {
    const calls = (api: Awaited<ReturnType<Browser['caller']>>) => [
      api.admin.orders.list({}),
      api.admin.orders.get({ orderId: 'ORD-X' }),
      api.admin.orders.refund({ orderId: 'ORD-X' }),
      api.admin.orders.resendEmail({ orderId: 'ORD-X' }),
      api.admin.orders.retryProvisioning({ orderId: 'ORD-X' }),
      api.admin.operations.jobs(),
      api.admin.operations.retryEmail({ outboxId: 1 }),
      api.admin.dashboard.summary({ range: '7d' }),
    ];
    for (const call of calls(await rig.browser().caller())) await expect(call).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    for (const call of calls(await customer.caller())) await expect(call).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the order table', () => {
  it('pages by id desc and filters by status, days, e-mail, ICCID, payment id, destination and number', async () => {
    const france = await addFrancePlan(rig);
    const a = await buy(rig, customer, { planId: rig.plans.japan1.id });
    rig.clock.advance(DAY);
    const b = await buy(rig, rig.browser(), { planId: france, email: 'Guest_1@Mail.example' });
    rig.clock.advance(DAY);
    const c = await buy(rig, customer, { planId: rig.plans.japan5.id });
    const pending = await (await rig.browser().caller()).payments.createIntent({
      planId: rig.plans.japan1.id,
      email: 'late.payer@mail.example',
    });
    const api = await admin.caller();

    const all = await api.admin.orders.list({});
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.orderId)).toEqual([pending.orderId, c.orderId, b.orderId, a.orderId]);
    expect(all.rows[3]).toMatchObject({
      status: 'fulfilled',
      kind: 'one_time',
      topUp: false,
      email: 'bob.buyer@traveller.example',
      user: { username: 'bob_buyer' },
      planName: 'Japan 1GB 7 Days',
      regionCode: 'JP',
      total: { minor: 450, currency: 'USD' },
      usdMinor: 450,
      paymentId: a.paymentIntentId,
      iccid: (await esimOf(rig, a.orderId))!.iccid,
      paidAt: '2026-03-01T12:00:00.000Z',
    });
    expect(all.rows[2]).toMatchObject({ user: null, regionCode: 'FR' });

    const ids = async (f: Parameters<typeof api.admin.orders.list>[0]) => {
      const page = await api.admin.orders.list(f);
      expect(page.total).toBe(page.rows.length);
      return page.rows.map((r) => r.orderId);
    };
    expect(await ids({ status: 'pending_payment' })).toEqual([pending.orderId]);
    expect(await ids({ status: 'fulfilled', destination: 'jp' })).toEqual([c.orderId, a.orderId]);
    expect(await ids({ destination: 'FR' })).toEqual([b.orderId]);
    // Days are UTC days on created_at, both ends included.
    expect(await ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual([b.orderId]);
    expect(await ids({ from: '2026-03-02' })).toEqual([pending.orderId, c.orderId, b.orderId]);
    expect(await ids({ to: '2026-03-01' })).toEqual([a.orderId]);
    // E-mail: a part, any case; LIKE's wildcards are taken literally.
    expect(await ids({ email: 'BOB.buyer' })).toEqual([c.orderId, a.orderId]);
    expect(await ids({ email: 'guest_1' })).toEqual([b.orderId]);
    expect(await ids({ email: 't_1' })).toEqual([b.orderId]);
    expect(await ids({ email: '%' })).toEqual([]);
    expect(await ids({ email: 'st%1' })).toEqual([]);
    const iccid = (await esimOf(rig, b.orderId))!.iccid;
    expect(await ids({ iccid: iccid.slice(4, 15) })).toEqual([b.orderId]);
    expect(await ids({ iccid: '_' })).toEqual([]);
    expect(await ids({ paymentId: a.paymentIntentId })).toEqual([a.orderId]);
    expect(await ids({ paymentId: a.paymentIntentId.slice(0, -2) })).toEqual([a.orderId]);
    expect(await ids({ paymentId: a.paymentIntentId.slice(2) })).toEqual([]);
    expect(await ids({ orderId: c.orderId.toLowerCase() })).toEqual([c.orderId]);
    expect(await ids({ orderId: 'ORD-' })).toHaveLength(4);

    const page2 = await api.admin.orders.list({ page: 2, pageSize: 5 });
    expect(page2).toEqual({ rows: [], total: 4, page: 2, pageSize: 5 });
    for (let i = 0; i < 3; i++)
      await (await rig.browser().caller()).payments.createIntent({ planId: rig.plans.japan1.id, email: `p${i}@x.example` });
    const second = await api.admin.orders.list({ page: 2, pageSize: 5 });
    expect(second.total).toBe(7);
    expect(second.rows.map((r) => r.orderId)).toEqual([b.orderId, a.orderId]);

    await expect(api.admin.orders.list({ from: '2026-03-05', to: '2026-03-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('The start date must be on or before the end date'),
    });
    await expect(api.admin.orders.list({ from: '1 March' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a top-up is found by the ICCID of the eSIM it went to', async () => {
    const first = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const esim = (await esimOf(rig, first.orderId))!;
    const topUp = await buy(rig, customer, { planId: rig.plans.japan5.id, topUpIccid: esim.iccid });
    const page = await (await admin.caller()).admin.orders.list({ iccid: esim.iccid });
    expect(page.rows.map((r) => [r.orderId, r.topUp, r.iccid])).toEqual([
      [topUp.orderId, true, esim.iccid],
      [first.orderId, false, esim.iccid],
    ]);
  });
});

describe('the order page', () => {
  it("an earlier profile's events under a recycled ICCID are not this eSIM's (eSIM Access reuses ICCIDs)", async () => {
    const { orderId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const esim = (await esimOf(rig, orderId))!;
    const row = await rig.db.selectFrom('esims').select(['provider', 'created_at']).where('id', '=', esim.id).executeTakeFirstOrThrow();
    const before = new Date(Date.parse(row.created_at) - 86_400_000).toISOString();
    // The earlier profile with this ICCID was installed a day before this eSIM was made.
    await rig.db
      .insertInto('esim_events')
      .values({
        event_id: `old-${esim.iccid}`,
        provider: row.provider,
        type: 'installed',
        iccid: esim.iccid,
        occurred_at: before,
        received_at: before,
      })
      .execute();
    const order = await (await admin.caller()).admin.orders.get({ orderId });
    expect(order.timeline.map((t) => t.kind)).not.toContain('installed');
  });

  it('shows the timeline, the payment as the provider has it, the eSIM, the e-mails and the actions', async () => {
    const { orderId, paymentIntentId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const esim = (await esimOf(rig, orderId))!;
    rig.clock.advance(60_000);
    await rig.esim.simulateInstall(esim.iccid, { connect: true });
    await rig.db
      .updateTable('esims')
      .set({ profile_state: 'installed', state_at: rig.clock.now.toISOString() })
      .where('id', '=', esim.id)
      .execute();
    const api = await admin.caller();
    const order = await api.admin.orders.get({ orderId: ` ${orderId.toLowerCase()} ` });
    expect(order).toMatchObject({
      orderId,
      status: 'fulfilled',
      locale: 'en',
      subtotal: { minor: 450, currency: 'USD' },
      pointsUsed: 0,
      refunded: { minor: 0, currency: 'USD' },
      payment: { provider: 'demo', id: paymentIntentId, status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' },
      esim: { iccid: esim.iccid, profileState: 'installed' },
      topUpIccid: null,
      provisioning: { attempts: 0, lastError: null, nextAttemptAt: null },
      actions: { refund: true, resendEmail: true, retryProvisioning: false },
    });
    expect(order.emails.map((m) => [m.kind, m.status])).toEqual([['esim_delivery', 'sent']]);
    expect(order.timeline.map((t) => t.kind)).toEqual(['created', 'paid', 'provisioned', 'emailed', 'installed']);
    expect(order.timeline[3]!.detail).toBe('eSIM e-mail sent to bob.buyer@traveller.example');

    rig.clock.advance(60_000);
    await api.admin.orders.refund({ orderId });
    await rig.settle();
    const refunded = await api.admin.orders.get({ orderId });
    expect(refunded.payment.status).toBe('refunded');
    expect(refunded.actions).toEqual({ refund: false, resendEmail: false, retryProvisioning: false });
    expect(refunded.timeline.map((t) => t.kind)).toEqual([
      'created',
      'paid',
      'provisioned',
      'emailed',
      'installed',
      'admin',
      'refunded',
      'emailed',
    ]);
    expect(refunded.timeline.find((t) => t.kind === 'admin')!.detail).toMatch(/^Full refund of 4\.50 USD .*\(by alice_admin\)$/);
  });

  it('an unknown number is 404 with the number; an empty one is 400', async () => {
    const api = await admin.caller();
    await expect(api.admin.orders.get({ orderId: 'ORD-NOPE' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No order has the number ORD-NOPE.',
    });
    for (const call of [api.admin.orders.refund, api.admin.orders.resendEmail, api.admin.orders.retryProvisioning])
      await expect(call({ orderId: 'ORD-NOPE' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'No order has the number ORD-NOPE.',
      });
    await expect(api.admin.orders.get({ orderId: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('refund', () => {
  it('two clicks at once: one refund at the provider, one done and one already, one audit row; e-mail, points, eSIM as the shop does', async () => {
    const { orderId, paymentIntentId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const api = await admin.caller();
    const [x, y] = await Promise.all([api.admin.orders.refund({ orderId }), api.admin.orders.refund({ orderId })]);
    expect([x.outcome, y.outcome].sort()).toEqual(['already', 'done']);
    expect(x.order.status).toBe('refunded');
    expect(y.order.status).toBe('refunded');
    expect((x.outcome === 'done' ? x : y).message).toContain('Refunded 4.50 USD');
    expect((await api.admin.orders.refund({ orderId })).outcome).toBe('already');
    await rig.settle();
    expect((await demo(rig).store.getIntent(paymentIntentId))!.refunds).toHaveLength(1);
    expect((await outboxOf(orderId)).filter((m) => m.kind === 'refund_notice')).toEqual([{ kind: 'refund_notice', status: 'sent' }]);
    expect((await esimOf(rig, orderId))!.status).toBe('canceled');
    const ledger = await rig.db.selectFrom('points_ledger').select('amount').execute();
    expect(ledger.reduce((n, r) => n + r.amount, 0)).toBe(0);
    const audit = await auditRows(rig, 'order.refund');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'order', entity_id: orderId, actor_username: 'alice_admin', ip: '203.0.113.9' });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ status: 'refunded' });
    // The customer sees it refunded.
    expect((await (await customer.caller()).orders.list())[0]).toMatchObject({ id: orderId, status: 'refunded' });
  });

  it('past the traveller’s limits (installed, 14 days) the owner still refunds; the provider’s refusal is told', async () => {
    const { orderId, paymentIntentId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const esim = (await esimOf(rig, orderId))!;
    await rig.esim.simulateInstall(esim.iccid, { connect: true });
    rig.clock.advance(20 * DAY);
    await expect((await customer.caller()).orders.refund({ orderId })).rejects.toMatchObject({ code: 'CONFLICT' });
    const r = await (await admin.caller()).admin.orders.refund({ orderId });
    expect(r.outcome).toBe('done');
    expect(r.message).toMatch(/refused to cancel the eSIM because it (is installed|has been activated)/);
    expect(r.order.status).toBe('refunded');
    expect((await demo(rig).store.getIntent(paymentIntentId))!.refunds).toHaveLength(1);
  });

  it('a paid order not delivered yet is refunded and never provisioned afterwards', async () => {
    rig.esim.failNext(1);
    const { orderId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    expect((await orderRow(rig, orderId)).status).toBe('provisioning');
    const api = await admin.caller();
    expect((await api.admin.orders.get({ orderId })).actions).toEqual({ refund: true, resendEmail: false, retryProvisioning: true });
    expect((await api.admin.orders.refund({ orderId })).outcome).toBe('done');
    rig.clock.advance(DAY);
    await runDueWork(rig.db, rig.services);
    await rig.settle();
    expect(await esimOf(rig, orderId)).toBeUndefined();
    expect((await orderRow(rig, orderId)).status).toBe('refunded');
  });

  it('a refund the payment service could not finish is queued, and the worker finishes it as the owner’s (no traveller limits)', async () => {
    const { orderId, paymentIntentId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const esim = (await esimOf(rig, orderId))!;
    await rig.esim.simulateInstall(esim.iccid, { connect: true });
    const payments = demo(rig);
    const refund = payments.refund.bind(payments);
    payments.refund = async () => {
      throw new Error('payment service down');
    };
    const api = await admin.caller();
    const r = await api.admin.orders.refund({ orderId });
    expect(r.outcome).toBe('queued');
    expect(r.message).toContain('retried automatically');
    expect((await api.admin.orders.refund({ orderId })).outcome).toBe('queued');
    expect(await auditRows(rig, 'order.refund')).toHaveLength(1);
    payments.refund = refund;
    rig.clock.advance(rig.services.fulfilment.leaseMs + 1000);
    expect(await finishClaimedRefunds(rig.db, rig.services)).toEqual({ refunded: 1, refused: 0, failed: 0 });
    expect((await orderRow(rig, orderId)).status).toBe('refunded');
    expect((await demo(rig).store.getIntent(paymentIntentId))!.refunds).toHaveLength(1);
  });

  it('an undelivered order whose refund waits for the payment service is not provisioned meanwhile', async () => {
    rig.esim.failNext(1);
    const { orderId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const payments = demo(rig);
    const refund = payments.refund.bind(payments);
    payments.refund = async () => {
      throw new Error('payment service down');
    };
    expect((await (await admin.caller()).admin.orders.refund({ orderId })).outcome).toBe('queued');
    rig.clock.advance(rig.services.fulfilment.leaseMs + 1000);
    await runDueWork(rig.db, rig.services);
    await rig.settle();
    expect(await esimOf(rig, orderId)).toBeUndefined();
    expect((await (await admin.caller()).admin.operations.jobs()).provisioning).toMatchObject([{ orderId, refundPending: true }]);
    payments.refund = refund;
    expect(await finishClaimedRefunds(rig.db, rig.services)).toEqual({ refunded: 1, refused: 0, failed: 0 });
    expect((await orderRow(rig, orderId)).status).toBe('refunded');
    expect(await esimOf(rig, orderId)).toBeUndefined();
  });

  it('a subscription month is refunded too (the subscription goes on)', async () => {
    const api = await customer.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
    await api.payments.demoConfirm({
      paymentIntentId: sub.paymentIntentId!,
      clientSecret: sub.clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    await rig.settle();
    const r = await (await admin.caller()).admin.orders.refund({ orderId: sub.orderId });
    expect(r).toMatchObject({ outcome: 'done', order: { status: 'refunded', kind: 'subscription' } });
    expect(r.message).toContain('The subscription itself is not canceled');
    expect((await api.subscriptions.list())[0]).toMatchObject({ status: 'active' });
  });

  it('an unpaid order is refused with the reason and nothing changes', async () => {
    const pending = await (await customer.caller()).payments.createIntent({ planId: rig.plans.japan1.id });
    await expect((await admin.caller()).admin.orders.refund({ orderId: pending.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This order has not been paid, so there is nothing to refund.',
    });
    expect((await orderRow(rig, pending.orderId)).status).toBe('pending_payment');
    expect(await auditRows(rig)).toHaveLength(0);
  });
});

describe('resend the eSIM e-mail', () => {
  it('two clicks at once queue one e-mail (the same eSIM e-mail again); a later click sends another; one audit row each', async () => {
    const { orderId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const api = await admin.caller();
    const [x, y] = await Promise.all([api.admin.orders.resendEmail({ orderId }), api.admin.orders.resendEmail({ orderId })]);
    expect([x.outcome, y.outcome].sort()).toEqual(['already', 'queued']);
    await rig.settle();
    const iccid = (await esimOf(rig, orderId))!.iccid;
    const esimMails = rig.mailer.sent.filter((m) => m.to === 'bob.buyer@traveller.example' && m.text.includes(iccid));
    expect(esimMails).toHaveLength(2);
    expect(esimMails[1]!.text).toBe(esimMails[0]!.text);
    expect(await outboxOf(orderId)).toEqual([
      { kind: 'esim_delivery', status: 'sent' },
      { kind: 'esim_resend:1', status: 'sent' },
    ]);
    expect((await api.admin.orders.resendEmail({ orderId })).outcome).toBe('queued');
    await rig.settle();
    expect((await outboxOf(orderId)).map((m) => m.kind)).toEqual(['esim_delivery', 'esim_resend:1', 'esim_resend:2']);
    expect(await auditRows(rig, 'order.resend_email')).toHaveLength(2);
    const page = await api.admin.orders.get({ orderId });
    expect(page.timeline.filter((t) => t.kind === 'emailed').map((t) => t.detail)).toEqual([
      'eSIM e-mail sent to bob.buyer@traveller.example',
      'eSIM e-mail (sent again) sent to bob.buyer@traveller.example',
      'eSIM e-mail (sent again) sent to bob.buyer@traveller.example',
    ]);
  });

  it('refused with a clear message for a top-up, an order not delivered, and a refunded one', async () => {
    const first = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const esim = (await esimOf(rig, first.orderId))!;
    const topUp = await buy(rig, customer, { planId: rig.plans.japan5.id, topUpIccid: esim.iccid });
    const pending = await (await customer.caller()).payments.createIntent({ planId: rig.plans.japan1.id });
    const api = await admin.caller();
    await expect(api.admin.orders.resendEmail({ orderId: topUp.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `This order added data to eSIM ${esim.iccid}; its install details are in the e-mail of order ${first.orderId}. Resend it from that order.`,
    });
    await expect(api.admin.orders.resendEmail({ orderId: pending.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('it has no eSIM'),
    });
    await api.admin.orders.refund({ orderId: first.orderId });
    await expect(api.admin.orders.resendEmail({ orderId: first.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('refunded'),
    });
    expect(await auditRows(rig, 'order.resend_email')).toHaveLength(0);
  });
});

describe('retry provisioning', () => {
  it('two clicks at once on an order whose provisioning failed: one eSIM at the provider, done and already, one audit row', async () => {
    rig.esim.failNext(1);
    const { orderId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    expect(await orderRow(rig, orderId)).toMatchObject({ status: 'provisioning', provision_attempts: 1 });
    const api = await admin.caller();
    const order = rig.esim.order.bind(rig.esim);
    let providerOrders = 0;
    rig.esim.order = (input) => {
      providerOrders++;
      return order(input);
    };
    const [x, y] = await Promise.all([api.admin.orders.retryProvisioning({ orderId }), api.admin.orders.retryProvisioning({ orderId })]);
    expect([x.outcome, y.outcome].sort()).toEqual(['already', 'done']);
    expect(x.order.status).toBe('fulfilled');
    expect(providerOrders).toBe(1);
    expect(rig.esim.issuedCount).toBe(1);
    expect(await rig.db.selectFrom('esims').select('id').execute()).toHaveLength(1);
    expect((await api.admin.orders.retryProvisioning({ orderId })).outcome).toBe('already');
    const audit = await auditRows(rig, 'order.retry_provisioning');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toMatch(/^Provisioning retried after 1 attempt \(last error: .*unavailable/);
    await rig.settle();
    expect((await outboxOf(orderId)).map((m) => m.kind)).toEqual(['esim_delivery']);
  });

  it('refused for an unpaid or refunded order; a failure again is told and left to the worker', async () => {
    const api = await admin.caller();
    const pending = await (await customer.caller()).payments.createIntent({ planId: rig.plans.japan1.id });
    await expect(api.admin.orders.retryProvisioning({ orderId: pending.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This order is pending payment: only a paid order waiting for its eSIM can be provisioned.',
    });
    rig.esim.failNext(2);
    const { orderId } = await buy(rig, customer, { planId: rig.plans.japan1.id });
    const again = await api.admin.orders.retryProvisioning({ orderId });
    expect(again.outcome).toBe('queued');
    expect(again.message).toContain('failed again');
    expect(again.order.provisioning.attempts).toBe(1);
    await api.admin.orders.refund({ orderId });
    await expect(api.admin.orders.retryProvisioning({ orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This order is refunded, so there is nothing to provision.',
    });
  });
});

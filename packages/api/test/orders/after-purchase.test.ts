// The money side after the purchase, through the procedures on a migrated in-memory SQLite with the
// demo payments and the eSIM simulator: top-ups (options, checks, one package per order however often
// it is paid), refunds (once however often asked, refused with the reason, the worker finishes a
// claim left behind), renewals onto the same eSIM (exactly once per invoice, a failure told once),
// resume, receipts, and the account's order list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handlePaymentEvent } from '../../src/services/payments/payment-events.ts';
import { provisionOrder } from '../../src/services/order-life/provisioning.ts';
import { finishClaimedRefunds } from '../../src/services/order-life/refunds.ts';
import { advanceDemoRenewal } from '../../src/services/orders/subscriptions.ts';
import { CARDS, account, addFrancePlan, counts, createOrdersRig, demo, type Browser, type OrdersRig } from './rig.ts';

const DAY = 86_400_000;

let rig: OrdersRig;
beforeEach(async () => {
  rig = await createOrdersRig();
});
afterEach(async () => {
  await rig.settle();
  await rig.close();
});

async function signedIn(): Promise<Browser> {
  const b = rig.browser();
  await (await b.caller()).auth.register(account());
  return b;
}

async function pay(b: Browser, input: { planId: number; topUpIccid?: string; usePoints?: boolean }) {
  const api = await b.caller();
  const intent = await api.payments.createIntent(input);
  if (!intent.paidWithPoints)
    await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return intent;
}

async function buyEsim(b: Browser, planId = rig.plans.japan1.id) {
  const intent = await pay(b, { planId });
  const esim = await rig.db
    .selectFrom('esims as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.id', 'e.iccid', 'e.data_total_mb'])
    .where('o.public_id', '=', intent.orderId)
    .executeTakeFirstOrThrow();
  return { intent, esim };
}

const packagesOf = (esimId: number) =>
  rig.db
    .selectFrom('esim_packages')
    .select(['kind', 'position', 'data_mb', 'state'])
    .where('esim_id', '=', esimId)
    .orderBy('position')
    .execute();
const esimRow = (id: number) => rig.db.selectFrom('esims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outbox = (kind: string) => rig.db.selectFrom('email_outbox').select(['order_id', 'status']).where('kind', '=', kind).execute();

describe('top-ups', () => {
  it('the first eSIM has its initial package; options are its destination plans; someone else’s eSIM is 404', async () => {
    const me = await signedIn();
    const { esim } = await buyEsim(me);
    expect(await packagesOf(esim.id)).toEqual([{ kind: 'initial', position: 1, data_mb: 1024, state: 'queued' }]);
    expect(esim.data_total_mb).toBe(1024);
    const options = await (await me.caller()).esims.topUpOptions({ iccid: esim.iccid });
    expect(options.map((p) => p.id).sort()).toEqual(
      Object.values(rig.plans)
        .map((p) => p.id)
        .sort(),
    );
    const other = await signedIn();
    await expect((await other.caller()).esims.topUpOptions({ iccid: esim.iccid })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect((await me.caller()).esims.topUpOptions({ iccid: '12345' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a top-up goes on the same eSIM: next package, total grows, topup_applied e-mail; the order list says so', async () => {
    const me = await signedIn();
    const { esim } = await buyEsim(me);
    const topUp = await pay(me, { planId: rig.plans.japan5.id, topUpIccid: esim.iccid });
    expect(topUp.topUpIccid).toBe(esim.iccid);
    expect(await packagesOf(esim.id)).toEqual([
      { kind: 'initial', position: 1, data_mb: 1024, state: 'queued' },
      { kind: 'topup', position: 2, data_mb: 5120, state: 'queued' },
    ]);
    expect((await esimRow(esim.id)).data_total_mb).toBe(1024 + 5120);
    expect(await counts(rig.db)).toMatchObject({ orders: 2, fulfilled: 2, esims: 1 });
    expect(await outbox('topup_applied')).toHaveLength(1);
    const [latest, first] = await (await me.caller()).orders.list();
    expect(latest).toMatchObject({ id: topUp.orderId, iccid: esim.iccid, isTopUp: true, status: 'completed' });
    expect(first).toMatchObject({ iccid: esim.iccid, isTopUp: false });
  });

  it('a top-up paid twice (events delivered again, provisioning raced) gives one package', async () => {
    const me = await signedIn();
    const { esim } = await buyEsim(me);
    const topUp = await pay(me, { planId: rig.plans.japan5.id, topUpIccid: esim.iccid });
    const order = await rig.db.selectFrom('orders').select('id').where('public_id', '=', topUp.orderId).executeTakeFirstOrThrow();
    for (const event of demo(rig).events.filter((e) => e.type === 'payment_intent.succeeded')) {
      await handlePaymentEvent(rig.db, rig.services, event, { record: false });
      await handlePaymentEvent(rig.db, rig.services, event, { record: false });
    }
    // Back to 'paid' as if a second claim had slipped through: provisioning twice at once still applies one package.
    await rig.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', order.id).execute();
    await Promise.all([provisionOrder(rig.db, rig.services, order.id), provisionOrder(rig.db, rig.services, order.id)]);
    await rig.settle();
    expect((await packagesOf(esim.id)).filter((p) => p.kind === 'topup')).toHaveLength(1);
    expect((await esimRow(esim.id)).data_total_mb).toBe(1024 + 5120);
    expect(await outbox('topup_applied')).toHaveLength(1);
  });

  it('refuses with a clear 4xx and changes nothing: guest, someone else’s, other destination, refunded eSIM, subscription', async () => {
    const me = await signedIn();
    const { esim, intent } = await buyEsim(me);
    const before = await counts(rig.db);
    const guest = await rig.browser().caller();
    await expect(
      guest.payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: esim.iccid, email: 'g@x.example' }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      (await (await signedIn()).caller()).payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: esim.iccid }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      (await me.caller()).payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: esim.iccid, kind: 'subscription' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('one-time purchase') });
    // A plan of another destination.
    const frPlan = await addFrancePlan(rig);
    await expect((await me.caller()).payments.createIntent({ planId: frPlan, topUpIccid: esim.iccid })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('choose a Japan package'),
    });
    expect((await (await me.caller()).esims.topUpOptions({ iccid: esim.iccid })).map((p) => p.id)).not.toContain(frPlan);
    expect(await counts(rig.db)).toEqual(before);
    // Refunded: no more top-ups, and none offered.
    await (await me.caller()).orders.refund({ orderId: intent.orderId });
    await expect((await me.caller()).payments.createIntent({ planId: rig.plans.japan5.id, topUpIccid: esim.iccid })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('refunded'),
    });
    expect(await (await me.caller()).esims.topUpOptions({ iccid: esim.iccid })).toEqual([]);
  });
});

describe('refunds', () => {
  it('clicked twice at once: one refund at the provider, one e-mail, the eSIM canceled; both clicks answer refunded', async () => {
    const me = await signedIn();
    const { intent, esim } = await buyEsim(me);
    const api = await me.caller();
    const [a, b] = await Promise.all([api.orders.refund({ orderId: intent.orderId }), api.orders.refund({ orderId: intent.orderId })]);
    expect(a).toEqual({
      orderId: intent.orderId,
      orderStatus: 'refunded',
      amountRefundedMinor: 450,
      currency: 'USD',
      pointsReturned: 0,
      cashDeductedMinor: 0,
      pointsSettledInCash: 0,
    });
    expect(b).toEqual(a);
    expect(await api.orders.refund({ orderId: intent.orderId })).toEqual(a);
    await rig.settle();
    const stored = await demo(rig).store.getIntent(intent.paymentIntentId!);
    expect(stored!.refunds).toHaveLength(1);
    expect(await outbox('refund_notice')).toHaveLength(1);
    expect((await esimRow(esim.id)).status).toBe('canceled');
    expect(await packagesOf(esim.id)).toEqual([{ kind: 'initial', position: 1, data_mb: 1024, state: 'refunded' }]);
    // The purchase points it earned were clawed back.
    const ledger = await rig.db.selectFrom('points_ledger').select('amount').execute();
    expect(ledger.length).toBeGreaterThan(1);
    expect(ledger.reduce((n, r) => n + r.amount, 0)).toBe(0);
  });

  it('refused with the reason and nothing changed: installed, activated (at the provider), 14 days passed; someone else’s → 404', async () => {
    const me = await signedIn();
    const api = await me.caller();
    const installed = await buyEsim(me);
    await rig.db.updateTable('esims').set({ profile_state: 'installed' }).where('id', '=', installed.esim.id).execute();
    await expect(api.orders.refund({ orderId: installed.intent.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already installed'),
      cause: { details: { reason: 'installed' } },
    });

    // The shop has not heard yet, but the provider has: its refusal is the answer, and the claim is cleared.
    const activated = await buyEsim(me);
    await rig.esim.simulateInstall(activated.esim.iccid, { connect: true });
    await expect(api.orders.refund({ orderId: activated.intent.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { details: { reason: expect.stringMatching(/installed|activated/) } },
    });
    const row = await rig.db.selectFrom('orders').selectAll().where('public_id', '=', activated.intent.orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'fulfilled', refund_requested_at: null, refund_id: null });

    const late = await buyEsim(me);
    rig.clock.advance(14 * DAY);
    await expect(api.orders.refund({ orderId: late.intent.orderId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('within 14 days'),
      cause: { details: { reason: 'window_passed' } },
    });
    await expect((await (await signedIn()).caller()).orders.refund({ orderId: late.intent.orderId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(api.orders.refund({ orderId: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await outbox('refund_notice')).toHaveLength(0);
  });

  it('a top-up refund takes its data off the eSIM; the eSIM’s refund takes its queued top-ups with it', async () => {
    const me = await signedIn();
    const api = await me.caller();
    const { intent, esim } = await buyEsim(me);
    const t1 = await pay(me, { planId: rig.plans.japan5.id, topUpIccid: esim.iccid });
    const t2 = await pay(me, { planId: rig.plans.japan1.id, topUpIccid: esim.iccid });
    expect((await esimRow(esim.id)).data_total_mb).toBe(1024 + 5120 + 1024);

    expect(await api.orders.refund({ orderId: t1.orderId })).toMatchObject({ orderStatus: 'refunded', amountRefundedMinor: 1999 });
    expect((await esimRow(esim.id)).data_total_mb).toBe(1024 + 1024);
    expect((await esimRow(esim.id)).status).toBe('not_installed');

    await api.orders.refund({ orderId: intent.orderId });
    await rig.settle();
    const orders = await rig.db.selectFrom('orders').select(['public_id', 'status']).orderBy('id').execute();
    expect(orders.map((o) => o.status)).toEqual(['refunded', 'refunded', 'refunded']);
    expect((await packagesOf(esim.id)).map((p) => p.state)).toEqual(['refunded', 'refunded', 'refunded']);
    const pi = await rig.db.selectFrom('orders').select('payment_intent_id').where('public_id', '=', t2.orderId).executeTakeFirstOrThrow();
    expect((await demo(rig).store.getIntent(pi.payment_intent_id!))!.refunds).toHaveLength(1);
  });

  it('a refund claimed and then interrupted is finished by the worker’s tick', async () => {
    const me = await signedIn();
    const { intent } = await buyEsim(me);
    // The claim was taken, then the process died before anything else.
    await rig.db
      .updateTable('orders')
      .set({ refund_requested_at: rig.clock.now.toISOString() })
      .where('public_id', '=', intent.orderId)
      .execute();
    expect(await finishClaimedRefunds(rig.db, rig.services)).toEqual({ refunded: 0, refused: 0, failed: 0 }); // still within the lease
    rig.clock.advance(rig.services.fulfilment.leaseMs + 1000);
    expect(await finishClaimedRefunds(rig.db, rig.services)).toEqual({ refunded: 1, refused: 0, failed: 0 });
    expect(await finishClaimedRefunds(rig.db, rig.services)).toEqual({ refunded: 0, refused: 0, failed: 0 });
    const row = await rig.db.selectFrom('orders').select(['status']).where('public_id', '=', intent.orderId).executeTakeFirstOrThrow();
    expect(row.status).toBe('refunded');
    expect((await demo(rig).store.getIntent(intent.paymentIntentId!))!.refunds).toHaveLength(1);
  });
});

describe('renewals and subscriptions', () => {
  async function subscribe(b: Browser) {
    const api = await b.caller();
    const sub = await api.payments.createSubscription({ planId: rig.plans.japan5.id });
    await api.payments.demoConfirm({ paymentIntentId: sub.paymentIntentId!, clientSecret: sub.clientSecret, card: CARDS.ok });
    await rig.settle();
    return sub.subscriptionId!;
  }

  it('a renewal tops up the same eSIM exactly once per invoice, with a receipt e-mail', async () => {
    const me = await signedIn();
    const api = await me.caller();
    const subId = await subscribe(me);
    let [view] = await api.subscriptions.list();
    const esim = await rig.db.selectFrom('esims').select(['id', 'iccid']).executeTakeFirstOrThrow();
    expect(view).toMatchObject({ esimIccid: esim.iccid, nextRenewalAt: '2026-04-01T12:00:00.000Z', renewalFailedAt: null });

    const r = await advanceDemoRenewal(rig.db, rig.services, subId);
    await rig.settle();
    // The same invoice.paid delivered again (a webhook retry) makes nothing more.
    for (const e of demo(rig).events.filter((x) => x.type === 'invoice.paid' && x.data.object.id === r.invoiceId))
      await handlePaymentEvent(rig.db, rig.services, e, { record: false });
    await rig.settle();
    expect(await counts(rig.db)).toMatchObject({ orders: 2, fulfilled: 2, esims: 1 });
    expect(await packagesOf(esim.id)).toMatchObject([
      { kind: 'initial', position: 1 },
      { kind: 'renewal', position: 2, data_mb: 5120 },
    ]);
    expect((await esimRow(esim.id)).data_total_mb).toBe(10240);
    expect(await outbox('renewal_receipt')).toHaveLength(1);
    [view] = await api.subscriptions.list();
    expect(view).toMatchObject({ nextRenewalAt: '2026-05-01T12:00:00.000Z' });
    const list = await api.orders.list();
    expect(list[0]).toMatchObject({ kind: 'subscription', isTopUp: true, iccid: esim.iccid });
  });

  it('a failed renewal is flagged and told once; the next advance charges the same invoice and clears it', async () => {
    const me = await signedIn();
    const api = await me.caller();
    const subId = await subscribe(me);
    const failed = await advanceDemoRenewal(rig.db, rig.services, subId, { fail: true });
    const again = await advanceDemoRenewal(rig.db, rig.services, subId, { fail: true });
    expect(again.invoiceId).toBe(failed.invoiceId);
    await rig.settle();
    let [view] = await api.subscriptions.list();
    expect(view).toMatchObject({ status: 'past_due', renewalFailedAt: expect.any(String) });
    expect(await outbox('renewal_failed')).toHaveLength(1);
    expect((await counts(rig.db)).orders).toBe(1);

    const paid = await advanceDemoRenewal(rig.db, rig.services, subId);
    expect(paid).toMatchObject({ outcome: 'renewed', invoiceId: failed.invoiceId });
    await rig.settle();
    [view] = await api.subscriptions.list();
    expect(view).toMatchObject({ status: 'active', renewalFailedAt: null });
    expect(await counts(rig.db)).toMatchObject({ orders: 2, fulfilled: 2, esims: 1 });
  });

  it('cancel then resume before the period ends; after it, or someone else’s, is refused', async () => {
    const me = await signedIn();
    const api = await me.caller();
    const subId = await subscribe(me);
    expect(await api.subscriptions.cancel({ subscriptionId: subId })).toMatchObject({ cancelAtPeriodEnd: true, nextRenewalAt: null });
    await expect((await (await signedIn()).caller()).subscriptions.resume({ subscriptionId: subId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const resumed = await api.subscriptions.resume({ subscriptionId: subId });
    expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, nextRenewalAt: '2026-04-01T12:00:00.000Z' });
    expect(await api.subscriptions.resume({ subscriptionId: subId })).toEqual(resumed);
    await api.subscriptions.cancel({ subscriptionId: subId });
    rig.clock.advance(32 * DAY);
    await expect(api.subscriptions.resume({ subscriptionId: subId })).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { details: { reason: 'period_ended' } },
    });
    // A subscription month is not refunded: cancelled instead.
    const first = (await api.orders.list())[0]!;
    await expect(api.orders.refund({ orderId: first.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      cause: { details: { reason: 'subscription' } },
    });
  });
});

describe('receipts', () => {
  it('seller, buyer, item, amounts and the card; someone else’s → 404; unpaid → 409', async () => {
    const me = await signedIn();
    const api = await me.caller();
    const { intent, esim } = await buyEsim(me);
    const receipt = await api.orders.receipt({ orderId: intent.orderId });
    expect(receipt).toMatchObject({
      orderId: intent.orderId,
      date: '2026-03-01T12:00:00.000Z',
      seller: { name: 'Travel eSIM', email: 'help@shop.example', url: 'http://localhost:3000' },
      items: [{ planName: 'Japan 1GB 7 Days', kind: 'initial', iccid: esim.iccid, quantity: 1, unitMinor: 450, totalMinor: 450 }],
      currency: 'USD',
      subtotalMinor: 450,
      paidMinor: 450,
      refundedMinor: 0,
      paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
      status: 'completed',
    });
    await expect((await (await signedIn()).caller()).orders.receipt({ orderId: intent.orderId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const pending = await api.payments.createIntent({ planId: rig.plans.japan5.id });
    await expect(api.orders.receipt({ orderId: pending.orderId })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
